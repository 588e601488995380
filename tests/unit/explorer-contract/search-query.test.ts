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
const fragment = (text: string, negated = false): SearchClause => ({ negated, term: { kind: 'fragment', text } });
const phrase = (words: string[], negated = false): SearchClause => ({ negated, term: { kind: 'phrase', words } });

const network = (
  field: 'status' | 'duration',
  op: '=' | '<' | '<=' | '>' | '>=' | 'class',
  value: number,
  negated = false,
): SearchClause => ({ negated, term: { kind: 'network', field, op, value } });

const PARSED: [string, SearchClause[][]][] = [
  ['', []],
  ['timeout', [[word('timeout')]]],
  ['  pay   button ', [[word('pay')], [word('button')]]],
  ['artner', [[word('artner')]]],
  ['client.ts', [[fragment('client.ts')]]],
  ['*artner*', [[fragment('artner')]]],
  ['-*artner', [[fragment('artner', true)]]],
  ['user_id', [[word('user_id')]]],
  ['"gateway bad"', [[phrase(['gateway', 'bad'])]]],
  ['"502 Bad-Gateway!"', [[phrase(['502', 'Bad', 'Gateway'])]]],
  ['-debug', [[word('debug', true)]]],
  ['-"health check"', [[phrase(['health', 'check'], true)]]],
  ['a-b', [[fragment('a-b')]]],
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
  ['https://shop.test', [[fragment('https://shop.test')]]],
  ['12:30:01', [[fragment('12:30:01')]]],
  ['status:502', [[network('status', '=', 502)]]],
  ['-status:200', [[network('status', '=', 200, true)]]],
  ['STATUS:5xx', [[network('status', 'class', 5)]]],
  ['status>=400', [[network('status', '>=', 400)]]],
  ['duration>800', [[network('duration', '>', 800)]]],
  ['duration>=800', [[network('duration', '>=', 800)]]],
  ['duration<50', [[network('duration', '<', 50)]]],
  ['duration<=12.5', [[network('duration', '<=', 12.5)]]],
  ['status:502 OR duration>800', [[network('status', '=', 502), network('duration', '>', 800)]]],
  ['durations>800', [[fragment('durations>800')]]],
  // Parentheses (docs/explorer.md#parentheses): whatever the nesting, one AND of ORs.
  ['(a OR b) -c', [[word('a'), word('b')], [word('c', true)]]],
  [
    'level:error (timeout OR refused)',
    [[{ negated: false, term: { kind: 'level', level: 2 } }], [word('timeout'), word('refused')]],
  ],
  [
    '(a b) OR c',
    [
      [word('a'), word('c')],
      [word('b'), word('c')],
    ],
  ],
  ['-(a OR b)', [[word('a', true)], [word('b', true)]]],
  ['-(a b)', [[word('a', true), word('b', true)]]],
  ['-(a -b)', [[word('a', true), word('b')]]],
  ['((a))', [[word('a')]]],
  ['(a OR (b c)) d', [[word('a'), word('b')], [word('a'), word('c')], [word('d')]]],
  ['(a OR a) OR a', [[word('a')]]],
  [
    '("bad gateway" OR tag:net)',
    [[phrase(['bad', 'gateway']), { negated: false, term: { kind: 'field', field: 'tag', value: 'net' } }]],
  ],
  ['(status:502 OR duration>800)', [[network('status', '=', 502), network('duration', '>', 800)]]],
  // A parsed field's value ends before the parentheses it closes, as any bare value does (docs/explorer.md#parsed-fields).
  [
    '(@status>=500 OR @event:click)',
    [
      [
        { negated: false, term: { kind: 'parsed', path: ['status'], test: { op: '>=', value: 500 } } },
        { negated: false, term: { kind: 'parsed', path: ['event'], test: { op: '=', value: 'click' } } },
      ],
    ],
  ],
  // A term's own balanced parentheses are its text; at the top level a ')' of its own is too.
  ['foo()', [[fragment('foo()')]]],
  ['(foo() OR bar)', [[fragment('foo()'), word('bar')]]],
  ['url:/a(b)', [[{ negated: false, term: { kind: 'field', field: 'url', value: '/a(b)' } }]]],
  [
    '(a b) OR (c d) OR (e f) OR (g h)',
    ['a', 'b']
      .flatMap((x) => ['c', 'd'].flatMap((y) => ['e', 'f'].flatMap((z) => ['g', 'h'].map((w) => [x, y, z, w]))))
      .map((group) => group.map((text) => word(text))),
  ],
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
  ['*ab*', `'*ab*' is a fragment of under 3 characters: a fragment needs 3 or more, as in *artner*`],
  ['status:', `'status:' needs a value, as in status:502`],
  ['status:ok', `'status:' takes a number or a class, as in status:502 or status:5xx`],
  ['status:6xx', `'status:' takes a number or a class, as in status:502 or status:5xx`],
  ['duration>', `'duration>' needs a number of milliseconds, as in duration>800`],
  ['duration>fast', `'duration>' needs a number of milliseconds, as in duration>800`],
  ['duration:1e3', `'duration:' needs a number of milliseconds, as in duration:800`],
  ['(timeout OR refused', 'A parenthesis is not closed: close it, as in (timeout OR refused)'],
  ['((a) b', 'A parenthesis is not closed: close it, as in (timeout OR refused)'],
  [
    'timeout OR refused)',
    `A closing parenthesis has no opening one: add it, or remove the ')', as in (timeout OR refused)`,
  ],
  [') a', `A closing parenthesis has no opening one: add it, or remove the ')', as in (timeout OR refused)`],
  ['(a))', `A closing parenthesis has no opening one: add it, or remove the ')', as in (timeout OR refused)`],
  ['()', 'Parentheses need a term inside, as in (timeout OR refused)'],
  ['a (OR b)', 'OR needs a term on each side, as in timeout OR refused'],
  ['(a OR) b', 'OR needs a term on each side, as in timeout OR refused'],
  ['a OR (b', 'A parenthesis is not closed: close it, as in (timeout OR refused)'],
  [
    '(a b c d e) OR (f g h i)',
    `The search holds at most ${MAX_SEARCH_TERMS} terms (a phrase counts its words): search for fewer`,
  ],
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
