// A log as a row of ClickHouse's `logs` (schema.ts): the fields the other stores keep, its dedupe key and an id.
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

export function toLogRow(appKey: string, sessionId: number, log: LogRecord): LogRow {
  const fields = storedFields(log);
  const content_hash = logContentHash(fields);
  return {
    app: appKey,
    session_id: sessionId,
    id: rowId(dedupeKey({ session_id: sessionId, at: log.at, content_hash })),
    at: log.at,
    received: 0,
    arrival: 0,
    ...fields,
    content_hash,
  };
}
