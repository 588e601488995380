// Click-to-filter on a row of a field's counts (docs/volume-and-counts.md#counts-by-a-field): only and hide write the
// value's term in place of what the query said about that field, and leave the rest.
import { expect, test } from 'vitest';
import { hideSplit, onlySplit } from '../../../explorer/logs/split-refine.ts';

test('only puts the term in place of the other terms on the field', () => {
  expect(onlySplit('checkout tag:ui -tag:net', 'tag', 'tag:net')).toBe('checkout tag:net');
  expect(onlySplit('', 'key.plan', 'key.plan:gold')).toBe('key.plan:gold');
  expect(onlySplit('key.plan:free key.email:a@b.c', 'key.plan', 'key.plan:gold')).toBe('key.email:a@b.c key.plan:gold');
  expect(onlySplit('@status>=500 x', '@status', '@status:502')).toBe('x @status:502');
  expect(onlySplit('version:"2 beta"', 'version', 'version:2.1.0')).toBe('version:2.1.0');
});

test("hide puts the negated term in place of that value's term only", () => {
  expect(hideSplit('tag:net tag:ui', 'tag', 'tag:net')).toBe('tag:ui -tag:net');
  expect(hideSplit('level:error', 'level', 'level:info')).toBe('level:error -level:info');
  expect(hideSplit('@status:502', '@status', '@status:502')).toBe('-@status:502');
});
