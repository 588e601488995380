// The service's stores: small interfaces, one per part of the service that keeps data, so that each part asks only
// for what it uses, and each database is one implementation of them: server/stores/sqlite/ (embedded, the default) and
// server/stores/postgres/ (a server, for several processes). Every method answers a promise, since a server database
// answers over a socket; the SQLite store answers at once (better-sqlite3 is synchronous).
import type { DeviceInfo, DeviceKeyValue, LogRecord, SessionPayload } from '../../protocol/records.types.ts';
import type { RedactConfig } from '../../protocol/redact/redact-options.ts';
import type { IssueRequest, SkippedLog, WireOperation } from '../../protocol/wire.ts';
import type { ExplorerQueries } from './explorer-queries.types.ts';
import type {
  DeviceErasure,
  DownloadRecord,
  ErasureRecord,
  ExplorerIssue,
  ViewerAccount,
} from '../../explorer-contract/api.types.ts';
import type {
  KeyHistoryEntry,
  SessionKey,
  IssueGroup,
  IssueGroupStatus,
  IssueReply,
  SavedView,
  WebhookSetting,
} from '../../explorer-contract/insight.types.ts';
import type { AlertFiring, ViewAlert } from '../../explorer-contract/view-alert.ts';

export type PartnerView = 'profile' | 'sales' | 'stats' | 'warehouse' | 'support';

export interface App {
  key: string;
  appId: string;
  enabled: boolean;
  /** The rule set the collector redacts the app's data with at ingest (docs/privacy.md#on-the-service); none when absent. */
  redact?: RedactConfig;
  /** The device key that says who a user is (`user_id`, `email`), shown wherever a device is (docs/explorer.md#identity);
   * absent: the device's name and a short id. */
  identityKey?: string;
}
export interface Partner {
  id: number;
  email: string;
  passwordHash: string;
}
export interface StoredSession {
  id: number;
  session_uid: string;
  udid: string;
  time: string;
  received_at: string;
  payload: SessionPayload;
}
export interface CollectedLog extends LogRecord {
  session_uid: string;
}
export interface StoredIssue {
  uid: string;
  url: string;
  title: string;
  text: string;
  type: string;
  session_uid: string;
  received_at: string;
}
export interface StoredDevice {
  udid: string;
  name: string;
  info: DeviceInfo | null;
  first_seen: string;
  last_seen: string;
}
export interface DeviceKeyChange {
  device_id: string;
  key: string;
  value: DeviceKeyValue;
}

/** The partner API's data: partners, their tokens (kept as hashes) and what each view shows them. */
export interface PartnerStore {
  addPartner(partner: { email: string; passwordHash: string }, views: Record<PartnerView, unknown>): Promise<number>;
  partnerByEmail(email: string): Promise<Partner | undefined>;
  /** Keeps a token by its hash (server/http/tokens.ts); expired tokens, and the partner's beyond its MAX_SIGN_INS newest,
   * are deleted on the way. */
  addToken(tokenHash: string, partnerId: number, expiresAt: Date): Promise<void>;
  /** The partner a token belongs to, when it exists and has not expired. */
  partnerOfToken(tokenHash: string, now: Date): Promise<number | undefined>;
  /** Deletes the token; whether it existed. */
  revokeToken(tokenHash: string): Promise<boolean>;
  partnerView(partnerId: number, view: PartnerView): Promise<unknown>;
}

/** The apps the collector serves. */
export interface AppStore {
  /** Creates or updates the app; `redact` undefined keeps its rule set, null removes it. */
  putApp(key: string, enabled: boolean, redact?: RedactConfig | null): Promise<App>;
  app(key: string): Promise<App | undefined>;
  /** By Sidelog's appID or the Bugfender SDK's (server/stores/app-id.ts). */
  appById(appId: string): Promise<App | undefined>;
  apps(): Promise<App[]>;
  /** Names the app's identity key (docs/explorer.md#identity); null removes it. The app, undefined when unknown. */
  setIdentityKey(key: string, identityKey: string | null): Promise<App | undefined>;
}

/** A batch of logs stored outside SIDELOG_DB (ClickHouse: docs/clickhouse.md#sessions-ordered-by-their-logs), counted
 * as addLogs counts its own. */
export interface StoredCounts {
  /** Logs sent, and those new. */
  sent: number;
  stored: number;
  /** Of the new ones: the first and last time, and how many of each level 0…5 (a log without one as Debug). */
  first_at: number;
  last_at: number;
  levels: number[];
}

/** What the collector writes. */
export interface CollectorStore {
  /** A known app's request is a row of `requests` (the newest MAX_REQUEST_ROWS are kept), with `skipped`, the logs of
   * a batch that could not be stored, which the answer named; one naming an unknown key only counts in `refused_keys`
   * (at most MAX_REFUSED_KEYS rows). SQLite resolves once the row is queued for the next group commit: nobody's answer
   * waits on the requests log. */
  recordRequest(appKey: string, op: CollectorOperation, status: number, skipped?: SkippedLog[]): Promise<void>;
  putDevice(appKey: string, device: DeviceInfo): Promise<void>;
  /** The session's id; registering the same session_uid again returns the same id. */
  putSession(appKey: string, session: SessionPayload): Promise<number>;
  sessionById(appKey: string, id: number): Promise<StoredSession | undefined>;
  /** Stores the batch, skipping logs already stored for the session (same `at` and content); returns how many were new. */
  addLogs(appKey: string, sessionId: number, logs: LogRecord[]): Promise<number>;
  /** Counts a batch another store holds the logs of, as addLogs counts its own: into the session's counts (the sessions
   * list's order, a device's first and last time) and the batch's row (the admin API's `batches`). With `token` (counts
   * once owed: docs/clickhouse.md#counts-owed-kept-and-paid), the token is recorded in the same transaction, and a token
   * already recorded, or a session deleted since (by retention, or its device erased), counts nothing: so counts
   * paid twice count once. Whether the session is there: false when it is gone, and the other store's logs of it
   * then name no session (docs/privacy.md#erasing-a-device). */
  countLogs(appKey: string, sessionId: number, counts: StoredCounts, token?: string): Promise<boolean>;
  /** Forgets tokens of counted_batches (owed counts paid before log_batches held tokens) that ClickHouse's ledger has
   * deleted: nothing reads them to pay again (docs/clickhouse.md#old-tokens-deleted). */
  forgetCountedTokens(tokens: readonly string[]): Promise<void>;
  /** Stores the issue unless its uid is already stored; returns whether it was new. `resolved_frame`: its frame as
   * its source map resolved it (server/sourcemaps/group-frame.ts), which its group keys on. */
  addIssue(appKey: string, issue: IssueRequest & { resolved_frame?: string }): Promise<boolean>;
  setDeviceKey(appKey: string, udid: string, key: string, value: DeviceKeyValue): Promise<void>;
}

/** What the admin API and the intent lookups read of what the collector stored. */
export interface CollectedReads {
  sessions(appKey: string, limit?: number): Promise<StoredSession[]>;
  issues(appKey: string, limit?: number): Promise<StoredIssue[]>;
  /** One session's issues, oldest first (the admin API's session view), by the issues' session index. */
  sessionIssues(sessionId: number): Promise<StoredIssue[]>;
  /** One page of an admin list, in arrival order: rows after the cursor `after` (a row id; 0 for the start). */
  listPage(
    list: AdminList,
    appKey: string,
    after: number,
    limit: number,
  ): Promise<{ rows: unknown[]; last: number | undefined }>;
  /** Requests that named an unknown key, counted per key, operation and status; most recently seen first. */
  refusedKeys(limit: number): Promise<RefusedKey[]>;
  session(appKey: string, uuid: string): Promise<StoredSession | undefined>;
  sessionLogs(sessionId: number): Promise<LogRecord[]>;
  issue(appKey: string, uid: string): Promise<(StoredIssue & { session_id: number }) | undefined>;
  device(appKey: string, udid: string): Promise<StoredDevice | undefined>;
  deviceKeys(appKey: string, udid: string): Promise<{ key: string; value: DeviceKeyValue }[]>;
  deviceSessions(appKey: string, udid: string): Promise<StoredSession[]>;
}

/** Retention (server/stores/retention.ts). */
export interface RetentionStore {
  /** Notes, with the time, the highest row id of each table retention prunes. */
  markRetention(now: Date): Promise<void>;
  /** Deletes at most `batch` rows that arrived before `cutoff` (by the marks), from one table; how many it deleted. */
  pruneBefore(cutoff: Date, batch: number): Promise<number>;
  /** Takes logs another store's retention dropped (ClickHouse's days: docs/clickhouse.md#retention) out of their
   * sessions' counts, as the other stores' retention takes out the logs it deletes (the first and last time stay). */
  uncountLogs(counts: SessionLogCounts[]): Promise<void>;
}

/** How many logs of one session, and of each level 0…5 (a log without one as Debug). */
export interface SessionLogCounts {
  session_id: number;
  total: number;
  levels: number[];
}

/** The explorer's viewer accounts and their sign-ins (server/explorer/viewer-accounts.ts holds the rules). */
export interface ViewerStore {
  viewerPasswordHash(name: string): Promise<string | undefined>;
  /** Adds the account or sets its password; whether it is new. A new password ends the account's sign-ins. */
  putViewer(name: string, passwordHash: string, now: Date): Promise<boolean>;
  /** Sets an existing account's password, ending its sign-ins; false when there is no such account (it is not made). */
  setViewerPassword(name: string, passwordHash: string): Promise<boolean>;
  /** Keeps a sign-in by its token's hash; expired ones, and the viewer's beyond its MAX_SIGN_INS newest, are deleted
   * on the way. */
  addViewerSession(tokenHash: string, viewer: string, expiresAt: Date, now: Date): Promise<void>;
  viewerOfSession(tokenHash: string, now: Date): Promise<string | undefined>;
  deleteViewerSession(tokenHash: string): Promise<void>;
  /** The app keys the viewer may read; undefined for every app (the default). */
  viewerApps(name: string): Promise<string[] | undefined>;
  /** Limits the viewer to these app keys, or with null lifts the limit; false when there is no such viewer. */
  setViewerApps(name: string, apps: string[] | null): Promise<boolean>;
  /** Every account, by name: never its password's hash. */
  viewers(): Promise<ViewerAccount[]>;
  /** Removes the account with its sign-ins and its own saved views (their alerts with them); the views it shared stay,
   * the team's. False when there is no such viewer. */
  deleteViewer(name: string): Promise<boolean>;
}

export interface IssueGroupFilter {
  appKey: string;
  /** Title (the group's or its newest occurrence's) contains, case-insensitively. */
  q?: string;
  types?: string[];
  statuses?: IssueGroupStatus[];
  offset?: number;
  limit: number;
}

/** An issue of a group, by its session's row id and its uid (IssueGroupStore.groupIssueKeys). */
export interface GroupIssueKey {
  group_id: number;
  session_id: number;
  uid: string;
}

/** Issue groups (docs/explorer.md#issue-groups): CollectorStore.addIssue groups each new issue in its transaction
 * (and queues the app's webhook when the group is new or reopens); the explorer reads and triages them. */
export interface GroupBreakdownRow {
  version: string | null;
  os: string | null;
  browser: string | null;
  /** The device's name, where the browser is when the device named none (protocol/device-browser.ts). */
  device: string | null;
  day: string;
  n: number;
  first_received: string;
}

export interface IssueGroupStore {
  /** Most recently seen first. */
  issueGroups(filter: IssueGroupFilter): Promise<{ groups: IssueGroup[]; more: boolean }>;
  issueGroup(appKey: string, id: number): Promise<IssueGroup | undefined>;
  /** Each group's first and last occurrence by the logs' own time (docs/explorer.md#event-time-first): the times of
   * its issues' own `bf_issue` lines; a group none of whose lines is kept is absent. */
  groupEventTimes(appKey: string, ids: number[]): Promise<Map<number, { first_at: number; last_at: number }>>;
  /** The session and uid of each issue of the groups `ids`: for a log store apart from this one (ClickHouse), which
   * finds the issues' `bf_issue` lines itself (docs/clickhouse.md#issue-groups). */
  groupIssueKeys(appKey: string, ids: number[]): Promise<GroupIssueKey[]>;
  /** The group of the issue with this uid. */
  groupOfIssue(appKey: string, uid: string): Promise<IssueGroup | undefined>;
  /** Newest first, older than issue `before` when given; texts cut to 300 characters. */
  groupOccurrences(
    appKey: string,
    id: number,
    options: { before?: number; limit: number },
  ): Promise<{ issues: (ExplorerIssue & { session_id: number })[]; next: number | null }>;
  /** The group's occurrences counted by the app version, OS and browser their sessions named and the day (UTC) they
   * arrived, each combination with its earliest arrival; and the earliest time a device logged one (its `bf_issue`
   * line's, by the device's clock), null when none has such a line (docs/explorer.md#an-issue-groups-analytics). */
  groupBreakdown(
    appKey: string,
    id: number,
  ): Promise<{ rows: GroupBreakdownRow[]; firstLogged: number | null; resolvedIn: string | null }>;
  /** Sessions with logs and no issue of the group, most recently active first. */
  sessionsWithoutGroup(appKey: string, id: number, limit: number): Promise<string[]>;
  /** With `resolvedIn`, a resolved group stays resolved on an occurrence from an older app version
   * (docs/explorer.md#resolved-in-a-version); any other status forgets it. */
  setIssueGroupStatus(
    appKey: string,
    id: number,
    status: IssueGroupStatus,
    by: string,
    now: Date,
    resolvedIn?: string,
  ): Promise<IssueGroup | undefined>;
  /** Groups up to `limit` issues stored before groups were kept (never notifying); how many it grouped. */
  groupUngroupedIssues(limit: number): Promise<number>;
}

/** Replies on issue groups and their issues (docs/explorer.md#replies): kept beside the groups, never sent anywhere. */
export interface IssueReplyStore {
  /** The group's newest `limit` replies, oldest first; with `issueUid`, only those written on that issue's page. */
  issueReplies(appKey: string, groupId: number, options: { issueUid?: string; limit: number }): Promise<IssueReply[]>;
  /** Every reply written on the pages of the app's issues `uids`, oldest first (a device's copy). */
  repliesOnIssues(appKey: string, uids: readonly string[]): Promise<IssueReply[]>;
  /** Keeps the reply and, when it `resolved`, sets its group resolved by its author at its time, in one transaction. */
  addIssueReply(appKey: string, reply: Omit<IssueReply, 'id'>): Promise<IssueReply>;
}

/** A notification waiting in the outbox (docs/explorer.md#the-webhook), with the app's webhook URL. */
export interface PendingNotification {
  id: number;
  appKey: string;
  event: string;
  payload: string;
  attempts: number;
  url: string;
}

/** The apps' webhooks and the outbox of their notifications, delivered by server/webhooks/notifier.ts. */
export interface WebhookStore {
  webhook(appKey: string): Promise<WebhookSetting>;
  /** Sets the URL, with the origin the explorer's links in payloads start with; null removes it and its pending
   * notifications. */
  setWebhook(appKey: string, hook: { url: string; origin: string } | null, now: Date): Promise<void>;
  /** Takes the first `perApp` notifications due at `now` (epoch ms) of each of up to `apps` apps (those whose first
   * is oldest), oldest first, for `leaseMs`: another process does not take them meanwhile. An app with notifications
   * taken and neither done nor past their lease is left out, so that each app's are sent one batch at a time, in
   * order. */
  claimNotifications(now: number, perApp: number, leaseMs: number, apps: number): Promise<PendingNotification[]>;
  /** Delivered, or failed: tried again at `retryAt`, or given up when it is null. `status` is what the webhook shows. */
  notificationDone(id: number, outcome: { status: string; retryAt?: number | null }, now: Date): Promise<void>;
}

/** A source map as the admin API lists it (docs/source-maps.md): never its text. */
export interface SourceMapInfo {
  id: number;
  release: string;
  /** The path of the minified file's URL it maps (server/sourcemaps/map-path.ts). */
  path: string;
  bytes: number;
  sources: number;
  uploaded_at: string;
}

/** Each app's source maps per release (docs/source-maps.md), read by server/sourcemaps/symbolicator.ts. */
export interface SourceMapStore {
  /** Keeps the map, replacing the release's map of the same path; refused (its reason) when the app's maps would
   * pass `appCap` bytes. */
  putSourceMap(
    appKey: string,
    map: { release: string; path: string; text: string; bytes: number; sources: number },
    now: Date,
    appCap: number,
  ): Promise<SourceMapInfo | { error: string }>;
  /** The app's maps, of one release when given, newest first. */
  sourceMaps(appKey: string, release?: string): Promise<SourceMapInfo[]>;
  /** Deletes one map (`id`) or a release's; how many it deleted. */
  deleteSourceMaps(appKey: string, which: { id: number } | { release: string }): Promise<number>;
  /** The newest map of the path among these releases. */
  sourceMapId(appKey: string, releases: readonly string[], path: string): Promise<number | undefined>;
  sourceMapText(appKey: string, id: number): Promise<string | undefined>;
}

/** Saved views of the explorer (docs/explorer.md#saved-views). */
export interface SavedViewStore {
  /** The viewer's own and the shared ones, by name. */
  savedViews(appKey: string, viewer: string): Promise<SavedView[]>;
  addSavedView(appKey: string, view: Omit<SavedView, 'alert'>): Promise<void>;
  /** Deletes a view its owner (or the admin, `anyOwner`) may delete; whether it did. */
  deleteSavedView(appKey: string, id: string, viewer: string, anyOwner: boolean): Promise<boolean>;
}

/** A saved view's alert due for its check (docs/explorer.md#alerts), with what the check needs of its view. */
export interface DueAlert {
  viewId: string;
  appKey: string;
  appId: string;
  name: string;
  path: string;
  query: string;
  alert: ViewAlert;
  /** The firing still open (not cleared), and when the alert last fired (epoch ms): at most once per window. */
  firingId: number | null;
  lastFiredAt: number | null;
}

/** What one check counted: the view's logs in `window` (epoch ms, from inclusive, to exclusive), checked at `window.to`. */
export interface AlertCheck {
  count: number;
  window: { from: number; to: number };
}

/** Saved views' alerts and their firings (docs/explorer.md#alerts), checked by server/alerts/alert-checks.ts. */
export interface AlertStore {
  /** Sets (or, null, removes) the alert of a view its owner (or the admin, `anyOwner`) may change, closing its open
   * firing (at `now`); whether there was such a view. It is due at the next look of the checks. */
  setViewAlert(
    appKey: string,
    viewId: string,
    who: { viewer: string; anyOwner: boolean },
    alert: ViewAlert | null,
    now: number,
  ): Promise<boolean>;
  /** The app's firings of the views the viewer sees (its own and the shared), newest first. */
  alertFirings(appKey: string, viewer: string, limit: number): Promise<AlertFiring[]>;
  /** Takes up to `limit` alerts due at `now` (epoch ms) and moves their next check to `nextAt`, one process at a time:
   * each due check is taken by one process. */
  claimAlertChecks(now: number, nextAt: number, limit: number): Promise<DueAlert[]>;
  /** Records a firing (`firingId` null in `due`) or the clearing of `due.firingId`, with the app's webhook notified
   * through the outbox, in one transaction; the firing as it now stands, or null when another check got there first. */
  recordAlert(due: DueAlert, check: AlertCheck): Promise<AlertFiring | null>;
}

/** Every change of a device's keys, as the collector kept them (device_key_changes), oldest first, at most `limit`
 * (the newest). */
export interface DeviceHistoryStore {
  deviceKeyHistory(appKey: string, udid: string, limit: number): Promise<KeyHistoryEntry[]>;
  /** The keys of a session's device as they stood in that session (docs/facets.md#session-header). */
  sessionDeviceKeys(appKey: string, sessionUid: string): Promise<SessionKey[]>;
}

/** What one step of erasing a device deleted (docs/privacy.md#erasing-a-device), and whether the device is gone. */
export interface ErasedRows {
  logs: number;
  sessions: number;
  issues: number;
  /** Its keys' changes (the key history). */
  keyChanges: number;
  done: boolean;
}

/** Erasing everything stored of one device, on request (docs/privacy.md#erasing-a-device). */
export interface DeviceErasureStore {
  /** One step, in one transaction: up to `batch` of the device's logs; once none is left, the rest of it (its
   * sessions with their batches and issues, its keys and their history, its place in issue groups, the device).
   * Nothing of it found: `done` with nothing deleted. The same transaction adds what it deleted to erasure `record`'s
   * counts (with `logsElsewhere`, the logs this step erased outside SIDELOG_DB: ClickHouse's), and the step that is
   * `done` marks the record finished: no row goes uncounted, and a record reads finished only once all went. */
  eraseDeviceStep(
    appKey: string,
    udid: string,
    batch: number,
    record: number,
    logsElsewhere?: number,
  ): Promise<ErasedRows>;
}

/** The record of each device erased, kept after its data (docs/privacy.md#erasing-a-device). */
export interface ErasureRecordStore {
  /** The record an erasure of the device counts its steps in: a new one, unfinished, or the unfinished one an
   * erasure that failed midway left, to go on with (`by` then names who went on). Its id and what it counts so far. */
  startErasure(appKey: string, udid: string, by: string, at: Date): Promise<{ id: number; erased: DeviceErasure }>;
  /** Counts `logs` more in erasure `record`: those ClickHouse took while the device's last step ran (with-logs.ts). */
  addErasedLogs(record: number, logs: number): Promise<void>;
  /** The newest first, at most `limit`; of one app, or of every app. */
  erasures(limit: number, appKey?: string): Promise<ErasureRecord[]>;
}

/** The record of each file of stored data downloaded (docs/privacy.md#each-download-is-recorded), kept as the
 * erasures'. */
export interface DownloadRecordStore {
  /** A download begins, by `by`: its record's id, unfinished. */
  startDownload(
    appKey: string,
    what: Pick<DownloadRecord, 'of' | 'udid' | 'view' | 'format'>,
    by: string,
    at: Date,
  ): Promise<number>;
  /** Download `record` wrote `logs` logs, and reached its end (`finished`) or was cut. */
  endDownload(record: number, logs: number, finished: boolean): Promise<void>;
  /** The newest first, at most `limit`; of one app, or of every app; of one device of the app, with `udid`. */
  downloads(limit: number, appKey?: string, udid?: string): Promise<DownloadRecord[]>;
}

/** An app's own forwarding endpoint (docs/opentelemetry.md#the-collector-forwards), set through the admin API. */
export interface ForwardTarget {
  appKey: string;
  url: string;
  headers: Record<string, string>;
}
/** How far an app's logs have been forwarded: the highest log id sent and acknowledged, and what went wrong last. */
export interface ForwardCursor {
  appKey: string;
  lastId: number;
  /** Records sent and acknowledged, and records the endpoint refused (they are not sent again). */
  forwarded: number;
  refused: number;
  lastForwardedAt: string | null;
  lastError: string | null;
  lastErrorAt: string | null;
}
/** What the forwarder moves its cursor by: a page acknowledged (`lastId`, counts added), or an error noted. */
export interface ForwardProgress {
  lastId?: number;
  forwarded?: number;
  refused?: number;
  /** A message notes an error; null clears it. */
  error?: string | null;
}
/** A stored log as the forwarder reads it: its id and session, and its fields. */
export interface ForwardLog extends LogRecord {
  id: number;
  session_id: number;
}
export interface ForwardPage {
  logs: ForwardLog[];
  /** A short page's end, where the store read past `upTo` (ClickHouse: its horizon, arrival.ts): the cursor moves to it. */
  through?: number;
  /** The sessions the logs belong to, by id. */
  sessions: StoredSession[];
}

/** Forwarding stored logs to OTLP endpoints (server/collector/otlp/forwarder.ts): the apps' own endpoints, each app's cursor,
 * and the lease that lets one process forward at a time. */
export interface ForwardStore {
  forwardTargets(): Promise<ForwardTarget[]>;
  /** Sets the app's own endpoint, or with null removes it (the app then follows SIDELOG_FORWARD_OTLP). */
  setForwardTarget(appKey: string, target: { url: string; headers: Record<string, string> } | null): Promise<void>;
  /** Takes the lease for `holder`, or renews it, for `ms` more; whether `holder` holds it. A lease not renewed in
   * time passes to the next process that asks. */
  claimForwarding(holder: string, ms: number): Promise<boolean>;
  releaseForwarding(holder: string): Promise<void>;
  /** Who holds the lease, when anyone does. */
  forwardingHolder(): Promise<{ holder: string; expiresAt: string } | undefined>;
  /** A log id below which every log that will ever be visible already is: a cursor may move up to it without
   * passing a log still being written. */
  forwardHorizon(): Promise<number>;
  /** Up to `limit` logs of the app with ids in (after, upTo], in id order, with their sessions. */
  forwardPage(appKey: string, after: number, upTo: number, limit: number): Promise<ForwardPage>;
  forwardCursors(): Promise<ForwardCursor[]>;
  saveForwardCursor(appKey: string, progress: ForwardProgress): Promise<void>;
  /** How many of the app's logs are stored past `after`, counting no further than `cap`. */
  forwardLag(appKey: string, after: number, cap: number): Promise<number>;
}

/** Sessions named by one of their own fields: a session's uid, its device, app version or language, or (`key`) a device
 * key's value as the table stores it (JSON: explorer-queries.ts, deviceKeyValues). */
export type SessionMatch =
  | { field: 'session' | 'device' | 'version' | 'language'; values: readonly string[] }
  | { key: string; values: readonly string[] };

/** What a log store kept apart from SIDELOG_DB (ClickHouse: docs/clickhouse.md#what-lives-where) asks SIDELOG_DB of
 * the sessions its logs name: the ids a filter on a session's fields stands for, and who each log is from. */
export interface SessionLookup {
  sessionIdsWhere(appKey: string, match: SessionMatch): Promise<number[]>;
  sessionsOfIds(
    appKey: string,
    ids: readonly number[],
  ): Promise<{ id: number; session_uid: string; udid: string; device_name: string }[]>;
}

/** A process writing logs to ClickHouse, as the board of writers in SIDELOG_DB holds it (server/stores/log-writers.ts). */
export interface LogWriterRow {
  writer: string;
  /** The arrival number up to which every row of this writer is visible or never will be (clickhouse/arrival.ts). */
  horizon: number;
  /** When it said so, on its own clock (ms). */
  seen_at: number;
}

/** The processes writing logs to ClickHouse, each with its horizon, so that the live tail and forwarding of any of
 * them are exact across hosts (docs/clickhouse.md#the-live-tail-across-hosts). */
export interface LogWriterBoard {
  /** Writes or refreshes `writer`'s row, deletes the rows not refreshed since `goneBefore`, and answers the highest
   * horizon of the other rows, all in one transaction that no other publish overlaps: a writer that numbers its rows
   * after that answer numbers them past every horizon published before its own row was there. */
  publishLogWriter(writer: string, horizon: number, now: number, goneBefore: number): Promise<number>;
  logWriters(): Promise<LogWriterRow[]>;
  /** Takes `writer`'s row off the board (it stopped writing). */
  removeLogWriter(writer: string): Promise<void>;
}

/** Everything the service keeps, as one database serves it, with the explorer's reads over it. */
export interface Store
  extends
    PartnerStore,
    AppStore,
    CollectorStore,
    CollectedReads,
    RetentionStore,
    ViewerStore,
    ForwardStore,
    IssueGroupStore,
    IssueReplyStore,
    WebhookStore,
    SavedViewStore,
    AlertStore,
    DeviceHistoryStore,
    DeviceErasureStore,
    ErasureRecordStore,
    DownloadRecordStore,
    SourceMapStore,
    SessionLookup,
    LogWriterBoard {
  /** Which database: for the start-up line and for tests that run on both. */
  readonly kind: 'sqlite' | 'postgres';
  /** Where its data is, as messages name it: the SQLite file's path, or the PostgreSQL URL without its password. */
  readonly location: string;
  explorer: ExplorerQueries;
  /** Resolves once every write made before it is committed and readable, the search index included: SQLite writes in
   * a thread of its own and indexes a step behind (docs/local-service.md#the-writer-thread); PostgreSQL at once. */
  settled(): Promise<void>;
  close(): Promise<void>;
}

/** What a row of `requests` names: an operation of the wire format, or OTLP's logs export (POST /v1/logs). */
type CollectorOperation = WireOperation | 'otlpLogs';

export type AdminList = 'logs' | 'batches' | 'sessions' | 'issues' | 'device-keys' | 'requests';
export interface RefusedKey {
  app_key: string;
  operation: CollectorOperation;
  status: number;
  count: number;
  last_seen: string;
}

/** The requests table keeps the newest rows only: enough for any test or an operator's look at recent traffic. */
export const MAX_REQUEST_ROWS = 100_000;
/** refused_keys keeps the most recently seen keys only; longer keys are cut to MAX_REFUSED_KEY_LENGTH. */
export const MAX_REFUSED_KEYS = 1_000;
export const MAX_REFUSED_KEY_LENGTH = 128;
/** Each store prunes those two tables every so many recorded requests (of its process) rather than on each one. */
export const PRUNE_EVERY = 500;
/** The sign-ins an account keeps valid at once (partner tokens, explorer cookies): a person's browsers and devices
 * fit, while someone who holds a password cannot add rows without bound; a sign-in past it ends the oldest. */
export const MAX_SIGN_INS = 50;
