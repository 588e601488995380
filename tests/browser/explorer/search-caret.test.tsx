// The search box's caret after a suggestion is taken (docs/explorer.md#suggestions): placed as the taken text is in
// the input, before the next key is handled, so that what one types next lands after it. Placed a frame later, it
// moved back over keys typed since: `tag:` typed after taking `level:error` could become `ag:t`.
import { useState } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { afterEach, expect, test } from 'vitest';
import { SearchSuggest } from '../../../explorer/logs/SearchSuggest.tsx';

let unmount = () => {};
afterEach(() => unmount());

function Box({ initial }: { initial: string }) {
  const [value, setValue] = useState(initial);
  return <SearchSuggest id="q" value={value} onChange={setValue} placeholder="Search" />;
}

function renderBox(initial: string): HTMLInputElement {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  flushSync(() => root.render(<Box initial={initial} />));
  unmount = () => {
    root.unmount();
    container.remove();
  };
  return container.querySelector('input')!;
}

/** React's commit of an event's updates: microtasks only, never a frame, so nothing a frame would do has run. */
const committed = async () => {
  for (let turn = 0; turn < 5; turn++) await new Promise<void>((resolve) => queueMicrotask(resolve));
};

/** A key pressed, as the browser delivers it. */
async function key(input: HTMLInputElement, name: string) {
  input.dispatchEvent(new KeyboardEvent('keydown', { key: name, bubbles: true, cancelable: true }));
  await committed();
}

/** Text typed at the caret, as an input event. */
async function type(input: HTMLInputElement, text: string) {
  const at = input.selectionStart ?? input.value.length;
  const set = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  set.call(input, input.value.slice(0, at) + text + input.value.slice(at));
  input.setSelectionRange(at + text.length, at + text.length);
  input.dispatchEvent(new Event('input', { bubbles: true }));
  await committed();
}

test('a suggestion taken in the middle of the text leaves the caret after it, before the next key', async () => {
  const input = renderBox('');
  input.focus();
  await type(input, 'le tag:net');
  input.setSelectionRange(2, 2);
  await type(input, 'v');
  expect(input.value).toBe('lev tag:net');
  await key(input, 'ArrowDown');
  await key(input, 'Enter');
  // No frame has passed: the caret is after `level:`, not at the end where setting the value left it.
  expect(input.value).toBe('level: tag:net');
  expect(input.selectionStart).toBe('level:'.length);
  await type(input, 'error');
  expect(input.value).toBe('level:error tag:net');
});
