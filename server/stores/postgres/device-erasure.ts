// Erasing a device on PostgreSQL (docs/privacy.md#erasing-a-device): its logs a batch a step, each taken out of its
// session's counts and its app's volume (partitions.ts, subtractFromStats), then the rest of it in one transaction.
// Ids come from sequences and are never given again, so nothing stands in for a deleted row (as on SQLite).
import type pg from 'pg';
import { ERASURE_STEP_RECORD } from '../erasure-records.ts';
import type { DeviceErasureStore, ErasedRows } from '../store.types.ts';
import { sql, transaction } from './client.ts';
import { subtractFromStats } from './partitions.ts';

const DEVICE_SESSIONS = `SELECT id FROM sessions WHERE app_key = $1 AND udid = $2`;

export function createDeviceErasure(pool: pg.Pool): DeviceErasureStore {
  return {
    eraseDeviceStep: (appKey, udid, batch, record, logsElsewhere = 0) =>
      transaction(pool, async (client) => {
        const erased = await deleteStep(client, appKey, udid, batch);
        erased.logs += logsElsewhere;
        const { logs, sessions, issues, keyChanges, done } = erased;
        await client.query(ERASURE_STEP_RECORD.postgres, [
          logs,
          sessions,
          issues,
          keyChanges,
          done ? 1 : 0,
          new Date().toISOString(),
          record,
        ]);
        return erased;
      }),
  };
}

/** Up to `batch` of the device's logs; once none is left, the rest of it. In the caller's transaction. */
async function deleteStep(client: pg.PoolClient, appKey: string, udid: string, batch: number): Promise<ErasedRows> {
  // Its sessions locked first: a batch of the device being written meanwhile waits for this step, and once they
  // are gone its write fails on their foreign key (the collector answers it as an unknown session), so that no
  // log lands after its session's delete and none of its batches' rows keeps that delete from happening. Locked
  // in the order the collector's writes take them, so that none waits on this step while this step waits on it:
  // the device's row (a key set takes it, then the key's row), then its sessions' counts (a batch's upsert of
  // session_stats, then its foreign keys' checks at the statement's end), then the sessions. Each other order
  // deadlocked: the sessions before their counts with a batch of the device, the keys before the device's row
  // with a key set (device-erasure.test.ts).
  await client.query(`SELECT 1 FROM devices WHERE app_key = $1 AND udid = $2 FOR UPDATE`, [appKey, udid]);
  await client.query(
    `SELECT session_id FROM session_stats WHERE session_id IN (${DEVICE_SESSIONS}) ORDER BY session_id FOR UPDATE`,
    [appKey, udid],
  );
  await client.query(`SELECT id FROM sessions WHERE app_key = $1 AND udid = $2 ORDER BY id FOR UPDATE`, [appKey, udid]);
  // The device's logs by the unique key's first column, the session; ctid names a row in one partition only.
  const logs = await subtractFromStats(
    client,
    `DELETE FROM logs WHERE session_id IN (${DEVICE_SESSIONS})
       AND id = ANY (ARRAY (SELECT id FROM logs WHERE session_id IN (${DEVICE_SESSIONS}) LIMIT $3))
     RETURNING session_id, ll, at`,
    [appKey, udid, batch],
  );
  if (logs === batch) return { logs, sessions: 0, issues: 0, keyChanges: 0, done: false };
  const db = sql(client);
  // The groups first, locked as an occurrence's insert locks them (issue-groups.ts): each loses the device's
  // occurrences, and the device from its count.
  await db.run(
    `UPDATE issue_groups g SET occurrences = g.occurrences - c.n
     FROM (SELECT group_id, count(*)::int AS n FROM issues WHERE session_id IN (${DEVICE_SESSIONS})
       AND group_id IS NOT NULL GROUP BY group_id) c
     WHERE g.id = c.group_id`,
    appKey,
    udid,
  );
  await db.run(
    `WITH gone AS (DELETE FROM issue_group_devices WHERE udid = $2
       AND group_id IN (SELECT id FROM issue_groups WHERE app_key = $1) RETURNING group_id)
     UPDATE issue_groups g SET devices = g.devices - 1 FROM gone WHERE g.id = gone.group_id`,
    appKey,
    udid,
  );
  // What support replied on its issues' pages is about it; what was replied on their groups' pages stays.
  await db.run(
    `DELETE FROM issue_replies WHERE app_key = $1
       AND issue_uid IN (SELECT uid FROM issues WHERE session_id IN (${DEVICE_SESSIONS}))`,
    appKey,
    udid,
  );
  const issues = await db.run(`DELETE FROM issues WHERE session_id IN (${DEVICE_SESSIONS})`, appKey, udid);
  // A notification of one of its issues not sent yet (the webhook down) holds the issue's text: it goes too.
  await db.run(
    `DELETE FROM webhook_outbox WHERE app_key = $1 AND payload::jsonb #>> '{issue,udid}' = $2`,
    appKey,
    udid,
  );
  await db.run(`DELETE FROM log_batches WHERE session_id IN (${DEVICE_SESSIONS})`, appKey, udid);
  const keyChanges = await db.run(`DELETE FROM device_key_changes WHERE app_key = $1 AND udid = $2`, appKey, udid);
  await db.run(`DELETE FROM device_keys WHERE app_key = $1 AND udid = $2`, appKey, udid);
  await db.run(`DELETE FROM devices WHERE app_key = $1 AND udid = $2`, appKey, udid);
  // Their counts (session_stats) go with them, by the foreign key's cascade.
  const sessions = await db.run(`DELETE FROM sessions WHERE app_key = $1 AND udid = $2`, appKey, udid);
  return { logs, sessions, issues, keyChanges, done: true };
}
