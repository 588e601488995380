// The stream's columns and who-key live in the address (docs/facets.md#columns): every column by default, and a
// choice written back as the same address.
import { describe, expect, test } from 'vitest';
import { COLUMNS, columnsParam, rowView } from '../../../explorer/logs/columns.ts';

const view = (query: string) => rowView(new URLSearchParams(query));

describe('the row view in the address', () => {
  test('no cols: every column, and the device name as who', () => {
    expect([...view('').columns]).toEqual(COLUMNS.map(({ name }) => name));
    expect(view('').who).toBeNull();
  });

  test('cols names the columns shown, in the row’s own order, unknown names left out; who names the key', () => {
    expect([...view('cols=text,time,bogus').columns]).toEqual(['time', 'text']);
    expect([...view('cols=none').columns]).toEqual([]);
    expect(view('who=user_id').who).toBe('user_id');
  });

  test('a choice goes back into the address as it came', () => {
    expect(columnsParam(new Set(COLUMNS.map(({ name }) => name)))).toBeUndefined();
    expect(columnsParam(new Set(['text', 'time']))).toBe('time,text');
    expect(columnsParam(new Set())).toBe('none');
    for (const cols of ['time,text', 'none', 'level,who,url'])
      expect(columnsParam(view(`cols=${cols}`).columns)).toBe(cols);
  });
});
