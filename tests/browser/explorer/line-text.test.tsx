// A line's text outside the stream's rows (an issue's story: explorer/logs/LineText.tsx) reads as the rows do
// (docs/explorer-views.md#event-lines): a capture's line as words, a network line as columns, other text as it is with
// its redactions marked.
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { afterEach, expect, test } from 'vitest';
import { LineText } from '../../../explorer/logs/LineText.tsx';

let unmount = () => {};
afterEach(() => unmount());

function shown(tag: string | null, text: string): HTMLElement {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  flushSync(() => root.render(<LineText tag={tag} text={text} />));
  unmount = () => {
    root.unmount();
    container.remove();
  };
  return container;
}

test.each([
  [
    'bf_ui_event',
    '{"event":"click","tag":"button","text":"Оставить отзыв","selector":"main#content > button"}',
    'click button "Оставить отзыв"',
  ],
  [
    'bf_network',
    '{"method":"POST","status":502,"url":"https://shop.test/pay","duration":84}',
    'POST 502 https://shop.test/pay 84 ms',
  ],
  ['checkout', 'paid with [card]', 'paid with [card]'],
  [null, '', '(no text)'],
])('%s %s reads "%s"', (tag, text, words) => {
  expect(shown(tag, text).textContent).toBe(words);
});

test("a redaction's mark, as in the rows", () => {
  expect(shown('checkout', 'paid with [card]').querySelector('mark.redacted')?.textContent).toBe('[card]');
});
