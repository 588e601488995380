// A full disk, survived (docs/local-service.md#a-full-disk), SQLite: under load until the database is full, the
// collector answers 507 with a JSON error while the process lives on and serves reads, its search index's catch-up
// failing quietly; a restart on the full file starts and answers 507; retention deletes on the full file, and writes
// are taken again with no restart. Once with the cap (SIDELOG_MAX_DB_MB, as startService's maxDbBytes), and once on
// the real command line (server/main.ts) over a filesystem that fills: a tmpfs the test mounts, which needs root
// (skipped otherwise, as it says; CI runs as root).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, test } from 'vitest';
import { WIRE_PATHS } from '../../../protocol/wire.ts';
import { DEMO_APP_KEY } from '../../../server/partner/demo.ts';
import { startServiceProcess } from '../../../scripts/service-process.ts';
import { startService } from '../../../server/service.ts';
import { sessionPayload } from '../../../fixtures/wire-bodies.ts';

const TOKEN = 'disk-full-token';

/** A running service, in this process or as a child: its address, and whether it is still up. */
interface Running {
  url: string;
  alive(): boolean;
  stop(): Promise<void>;
}

const child = async (env: Record<string, string>): Promise<Running> => {
  const service = await startServiceProcess(env);
  return {
    url: service.url,
    alive: () =>
      service.child.exitCode === null &&
      service.child.signalCode === null &&
      !/Uncaught|Unhandled/i.test(service.output()),
    stop: () => service.stop(),
  };
};

/** In this process: a crash would be this test run's uncaught error. */
const inProcess = async (db: string, maxDbBytes: number): Promise<Running> => {
  const service = await startService({ db, maxDbBytes, adminToken: TOKEN, retentionDays: 30 });
  return { url: service.url, alive: () => true, stop: () => service.close() };
};

function client(service: Running, label = 'first') {
  const post = (op: keyof typeof WIRE_PATHS, body: unknown) =>
    fetch(`${service.url}/sidelog/api${WIRE_PATHS[op]}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-App-Token': DEMO_APP_KEY },
      body: JSON.stringify(body),
    });
  let sent = 0;
  const batch = (session_id: number) => {
    const n = sent++;
    // Words of their own in every log, as real logs have: the search index grows with the logs.
    const text = (i: number) =>
      Array.from({ length: 40 }, (_, k) => `w${((n * 500 + i) * 40 + k).toString(36)}`).join(' ');
    return {
      session_id,
      logs: Array.from({ length: 500 }, (_, i) => ({
        at: 1_790_000_000_000 + n * 500 + i,
        t: `${label} batch ${n} line ${i} ${text(i)}`,
      })),
    };
  };
  return {
    post,
    session: async (uid: string) =>
      ((await (await post('sendSession', sessionPayload(uid))).json()) as { id: number }).id,
    /** Sends batches, 4 at a time, until they are refused as full; the refusals' answers. */
    async fill(session_id: number): Promise<Response[]> {
      for (let round = 0; round < 100; round++) {
        const answers = await Promise.all(Array.from({ length: 4 }, () => post('sendLogs', batch(session_id))));
        const full = answers.filter((answer) => answer.status === 507);
        for (const answer of answers)
          if (![200, 507].includes(answer.status))
            throw new Error(`a batch answered ${answer.status}: ${await answer.text()}`);
        if (full.length > 0) return full;
      }
      throw new Error('the database never filled');
    },
    send: (session_id: number) => post('sendLogs', batch(session_id)),
    /** A read of the admin API: the first page of the app's logs (the oldest it holds). */
    read: (limit = 1) =>
      fetch(`${service.url}/sidelog/admin/api/logs?app=${DEMO_APP_KEY}&limit=${limit}`, {
        headers: { Authorization: `Bearer ${TOKEN}` },
      }),
  };
}

async function expectFull(answer: Response): Promise<void> {
  expect(answer.status).toBe(507);
  expect(await answer.json()).toEqual({ error: 'the disk is full: nothing was stored; retry later' });
}

/** The service, full: alive, refusing writes with 507, serving reads, for a while of further load. */
async function expectSurvives(service: Running, session_id: number): Promise<void> {
  const { send, read } = client(service);
  for (let i = 0; i < 10; i++) {
    const answer = await send(session_id);
    expect([200, 507]).toContain(answer.status);
    await answer.arrayBuffer();
  }
  expect((await read()).status).toBe(200);
  expect(service.alive()).toBe(true);
}

/** Marks every row stored so far as old, as a retention pass long ago would have: the next pass deletes them. */
function ageEverything(db: string): void {
  const raw = new Database(db, { timeout: 10_000 });
  for (const table of ['logs', 'log_batches', 'issues', 'device_key_changes', 'requests']) {
    raw
      .prepare(
        `INSERT INTO retention_marks (at, table_name, max_id) SELECT '2000-01-01T00:00:00.000Z', ?, ifnull(max(id), 0) FROM ${table}`,
      )
      .run(table);
  }
  raw.close();
}

test('with SIDELOG_MAX_DB_MB, a full database answers 507 and serves reads; a restart on it starts and answers 507; retention makes room', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'sidelog-full-'));
  const db = join(dir, 'sidelog.db');
  const start = () => inProcess(db, 4 * 1024 * 1024);
  let service = await start();
  try {
    const first = client(service);
    const session_id = await first.session('full-cap');
    await expectFull((await first.fill(session_id))[0]!);
    await expectSurvives(service, session_id);

    await service.stop();
    service = await start();
    // What room the last refused groups left takes a batch or two, no more.
    await expectFull((await client(service).fill(session_id))[0]!);
    await expectSurvives(service, session_id);

    await service.stop();
    ageEverything(db);
    // Retention's first pass runs as the service starts: it deletes on the full file, and writes are taken again.
    service = await start();
    const again = client(service, 'after');
    await expect.poll(async () => (await again.send(session_id)).status, { timeout: 20_000, interval: 200 }).toBe(200);
    // Room made by retention, not left over: the logs stored before the restart are gone, but for the newest, which
    // SQLite's retention keeps whatever its age (server/stores/sqlite/retention-store.ts: ids are never given twice). Whether
    // it is still there depends on whether retention's pass ended before the first batch after it was stored.
    await expect
      .poll(
        async () => {
          const texts = ((await (await again.read(2)).json()) as { t: string }[]).map((log) => log.t);
          const after = texts.filter((text) => text.startsWith('after batch '));
          return after.length > 0 && texts.length - after.length <= 1;
        },
        { timeout: 20_000, interval: 200 },
      )
      .toBe(true);
    // And the search index, which could not follow the logs while the file was full, catches up and is sound.
    const file = new Database(db, { readonly: true });
    const behind = () =>
      file.prepare(`SELECT (SELECT ifnull(max(id), 0) FROM logs) - indexed_to FROM search_progress`).pluck().get();
    await expect.poll(behind, { timeout: 20_000, interval: 200 }).toBe(0);
    file.close();
    await service.stop();
    const check = new Database(db);
    expect(() =>
      check.prepare(`INSERT INTO logs_fts (logs_fts, rank) VALUES ('integrity-check', 1)`).run(),
    ).not.toThrow();
    check.close();
  } finally {
    await service.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}, 60_000);

const root = process.getuid?.() === 0;
describe(`on a real filesystem that fills (a tmpfs of 16 MB the test mounts; ${root ? 'as root' : 'skipped: mounting needs root'})`, () => {
  test.runIf(root)(
    'the collector answers 507 and serves reads, takes writes again once room is freed, and restarts on the full disk',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'sidelog-tmpfs-'));
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=16m', 'tmpfs', dir]);
      const ballast = join(dir, 'ballast');
      writeFileSync(ballast, Buffer.alloc(3 * 1024 * 1024));
      const env = { SIDELOG_DB: join(dir, 'sidelog.db'), SIDELOG_ADMIN_TOKEN: TOKEN, SIDELOG_RETENTION_DAYS: '30' };
      let service = await child(env);
      try {
        const first = client(service);
        const session_id = await first.session('full-disk');
        await expectFull((await first.fill(session_id))[0]!);
        await expectSurvives(service, session_id);

        // Room freed by someone else: the same process takes writes again, by itself.
        rmSync(ballast);
        await expect
          .poll(async () => (await first.send(session_id)).status, { timeout: 20_000, interval: 200 })
          .toBe(200);

        await first.fill(session_id);
        await service.stop();
        service = await child(env);
        await expectFull((await client(service).fill(session_id))[0]!);
        await expectSurvives(service, session_id);
      } finally {
        await service.stop();
        execFileSync('umount', [dir]);
        rmSync(dir, { recursive: true, force: true });
      }
    },
    60_000,
  );
});
