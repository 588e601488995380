// logBrowserEvents: page load, DOMContentLoaded and history navigation, as Info lines tagged
// BROWSER_EVENT_TAG whose text is JSON ({ event, url, ... }).
import { BROWSER_EVENT_TAG, LogLevel } from '../../../protocol/index.ts';
import type { InstallCapture } from './capture.types.ts';

type HistoryMethod = 'pushState' | 'replaceState';

const LISTENING = { capture: true, passive: true } as const;

export const installBrowserEvents: InstallCapture = (target) => {
  const record = (event: string, extra: Record<string, unknown> = {}, time?: number) =>
    target.recordEvent(LogLevel.Info, BROWSER_EVENT_TAG, JSON.stringify({ event, url: location.href, ...extra }), time);

  const undo: (() => void)[] = [];
  const listen = (type: string, handler: (event: Event) => void) => {
    addEventListener(type, handler, LISTENING);
    undo.push(() => removeEventListener(type, handler, LISTENING));
  };

  // Sidelog is often started after the page has loaded: what already happened is recorded with
  // the time the browser's navigation timing gives for it.
  const past = pastLoadEvents();
  if (past.domContentLoaded === undefined) listen('DOMContentLoaded', () => record('DOMContentLoaded'));
  else record('DOMContentLoaded', {}, past.domContentLoaded);
  if (past.load === undefined) listen('load', () => record('load'));
  else record('load', {}, past.load);

  listen('popstate', () => record('popstate'));
  listen('hashchange', (event) => {
    const { oldURL, newURL } = event as HashChangeEvent;
    record('hashchange', { oldURL, newURL });
  });
  undo.push(wrapHistory('pushState', record), wrapHistory('replaceState', record));

  return () => undo.splice(0).forEach((fn) => fn());
};

/** Epoch times of the load events that have already fired; undefined for those still to come. */
function pastLoadEvents(): { domContentLoaded?: number; load?: number } {
  const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  if (navigation) {
    const at = (start: number) => (start > 0 ? Math.round(performance.timeOrigin + start) : undefined);
    return { domContentLoaded: at(navigation.domContentLoadedEventStart), load: at(navigation.loadEventStart) };
  }
  // No navigation entry (some embedded contexts): the ready state says what has happened, not when.
  const now = Date.now();
  const state = document.readyState;
  return { domContentLoaded: state === 'complete' ? now : undefined, load: state === 'complete' ? now : undefined };
}

/** history.pushState / replaceState recorded after they ran; undo puts the originals back. */
function wrapHistory(name: HistoryMethod, record: (event: string) => void): () => void {
  const earlier = history[name];
  let active = true;
  const wrapper = function (this: History, ...args: Parameters<History[HistoryMethod]>) {
    const result = earlier.apply(this, args);
    if (active) record(name);
    return result;
  };
  history[name] = wrapper;
  return () => {
    active = false;
    if (history[name] === wrapper) history[name] = earlier;
  };
}
