// The service's stores: small interfaces, one per part of the service that keeps data, so that each part asks only
// for what it uses and a second database is a second implementation of these (server/sqlite/ is the first).
import type { DeviceInfo, DeviceKeyValue, LogRecord, SessionPayload } from '../protocol/records.types.ts';
import type { IssueRequest, SkippedLog, WireOperation } from '../protocol/wire.ts';

export type FaultMode = 'none' | 'error-500' | 'error-400' | 'error-413' | 'hang' | 'non-json';
export type PartnerView = 'profile' | 'sales' | 'stats' | 'warehouse' | 'support';

export interface App {
  key: string;
  appId: string;
  enabled: boolean;
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
  addPartner(partner: { email: string; passwordHash: string }, views: Record<PartnerView, unknown>): number;
  partnerByEmail(email: string): Partner | undefined;
  /** Keeps a token by its hash (server/tokens.ts); expired tokens are deleted on the way. */
  addToken(tokenHash: string, partnerId: number, expiresAt: Date): void;
  /** The partner a token belongs to, when it exists and has not expired. */
  partnerOfToken(tokenHash: string, now: Date): number | undefined;
  /** Deletes the token; whether it existed. */
  revokeToken(tokenHash: string): boolean;
  partnerView(partnerId: number, view: PartnerView): unknown;
}

/** The apps the collector serves, and the faults tests inject into them. */
export interface AppStore {
  putApp(key: string, enabled: boolean): App;
  app(key: string): App | undefined;
  /** By Sidelog's appID or the Bugfender SDK's (server/app-id.ts). */
  appById(appId: string): App | undefined;
  apps(): App[];
  setFault(appKey: string, mode: FaultMode, ops: WireOperation[] | undefined): void;
  fault(appKey: string, op: WireOperation): FaultMode;
}

/** What the collector writes. */
export interface CollectorStore {
  /** A known app's request is a row of `requests` (the newest MAX_REQUEST_ROWS are kept), with `skipped`, the logs of
   * a batch that could not be stored, which the answer named; one naming an unknown key only counts in `refused_keys`
   * (at most MAX_REFUSED_KEYS rows). */
  recordRequest(appKey: string, op: WireOperation, status: number, skipped?: SkippedLog[]): void;
  putDevice(appKey: string, device: DeviceInfo): void;
  /** The session's id; registering the same session_uid again returns the same id. */
  putSession(appKey: string, session: SessionPayload): number;
  sessionById(appKey: string, id: number): StoredSession | undefined;
  /** Stores the batch, skipping logs already stored for the session (same `at` and content); returns how many were new. */
  addLogs(appKey: string, sessionId: number, logs: LogRecord[]): number;
  /** Stores the issue unless its uid is already stored; returns whether it was new. */
  addIssue(appKey: string, issue: IssueRequest): boolean;
  setDeviceKey(appKey: string, udid: string, key: string, value: DeviceKeyValue): void;
}

/** What the admin API and the intent lookups read of what the collector stored. */
export interface CollectedReads {
  sessions(appKey: string, limit?: number): StoredSession[];
  issues(appKey: string, limit?: number): StoredIssue[];
  /** One page of an admin list, in arrival order: rows after the cursor `after` (a row id; 0 for the start). */
  listPage(list: AdminList, appKey: string, after: number, limit: number): { rows: unknown[]; last: number | undefined };
  /** Requests that named an unknown key, counted per key, operation and status; most recently seen first. */
  refusedKeys(limit: number): RefusedKey[];
  session(appKey: string, uuid: string): StoredSession | undefined;
  sessionLogs(sessionId: number): LogRecord[];
  issue(appKey: string, uid: string): (StoredIssue & { session_id: number }) | undefined;
  device(appKey: string, udid: string): StoredDevice | undefined;
  deviceKeys(appKey: string, udid: string): { key: string; value: DeviceKeyValue }[];
  deviceSessions(appKey: string, udid: string): StoredSession[];
}

/** Retention (server/retention.ts). */
export interface RetentionStore {
  /** Notes, with the time, the highest row id of each table retention prunes. */
  markRetention(now: Date): void;
  /** Deletes at most `batch` rows that arrived before `cutoff` (by the marks), from one table; how many it deleted. */
  pruneBefore(cutoff: Date, batch: number): number;
}

/** Everything the service keeps, as one database serves it. */
export interface Store extends PartnerStore, AppStore, CollectorStore, CollectedReads, RetentionStore {
  close(): void;
}

export type AdminList = 'logs' | 'batches' | 'sessions' | 'issues' | 'device-keys' | 'requests';
export interface RefusedKey {
  app_key: string;
  operation: WireOperation;
  status: number;
  count: number;
  last_seen: string;
}

/** The requests table keeps the newest rows only: enough for any test or an operator's look at recent traffic. */
export const MAX_REQUEST_ROWS = 100_000;
/** refused_keys keeps the most recently seen keys only; longer keys are cut to MAX_REFUSED_KEY_LENGTH. */
export const MAX_REFUSED_KEYS = 1_000;
export const MAX_REFUSED_KEY_LENGTH = 128;
