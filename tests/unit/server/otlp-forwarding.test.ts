// The collector forwards what it stores (docs/opentelemetry.md#the-collector-forwards), on SQLite and PostgreSQL:
// 20,000 stored logs reach an OTLP receiver that decodes them with OpenTelemetry's definitions, each once, in order
// per session, with their fields, although the receiver goes down in the middle and the service restarts while it is
// down. The forwarder's back-off is driven by a short configured interval, not by real waits. 20,000 are 40 pages of
// 500, a third of them before the outage: the count is not the point (it was 100,000, five times the CPU for the
// same proof, docs/testing.md#budget).
import { isDeepStrictEqual } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { LogLevel } from '../../../protocol/levels.ts';
import type { LogRecord } from '../../../protocol/records.types.ts';
import { appIdOf } from '../../../server/stores/app-id.ts';
import { DEMO_APP_KEY, seedDemo } from '../../../server/partner/demo.ts';
import { openStore } from '../../../server/stores/open-store.ts';
import type { ForwardingStatus } from '../../../server/collector/otlp/forwarding-admin.ts';
import { startService, type RunningService } from '../../../server/service.ts';
import { startOtlpReceiver, type OtlpReceiver } from '../../support/otlp-receiver.ts';
import { sqliteOf } from '../../../server/stores/sqlite/store.ts';
import { logs, sessionPayload } from '../../../fixtures/wire-bodies.ts';
import { createTestDatabase, openTestStore, STORE_KINDS, type TestDatabase } from './test-databases.ts';

const SESSIONS = 10;
const PER_SESSION = 2_000;
const TOTAL = SESSIONS * PER_SESSION;
const ADMIN_TOKEN = 'forwarding-token';
const LEVELS = [LogLevel.Debug, LogLevel.Info, LogLevel.Warning, LogLevel.Error, LogLevel.Trace, LogLevel.Fatal];
const SEVERITY = {
  [LogLevel.Trace]: 1,
  [LogLevel.Debug]: 5,
  [LogLevel.Info]: 9,
  [LogLevel.Warning]: 13,
  [LogLevel.Error]: 17,
  [LogLevel.Fatal]: 21,
};
const WAIT = { timeout: 120_000, interval: 20 };

function logOf(session: number, i: number): LogRecord {
  const at = 1_790_000_000_000 + i * 10 + session;
  return {
    x: new Date(at).toISOString(),
    at,
    t: `session ${session} line ${i}`,
    ll: LEVELS[i % LEVELS.length],
    tg: `tag${i % 3}`,
    f: 'cart.ts',
    l: i,
    m: 'pay',
    u: 'https://shop.example/cart',
  };
}

/** The 20,000 logs, straight through the store as the collector stores them, 500 at a time. */
async function seed(db: string): Promise<void> {
  const store = await openStore(db);
  await seedDemo(store);
  for (let session = 0; session < SESSIONS; session++) {
    const id = await store.putSession(DEMO_APP_KEY, sessionPayload(`forwarded-${session}`));
    for (let from = 0; from < PER_SESSION; from += 500) {
      await store.addLogs(
        DEMO_APP_KEY,
        id,
        Array.from({ length: 500 }, (_, i) => logOf(session, from + i)),
      );
    }
  }
  await store.close();
}

describe.each(STORE_KINDS)('on %s', (kind) => {
  let database: TestDatabase;
  let receiver: OtlpReceiver;
  let service: RunningService | undefined;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await seed(database.db);
    receiver = await startOtlpReceiver();
  }, 120_000);
  afterAll(async () => {
    await service?.close();
    await receiver?.close();
    await database?.drop();
  });

  // Protobuf from PostgreSQL, JSON from SQLite: both encodings, each decoded with the definitions.
  const encoding = kind === 'postgres' ? 'protobuf' : 'json';
  const start = () =>
    // Retention off: on PostgreSQL it drops days by the logs' own time, and these are months old.
    startService({
      db: database.db,
      adminToken: ADMIN_TOKEN,
      retentionDays: 0,
      forward: { url: receiver.url, encoding, idleMs: 20, firstBackoffMs: 10, maxBackoffMs: 40 },
    });
  const status = async (): Promise<ForwardingStatus> =>
    (await (
      await fetch(`${service!.url}/sidelog/admin/api/forwarding`, {
        headers: { Authorization: `Bearer ${ADMIN_TOKEN}` },
      })
    ).json()) as ForwardingStatus;
  const demo = async () => (await status()).apps.find((app) => app.app === DEMO_APP_KEY)!;
  /** Waits until the forwarder has failed against the receiver `times` more times. */
  const failures = async (times: number) => {
    const seen = new Set<string>();
    await vi.waitFor(async () => {
      const { lastError, lastErrorAt } = await demo();
      if (lastError && lastErrorAt) seen.add(lastErrorAt);
      expect(lastError).toMatch(/no answer/);
      expect(seen.size).toBeGreaterThanOrEqual(times);
    }, WAIT);
  };

  test('20,000 stored logs arrive once each across an outage of the receiver and a restart of the service', async () => {
    service = await start();
    await vi.waitFor(() => expect(receiver.records.length).toBeGreaterThanOrEqual(TOTAL / 3), WAIT);

    // The receiver goes down: the forwarder backs off and keeps trying, and the service restarts meanwhile.
    await receiver.down();
    const before = receiver.records.length;
    await failures(3);
    await service.close();
    service = await start();
    await failures(2);
    expect(receiver.records.length).toBe(before);
    expect((await demo()).lastForwardedId).toBeGreaterThanOrEqual(before);

    await receiver.up();
    await vi.waitFor(() => expect(receiver.records.length).toBeGreaterThanOrEqual(TOTAL), WAIT);
    await vi.waitFor(async () => expect(await demo()).toMatchObject({ lag: 0, forwarded: TOTAL, refused: 0 }), WAIT);
    const { lastError, lastErrorAt, lastForwardedAt } = await demo();
    expect(lastError).toMatch(/^no answer from http:\/\/127\.0\.0\.1:\d+\/v1\/logs: ECONNREFUSED$/);
    expect(lastForwardedAt! > lastErrorAt!).toBe(true);

    // Once each, in order per session, with what was stored.
    const uids = receiver.records.map((record) => record.attributes['log.record.uid'] as string);
    expect(new Set(uids).size).toBe(TOTAL);
    expect(uids.length).toBe(TOTAL);
    // Each record as stored. Checked with isDeepStrictEqual first, and with `expect` only where one differs, for the
    // diff: 200,000 `toEqual`s (of 100,000 logs) took 5 s of the suite's CPU, against 1 s. Any string stands for its
    // severity text, and a well-formed uid for its uid.
    const uid = new RegExp(`^${appIdOf(DEMO_APP_KEY)}-\\d+$`);
    const serviceName = `sidelog-${appIdOf(DEMO_APP_KEY)}`;
    const comparable = (record: (typeof receiver.records)[number]) => ({
      ...record,
      severityText: typeof record.severityText === 'string' ? 'any string' : record.severityText,
      attributes: { ...record.attributes, 'log.record.uid': uid.test(String(record.attributes['log.record.uid'])) },
    });
    const asStored = (session: string, line: number) => {
      const stored = logOf(Number(session.split('-')[1]), line);
      return {
        resource: {
          'service.name': serviceName,
          'service.version': '0.0.0',
          'browser.language': 'ru-RU',
          'device.id': 'device-1',
          'session.id': session,
        },
        timeUnixNano: `${stored.at}000000`,
        severityNumber: SEVERITY[stored.ll!],
        severityText: 'any string',
        body: stored.t,
        attributes: {
          'sidelog.tag': stored.tg,
          'code.file.path': 'cart.ts',
          'code.line.number': stored.l,
          'code.function.name': 'pay',
          'url.full': 'https://shop.example/cart',
          'log.record.uid': true,
        },
      };
    };
    const bySession = new Map<string, number[]>();
    let differs: { received: ReturnType<typeof comparable>; stored: ReturnType<typeof asStored> } | undefined;
    for (const record of receiver.records) {
      const session = record.resource['session.id'] as string;
      const line = Number(/line (\d+)$/.exec(record.body!)![1]);
      if (!bySession.has(session)) bySession.set(session, []);
      bySession.get(session)!.push(line);
      const received = comparable(record);
      const stored = asStored(session, line);
      if (!differs && !isDeepStrictEqual(received, stored)) differs = { received, stored };
    }
    if (differs) expect(differs.received).toEqual(differs.stored);
    expect(bySession.size).toBe(SESSIONS);
    for (const lines of bySession.values()) expect(lines).toEqual(Array.from({ length: PER_SESSION }, (_, i) => i));
    expect([...receiver.contentTypes]).toEqual([encoding === 'json' ? 'application/json' : 'application/x-protobuf']);
  }, 240_000);
});

describe('the cursor never passes a log still to come', () => {
  test('on PostgreSQL, the horizon waits for a batch still being written, whose ids are below one committed after it', async () => {
    const { store, database, close } = await openTestStore('postgres');
    await seedDemo(store);
    const writer = new pg.Client(database.db);
    await writer.connect();
    try {
      const session = await store.putSession(DEMO_APP_KEY, sessionPayload('horizon'));
      await writer.query('BEGIN');
      const { rows } = await writer.query<{ id: string }>(
        `INSERT INTO logs (session_id, x, at, content_hash) VALUES ($1, 'x', $2, 'still being written') RETURNING id`,
        [session, Date.now()],
      );
      // Today's partition, which exists: making one would wait for the open transaction.
      await store.addLogs(
        DEMO_APP_KEY,
        session,
        logs(2).map((log, i) => ({ ...log, at: Date.now() + i })),
      );
      expect(await store.forwardHorizon()).toBeLessThan(Number(rows[0]!.id));
      await writer.query('COMMIT');
      expect(await store.forwardHorizon()).toBe(Number(rows[0]!.id) + 2);
    } finally {
      await writer.end();
      await close();
    }
  });

  test('on SQLite, cursors come back down when every log is gone, since ids then start again', async () => {
    const { store, close } = await openTestStore('sqlite');
    await seedDemo(store);
    try {
      const session = await store.putSession(DEMO_APP_KEY, sessionPayload('gone'));
      await store.addLogs(DEMO_APP_KEY, session, logs(3));
      await store.saveForwardCursor(DEMO_APP_KEY, { lastId: 3, forwarded: 3 });
      sqliteOf(store).prepare('DELETE FROM logs').run();
      expect(await store.forwardHorizon()).toBe(0);
      expect((await store.forwardCursors())[0]).toMatchObject({ lastId: 0, forwarded: 3 });
    } finally {
      await close();
    }
  });
});

test('a log the endpoint refuses alone (400) is passed and counted, after the pages around it are delivered', async () => {
  const receiver = await startOtlpReceiver({ refuses: (record) => record.body === 'line 5' });
  const { database } = await openTestStore('sqlite').then(async (opened) => {
    await seedDemo(opened.store);
    const session = await opened.store.putSession(DEMO_APP_KEY, sessionPayload('poison'));
    await opened.store.addLogs(DEMO_APP_KEY, session, logs(12));
    await opened.store.close();
    return opened;
  });
  const service = await startService({
    db: database.db,
    adminToken: ADMIN_TOKEN,
    forward: { url: receiver.url, idleMs: 20, firstBackoffMs: 10, maxBackoffMs: 40 },
  });
  try {
    const status = async () =>
      (
        (await (
          await fetch(`${service.url}/sidelog/admin/api/forwarding`, {
            headers: { Authorization: `Bearer ${ADMIN_TOKEN}` },
          })
        ).json()) as ForwardingStatus
      ).apps[0]!;
    await vi.waitFor(async () => expect(await status()).toMatchObject({ lag: 0, forwarded: 11, refused: 1 }), WAIT);
    expect((await status()).lastError).toMatch(/^log 6 refused: HTTP 400/);
    expect(receiver.records.map((record) => record.body)).toEqual(
      logs(12)
        .map((log) => log.t)
        .filter((text) => text !== 'line 5'),
    );
  } finally {
    await service.close();
    await receiver.close();
    await database.drop();
  }
});
