// A page in arrival order (docs/clickhouse.md#arrival-order), as the forwarder, the live tail and the admin API's
// `logs` list read one: the rows numbered past a position up to a horizon, by `arrival, id`. Two processes may give
// one number, so a full page takes every row of its last number: a position moved to it then passes none of them.
// Rows stored before the arrival column share their second's first number, so a page reaching one of them holds that
// whole second (docs/clickhouse.md#pages-of-equal-numbers).
import { receivedAfter } from './arrival.ts';
import { sqlInteger } from './sql-literal.ts';

/** Reads the rows of `where` (SQL, ANDed with the reader's own conditions) ordered by `arrival, id`: the first `limit`
 * of them, or all of them when `limit` is undefined. */
export type ArrivalRead<T> = (where: string, limit: number | undefined) => Promise<T[]>;

/** The ORDER BY and LIMIT of a read: `ORDER BY arrival, id`, with `LIMIT limit` where there is one. */
export const inArrivalOrder = (limit: number | undefined) =>
  `ORDER BY arrival, id${limit === undefined ? '' : ` LIMIT ${sqlInteger(limit)}`}`;

export interface ArrivalPage<T> {
  rows: T[];
  /** The page's last number when it was full (read on from it), else undefined: nothing more up to the horizon. */
  last: number | undefined;
}

export async function arrivalPage<T extends { arrival: number }>(
  read: ArrivalRead<T>,
  after: number,
  horizon: number,
  limit: number,
): Promise<ArrivalPage<T>> {
  const rows = await read(
    `arrival > ${sqlInteger(after)} AND arrival <= ${sqlInteger(horizon)} AND ${receivedAfter(after)}`,
    limit,
  );
  const last = rows.length === limit ? rows.at(-1)?.arrival : undefined;
  if (last === undefined) return { rows, last };
  // Its rows are in the days from its second's before on (a group's `received` is its first number's second).
  const ties = await read(`arrival = ${sqlInteger(last)} AND ${receivedAfter(last)}`, undefined);
  return { rows: [...rows.filter((row) => row.arrival !== last), ...ties], last };
}
