// The in-memory tables of mode C: the same interface as the browser database, gone with the page.
// The log table refuses additions beyond IN_MEMORY_LOG_CAP with a quota error, which the writer
// answers with gap compaction (docs/storage.md#gap-compaction).
import {
  IN_MEMORY_LOG_CAP,
  IN_MEMORY_QUOTA_MESSAGE,
  type DeviceKeyRecord,
  type IssueRecord,
  type SessionRecord,
  type StoredLog,
} from '../../protocol/index.ts';
import { placeBatches, sessionsOf } from './log-batches.ts';
import type { QuotaError, SidelogStorage } from './storage.types.ts';

function quotaError(message: string): QuotaError {
  const error = new Error(message) as QuotaError;
  error.name = 'QuotaExceededError';
  return error;
}

/** A table with auto-increment ids, kept in id order. Rows are flat records: shallow copies keep callers from aliasing them. */
function createTable<T extends { id?: number; sessionUUID: string }>() {
  let rows: (T & { id: number })[] = [];
  let nextId = 1;
  const bySession = (sessionUUID?: string) =>
    sessionUUID ? rows.filter((row) => row.sessionUUID === sessionUUID) : rows;
  return {
    add(row: T): number {
      const id = nextId++;
      rows.push({ ...row, id });
      return id;
    },
    list: (sessionUUID?: string, limit = Infinity) =>
      bySession(sessionUUID)
        .slice(0, limit)
        .map((row) => ({ ...row })),
    count: (sessionUUID?: string) => bySession(sessionUUID).length,
    put(row: T & { id: number }) {
      const index = rows.findIndex((existing) => existing.id === row.id);
      if (index >= 0) rows[index] = { ...row };
    },
    delete(ids: number[]) {
      const gone = new Set(ids);
      rows = rows.filter((row) => !gone.has(row.id));
    },
    clear() {
      rows = [];
    },
  };
}

export function createMemoryStorage(logCap = IN_MEMORY_LOG_CAP): SidelogStorage {
  const logs = createTable<StoredLog>();
  const issues = createTable<IssueRecord>();
  const deviceKeys = createTable<DeviceKeyRecord>();
  const sessions = new Map<string, SessionRecord>();
  return {
    async addLogBatches(batches) {
      const placed = placeBatches(batches, new Map(sessionsOf(batches).map((uuid) => [uuid, sessions.get(uuid)])));
      if (logs.count() + placed.logs.length > logCap) throw quotaError(IN_MEMORY_QUOTA_MESSAGE);
      placed.logs.forEach((log) => logs.add(log));
      placed.sessions.forEach((session) => sessions.set(session.uuid, session));
    },
    oldestLogs: async (sessionUUID, limit) => logs.list(sessionUUID, limit),
    logsAfter: async (sessionUUID, afterId, limit) =>
      logs
        .list(sessionUUID)
        .filter((log) => log.id > afterId)
        .slice(0, limit),
    oldestLogsOfAll: async (limit) => logs.list(undefined, limit),
    putLog: async (log) => logs.put(log),
    deleteLogs: async (ids) => logs.delete(ids),
    countLogs: async (sessionUUID) => logs.count(sessionUUID),

    addIssue: async (issue) => issues.add(issue),
    issues: async (sessionUUID) => issues.list(sessionUUID),
    deleteIssues: async (ids) => issues.delete(ids),
    countIssues: async (sessionUUID) => issues.count(sessionUUID),

    addDeviceKey: async (key) => deviceKeys.add(key),
    deviceKeys: async (sessionUUID) => deviceKeys.list(sessionUUID),
    deleteDeviceKeys: async (ids) => deviceKeys.delete(ids),
    countDeviceKeys: async (sessionUUID) => deviceKeys.count(sessionUUID),

    async ensureSession(session) {
      const stored = sessions.get(session.uuid);
      if (!stored) sessions.set(session.uuid, { ...session });
      else if ((session.lastAt ?? -Infinity) > (stored.lastAt ?? -Infinity)) stored.lastAt = session.lastAt;
    },
    async setSessionId(uuid, id) {
      const stored = sessions.get(uuid);
      if (stored) stored.id = id;
    },
    sessions: async () => [...sessions.values()].map((session) => ({ ...session })),
    async deleteSessionIfEmpty(uuid) {
      if (logs.count(uuid) + issues.count(uuid) + deviceKeys.count(uuid) > 0) return false;
      return sessions.delete(uuid);
    },

    async clear() {
      logs.clear();
      issues.clear();
      deviceKeys.clear();
      sessions.clear();
    },
    close() {},
  };
}
