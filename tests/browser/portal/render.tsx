// Renders React into a fresh container of the test page, and the portal's routes at a given path.
import type { ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { memoryLocation } from 'wouter/memory-location';
import { App } from '../../../app/routes/App.tsx';
import { sessionStore } from '../../../app/session/session.ts';

const mounted: { root: Root; container: HTMLElement }[] = [];

export function render(node: ReactNode): HTMLElement {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  root.render(node);
  mounted.push({ root, container });
  return container;
}

/** The portal at `path`, in memory: `location.history` records where it went. */
export function renderApp(path: string) {
  const location = memoryLocation({ path, record: true });
  render(<App hook={location.hook} />);
  return { history: location.history, current: () => location.history.at(-1) };
}

/** Stores a session as a previous visit would have left it. */
export function storeSession(date: string, id = '7', token = 'stored-token') {
  localStorage.setItem('token_id', id);
  localStorage.setItem('token', token);
  localStorage.setItem('token_date', date);
  sessionStore.getState().reload();
}

export function cleanUpPortal() {
  for (const { root, container } of mounted.splice(0)) {
    root.unmount();
    container.remove();
  }
  localStorage.clear();
  sessionStore.getState().reload();
}
