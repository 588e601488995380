import { describe, expect, test } from 'vitest';
import { LogLevel, columnsOf, rowsOf, type LogColumns, type RawLog } from '../../../protocol/index.ts';

const PAGE = 'http://127.0.0.1:8080/sales';

describe('log columns', () => {
  test('flat: each call takes its own count of arguments from p, in order, and a fields call takes none', () => {
    const rows: RawLog[] = [
      { at: 1, x: 1, ll: LogLevel.Debug, p: ['a', { n: 1 }], u: PAGE },
      { at: 2, x: 1, ll: LogLevel.Info, p: [], u: PAGE },
      { at: 3, x: 3, ll: LogLevel.Warning, t: 'clicked', tg: 'bf_ui_event', u: PAGE },
      { at: 4, x: 4, ll: LogLevel.Error, p: ['b'], s: 'Error\n    at pick (app.js:3:1)', u: 'http://127.0.0.1:8080/stats' },
    ];
    const columns = columnsOf(rows);
    expect(columns.n).toEqual([2, 0, -1, 1]);
    expect(columns.p).toEqual(['a', { n: 1 }, 'b']);
    expect(rowsOf(columns)).toEqual(rows);
  });

  test('columns of the nested layout (a rescue an earlier version left in localStorage) still read', () => {
    const nested = {
      at: [1, 2],
      x: [1, 2],
      ll: [LogLevel.Debug, LogLevel.Debug],
      p: [['a', 1], null],
      s: {},
      e: { 1: { t: 'kept' } },
      u: [[0, PAGE]],
    } as unknown as LogColumns;
    expect(rowsOf(nested)).toEqual([
      { at: 1, x: 1, ll: LogLevel.Debug, p: ['a', 1], u: PAGE },
      { at: 2, x: 2, ll: LogLevel.Debug, t: 'kept', u: PAGE },
    ]);
  });
});
