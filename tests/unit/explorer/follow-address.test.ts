// A form's fields follow the address only where the address changed (text typed in the search box
// and not yet applied was lost when a level was unticked, which changes the address's `level` alone).
import { describe, expect, test } from 'vitest';
import { followAddress } from '../../../explorer/follow-address.ts';

describe('fields following the address', () => {
  const applied = { q: '', tag: '', from: '' };

  test('a field typed and not applied stays when another parameter changes', () => {
    const typed = { ...applied, q: 'payment' };
    expect(followAddress(typed, applied, { ...applied })).toEqual(typed);
  });

  test('a field whose own parameter changed (back, a link, a zone) takes the address’s value', () => {
    const typed = { ...applied, q: 'payment', tag: 'ne' };
    expect(followAddress(typed, applied, { ...applied, tag: 'net' })).toEqual({ ...applied, q: 'payment', tag: 'net' });
    expect(followAddress(typed, { ...applied, q: 'refund' }, applied)).toEqual({ ...applied, q: '', tag: 'ne' });
  });
});
