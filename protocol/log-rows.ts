// A buffer's calls as one record each, and back (protocol/log-columns.ts has the layout): what the engine reads, and
// what a rescue and the in-memory storage rewrite. A module apart from log-columns.ts so that the page's first load,
// which appends to the columns and never reads them as rows, does not carry these (docs/benchmarks.md#main-thread-cost).
import { isLogLevel, LogLevel } from './levels.ts';
import { callCode, callWidth, nextAt, type LogColumns, type RawFields, type RawLog } from './log-columns.ts';

/** Each call's `at`. */
export function atsOf(columns: Pick<LogColumns, 'from' | 'f' | 'at'>): number[] {
  if (columns.at) return columns.at;
  const ats: number[] = [];
  let last = columns.from;
  const { f } = columns;
  for (let i = 0; i < f.length; i += callWidth(f[i + 1] as number)) ats.push((last = nextAt(last, f[i] as number)));
  return ats;
}

/** The calls of a buffer in this layout as one record each, every call with its page URL (a write of any layout,
 * as a rescue may hold: readColumns in protocol/older-columns.ts). */
export function rowsOf(columns: LogColumns): RawLog[] {
  const rows: RawLog[] = [];
  const ats = atsOf(columns);
  const { f } = columns;
  let change = 0;
  let url: unknown;
  for (let i = 0, at = 0; at < f.length; i++, at += callWidth(f[at + 1] as number)) {
    if (change < columns.u.length && columns.u[change][0] === i) url = columns.u[change++][1];
    const code = f[at + 1] as number;
    const row: RawLog = { at: ats[i], x: f[at] as number, ll: (code & 7) as LogLevel, u: url };
    const count = code >> 3;
    if (count >= 0) row.p = f.slice(at + 2, at + 2 + count);
    if (i in columns.s) row.s = columns.s[i];
    if (i in columns.e) Object.assign(row, columns.e[i]);
    rows.push(row);
  }
  return rows;
}

/** The reverse of rowsOf: calls as one record each, back into a buffer's columns. */
export function columnsOf(rows: RawLog[]): LogColumns {
  const from = rows.length > 0 ? rows[0].at - 1 : 0;
  const columns: LogColumns = { from, n: rows.length, f: [], s: {}, e: {}, u: [] };
  const ats: number[] = [];
  let follows = true;
  let last = from;
  rows.forEach((row, i) => {
    if (i === 0 || row.u !== columns.u[columns.u.length - 1][1]) columns.u.push([i, row.u]);
    ats.push(row.at);
    follows &&= row.at === (last = nextAt(last, row.x));
    if (row.s !== undefined) columns.s[i] = row.s;
    // A level that is not one of the six numbers goes with the fields, as the page sends it.
    const known = isLogLevel(row.ll);
    const level = known ? row.ll : LogLevel.Debug;
    if (row.p) {
      columns.f.push(row.x, callCode(level, row.p.length), ...row.p);
      if (!known) columns.e[i] = { ll: row.ll };
    } else {
      columns.f.push(row.x, callCode(level, -1));
      const { t, tg, m, f, l, v } = row;
      const fields: RawFields = v ? { t, tg, m, f, l, v } : { t, tg, m, f, l };
      columns.e[i] = known ? fields : { ...fields, ll: row.ll };
    }
  });
  if (!follows) columns.at = ats;
  return columns;
}
