// Click-to-filter on a field in the text (docs/facets.md#fields-in-the-text): only and hide write the search's own
// `@field` terms, in place of what the query said about that field, and leave the rest.
import { expect, test } from 'vitest';
import { hideField, onlyField } from '../../../explorer/logs/parsed-refine.ts';

test('only puts the term in place of every other term on the field', () => {
  expect(onlyField('', 'status', '@status:502')).toBe('@status:502');
  expect(onlyField('checkout @status>=500 -@status:404 @event:click', 'status', '@status:502')).toBe(
    'checkout @event:click @status:502',
  );
  expect(onlyField('@duration:[1 TO 9] x', 'duration', '@duration:95')).toBe('x @duration:95');
  expect(onlyField('@note:"a b"', 'note', '@note:"two words"')).toBe('@note:"two words"');
  // Another field whose name starts alike stays.
  expect(onlyField('@status.code:1', 'status', '@status:502')).toBe('@status.code:1 @status:502');
});

test("hide puts the negated term in place of that value's terms only", () => {
  expect(hideField('@status:502 @status>=500', 'status', '@status:502')).toBe('@status>=500 -@status:502');
  expect(hideField('level:error', 'user.id', '@user.id:7')).toBe('level:error -@user.id:7');
});
