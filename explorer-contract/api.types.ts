// The log explorer's API: its path, the values its parameters take and its answers, one contract compiled by the
// service (server/explorer/) and by the explorer's page (explorer/), as portal/api.types.ts is the partner API's.
// The log stream's filters are explorer-contract/log-filters.ts. Pure TypeScript: no DOM, no Node.
import type { DeviceKeyValue, LogRecord } from '../protocol/records.types.ts';

/** Where the API answers; GET and POST under it, JSON in and out (docs/local-service.md#explorer). */
export const EXPLORER_API = '/sidelog/explorer/api';

/** `GET /apps/{appID}/sessions?sort=` */
export type SessionSort = 'last' | 'first' | 'logs' | 'errors' | 'issues';
export const SESSION_SORTS: readonly SessionSort[] = ['last', 'first', 'logs', 'errors', 'issues'];

/** `GET /apps/{appID}/issues?type=` lists some of these, comma-separated. */
export const ISSUE_TYPES = ['issue', 'crash', 'user-feedback'] as const;
export type IssueType = (typeof ISSUE_TYPES)[number];

/** A session's counts by level, in level order (Debug 0 … Fatal 5). */
export const LEVEL_COLUMNS = ['debug', 'warning', 'error', 'trace', 'info', 'fatal'] as const;

/** What a stored log holds besides its session and time, absent fields as null (as they come out of the database):
 * every field of LogRecord but `at` (server/stores/log-columns.ts describes how each is stored). */
export type StoredLogFields = { x: string } & {
  -readonly [K in Exclude<keyof LogRecord, 'x' | 'at'>]-?:
    | (NonNullable<LogRecord[K]> extends number ? number : NonNullable<LogRecord[K]>)
    | null;
};

/** Lists send a log's text cut to this many characters, with the whole text's length; the whole text is one request
 * away (docs/explorer-views.md#long-lines). */
export const LIST_TEXT_CHARS = 4096;

export interface ExplorerLog extends StoredLogFields {
  id: number;
  /** In a list, the whole text's length in characters when `t` was cut to LIST_TEXT_CHARS; null or absent when `t` is
   * whole. */
  t_length?: number | null;
  session_uid: string;
  udid: string;
  /** The device's name, '' when it sent none: who the log is from. */
  device_name: string;
  /** With `who=<key>`, else the app's identity key: the device's value of that key now, null when it has none
   * (docs/explorer.md#identity). */
  who?: DeviceKeyValue;
  /** A `bf_issue` line's issue's title; null when the app has no issue of that uid
   * (docs/explorer-views.md#issue-lines). */
  issue_title?: string | null;
  at: number;
}

/** How far a search holding a fragment read (docs/explorer.md#fragments): it reads the view's logs newest first, a
 * budget of them a page. */
export interface ScanProgress {
  /** How many of the view's logs this page read. */
  scanned: number;
  /** The time (ms) of the oldest log read; null when it read none. */
  scannedTo: number | null;
  /** False when the budget ended first: older logs were not read, and `next` goes on from there ("search further"). */
  complete: boolean;
}

export interface LogPage {
  logs: ExplorerLog[];
  /** Pass back as `before` for the next (older) page; null at the end. */
  next: string | null;
  /** A search holding a fragment: how far this page read. */
  scan?: ScanProgress;
  /** The first page only: the tail's horizon, read just before the page; a live tail starts after it
   * (docs/explorer-views.md#live-tail). */
  tail?: number;
}

export interface ExplorerSession {
  session_uid: string;
  udid: string;
  device_name: string;
  /** The device's model (Bugfender's SDK: the browser's name) and OS, as the session named them when it started. */
  device_model: string;
  os_version: string;
  app_version: string;
  app_build: string;
  language: string;
  sdk: string;
  time: string;
  first_at: number | null;
  last_at: number | null;
  counts: Record<(typeof LEVEL_COLUMNS)[number], number>;
  total: number;
  issues: number;
  /** The device's value of the app's identity key (docs/explorer.md#identity), null without one; absent with no key. */
  who?: DeviceKeyValue;
}

export interface ExplorerIssue {
  id: number;
  uid: string;
  type: string;
  title: string;
  text: string;
  url: string;
  received_at: string;
  session_uid: string;
  udid: string;
  device_name: string;
  /** As on a session. */
  who?: DeviceKeyValue;
}

export interface ExplorerDevice {
  udid: string;
  name: string;
  os_version: string;
  language: string;
  /** When the collector received the device first and last. */
  first_seen: string;
  last_seen: string;
  /** Its first and last log by the logs' own time (ms), null before any log: what the pages show first. */
  first_at: number | null;
  last_at: number | null;
  sessions: number;
  /** As on a session. */
  who?: DeviceKeyValue;
}

/** `DELETE /apps/{appID}/devices/{udid}`, the admin's alone (and the admin API's): what erasing a device deleted
 * (docs/privacy.md#erasing-a-device). */
export interface DeviceErasure {
  udid: string;
  logs: number;
  sessions: number;
  issues: number;
  /** Changes of its keys (its key history). */
  keyChanges: number;
}

/** `GET erasures`, the admin's alone (and the admin API's): a device erased, as its record keeps it after its data,
 * newest first (docs/privacy.md#erasing-a-device). */
export interface ErasureRecord extends DeviceErasure {
  /** The app's key. */
  app: string;
  /** Its appID, as the explorer's addresses name it. */
  appId: string;
  /** When it finished; while unfinished, when it started. */
  erased_at: string;
  /** The viewer who erased it (`admin`), or `admin API`. */
  erased_by: string;
  /** False while it runs, or when it failed midway: erasing the device again goes on with it. */
  finished: boolean;
}

/** `GET downloads`, the admin's alone (and the admin API's): a file of stored data downloaded, newest first
 * (docs/privacy.md#each-download-is-recorded). */
export interface DownloadRecord {
  /** The app's key. */
  app: string;
  /** Its appID, as the explorer's addresses name it. */
  appId: string;
  /** `device`: a device's copy; `user`: one device of a copy of all of a person's devices; `export`: a view's logs. */
  of: 'device' | 'user' | 'export';
  /** The device copied; null for an export. */
  udid: string | null;
  /** An export's view as its address's query, the words a person could be found by left out (`q=…`, `value=…`); null
   * for a copy. */
  view: string | null;
  /** `json` (a copy), `ndjson` or `csv`. */
  format: string;
  /** When its download began. */
  downloaded_at: string;
  /** The account that downloaded it, or `admin API`. */
  downloaded_by: string;
  /** Its logs written into the file. */
  logs: number;
  /** False while it downloads, or when the download was cut before its end. */
  finished: boolean;
}

/** The shortest password an explorer account may have (docs/local-service.md#viewer-accounts). */
export const MIN_VIEWER_PASSWORD = 8;

/** `GET /viewers`, the admin's alone (and the admin API's): an account that may sign in to the explorer
 * (docs/local-service.md#viewer-accounts). */
export interface ViewerAccount {
  name: string;
  /** The app keys it may read; null for every app. */
  apps: string[] | null;
  created_at: string;
}

/** `GET /apps`: every app, with how many sessions it has received. */
export interface ExplorerApp {
  key: string;
  appId: string;
  enabled: boolean;
  sessions: number;
  /** The device key that says who a user is (docs/explorer.md#identity); null: a device's name and short id. */
  identityKey: string | null;
}

/** The most lines of context on either side of a log that one read gives (docs/explorer-views.md#context). */
export const AROUND_MAX = 1000;

/** `GET /apps/{appID}/logs/{id}/around?older=N&newer=N`: logs before and after one in its session, in time order,
 * the log among them, and whether the session has more beyond each end. */
export interface AroundLogs {
  logs: ExplorerLog[];
  target: ExplorerLog;
  moreOlder: boolean;
  moreNewer: boolean;
}

/** `GET /apps/{appID}/issues/{uid}`: the issue, with its session's logs around the moment it was sent. */
export interface IssueDetail {
  issue: ExplorerIssue;
  around: AroundLogs | null;
}

/** `GET /apps/{appID}/devices/{udid}`: the device with its keys as they are now. */
export type DeviceDetail = ExplorerDevice & { keys: { key: string; value: DeviceKeyValue }[] };

/** `GET /intent/{appID}/{kind}/{id}`: the app an intent URL names, by Sidelog's appID, whichever form it came in. */
export interface IntentTarget {
  appId: string;
  kind: 'issue' | 'session' | 'device';
  id: string;
}

/** `GET /apps/{appID}/logs/volume?<filters>`: the filtered logs counted by time and level, for the histogram
 * (docs/volume-and-counts.md#volume). */
export interface LogVolume {
  /** Each bucket's width; buckets start at whole multiples of it since the epoch, so they line up in UTC. */
  bucketMs: number;
  /** Every bucket from the first to the last, the empty ones too, oldest first; `levels[n]` counts level n (Debug 0
   * … Fatal 5, a log without a level as Debug), as LEVEL_COLUMNS orders them. */
  buckets: { at: number; levels: number[] }[];
  /** A search holding a fragment: the buckets count the logs its scan read; before `scannedTo`, when not complete,
   * they count at least (docs/explorer.md#fragments). */
  scan?: ScanProgress;
  /** Logs of the view dated by a wrong clock, left out of the bars' span (server/explorer/chart-span.ts). */
  leftOut?: ChartLeftOut;
}

/** What a chart of a view named no range for left out of its span: logs dated before 2000, or more than a day past
 * the service's clock, as a device whose clock is wrong dates them, while the view holds logs dated between
 * (docs/volume-and-counts.md#a-wrong-clock). `before`: the earliest log's time, when the logs before 2000 were left
 * out; `after`: the latest log's, when those ahead were. The logs are not changed: the list and the counts hold
 * them. */
export interface ChartLeftOut {
  before?: number;
  after?: number;
}

/** `GET /apps/{appID}/logs/count?<filters>`: how many logs match, exact whatever the total for a view narrowed only by
 * levels and time (the rollup), else exact up to `COUNT_CAP`; past it `capped` is true and `count` is the cap
 * (docs/volume-and-counts.md#counts). */
export interface LogCount {
  count: number;
  /** The view holds more than `count`: past COUNT_CAP, or past what a fragment's scan read. */
  capped: boolean;
  /** A search holding a fragment: the count is of the logs its scan read (docs/explorer.md#fragments). */
  scan?: ScanProgress;
}

/** Counting a view the rollup cannot count stops here: beyond it a count costs a scan of everything matched and says
 * no more to a person. */
export const COUNT_CAP = 100_000;

/** A value of a facet and how many of the view's logs have it; `label` is how a person knows it (a device's name). */
export interface FacetValue {
  value: string;
  count: number;
  label?: string;
}

/** `GET /apps/{appID}/logs/facets?<filters>`: the view's logs counted by each facet, the most common values first, and
 * how many devices and sessions they come from (docs/facets.md). `sampled`, when present, says the counts are of the
 * view's newest `sampled` logs only, not of all it matches (docs/facets.md#counting). */
export interface LogFacets {
  /** How many of the view's newest logs were counted, when that is fewer than the view holds. */
  sampled?: number;
  /** With `sampled`: the levels count every log of the view nonetheless, as the histogram does. */
  everyLevel?: true;
  /** A view holding a term no index answers, when its scan's budget ended first: the counts are of the matches among
   * the `scanned` logs read, back to `scannedTo` (docs/facets.md#counting), so each is "at least". */
  scan?: ScanProgress;
  level: FacetValue[];
  tag: FacetValue[];
  file: FacetValue[];
  device: FacetValue[];
  version: FacetValue[];
  language: FacetValue[];
  /** The most common device keys of the view's devices, each with its most common values
   * (docs/facets.md#device-keys). */
  keys: KeyFacet[];
  devices: number;
  sessions: number;
}

/** A device key and its values among the view's devices: each value counts the logs of the devices that have it now. A
 * value is as the search box's `key.<name>:` takes it (a string as it is, a number or a boolean as its JSON). */
export interface KeyFacet {
  key: string;
  values: FacetValue[];
}
