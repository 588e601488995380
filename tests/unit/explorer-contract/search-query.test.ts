// The search box's query language (explorer-contract/search-query.ts): what each form parses to, and the error each
// malformed query gets (the same texts as docs/errors.md#explorer-search).
import { describe, expect, test } from 'vitest';
import {
  highlightTerms,
  MAX_SEARCH_TERMS,
  parseSearchQuery,
  SearchQueryError,
  type SearchClause,
} from '../../../explorer-contract/search-query.ts';

const word = (text: string, negated = false): SearchClause => ({ negated, term: { kind: 'word', text } });
const phrase = (words: string[], negated = false): SearchClause => ({ negated, term: { kind: 'phrase', words } });

const PARSED: [string, SearchClause[][]][] = [
  ['', []],
  ['timeout', [[word('timeout')]]],
  ['  pay   button ', [[word('pay')], [word('button')]]],
  ['artner', [[word('artner')]]],
  ['client.ts', [[word('client.ts')]]],
  ['"gateway bad"', [[phrase(['gateway', 'bad'])]]],
  ['"502 Bad-Gateway!"', [[phrase(['502', 'Bad', 'Gateway'])]]],
  ['-debug', [[word('debug', true)]]],
  ['-"health check"', [[phrase(['health', 'check'], true)]]],
  ['a-b', [[word('a-b')]]],
  ['timeout OR refused', [[word('timeout'), word('refused')]]],
  ['pay timeout OR refused', [[word('pay')], [word('timeout'), word('refused')]]],
  ['a OR b OR c', [[word('a'), word('b'), word('c')]]],
  ['timeout or refused', [[word('timeout')], [word('or')], [word('refused')]]],
  ['-OR', [[word('OR', true)]]],
  ['level:error', [[{ negated: false, term: { kind: 'level', level: 2 } }]]],
  ['LEVEL:Fatal', [[{ negated: false, term: { kind: 'level', level: 5 } }]]],
  ['-level:debug', [[{ negated: true, term: { kind: 'level', level: 0 } }]]],
  ['tag:net', [[{ negated: false, term: { kind: 'field', field: 'tag', value: 'net' } }]]],
  ['file:client.ts', [[{ negated: false, term: { kind: 'field', field: 'file', value: 'client.ts' } }]]],
  ['method:send', [[{ negated: false, term: { kind: 'field', field: 'method', value: 'send' } }]]],
  [
    'url:https://shop.test/a?b=c',
    [[{ negated: false, term: { kind: 'field', field: 'url', value: 'https://shop.test/a?b=c' } }]],
  ],
  [
    'device:d-1 session:s-1',
    [
      [{ negated: false, term: { kind: 'field', field: 'device', value: 'd-1' } }],
      [{ negated: false, term: { kind: 'field', field: 'session', value: 's-1' } }],
    ],
  ],
  ['key.email:ann@example.com', [[{ negated: false, term: { kind: 'key', key: 'email', value: 'ann@example.com' } }]]],
  ['key.plan:"gold plus"', [[{ negated: false, term: { kind: 'key', key: 'plan', value: 'gold plus' } }]]],
  ['tag:"my tag" x1', [[{ negated: false, term: { kind: 'field', field: 'tag', value: 'my tag' } }], [word('x1')]]],
  ['https://shop.test', [[word('https://shop.test')]]],
  ['12:30:01', [[word('12:30:01')]]],
];

const REFUSED: [string, string][] = [
  ['"bad gateway', `A quote in the search is not closed: close it, as in "bad gateway"`],
  ['tag:"net', `A quote in the search is not closed: close it, as in "bad gateway"`],
  ['""', `A phrase needs a letter or a digit, as in "bad gateway"`],
  ['"!?"', `A phrase needs a letter or a digit, as in "bad gateway"`],
  ['OR timeout', 'OR needs a term on each side, as in timeout OR refused'],
  ['timeout OR', 'OR needs a term on each side, as in timeout OR refused'],
  ['timeout OR OR refused', 'OR needs a term on each side, as in timeout OR refused'],
  ['level:loud', `'level:' takes one of debug, warning, error, trace, info, fatal`],
  ['tag:', `'tag:' needs a value, as in tag:value`],
  ['level:', `'level:' needs a value, as in level:error`],
  ['!!', `'!!' has no letter or digit: words under 3 characters must be letters or digits`],
  ['pay\0ment', 'The search cannot hold the NUL character (U+0000): remove it'],
  ['tag:"n\0et"', 'The search cannot hold the NUL character (U+0000): remove it'],
  [
    'a b c d e f g h i',
    `The search holds at most ${MAX_SEARCH_TERMS} terms (a phrase counts its words): search for fewer`,
  ],
  [
    '"a b c d e f g" h i',
    `The search holds at most ${MAX_SEARCH_TERMS} terms (a phrase counts its words): search for fewer`,
  ],
];

describe('the search query language', () => {
  test.each(PARSED)('%j parses', (q, groups) => {
    expect(parseSearchQuery(q).groups).toEqual(groups);
  });

  test('a lone minus is a word of its own, refused as one', () => {
    expect(() => parseSearchQuery('- timeout')).toThrow(`'-' has no letter or digit`);
  });

  test.each(REFUSED)('%j is refused', (q, message) => {
    expect(() => parseSearchQuery(q)).toThrow(SearchQueryError);
    expect(() => parseSearchQuery(q)).toThrow(message);
  });

  test(`${MAX_SEARCH_TERMS} terms are taken`, () => {
    expect(parseSearchQuery('a b c d e f g h').groups).toHaveLength(MAX_SEARCH_TERMS);
  });

  test('the terms highlighted are the words and phrases not negated', () => {
    expect(highlightTerms(parseSearchQuery('pay -debug "bad gateway" OR level:error -"x y" tag:net'))).toEqual([
      { kind: 'word', text: 'pay' },
      { kind: 'phrase', words: ['bad', 'gateway'] },
    ]);
  });
});
