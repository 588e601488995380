// The hits the page marks in a log's text (explorer/logs/highlight.ts): the same words and phrases the stores find.
import { describe, expect, test } from 'vitest';
import { highlightPatterns, highlightRanges } from '../../../explorer/logs/highlight.ts';

/** The text with each hit in [brackets]. */
function marked(q: string, text: string): string {
  let out = '';
  let at = 0;
  for (const [start, end] of highlightRanges(text, highlightPatterns(q))) {
    out += `${text.slice(at, start)}[${text.slice(start, end)}]`;
    at = end;
  }
  return out + text.slice(at);
}

const CASES: [string, string, string][] = [
  ['gateway', '502 Bad Gateway at the gateway', '502 Bad [Gateway] at the [gateway]'],
  ['*artner*', 'partner cabinet', 'p[artner] cabinet'],
  ['artner', 'partner cabinet', 'partner cabinet'],
  ['client.ts', 'loaded src/client.ts', 'loaded src/[client.ts]'],
  ['"bad gateway"', '502 Bad  Gateway; the gateway bad', '502 [Bad  Gateway]; the gateway bad'],
  ['"gateway bad"', '502 Bad Gateway', '502 Bad Gateway'],
  ['ok', 'health check ok, not okay', 'health check [ok], not okay'],
  ['платёж', 'Платёж отклонён', '[Платёж] отклонён'],
  ['*pay* -debug level:error', 'debug: payment', 'debug: [pay]ment'],
  ['pay payment', 'payment', '[payment]'],
  ['timeout OR refused', 'refused after timeout', '[refused] after [timeout]'],
  ['a.b', 'axb a.b', 'axb [a.b]'],
  // Parentheses group terms (docs/explorer.md#parentheses): `(x)` is the word x.
  ['re-try (x)', 'a re-try (x) or retry', 'a [re-try] ([x]) or retry'],
  ['re-try *(x)*', 'a re-try (x) or retry', 'a [re-try] [(x)] or retry'],
  ['"unclosed', 'an unclosed quote', 'an unclosed quote'],
];

describe('hits highlighted in a row', () => {
  test.each(CASES)('%j in %j', (q, text, expected) => {
    expect(marked(q, text)).toBe(expected);
  });
});
