import { describe, expect, test } from 'vitest';
import {
  LogLevel,
  atsOf,
  columnsOf,
  readColumns,
  rowsOf,
  type LogColumns,
  type RawLog,
} from '../../../protocol/index.ts';

const PAGE = 'http://127.0.0.1:8080/sales';

describe('log columns', () => {
  test('one flat column: each call its time, its code, then its own count of arguments; a fields call takes none', () => {
    const rows: RawLog[] = [
      { at: 1, x: 1, ll: LogLevel.Debug, p: ['a', { n: 1 }], u: PAGE },
      { at: 2, x: 1, ll: LogLevel.Info, p: [], u: PAGE },
      { at: 3, x: 3, ll: LogLevel.Warning, t: 'clicked', tg: 'bf_ui_event', u: PAGE },
      {
        at: 4,
        x: 4,
        ll: LogLevel.Error,
        p: ['b'],
        s: 'Error\n    at pick (app.js:3:1)',
        u: 'http://127.0.0.1:8080/stats',
      },
    ];
    const columns = columnsOf(rows);
    // Level + 8 × count: Debug with 2, Info with 0, Warning with fields (-1), Error with 1.
    expect(columns.f).toEqual([1, 16, 'a', { n: 1 }, 1, 4, 3, -7, 4, 10, 'b']);
    expect(columns.n).toBe(4);
    // These `at` follow from the times: no column of their own.
    expect(columns.at).toBeUndefined();
    expect(rowsOf(columns)).toEqual(rows);
  });

  test('`at` follows from `from` and the times: the clock, or one past the last where the clock has not moved on', () => {
    const columns: LogColumns = {
      from: 100,
      n: 6,
      // The third call has one argument, the fifth explicit fields.
      f: [50, 0, 101, 0, 101, 8, 'a', 101, 0, 200, -8, 150, 0],
      s: {},
      e: { 4: { t: 'fields' } },
      u: [[0, PAGE]],
    };
    expect(atsOf(columns)).toEqual([101, 102, 103, 104, 200, 201]);
  });

  test('rows whose `at` do not follow from their times keep them in a column of their own', () => {
    const rows: RawLog[] = [
      { at: 10, x: 1, ll: LogLevel.Debug, p: ['a'], u: PAGE },
      { at: 30, x: 2, ll: LogLevel.Debug, p: ['b'], u: PAGE },
    ];
    const columns = columnsOf(rows);
    expect(columns.at).toEqual([10, 30]);
    expect(rowsOf(columns)).toEqual(rows);
  });

  test('a level other than the six numbers survives the round trip, with arguments or with fields', () => {
    const rows = [
      { at: 1, x: 1, ll: 'warning', p: ['a'], u: PAGE },
      { at: 2, x: 2, ll: 7.5, t: 'odd', tg: undefined, m: undefined, f: undefined, l: undefined, u: PAGE },
    ] as unknown as RawLog[];
    expect(rowsOf(columnsOf(rows))).toEqual(rows);
  });

  test('columns of the split layout, a column each for the times, the codes and the arguments (a rescue an earlier version left in localStorage), still read', () => {
    const split = {
      from: 4,
      x: [1, 2, 9],
      c: [16, -4, 0],
      p: ['a', 1],
      s: { 0: 'Error\n    at pick (app.js:3:1)' },
      e: { 1: { t: 'kept' } },
      u: [
        [0, PAGE],
        [2, 'http://127.0.0.1:8080/stats'],
      ],
    } as unknown as LogColumns;
    expect(readColumns(split)).toEqual([
      { at: 5, x: 1, ll: LogLevel.Debug, p: ['a', 1], s: 'Error\n    at pick (app.js:3:1)', u: PAGE },
      { at: 6, x: 2, ll: LogLevel.Info, t: 'kept', u: PAGE },
      { at: 9, x: 9, ll: LogLevel.Debug, p: [], u: 'http://127.0.0.1:8080/stats' },
    ]);
  });

  test('columns of the flat layout before `from` and `c` (a rescue an earlier version left in localStorage) still read', () => {
    const older = {
      at: [5, 6],
      x: [1, 2],
      ll: [LogLevel.Warning, LogLevel.Info],
      n: [2, -1],
      p: ['a', 1],
      s: { 0: 'Error\n    at pick (app.js:3:1)' },
      e: { 1: { t: 'kept' } },
      u: [[0, PAGE]],
    } as unknown as LogColumns;
    expect(readColumns(older)).toEqual([
      { at: 5, x: 1, ll: LogLevel.Warning, p: ['a', 1], s: 'Error\n    at pick (app.js:3:1)', u: PAGE },
      { at: 6, x: 2, ll: LogLevel.Info, t: 'kept', u: PAGE },
    ]);
  });

  test('columns of the nested layout (a rescue an earlier version left in localStorage) still read, and the current layout reads as rowsOf', () => {
    const nested = {
      at: [1, 2, 3],
      x: [1, 2, 3],
      // Its sendLog kept any level it was given.
      ll: [LogLevel.Debug, LogLevel.Debug, 'warning'],
      p: [['a', 1], null, null],
      s: {},
      e: { 1: { t: 'kept' }, 2: { t: 'odd level' } },
      u: [[0, PAGE]],
    } as unknown as LogColumns;
    expect(readColumns(nested)).toEqual([
      { at: 1, x: 1, ll: LogLevel.Debug, p: ['a', 1], u: PAGE },
      { at: 2, x: 2, ll: LogLevel.Debug, t: 'kept', u: PAGE },
      { at: 3, x: 3, ll: 'warning', t: 'odd level', u: PAGE },
    ]);
    const current = columnsOf([{ at: 3, x: 3, ll: LogLevel.Info, p: ['now'], u: PAGE }]);
    expect(readColumns(current)).toEqual(rowsOf(current));
  });
});
