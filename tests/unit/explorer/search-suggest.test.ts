// What the search box suggests at the caret (docs/explorer.md#suggestions): field names while the term has no colon,
// then the field's common values from the view's facets; and what choosing one leaves in the box.
import { describe, expect, test } from 'vitest';
import { applySuggestion, suggestions, termAt } from '../../../explorer/logs/search-suggest.ts';
import type { LogFacets } from '../../../explorer-contract/api.types.ts';

const FACETS: LogFacets = {
  level: [],
  tag: [
    { value: 'net', count: 120 },
    { value: 'nav', count: 7 },
    { value: 'ui', count: 3 },
  ],
  file: [],
  device: [
    { value: 'aaaa1111-x', count: 5, label: 'user_id u-42' },
    { value: 'bbbb2222-y', count: 2, label: 'Chrome on Linux · bbbb2222' },
  ],
  version: [{ value: '2.1.0', count: 9 }],
  language: [{ value: 'en-GB', count: 9 }],
  keys: [],
  devices: 2,
  sessions: 2,
};
const at = (q: string) => suggestions(q, q.length, FACETS).map((one) => one.label);

describe('search suggestions', () => {
  test('the term at the caret starts after a space, a ( or a -', () => {
    expect(termAt('pay (-tag:n', 11)).toEqual({ start: 6, text: 'tag:n' });
    expect(termAt('pay', 2)).toEqual({ start: 0, text: 'pa' });
  });

  test('a field’s name while the term has no colon', () => {
    expect(at('le')).toEqual(['level:']);
    expect(at('l')).toEqual(['level:', 'language:']);
    expect(at('k')).toEqual(['key.<name>:']);
    expect(at('timeout OR (st')).toEqual(['status:']);
    expect(at('level')).toEqual([]);
    expect(at('')).toEqual([]);
    expect(at('"le')).toEqual([]);
  });

  test('a field’s common values from the view’s facets, most common first', () => {
    expect(at('tag:')).toEqual(['tag:net', 'tag:nav', 'tag:ui']);
    expect(at('-tag:n')).toEqual(['tag:net', 'tag:nav']);
    expect(suggestions('tag:n', 5, FACETS)[0]).toEqual({ insert: 'tag:net ', label: 'tag:net', hint: '120' });
    expect(at('level:e')).toEqual(['level:error']);
    expect(at('version:2')).toEqual(['version:2.1.0']);
    // A device by its udid, or by who it is.
    expect(at('device:u-4')).toEqual(['device:aaaa1111-x']);
    expect(at('tag:net')).toEqual([]);
    expect(suggestions('tag:', 4, undefined)).toEqual([]);
  });

  test('choosing one replaces the term at the caret and keeps the rest', () => {
    const tag = suggestions('pay -tag:n', 10, FACETS)[0]!;
    expect(applySuggestion('pay -tag:n', 10, tag)).toEqual({ q: 'pay -tag:net ', caret: 13 });
    const level = suggestions('(le', 3, FACETS)[0]!;
    expect(applySuggestion('(le', 3, level)).toEqual({ q: '(level:', caret: 7 });
  });
});
