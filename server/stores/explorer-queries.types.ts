// The explorer's reads as one contract that each database implements: server/stores/sqlite/explorer-queries.ts (SQLite,
// FTS5) and server/stores/postgres/explorer-queries.ts (PostgreSQL, tsvector). Types only: the filters, the keyset
// cursor, the rows the stores read; what both stores share at run time is in server/stores/explorer-queries.ts.
import type {
  AroundLogs,
  DeviceDetail,
  ExplorerApp,
  ExplorerDevice,
  ExplorerIssue,
  ExplorerLog,
  ExplorerSession,
  LogPage,
  ScanProgress,
  SessionSort,
} from '../../explorer-contract/api.types.ts';
import type { SplitBy } from '../../explorer-contract/field-counts.ts';
import type { IdentityDevice } from '../../explorer-contract/identity-search.types.ts';
import type { LogFilters } from '../../explorer-contract/log-filters.ts';

export type { AroundLogs, ExplorerApp, ExplorerDevice, ExplorerIssue, ExplorerLog, ExplorerSession, LogPage };

/** A count of the logs read by a scan (ExplorerQueries.scanCount): exact when the scan is complete, else at least. */
export interface ScanCount {
  count: number;
  scan: ScanProgress;
}

/** The filters of the API's query (explorer-contract/log-filters.ts), on one app's logs. */
export interface LogFilter extends LogFilters {
  appKey: string;
}

/** Where a page ends: the (at, id) of its last (oldest) log. */
export interface LogCursor {
  at: number;
  id: number;
}

export interface LogPageOptions {
  before?: LogCursor;
  /** With `oldestFirst`: the page starts after this log (`{ at: t, id: 0 }`: at time t, its first log included). */
  after?: LogCursor;
  oldestFirst?: boolean;
  limit: number;
  within?: number;
  cut?: boolean;
  scanRows?: number;
}

export interface SessionFilter {
  appKey: string;
  /** Session uid, device udid or device name contains. */
  q?: string;
  device?: string;
  version?: string;
  language?: string;
  /** Only sessions with an issue (crash, feedback) or with an error or fatal log. */
  with?: 'issues' | 'errors';
  sort?: SessionSort;
  offset?: number;
  limit: number;
}

export interface IssueFilter {
  appKey: string;
  types?: string[];
  session?: string;
  q?: string;
  before?: number;
  limit: number;
}

export interface DeviceFilter {
  appKey: string;
  q?: string;
  offset?: number;
  limit: number;
}

/** The newest logs of a view counted by every facet field at once (docs/facets.md#counting): one row a combination. */
export interface FacetSample {
  /** level (a log without a level as Debug), tag, file, the session's row id, and how many logs have them. */
  rows: { level: number; tag: string | null; file: string | null; session: number; n: number }[];
  /** Whether these are every log of the view: fewer than the limit were matched, and all were read. */
  complete: boolean;
  /** For a search holding a term no index answers: how far its scan read (docs/explorer.md#fragments). */
  scan?: ScanProgress;
}

export interface SessionFacts {
  id: number;
  udid: string;
  device_name: string | null;
  version: string | null;
  language: string | null;
}

export interface DeviceKeyRow {
  udid: string;
  key: string;
  value: string;
}

export interface ExplorerQueries {
  /** Every app, with how many sessions it has received (apps that received nothing sort last). */
  apps(): Promise<Omit<ExplorerApp, 'identityKey'>[]>;
  /** One page of the filtered stream, newest first, older than `before` when given. With `within` (ms), a page whose
   * reading would take longer ends early: it holds the logs found so far (maybe none), and `next` goes on from where
   * it stopped; so a page may hold fewer than `limit` logs and still have a `next`. With `cut`, texts as a list sends
   * them (listLogColumns), else whole (an export). */
  logs(filter: LogFilter, options: LogPageOptions): Promise<LogPage>;
  /** The first and last time among the filter's logs; undefined when none match. */
  timeSpan(filter: LogFilter): Promise<{ first: number; last: number } | undefined>;
  /** The filter's logs counted per bucket of `bucketMs` (bucket n holds n * bucketMs up to the next) and level (a
   * log without a level as Debug, 0); only the non-empty pairs (server/explorer/volume.ts lays them out). */
  volume(filter: LogFilter, bucketMs: number): Promise<{ bucket: number; level: number; n: number }[]>;
  /** The app's logs counted per slot of `grain` ms (slot n holds n * grain up to the next) and level, slots `from`
   * (inclusive) to `to` (exclusive), either end open when left out: the rollup kept as logs are stored
   * (docs/volume-and-counts.md#the-rollup); only the non-empty pairs. */
  rollup(
    appKey: string,
    grain: number,
    from?: number,
    to?: number,
  ): Promise<{ slot: number; level: number; n: number }[]>;
  /** How many logs the filter matches, counting no further than `cap` + 1. */
  count(filter: LogFilter, cap: number): Promise<number>;
  /** For a search holding a fragment (docs/explorer.md#fragments): how many logs it matches among the view's newest
   * `scanRows` (SCAN_ROWS), newest first, counting no further than `cap` + 1, and how far that read. */
  scanCount(filter: LogFilter, cap: number, scanRows?: number): Promise<ScanCount>;
  /** For a search holding a fragment: `volume`'s counts among the view's newest `scanRows` (SCAN_ROWS), and how far
   * that read (its buckets before `scannedTo` count at least). */
  scanVolume(
    filter: LogFilter,
    bucketMs: number,
    scanRows?: number,
  ): Promise<{ rows: { bucket: number; level: number; n: number }[]; scan: ScanProgress }>;
  /** The filter's logs counted per bucket of `bucketMs` and value of `by` (docs/volume-and-counts.md#counts-by-a-field),
   * each value as the split's SQL writes it (`n:502`, `s:net`, `j:"gold"`, null for none): the view's newest
   * `scanRows` (SPLIT_ROWS) logs, or, for a search holding a term no index answers, those among them it matches; with
   * how far that read when the budget ended first (server/stores/split-budget.ts). */
  splitVolume(
    filter: LogFilter,
    bucketMs: number,
    by: SplitBy,
    scanRows?: number,
  ): Promise<{ rows: { bucket: number; value: string | null; n: number }[]; scan?: ScanProgress }>;
  /** The filter's newest `limit` logs (in the stream's order) counted by level, tag, file and session together; on
   * SQLite, a search by common words reads for at most `within` ms (ExplorerQueries.logs), and counts what it found;
   * a search holding a term no index answers counts the matches among the logs its scan reads in `within` ms and
   * `scanRows` (SCAN_ROWS) logs, and says how far that read. */
  facetSample(filter: LogFilter, limit: number, within: number, scanRows?: number): Promise<FacetSample>;
  /** The device, its name, app version and language of each session of `ids` of the app. */
  sessionFacts(appKey: string, ids: number[]): Promise<SessionFacts[]>;
  /** The keys as they stand now of the app's devices `udids` (only key `key` when given), each value as the table
   * stores it (JSON). */
  deviceKeys(appKey: string, udids: string[], key?: string): Promise<DeviceKeyRow[]>;
  /** Logs that arrived after position `afterId` and up to `upTo` (by arrival, whatever their time), oldest first: the
   * live tail; and the position to go on from (a full page's last log's, else `upTo`). A position is a log id, or on
   * ClickHouse a number of arrival order (docs/clickhouse.md#arrival-order). */
  arrivedAfter(
    filter: LogFilter,
    afterId: number,
    upTo: number,
    limit: number,
  ): Promise<{ logs: ExplorerLog[]; last: number }>;
  /** The highest log id up to which every log is visible or never will be (docs/explorer-views.md#live-tail): where
   * a live tail starts, and how far a poll of it reads. */
  lastLogId(): Promise<number>;
  /** Up to `older` logs before and `newer` (by default `older`) after log `id` in its session, in time order (oldest
   * first), the log among them, and whether more lie beyond each end (docs/explorer-views.md#context). */
  around(appKey: string, id: number, older: number, newer?: number): Promise<AroundLogs | undefined>;
  /** One log's whole text (null when it has none); undefined when the app has no such log. */
  logText(appKey: string, id: number): Promise<{ t: string | null } | undefined>;
  /** The log a session's issue is about: the `bf_issue` line Bugfender's SDK writes with the issue's uuid as text,
   * else the session's last log at or before the time the issue arrived. */
  issueLogId(sessionId: number, uid: string, receivedAt: string): Promise<number | undefined>;
  /** The tags an app's logs carry, in order. */
  tags(appKey: string, limit?: number): Promise<string[]>;
  sessions: {
    list(filter: SessionFilter): Promise<{ sessions: ExplorerSession[]; more: boolean }>;
    one(appKey: string, uid: string): Promise<ExplorerSession | undefined>;
    /** The app versions and languages its sessions name (for the filter's choices). */
    facets(appKey: string): Promise<{ versions: string[]; languages: string[] }>;
  };
  issues: {
    /** Newest first, older than issue `before` when given. */
    list(filter: IssueFilter): Promise<{ issues: ExplorerIssue[]; next: number | null }>;
    one(appKey: string, uid: string): Promise<(ExplorerIssue & { session_id: number }) | undefined>;
    /** The titles of those of `uids` the app has: what a page's `bf_issue` lines name
     * (server/explorer/issue-titles.ts). */
    titles(appKey: string, uids: string[]): Promise<{ uid: string; title: string }[]>;
  };
  devices: {
    list(filter: DeviceFilter): Promise<{ devices: ExplorerDevice[]; more: boolean }>;
    one(appKey: string, udid: string): Promise<DeviceDetail | undefined>;
    /** A page of the app's devices whose key `key` holds `value` now, as the key search matches it, latest log first
     * (docs/explorer.md#finding-a-user-across-apps); `more` when there are more. */
    withKey(
      appKey: string,
      key: string,
      value: string,
      limit: number,
    ): Promise<{ devices: IdentityDevice[]; more: boolean }>;
  };
}

export interface ExplorerSessionRow {
  session_uid: string;
  udid: string;
  device_name: string | null;
  payload: string;
  time: string;
  first_at: number | null;
  last_at: number | null;
  total: number | null;
  issues: number;
  debug: number | null;
  warning: number | null;
  error: number | null;
  trace: number | null;
  info: number | null;
  fatal: number | null;
}

export interface ExplorerDeviceRow {
  udid: string;
  name: string;
  info: string | null;
  first_seen: string;
  last_seen: string;
  first_at: number | null;
  last_at: number | null;
  sessions: number;
}
