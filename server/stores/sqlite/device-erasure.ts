// Erasing a device on SQLite (docs/privacy.md#erasing-a-device), in the writer thread: its logs a batch a step (the
// delete triggers take each out of its session's counts, the volume rollup and the word index), then the rest of it
// in one step.
// SQLite gives a new row the highest id plus one, so a table whose newest row went would give that id again, which
// the search index's indexed_to, forwarding cursors, the live tail and retention's marks still name: a new log never
// indexed nor forwarded, a new row pruned as if it were old. Where a step deletes a table's newest row, a placeholder
// of no app (app_key '') takes its id: an empty row that no view lists, which retention deletes as any other once
// newer rows have come (server/stores/sqlite/retention-store.ts keeps the newest row of each table).
import type Database from 'better-sqlite3';
import { ERASURE_STEP_RECORD } from '../erasure-records.ts';
import type { DeviceErasureStore, ErasedRows } from '../store.types.ts';
import type { Sync } from './rows.ts';

const DEVICE_SESSIONS = `SELECT id FROM sessions WHERE app_key = @appKey AND udid = @udid`;

export function deviceErasure(db: Database.Database): { reads: object; writes: Sync<DeviceErasureStore> } {
  const newest = (table: string) => db.prepare(`SELECT ifnull(max(id), 0) FROM ${table}`).pluck();
  const newestId = {
    logs: newest('logs'),
    log_batches: newest('log_batches'),
    issues: newest('issues'),
    device_key_changes: newest('device_key_changes'),
    sessions: newest('sessions'),
  };
  const countInRecord = db.prepare(ERASURE_STEP_RECORD.sqlite);
  const deleteLogs = db.prepare(
    `DELETE FROM logs WHERE id IN (SELECT id FROM logs WHERE session_id IN (${DEVICE_SESSIONS}) LIMIT @batch)`,
  );
  // Each group loses the device's occurrences, and the device from its count.
  const uncountOccurrences = db.prepare(
    `UPDATE issue_groups SET occurrences = occurrences - c.n
     FROM (SELECT group_id, count(*) AS n FROM issues WHERE session_id IN (${DEVICE_SESSIONS}) AND group_id IS NOT NULL
       GROUP BY group_id) AS c
     WHERE issue_groups.id = c.group_id`,
  );
  const leaveGroups = db.prepare(
    `DELETE FROM issue_group_devices WHERE udid = @udid
       AND group_id IN (SELECT id FROM issue_groups WHERE app_key = @appKey) RETURNING group_id`,
  );
  const uncountDevice = db.prepare(`UPDATE issue_groups SET devices = devices - 1 WHERE id = ?`);
  const newestIssueGroup = db.prepare(`SELECT group_id FROM issues WHERE id = ?`).pluck();
  const deletes = {
    // What support replied on its issues' pages is about it; what was replied on their groups' pages stays.
    replies: db.prepare(
      `DELETE FROM issue_replies WHERE app_key = @appKey
         AND issue_uid IN (SELECT uid FROM issues WHERE session_id IN (${DEVICE_SESSIONS}))`,
    ),
    issues: db.prepare(`DELETE FROM issues WHERE session_id IN (${DEVICE_SESSIONS})`),
    // A notification of one of its issues not sent yet (the webhook down) holds the issue's text: it goes too.
    notifications: db.prepare(
      `DELETE FROM webhook_outbox WHERE app_key = @appKey AND json_extract(payload, '$.issue.udid') = @udid`,
    ),
    log_batches: db.prepare(`DELETE FROM log_batches WHERE session_id IN (${DEVICE_SESSIONS})`),
    device_key_changes: db.prepare(`DELETE FROM device_key_changes WHERE app_key = @appKey AND udid = @udid`),
    device_keys: db.prepare(`DELETE FROM device_keys WHERE app_key = @appKey AND udid = @udid`),
    devices: db.prepare(`DELETE FROM devices WHERE app_key = @appKey AND udid = @udid`),
    sessions: db.prepare(`DELETE FROM sessions WHERE app_key = @appKey AND udid = @udid`),
  };

  const placeholderSession = db
    .prepare(
      `INSERT INTO sessions (id, app_key, session_uid, udid, time, received_at, payload)
     VALUES (?, '', 'erased:' || lower(hex(randomblob(8))), '', ?, ?, '{}') RETURNING id`,
    )
    .pluck();
  const anyPlaceholderSession = db.prepare(`SELECT max(id) FROM sessions WHERE app_key = ''`).pluck();
  const placeholders = {
    logs: db.prepare(
      `INSERT INTO logs (id, session_id, x, at, content_hash) VALUES (@id, @session, '', 0, 'erased:' || @id)`,
    ),
    log_batches: db.prepare(
      `INSERT INTO log_batches (id, app_key, session_id, count, stored) VALUES (@id, '', @session, 0, 0)`,
    ),
    issues: db.prepare(
      `INSERT INTO issues (id, app_key, uid, session_id, url, title, text, type, received_at, group_id)
       VALUES (@id, '', 'erased:' || @id, @session, '', '', '', '', @now, @group)`,
    ),
    device_key_changes: db.prepare(
      `INSERT INTO device_key_changes (id, app_key, udid, key, value, received_at) VALUES (@id, '', '', '', '', @now)`,
    ),
  };

  /** Runs `erase`, then gives a placeholder the id of each table's newest row that went. */
  function keepingIds(tables: readonly (keyof typeof placeholders)[], withSessions: boolean, erase: () => void) {
    const before = Object.fromEntries(tables.map((table) => [table, newestId[table].get() as number]));
    const sessionsBefore = newestId.sessions.get() as number;
    // An issue's placeholder keeps the group of the issue it stands for, which is never grouped again (a placeholder
    // with no group would be, at the next start, into a group of no app).
    const group = tables.includes('issues') ? newestIssueGroup.get(before.issues) : undefined;
    erase();
    const now = new Date().toISOString();
    let session: number | undefined;
    if (withSessions && (newestId.sessions.get() as number) < sessionsBefore)
      session = placeholderSession.get(sessionsBefore, now, now) as number;
    const gone = tables.filter((table) => (newestId[table].get() as number) < before[table]!);
    if (gone.length === 0) return;
    session ??= (anyPlaceholderSession.get() as number | null) ?? (placeholderSession.get(null, now, now) as number);
    for (const table of gone) placeholders[table].run({ id: before[table], session, now, group: group ?? null });
  }

  /** Up to `batch` of the device's logs; once none is left, the rest of it. */
  function deleteStep(appKey: string, udid: string, batch: number): ErasedRows {
    const device = { appKey, udid, batch };
    let logs = 0;
    keepingIds(['logs'], false, () => (logs = deleteLogs.run(device).changes));
    if (logs === batch) return { logs, sessions: 0, issues: 0, keyChanges: 0, done: false };
    const erased = { logs, sessions: 0, issues: 0, keyChanges: 0, done: true };
    keepingIds(['log_batches', 'issues', 'device_key_changes'], true, () => {
      uncountOccurrences.run(device);
      for (const group of leaveGroups.pluck().all(device) as number[]) uncountDevice.run(group);
      deletes.replies.run(device);
      erased.issues = deletes.issues.run(device).changes;
      deletes.notifications.run(device);
      deletes.log_batches.run(device);
      erased.keyChanges = deletes.device_key_changes.run(device).changes;
      deletes.device_keys.run(device);
      deletes.devices.run(device);
      erased.sessions = deletes.sessions.run(device).changes;
    });
    return erased;
  }

  /** The step's deletes, then what went added to the erasure's record, in the step's transaction. */
  const step = db.transaction(
    (appKey: string, udid: string, batch: number, record: number, logsElsewhere: number): ErasedRows => {
      const erased = deleteStep(appKey, udid, batch);
      erased.logs += logsElsewhere;
      countInRecord.run({ ...erased, done: erased.done ? 1 : 0, now: new Date().toISOString(), record });
      return erased;
    },
  );
  return {
    reads: {},
    writes: {
      eraseDeviceStep: (appKey, udid, batch, record, logsElsewhere = 0) =>
        step.immediate(appKey, udid, batch, record, logsElsewhere),
    },
  };
}
