// The messages between the service's thread and SQLite's writer thread (server/stores/sqlite/writer.ts and
// writer-thread.ts): the thread holds each database's writing connection and runs every write of the stores there,
// by name (the roles' writes, server/stores/sqlite/roles.ts), so that no write, commit, index step or checkpoint ever
// runs on the event loop that answers requests.
// docs/local-service.md#the-writer-thread

import type { WriteMethod } from './roles.ts';

export type { WriteMethod };

/** Retention's deletes and a device's erasure (its record's start among it) run alone, each its own transaction, with
 * the whole of SIDELOG_MAX_DB_MB to work in (the collector's writes stop short of it), so that they can always free
 * room; so do a download's records, so that a full database still gives a person their copy. */
export const MAINTENANCE_METHODS: readonly WriteMethod[] = [
  'markRetention',
  'pruneBefore',
  'uncountLogs',
  'startErasure',
  'eraseDeviceStep',
  'addErasedLogs',
  'startDownload',
  'endDownload',
];

export interface OpenOptions {
  /** The database file (already migrated by the service's thread). */
  path: string;
  /** SIDELOG_MAX_DB_MB in pages, when set. */
  maxPages?: number;
}

/** From the service's thread to the writer thread. */
export type ToWriter =
  /** Opens the writing connection of database `db`; answered by `opened`. */
  | { type: 'open'; db: number; options: OpenOptions }
  /** Runs `method` with `args` in the next group commit; answered by `done` once committed, unless `reply` is false. */
  | { type: 'write'; db: number; id: number; method: WriteMethod; args: unknown[]; reply: boolean }
  /** Answered by `done` once every write sent before it is committed and, with `index`, in the search index. */
  | { type: 'settle'; db: number; id: number; index: boolean }
  /** Finishes the database's writes, then closes its connection; answered by `done`. */
  | { type: 'close'; db: number; id: number };

/** An error as it crosses threads: its message, and SQLite's code, which decides the answer (server/http/errors.ts). */
export interface WriterError {
  message: string;
  code?: string;
}

export type Outcome = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: WriterError };

/** From the writer thread to the service's thread. */
export type FromWriter =
  /** The connection of `db` is open, or could not be. */
  | { type: 'opened'; db: number; error?: WriterError }
  /** The outcomes of the writes (and settles, and closes) of one group, in the order they were sent. */
  | { type: 'done'; outcomes: Outcome[] };
