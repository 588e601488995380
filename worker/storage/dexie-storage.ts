// The browser database of modes A and B: Dexie over IndexedDB 'bf_sdk', the same name and schema as
// the established web SDK, so the data survives reloads and is shared by every tab of the origin.
import Dexie, { type Table } from 'dexie';
import {
  DATABASE_NAME,
  DATABASE_VERSION_V1,
  DATABASE_VERSION_V2,
  type DeviceKeyRecord,
  type IssueRecord,
  type SessionRecord,
  type StoredLog,
} from '../../protocol/index.ts';
import { placeBatches, sessionsOf } from './log-batches.ts';
import type { SidelogStorage } from './storage.types.ts';

/** Dexie multiplies its version by 10 for IndexedDB: version(1) opens IndexedDB version 10. */
const DEXIE_VERSION_FACTOR = 10;

class SidelogDatabase extends Dexie {
  devicekeys!: Table<DeviceKeyRecord, number>;
  issues!: Table<IssueRecord, number>;
  logs!: Table<StoredLog, number>;
  sessions!: Table<SessionRecord, string>;

  constructor(name: string) {
    super(name);
    const schema = {
      devicekeys: '++id, sessionUUID',
      issues: '++id, sessionUUID',
      logs: '++id, sessionUUID',
      sessions: 'uuid',
    };
    this.version(DATABASE_VERSION_V1 / DEXIE_VERSION_FACTOR).stores(schema);
    // V2 renamed an issue's `markdown` to `text`.
    this.version(DATABASE_VERSION_V2 / DEXIE_VERSION_FACTOR)
      .stores(schema)
      .upgrade((tx) =>
        tx
          .table('issues')
          .toCollection()
          .modify((issue: { data: Record<string, unknown> }) => {
            if (!('markdown' in issue.data)) return;
            issue.data.text ??= issue.data.markdown;
            delete issue.data.markdown;
          }),
      );
  }
}

/** `name` is for tests only: Sidelog itself always uses 'bf_sdk'. */
export function createDexieStorage(name = DATABASE_NAME): SidelogStorage {
  const db = new SidelogDatabase(name);
  return {
    addLogBatches: (batches) =>
      db.transaction('rw', db.logs, db.sessions, async () => {
        const uuids = sessionsOf(batches);
        const stored = await db.sessions.bulkGet(uuids);
        const placed = placeBatches(batches, new Map(uuids.map((uuid, i) => [uuid, stored[i]])));
        await db.logs.bulkAdd(placed.logs);
        await db.sessions.bulkPut(placed.sessions);
      }),
    oldestLogs: (sessionUUID, limit) => db.logs.where('sessionUUID').equals(sessionUUID).limit(limit).toArray(),
    // By primary key from just past `afterId`: read through the index from the session's start, each batch would step
    // again over every row deleted before it, which the database keeps as tombstones until it compacts.
    async logsAfter(sessionUUID, afterId, limit) {
      const rows = await db.logs.where(':id').above(afterId).limit(limit).toArray();
      const mine = rows.filter((log) => log.sessionUUID === sessionUUID);
      if (mine.length > 0 || rows.length < limit) return mine;
      // A stretch of other sessions' logs: the index tells where this session's go on.
      const next = await db.logs
        .where('sessionUUID')
        .equals(sessionUUID)
        .filter((log) => log.id! > afterId)
        .first();
      return next
        ? db.logs
            .where(':id')
            .aboveOrEqual(next.id!)
            .limit(limit)
            .toArray()
            .then((found) => found.filter((log) => log.sessionUUID === sessionUUID))
        : [];
    },
    oldestLogsOfAll: (limit) => db.logs.orderBy(':id').limit(limit).toArray(),
    putLog: async (log) => void (await db.logs.put(log)),
    deleteLogs: (ids) =>
      db.transaction('rw', db.logs, async () => {
        if (ids.length === 0) return;
        // An uploaded batch is most often every row between its first and last id: one range delete then, instead
        // of a request per row. Where another session's row lies between them, row by row.
        const [first, last] = ids.reduce(
          ([low, high], id) => [Math.min(low, id), Math.max(high, id)],
          [Infinity, -Infinity],
        );
        const range = () => db.logs.where(':id').between(first, last, true, true);
        const wanted = new Set(ids);
        if ((await range().primaryKeys()).every((id) => wanted.has(id))) await range().delete();
        else await db.logs.bulkDelete(ids);
      }),
    countLogs: (sessionUUID) =>
      sessionUUID ? db.logs.where('sessionUUID').equals(sessionUUID).count() : db.logs.count(),

    addIssue: (issue) => db.issues.add(issue),
    issues: (sessionUUID) => db.issues.where('sessionUUID').equals(sessionUUID).toArray(),
    deleteIssues: (ids) => db.issues.bulkDelete(ids),
    countIssues: (sessionUUID) =>
      sessionUUID ? db.issues.where('sessionUUID').equals(sessionUUID).count() : db.issues.count(),

    addDeviceKey: (key) => db.devicekeys.add(key),
    deviceKeys: (sessionUUID) => db.devicekeys.where('sessionUUID').equals(sessionUUID).toArray(),
    deleteDeviceKeys: (ids) => db.devicekeys.bulkDelete(ids),
    countDeviceKeys: (sessionUUID) =>
      sessionUUID ? db.devicekeys.where('sessionUUID').equals(sessionUUID).count() : db.devicekeys.count(),

    ensureSession: (session) =>
      db.transaction('rw', db.sessions, async () => {
        const stored = await db.sessions.get(session.uuid);
        if (!stored) await db.sessions.add(session);
        else if ((session.lastAt ?? -Infinity) > (stored.lastAt ?? -Infinity))
          await db.sessions.update(session.uuid, { lastAt: session.lastAt });
      }),
    setSessionId: async (uuid, id) => void (await db.sessions.update(uuid, { id })),
    sessions: () => db.sessions.toArray(),
    deleteSessionIfEmpty: (uuid) =>
      db.transaction('rw', [db.devicekeys, db.issues, db.logs, db.sessions], async () => {
        const counts = await Promise.all(
          [db.logs, db.issues, db.devicekeys].map((table) => table.where('sessionUUID').equals(uuid).count()),
        );
        if (counts.some((count) => count > 0)) return false;
        await db.sessions.delete(uuid);
        return true;
      }),

    clear: () =>
      db.transaction('rw', [db.devicekeys, db.issues, db.logs, db.sessions], () =>
        Promise.all([db.devicekeys.clear(), db.issues.clear(), db.logs.clear(), db.sessions.clear()]).then(
          () => undefined,
        ),
      ),
    close: () => db.close(),
  };
}
