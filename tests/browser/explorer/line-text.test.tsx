// A line's text outside the stream's rows (an issue's story: explorer/logs/LineText.tsx) reads as the rows do
// (docs/explorer-views.md#event-lines): a capture's line as words, a network line as columns, other text as it is with
// its redactions marked.
import type { ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { afterEach, expect, test } from 'vitest';
import { LineText } from '../../../explorer/logs/LineText.tsx';

let unmount = () => {};
afterEach(() => unmount());

function rendered(node: ReactNode): HTMLElement {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  flushSync(() => root.render(node));
  unmount = () => {
    root.unmount();
    container.remove();
  };
  return container;
}

const shown = (tag: string | null, text: string) => rendered(<LineText tag={tag} text={text} />);

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

test('a row that is cut shows the first characters of a text and an ellipsis, a network or capture line whole', () => {
  const container = rendered(
    <>
      <p>
        <LineText tag="checkout" text="paid with card 4" cut={9} />
      </p>
      <p>
        <LineText tag="bf_ui_event" text='{"event":"click","tag":"a","text":"Pay"}' cut={9} />
      </p>
    </>,
  );
  expect([...container.querySelectorAll('p')].map((line) => line.textContent)).toEqual(['paid with…', 'click a "Pay"']);
});

test("a redaction's mark, as in the rows", () => {
  expect(shown('checkout', 'paid with [card]').querySelector('mark.redacted')?.textContent).toBe('[card]');
});
