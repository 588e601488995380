// The pure parts of sessions by sequence and of an issue's story (docs/explorer.md#sessions-by-sequence,
// docs/explorer.md#an-issues-story): the walk that finds A then B within T in a session, the terms, the ratio.
import { describe, expect, test } from 'vitest';
import type { ExplorerLog, ExplorerQueries, LogPage } from '../../../server/stores/explorer-queries.types.ts';
import { standsOut, supportRatio } from '../../../server/analysis/issue-story.ts';
import { MAX_SEARCH_TERMS, parseSearchQuery } from '../../../explorer-contract/search-query.ts';
import {
  findSequences,
  firstSequence,
  SEQUENCE_BUDGET_MS,
  TooManyLines,
} from '../../../server/analysis/sequence-search.ts';
import { patternSearch, plainWords, termOf, type Term } from '../../../server/analysis/terms.ts';

let ids = 0;
const log = (at: number, t = '', id = ++ids) => ({ id, at, t }) as ExplorerLog;
const found = (a: ExplorerLog[], b: ExplorerLog[], within: number) => {
  const pair = firstSequence(a, b, within);
  return pair && [pair.a.at, pair.b.at];
};

describe('A then B within T, in one session', () => {
  test.each([
    ['B after A within T', [0], [100], 300, [0, 100]],
    ['B exactly T after A', [0], [300], 300, [0, 300]],
    ['B too late', [0], [301], 300, undefined],
    ['B only before A', [100], [0], 300, undefined],
    ['a later A that has a B in time', [0, 1_000], [1_200], 300, [1_000, 1_200]],
    ['the nearest B after each A', [0, 500], [50, 900], 300, [0, 50]],
    ['no A', [], [5], 300, undefined],
  ] as const)('%s', (_, a, b, within, expected) => {
    expect(
      found(
        a.map((at) => log(at)),
        b.map((at) => log(at)),
        within,
      ),
    ).toEqual(expected);
  });

  test('at one time, B counts only when it was stored after A', () => {
    expect(found([log(10, '', 2)], [log(10, '', 1)], 300)).toBeUndefined();
    expect(found([log(10, '', 1)], [log(10, '', 2)], 300)).toEqual([10, 10]);
  });
});

describe('the search’s budget', () => {
  test('every page reads within what is left of one budget for both terms, and past it the search is refused', async () => {
    // A fake clock and a store whose every page ends by its budget having found nothing, as a common word's scan
    // does (server/stores/sqlite/explorer-queries.ts): 20 such pages a term, then the end.
    let clock = 0;
    const asked: (number | undefined)[] = [];
    let pages = 0;
    const queries = {
      async logs(_filter: unknown, options: { within?: number }): Promise<LogPage> {
        asked.push(options.within);
        clock += 300;
        return { logs: [], next: ++pages < 40 ? '1_1' : null };
      },
    } as unknown as ExplorerQueries;
    const term = termOf('cart') as Term;
    const search = findSequences(queries, { appKey: 'app' }, term, term, 300_000, { now: () => clock });
    await expect(search).rejects.toThrow(TooManyLines);
    await expect(search).rejects.toThrow('reads too much');
    expect(asked.length).toBeLessThan(40);
    expect(asked.every((within) => within !== undefined && within > 0 && within <= SEQUENCE_BUDGET_MS)).toBe(true);
    expect(clock).toBeLessThanOrEqual(SEQUENCE_BUDGET_MS + 2 * 300);
  });
});

describe('terms', () => {
  const term = (text: string) => termOf(text) as Term;

  test('search words go to the store as they are', () => {
    expect(term('payment failed').q).toBe('payment failed');
    expect(term('payment failed').matches(log(0, 'anything the store found'))).toBe(true);
  });

  test('a pattern is looked up by its plain words and matched token by token', () => {
    const pattern = term('payment <*> failed for card <*>:');
    expect(pattern.q).toBe('payment "failed for card"');
    expect(pattern.matches(log(0, 'payment 42 failed for card visa:'))).toBe(true);
    expect(pattern.matches(log(0, 'payment 42 failed for card visa: retrying'))).toBe(false);
    expect(pattern.matches(log(0, 'payment 42 failed for bank visa:'))).toBe(false);
    const glued = term('user_<*> signed in');
    expect(
      ['user_12 signed in', 'user_ann signed in', 'admin signed in'].map((text) => glued.matches(log(0, text))),
    ).toEqual([true, true, false]);
    expect(plainWords('user_<*> signed (in) from <*>ms a.b')).toEqual(['signed', 'in', 'from']);
  });

  test('a pattern is looked up by its runs of plain words as phrases, within the search’s bound', () => {
    // Side by side in the pattern, side by side in each of its lines: "signed in" after "user" is not "signed in as".
    expect(patternSearch('user <*> signed in')).toBe('user "signed in"');
    expect(patternSearch('user_<*> signed (in) from <*>ms a.b now')).toBe('"signed in from" now');
    // A long pattern keeps its longest runs, cut to the bound, rather than asking for more terms than a search holds.
    const long = 'checkout step <*> of the payment form could not reach the gateway in time, giving up after <*> tries';
    const q = patternSearch(long);
    expect(q).toBe('"of the payment form could not reach the"');
    const search = parseSearchQuery(q);
    expect(search.groups.flat().reduce((n, { term }) => n + (term.kind === 'phrase' ? term.words.length : 1), 0)).toBe(
      MAX_SEARCH_TERMS,
    );
    expect(
      term(long).matches(
        log(0, 'checkout step 3 of the payment form could not reach the gateway in time, giving up after 5 tries'),
      ),
    ).toBe(true);
  });

  test("a JSON line's pattern is looked up by its keys, each a word of its own", () => {
    const json = '{"event":<*>,"tag":<*>,"session_id":<*>,"selector":<*>}';
    // "session_id" is not a word every index holds whole; a value stands between each key and the next.
    expect(patternSearch(json)).toBe('event tag selector');
    const pattern = term(json);
    expect(pattern.q).toBe('event tag selector');
    expect(pattern.matches(log(0, '{"event":"click","tag":"a","session_id":"s-1","selector":"main > a.button"}'))).toBe(
      true,
    );
    expect(pattern.matches(log(0, '{"event":"load","url":"http://127.0.0.1:8080/"}'))).toBe(false);
    // Glued to a wildcard, a piece is part of a longer word in the line: not looked up.
    expect(patternSearch('took <*>ms for user_<*>')).toBe('took for');
  });

  test('an empty term, or a pattern with no plain word, cannot be searched for', () => {
    expect(termOf('  ')).toBe('is empty');
    expect(typeof termOf('<*> <*>ms')).toBe('string');
    expect(typeof termOf('{<*>}')).toBe('string');
  });
});

describe('what stands out before an issue', () => {
  test('the ratio of shares, smoothed by one, and the minimum support', () => {
    expect(supportRatio(3, 4, 0, 3)).toBe(3);
    expect(supportRatio(4, 4, 3, 3)).toBe(1);
    expect(standsOut({ before: 3, ratio: 3 }, 4, 3)).toBe(true);
    // Before one occurrence only, or too rarely, or with nothing to compare with.
    expect(standsOut({ before: 1, ratio: 10 }, 1, 9)).toBe(false);
    expect(standsOut({ before: 2, ratio: 10 }, 10, 9)).toBe(false);
    expect(standsOut({ before: 3, ratio: 3 }, 3, 0)).toBe(false);
  });
});
