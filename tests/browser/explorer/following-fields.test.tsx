// A form's fields follow the address and the zone in the same render as the rest of the page
// (explorer/use-following.ts): read as soon as React has committed, a field already shows the new address's value, so
// no frame labels it with one zone over the other's text. Followed in an effect, the field caught up a task later, and
// an end-to-end test that read it at once after ticking UTC read the Tokyo time under "From (UTC)".
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, expect, test } from 'vitest';
import { toLocalInput } from '../../../explorer/format.ts';
import { LogFilters } from '../../../explorer/logs/LogFilters.tsx';
import { SessionReading } from '../../../explorer/logs/SessionReading.tsx';
import { zoneStore } from '../../../explorer/time-zone.ts';

let unmount = () => {};
afterEach(() => {
  unmount();
  zoneStore.getState().setZone('local');
});

function mount(): { root: Root; container: HTMLElement } {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  unmount = () => {
    root.unmount();
    container.remove();
  };
  return { root, container };
}

const input = (container: HTMLElement, label: RegExp) => {
  const found = [...container.querySelectorAll('label')].find((each) => label.test(each.textContent ?? ''));
  if (!found) throw new Error(`no field labelled ${label}`);
  return container.querySelector<HTMLInputElement>(`#${CSS.escape(found.htmlFor)}`)!;
};

const FIRST = '2026-11-20T09:59:55.000Z';
const SECOND = '2026-11-21T18:30:00.000Z';

test("the log filters show the address's search and From in the render that the address changed in", () => {
  const { root, container } = mount();
  const filters = (search: string) => <LogFilters params={new URLSearchParams(search)} change={() => {}} tags={[]} />;
  flushSync(() => root.render(filters(`q=first&from=${FIRST}`)));
  flushSync(() => [...container.querySelectorAll('button')].find((b) => b.textContent === 'More filters')!.click());
  expect(input(container, /^Search text/).value).toBe('first');
  expect(input(container, /^From/).value).toBe(toLocalInput(FIRST));

  // Back, as the address changes: nothing runs between the commit and this read.
  flushSync(() => root.render(filters(`q=second&from=${SECOND}`)));
  expect(input(container, /^Search text/).value).toBe('second');
  expect(input(container, /^From/).value).toBe(toLocalInput(SECOND));

  // The zone switched: the label and the text change together.
  flushSync(() => zoneStore.getState().setZone('utc'));
  expect(input(container, /^From \(UTC\)/).value).toBe('2026-11-21 18:30:00');
});

test('text typed and not applied stays while another field of the address changes', () => {
  const { root, container } = mount();
  const filters = (search: string) => <LogFilters params={new URLSearchParams(search)} change={() => {}} tags={[]} />;
  flushSync(() => root.render(filters('q=first')));
  const search = input(container, /^Search text/);
  const set = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  flushSync(() => {
    set.call(search, 'typed');
    search.dispatchEvent(new Event('input', { bubbles: true }));
  });
  flushSync(() => root.render(filters('q=first&level=error')));
  expect(input(container, /^Search text/).value).toBe('typed');
});

test("a session's jump field shows the address's time in the render that the address changed in", () => {
  const { root, container } = mount();
  const reading = (search: string) => <SessionReading params={new URLSearchParams(search)} change={() => {}} />;
  flushSync(() => root.render(reading(`session=1&at=${FIRST}`)));
  expect(input(container, /^Jump to/).value).toBe(toLocalInput(FIRST));
  flushSync(() => root.render(reading(`session=1&at=${SECOND}`)));
  expect(input(container, /^Jump to/).value).toBe(toLocalInput(SECOND));
  flushSync(() => zoneStore.getState().setZone('utc'));
  expect(input(container, /^Jump to \(UTC\)/).value).toBe('2026-11-21 18:30:00');
});
