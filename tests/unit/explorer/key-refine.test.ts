// Click-to-filter on a device key writes the search box's own terms (docs/facets.md#device-keys), and the query they
// make is one the language reads as meant.
import { describe, expect, test } from 'vitest';
import { parseSearchQuery } from '../../../explorer-contract/search-query.ts';
import { hideKey, keyTerm, onlyKey } from '../../../explorer/logs/key-refine.ts';

describe('a device key to filter by', () => {
  test('a value becomes a term, quoted when it holds a space; what the language cannot write has none', () => {
    expect(keyTerm('email', 'ann@shop.example')).toBe('key.email:ann@shop.example');
    expect(keyTerm('plan', 'gold plus')).toBe('key.plan:"gold plus"');
    expect(keyTerm('plan', 'say "hi"')).toBeUndefined();
    expect(keyTerm('a key', 'x')).toBeUndefined();
    expect(keyTerm('plan', '')).toBeUndefined();
  });

  test('only: the other terms on the key give way, the rest of the query stays', () => {
    expect(onlyKey('', 'plan', 'gold')).toBe('key.plan:gold');
    expect(onlyKey('timeout -key.plan:free key.plan:"gold plus" key.email:a@b', 'plan', 'gold')).toBe(
      'timeout key.email:a@b key.plan:gold',
    );
  });

  test('hide: the same value shown or hidden before gives way, other values stay', () => {
    expect(hideKey('key.plan:gold level:error', 'plan', 'gold')).toBe('level:error -key.plan:gold');
    expect(hideKey('-key.plan:free', 'plan', 'gold')).toBe('-key.plan:free -key.plan:gold');
    expect(hideKey('-key.plan:"gold plus"', 'plan', 'gold plus')).toBe('-key.plan:"gold plus"');
  });

  test('the queries made parse to the key terms meant', () => {
    expect(parseSearchQuery(hideKey('timeout', 'plan', 'gold plus')!).groups).toEqual([
      [{ negated: false, term: { kind: 'word', text: 'timeout' } }],
      [{ negated: true, term: { kind: 'key', key: 'plan', value: 'gold plus' } }],
    ]);
  });
});
