// A log as a row of ClickHouse's `logs` (schema.ts): the fields the other stores keep, its dedupe key and an id; and a
// batch of them as the writer inserts it (PreparedBatch), made where the batch arrived.
import { hash } from 'node:crypto';
import type { LogRecord } from '../../../protocol/records.types.ts';
import { logContentHash, storedFields } from '../log-hash.ts';

export interface LogRow {
  app: string;
  session_id: number;
  id: number;
  at: number;
  /** Seconds since 1970: when the group holding the row was written (set by the writer). */
  received: number;
  /** The row's place in arrival order (arrival.ts; set by the writer). */
  arrival: number;
  x: string;
  t: string | null;
  m: string | null;
  tg: string | null;
  f: string | null;
  l: number | null;
  ll: number | null;
  u: string | null;
  content_hash: string;
}

/** A log's identity across resends (server/stores/store.types.ts, addLogs: same session, same `at`, same content). */
export const dedupeKey = (row: { session_id: number; at: number; content_hash: string }) =>
  `${row.session_id} ${row.at} ${row.content_hash}`;

/** 52 bits of SHA-256 of the dedupe key: a resend gets the same id, and the explorer's cursor (at, id), which needs
 * ids that differ only among logs of one `at`, gets numbers JavaScript holds exactly. */
const rowId = (key: string) => parseInt(hash('sha256', key, 'hex').slice(0, 13), 16);

/** The row but what its writer gives it (`received`, `arrival`). */
function rowOf(appKey: string, sessionId: number, log: LogRecord): Omit<LogRow, 'received' | 'arrival'> {
  const fields = storedFields(log);
  const content_hash = logContentHash(fields);
  return {
    app: appKey,
    session_id: sessionId,
    id: rowId(dedupeKey({ session_id: sessionId, at: log.at, content_hash })),
    at: log.at,
    ...fields,
    content_hash,
  };
}

export const toLogRow = (appKey: string, sessionId: number, log: LogRecord): LogRow => ({
  ...rowOf(appKey, sessionId, log),
  received: 0,
  arrival: 0,
});

/** One session's batch as the writer reads and inserts it (log-writer.ts), plain data that crosses from a worker to
 * the host's inserter (host-inserter.ts) as one string and three arrays: per row, the dedupe key's time and hash and
 * the level (for the session's counts), and all rows as JSONEachRow text, one line each, without the `received` and
 * `arrival` the writer puts first in each line. JSON escapes a newline within a string, so a line holds no newline. */
export interface PreparedBatch {
  app: string;
  session: number;
  at: number[];
  hash: string[];
  level: (number | null)[];
  lines: string;
}

export function prepareBatch(appKey: string, sessionId: number, logs: LogRecord[]): PreparedBatch {
  const batch: PreparedBatch = { app: appKey, session: sessionId, at: [], hash: [], level: [], lines: '' };
  const lines: string[] = [];
  for (const log of logs) {
    const row = rowOf(appKey, sessionId, log);
    batch.at.push(row.at);
    batch.hash.push(row.content_hash);
    batch.level.push(row.ll);
    lines.push(JSON.stringify(row));
  }
  batch.lines = lines.join('\n');
  return batch;
}

/** A prepared line with the writer's two fields put first: `{"received":…,"arrival":…,` and the line's own fields. */
export const numberedLine = (line: string, received: number, arrival: number) =>
  `{"received":${received},"arrival":${arrival},${line.slice(1)}`;
