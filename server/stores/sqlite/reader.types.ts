// The messages between the service's thread and SQLite's reader threads (server/stores/sqlite/reader.ts and
// reader-thread.ts): each thread holds a read-only connection a database and runs the explorer's queries there, so
// that no search, export, count or volume ever runs on the event loop that answers requests and acknowledges batches.
// docs/local-service.md#the-reader-threads
import type { ExplorerQueries } from '../explorer-queries.types.ts';
import type { WriterError } from './writer.types.ts';

type Groups = 'sessions' | 'issues' | 'devices';

/** The explorer's queries by name, each group's as `group.method`: every one runs in a reader thread. */
export const READ_METHODS = [
  'apps',
  'logs',
  'timeSpan',
  'volume',
  'rollup',
  'count',
  'scanCount',
  'scanVolume',
  'splitVolume',
  'facetSample',
  'sessionFacts',
  'deviceKeys',
  'arrivedAfter',
  'lastLogId',
  'around',
  'logText',
  'issueLogId',
  'tags',
  'sessions.list',
  'sessions.one',
  'sessions.facets',
  'issues.list',
  'issues.one',
  'issues.titles',
  'devices.list',
  'devices.one',
  'devices.withKey',
] as const satisfies readonly (
  | Exclude<keyof ExplorerQueries, Groups>
  | { [G in Groups]: `${G}.${keyof ExplorerQueries[G] & string}` }[Groups]
)[];
export type ReadMethod = (typeof READ_METHODS)[number];

/** Every query of the contract is in READ_METHODS: a new one fails the typecheck here until it is listed. */
type Missing = Exclude<
  Exclude<keyof ExplorerQueries, Groups> | { [G in Groups]: `${G}.${keyof ExplorerQueries[G] & string}` }[Groups],
  ReadMethod
>;
export const EVERY_QUERY_LISTED: [Missing] extends [never] ? true : Missing = true;

/** From the service's thread to a reader thread. */
export type ToReader =
  /** Opens database `db` read-only at `path`; a failure answers each of its reads. */
  | { type: 'open'; db: number; path: string }
  /** Runs `method` with `args`; answered by `done`. */
  | { type: 'read'; db: number; id: number; method: ReadMethod; args: unknown[] }
  /** Closes the database's connection; answered by `done`. */
  | { type: 'close'; db: number; id: number }
  /** For tests: the thread waits until `latch[0]` is no longer 0 before it takes its next message, as if a read were
   * that long (tests/unit/server/reader-thread.test.ts). */
  | { type: 'hold'; latch: Int32Array };

/** From a reader thread to the service's thread: the outcome of a read or a close. */
export type FromReader =
  | { type: 'done'; id: number; ok: true; value: unknown }
  | { type: 'done'; id: number; ok: false; error: WriterError };
