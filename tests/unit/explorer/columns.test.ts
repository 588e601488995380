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
    const stream = new URLSearchParams('');
    expect(columnsParam(new Set(COLUMNS.map(({ name }) => name)), stream)).toBeUndefined();
    expect(columnsParam(new Set(['text', 'time']), stream)).toBe('time,text');
    expect(columnsParam(new Set(), stream)).toBe('none');
    for (const cols of ['time,text', 'none', 'level,who,url'])
      expect(columnsParam(view(`cols=${cols}`).columns, stream)).toBe(cols);
  });

  test("a session's stream shows every column but Who by default, its header naming the device and session once", () => {
    const session = new URLSearchParams('session=s-1');
    const every = COLUMNS.map(({ name }) => name);
    expect([...view('session=s-1').columns]).toEqual(every.filter((name) => name !== 'who'));
    expect([...view('session=s-1&cols=time,who').columns]).toEqual(['time', 'who']);
    // That default is no `cols`; Who turned on there is every column, named.
    expect(columnsParam(view('session=s-1').columns, session)).toBeUndefined();
    expect(columnsParam(new Set(every), session)).toBe(every.join(','));
  });
});
