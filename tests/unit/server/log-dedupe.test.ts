// The dedupe key of logs: (session, at, hash of the content). A resend is stored once, two different logs with the
// same at are both stored, databases made before the key changed are migrated, and concurrent resends race safely.
import { hash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { WIRE_PATHS } from '../../../protocol/wire.ts';
import { openSqliteStore } from '../../../server/stores/sqlite/store.ts';
import { DEMO_APP_KEY } from '../../../server/partner/demo.ts';
import { logContentHash } from '../../../server/stores/log-hash.ts';
import { MIGRATIONS } from '../../../server/stores/sqlite/schema.ts';
import { startService } from '../../../server/service.ts';
import { createHarness, type Harness } from './service-harness.ts';
import { logs, sessionPayload } from '../../../fixtures/wire-bodies.ts';
import { createTestDatabase, STORE_KINDS } from './test-databases.ts';

const fields = {
  x: '2026-11-22T10:00:00.000Z',
  t: 'line',
  m: null,
  tg: null,
  f: null,
  l: null,
  ll: 0,
  u: null,
  lc: null,
};

describe('the content hash', () => {
  test('is the same for the same fields and differs when any field differs', () => {
    expect(logContentHash(fields)).toBe(logContentHash({ ...fields }));
    for (const change of [
      { t: 'other' },
      { t: null },
      { x: 'later' },
      { l: 1 },
      { ll: 1 },
      { u: '' },
      { tg: 'tag' },
      { m: 'm' },
      { f: 'f' },
      { lc: 7 },
    ]) {
      expect(logContentHash({ ...fields, ...change })).not.toBe(logContentHash(fields));
    }
  });
  test('a log without a column described later hashes as it did before the column existed', () => {
    // The hash before the columns were described: these eight fields in this order.
    const { x, t, m, tg, f, l, ll, u } = fields;
    const before = hash('sha256', JSON.stringify([x, t, m, tg, f, l, ll, u]), 'base64url').slice(0, 22);
    expect(logContentHash(fields)).toBe(before);
    expect(logContentHash({ ...fields, lc: 12 })).not.toBe(before);
  });
});

describe.each(STORE_KINDS)('logs through the collector on %s', (kind) => {
  let service: Harness;
  beforeEach(async () => {
    service = await createHarness({ store: kind });
  });
  afterEach(() => service.close());
  const texts = async () => (await service.admin<{ t: string }[]>(`logs?app=${DEMO_APP_KEY}`)).map((log) => log.t);

  test('a resent log is stored once', async () => {
    const session_id = await service.session();
    for (let i = 0; i < 3; i++)
      expect((await service.wire('sendLogs', { session_id, logs: logs(5) })).status).toBe(200);
    expect(await texts()).toEqual(logs(5).map((log) => log.t));
  });

  // On PostgreSQL a batch is first a plain insert, which a copy of a stored log, or of one earlier in the same batch,
  // fails; it then goes again skipping the copies (server/stores/postgres/collector-store.ts).
  test('a batch holding a log twice, and logs stored before, stores each new log once and counts only those', async () => {
    const session_id = await service.session();
    expect((await service.wire('sendLogs', { session_id, logs: logs(3) })).status).toBe(200);
    const batch = [...logs(5), logs(5)[4]!];
    expect((await service.wire('sendLogs', { session_id, logs: batch })).status).toBe(200);
    expect(await texts()).toEqual(logs(5).map((log) => log.t));
    expect((await service.admin<{ stored: number }[]>(`batches?app=${DEMO_APP_KEY}`)).map((b) => b.stored)).toEqual([
      3, 2,
    ]);
  });

  test('500 different logs sharing one at are all stored', async () => {
    const session_id = await service.session();
    const batch = logs(500).map((log) => ({ ...log, at: 1_790_000_000_000 }));
    expect((await service.wire('sendLogs', { session_id, logs: batch })).status).toBe(200);
    expect((await texts()).sort()).toEqual(batch.map((log) => log.t).sort());
  });
});

describe('a database made before the content hash', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'sidelog-migrate-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  test('keeps its logs, dedupes resends of them, and stores new logs that share their at', async () => {
    const path = join(dir, 'old.db');
    const old = new Database(path);
    old.exec(MIGRATIONS[0]);
    old.pragma('user_version = 1');
    old.prepare(`INSERT INTO apps (key, app_id, enabled) VALUES (?, 'old-id', 1)`).run(DEMO_APP_KEY);
    old
      .prepare(
        `INSERT INTO sessions (id, app_key, session_uid, udid, time, received_at, payload) VALUES (1, ?, 's', 'd', 't', 't', '{}')`,
      )
      .run(DEMO_APP_KEY);
    const insert = old.prepare(`INSERT INTO logs (session_id, x, t, at, ll, l) VALUES (1, ?, ?, ?, 0, ?)`);
    insert.run('2026-11-22T10:00:00.000Z', 'old one', 1000, 3);
    insert.run('2026-11-22T10:00:00.001Z', 'old two', 1001, null);
    old.close();

    const store = openSqliteStore(path);
    try {
      expect((await store.sessionLogs(1)).map((log) => log.t)).toEqual(['old one', 'old two']);
      expect(
        await store.addLogs(DEMO_APP_KEY, 1, [{ x: '2026-11-22T10:00:00.000Z', t: 'old one', at: 1000, ll: 0, l: 3 }]),
      ).toBe(0);
      expect(
        await store.addLogs(DEMO_APP_KEY, 1, [{ x: '2026-11-22T10:00:00.000Z', t: 'new, same at', at: 1000, ll: 0 }]),
      ).toBe(1);
      expect((await store.sessionLogs(1)).map((log) => log.t)).toEqual(['old one', 'new, same at', 'old two']);
      // The Bugfender SDK's appID now resolves too.
      expect((await store.appById('5uJm1AzR82'))?.key).toBe(DEMO_APP_KEY);
    } finally {
      await store.close();
    }
  });
});

test.each(STORE_KINDS)('on %s, 30 identical copies of a batch sent at once give one row per log', async (kind) => {
  const database = await createTestDatabase(kind);
  // No retention: the harness's logs are dated 21 September 2026, and on PostgreSQL retention drops a day's partition
  // by the logs' own time; its first pass, which runs as the service starts, dropped them under the test on a busy
  // machine once that day was more than the period ago.
  const service = await startService({ db: database.db, distDir: join(database.dir, 'none'), retentionDays: 0 });
  try {
    const post = (path: string, body: unknown) =>
      fetch(`${service.url}/sidelog/api${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-App-Token': DEMO_APP_KEY },
        body: JSON.stringify(body),
      });
    const { id: session_id } = (await (await post(WIRE_PATHS.sendSession, sessionPayload('race'))).json()) as {
      id: number;
    };
    // Two tabs' lines in one session: pairs of different logs with the same at.
    const batch = [...logs(250), ...logs(250).map((log) => ({ ...log, t: `other ${log.t}` }))];
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => post(WIRE_PATHS.sendLogs, { session_id, logs: batch })),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(30).fill(200));
    const stored = await (
      await fetch(`${service.url}/sidelog/admin/api/logs?app=${DEMO_APP_KEY}`, {
        headers: { Authorization: `Bearer ${service.adminToken}` },
      })
    ).json();
    expect((stored as { t: string }[]).map((log) => log.t).sort()).toEqual(batch.map((log) => log.t).sort());
  } finally {
    await service.close();
    await database.drop();
  }
});
