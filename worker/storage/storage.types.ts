// The engine's storage seam: one interface, two implementations (Dexie 'bf_sdk' for modes A and B,
// in-memory tables for mode C). Everything above it (writer, uploader, engine) is written against this.
import type { DeviceKeyRecord, IssueRecord, SessionRecord, StoredLog } from '../../protocol/index.ts';
import type { LogBatch } from './log-batches.ts';

/** Thrown (or passed through from IndexedDB) when a table is full. `name` is 'QuotaExceededError'. */
export interface QuotaError extends Error {
  name: 'QuotaExceededError';
}

export interface SidelogStorage {
  /** Stores a page's writes of logs in one transaction with their sessions, all or none; a batch already
   * stored by its run is skipped and `at` is kept increasing per session (log-batches.ts). Rejects with a
   * QuotaError when they do not fit. */
  addLogBatches(batches: LogBatch[]): Promise<void>;
  /** The session's oldest logs, by id, at most `limit`. */
  oldestLogs(sessionUUID: string, limit: number): Promise<StoredLog[]>;
  /** The session's logs with ids above `afterId`, by id, at most `limit` (fewer where other sessions' logs lie
   * between); empty only when the session has none after it. */
  logsAfter(sessionUUID: string, afterId: number, limit: number): Promise<StoredLog[]>;
  /** The oldest logs of any session, by id, at most `limit`. */
  oldestLogsOfAll(limit: number): Promise<StoredLog[]>;
  /** Replaces the log with this id (used by gap compaction). */
  putLog(log: StoredLog & { id: number }): Promise<void>;
  deleteLogs(ids: number[]): Promise<void>;
  countLogs(sessionUUID?: string): Promise<number>;

  addIssue(issue: IssueRecord): Promise<number>;
  issues(sessionUUID: string): Promise<IssueRecord[]>;
  deleteIssues(ids: number[]): Promise<void>;
  countIssues(sessionUUID?: string): Promise<number>;

  addDeviceKey(key: DeviceKeyRecord): Promise<number>;
  deviceKeys(sessionUUID: string): Promise<DeviceKeyRecord[]>;
  deleteDeviceKeys(ids: number[]): Promise<void>;
  countDeviceKeys(sessionUUID?: string): Promise<number>;

  /** Adds the session if it is not stored yet; never overwrites a stored one (it may hold a server id), but
   * raises its `lastAt` to the given one. */
  ensureSession(session: SessionRecord): Promise<void>;
  /** Sets the id the service gave the session, leaving the rest of the stored record as it is by then. */
  setSessionId(uuid: string, id: number): Promise<void>;
  sessions(): Promise<SessionRecord[]>;
  /** Deletes the session if no log, issue or device key of it is stored, in one transaction with that check: a write
   * that stores into the session either comes first and keeps it, or comes after and finds it gone (a rescue's
   * writes then store it again). Resolves to whether it was deleted. */
  deleteSessionIfEmpty(uuid: string): Promise<boolean>;

  /** Empties all four tables (app change). */
  clear(): Promise<void>;
  close(): void;
}
