// Rows read under a scan plan (scan-plan.ts): where SQL's test is the whole, one query; where Node finishes it (a
// field parsed from the text), the rows SQL narrowed to are read in steps, or counted grouped by the columns Node
// reads, and Node keeps those that match. The plan's own columns are left out of what is returned.
import { MAX_STEP } from '../fragment-scan.ts';
import type { PlanRow, ScanPlan } from './scan-plan.ts';
import { sqlInteger } from './sql-literal.ts';

type Rows = <T>(query: string) => Promise<T[]>;

function withoutPlan<T>(row: T & PlanRow, plan: ScanPlan): T {
  for (const name of plan.names) delete row[name];
  return row;
}

/** Up to `want` rows of `select` from `from` (a table and its WHERE clause) in `order`, the plan's matches only: the
 * first step reads `step` rows, each next one twice as many (at most MAX_STEP), until enough match or none are left.
 * With `after` (the clause of the rows past a row, in `order`), each step starts past the last row read, so that it
 * reads only the rest; else at its OFFSET. */
export async function matchingRows<T>(
  rows: Rows,
  plan: ScanPlan,
  query: { select: string; from: string; order: string; after?: (row: T) => string },
  want: number,
  step: number,
): Promise<T[]> {
  const { select, from, order, after } = query;
  if (plan.columns === '') return rows<T>(`SELECT ${select} FROM ${from} ${order} LIMIT ${sqlInteger(want)}`);
  const found: T[] = [];
  let last: T | undefined;
  for (let offset = 0; ; offset += step, step = Math.min(step * 2, MAX_STEP)) {
    const past = after && last ? ` AND ${after(last)}` : '';
    const skip = after ? '' : ` OFFSET ${sqlInteger(offset)}`;
    const read = await rows<T & PlanRow>(
      `SELECT ${select}${plan.columns} FROM ${from}${past} ${order} LIMIT ${sqlInteger(step)}${skip}`,
    );
    last = read.at(-1) ?? last;
    for (const row of read) {
      if (!plan.matches(row)) continue;
      found.push(withoutPlan(row, plan));
      if (found.length >= want) return found;
    }
    if (read.length < step) return found;
  }
}

/** The plan's matches in `from` counted by `keys` (SQL `expression AS name`, by their `names`): grouped in SQL by the
 * keys and the columns Node reads, then the groups that match summed by key. */
export async function countedRows<T extends Record<string, unknown>>(
  rows: Rows,
  plan: ScanPlan,
  from: string,
  keys: { sql: string; name: string }[],
): Promise<(T & { n: number })[]> {
  const group = [...keys.map((key) => key.name), ...plan.names];
  const read = await rows<T & PlanRow & { n: number }>(
    `SELECT ${[...keys.map((key) => key.sql), 'count() AS n'].join(', ')}${plan.columns} FROM ${from}` +
      (group.length > 0 ? ` GROUP BY ${group.join(', ')}` : ''),
  );
  const counts = new Map<string, T & { n: number }>();
  for (const row of read) {
    if (!plan.matches(row) || row.n === 0) continue;
    const kept = withoutPlan(row, plan);
    const key = JSON.stringify(keys.map(({ name }) => kept[name]));
    const seen = counts.get(key);
    if (seen) seen.n += kept.n;
    else counts.set(key, kept);
  }
  return [...counts.values()];
}
