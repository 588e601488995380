// A damaged SQLite file: damage in the middle of the file, as a failing disk or a bad copy leaves it, and
// on page 3, is refused at start with one line naming the path; a file larger than the check before start opens, is
// checked while it serves, and a request that meets the damaged page answers 503 with a log line naming the path and
// what to do; the recovery docs/local-service.md#a-damaged-database gives works (docs/local-service.md#a-damaged-database).
import { execFileSync } from 'node:child_process';
import {
  closeSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { readAllPages } from '../../../server/admin/admin-pages.ts';
import { appIdOf } from '../../../server/stores/app-id.ts';
import { DEMO_APP_KEY } from '../../../server/partner/demo.ts';
import { createServiceApp } from '../../../server/service.ts';
import { openSqliteStore } from '../../../server/stores/sqlite/store.ts';
import { StartupError } from '../../../server/startup-checks.ts';
import { ADMIN_TOKEN, createHarness } from './service-harness.ts';
import { logs, sessionPayload } from '../../../fixtures/wire-bodies.ts';

const PAGE = 4096;
const LOGS = 10_000;
let dir: string;
/** A sound database holding LOGS logs, made once; each test damages a copy of it. */
let sound: string;
/** Pages of it: the logs table's leaves, and how many pages the file has. */
let logLeaves: number[];
let pageCount: number;
/** The root page of the index that keeps each log once: every stored batch reads it. */
let dedupeRoot: number;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'sidelog-damaged-'));
  const service = await createHarness();
  const session_id = await service.session('s-damaged');
  for (let from = 0; from < LOGS; from += 500) await service.wire('sendLogs', { session_id, logs: logs(500, from) });
  // The search index up to date: nothing is left for it to read from the copies.
  await service.store.settled();
  await service.store.close();
  sound = join(dir, 'sound.db');
  copyFileSync(service.db, sound);
  // The write-ahead log is folded back into the file on close; none is left to copy.
  expect(existsSync(`${service.db}-wal`)).toBe(false);
  await service.close().catch(() => undefined);
  const db = new Database(sound, { readonly: true });
  logLeaves = db
    .prepare(`SELECT pageno FROM dbstat WHERE name = 'logs' AND pagetype = 'leaf' ORDER BY pageno`)
    .pluck()
    .all() as number[];
  pageCount = db.pragma('page_count', { simple: true }) as number;
  dedupeRoot = db
    .prepare(`SELECT rootpage FROM sqlite_schema WHERE type = 'index' AND tbl_name = 'logs' AND sql IS NULL`)
    .pluck()
    .get() as number;
  db.close();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A copy of the sound file with `bytes` written over page `page` (1-based) at `offset` within it. */
function damaged(name: string, page: number, bytes: Buffer, offset = 0): string {
  const path = join(dir, `${name}.db`);
  copyFileSync(sound, path);
  const fd = openSync(path, 'r+');
  writeSync(fd, bytes, 0, bytes.length, (page - 1) * PAGE + offset);
  closeSync(fd);
  return path;
}

/** Bytes that look like nothing SQLite wrote, the same on every run. */
const noise = Buffer.from(Array.from({ length: PAGE }, (_, i) => (i * 151 + 17) % 256));

/** The four damages in the middle of the file, and page 3 overwritten. */
const DAMAGES: [string, () => string][] = [
  ['a page in the middle zeroed', () => damaged('zeroed', Math.floor(pageCount / 2), Buffer.alloc(PAGE))],
  ['a page in the middle overwritten with noise', () => damaged('noise', Math.floor(pageCount / 2) + 1, noise)],
  ["a middle page's type byte changed", () => damaged('type', Math.floor(pageCount / 2) + 2, Buffer.from([0x07]))],
  [
    "a middle page's cell pointers out of range",
    () => damaged('cells', Math.floor(pageCount / 2) + 3, Buffer.alloc(8, 0xff), 8),
  ],
  ['page 3 overwritten', () => damaged('page3', 3, Buffer.alloc(PAGE, 0x41))],
];

describe('at start', () => {
  test.each(DAMAGES)('%s: refused, in one line naming the path, the damage and what to do', (_, make) => {
    const path = make();
    let refusal: unknown;
    try {
      openSqliteStore(path).close();
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(StartupError);
    const message = (refusal as Error).message;
    expect(message).toMatch(
      new RegExp(
        `^${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: the database is damaged \\(quick_check: .+\\): restore it from a backup, or recover it with the sqlite3 shell \\(docs/local-service\\.md#a-damaged-database\\)$`,
      ),
    );
    expect(message).not.toContain('\n');
  });

  test('a sound file opens', async () => {
    const path = join(dir, 'sound-copy.db');
    copyFileSync(sound, path);
    await openSqliteStore(path).close();
  });
});

describe('a file larger than the check before start', () => {
  const errors: string[] = [];
  afterEach(() => {
    vi.restoreAllMocks();
    errors.length = 0;
  });

  test('opens, is checked while it serves, and a read that meets the damaged page answers 503, the log naming the path and what to do', async () => {
    vi.spyOn(console, 'error').mockImplementation((...parts: unknown[]) => void errors.push(parts.join(' ')));
    const path = damaged('served', logLeaves[Math.floor(logLeaves.length / 2)]!, Buffer.alloc(PAGE));
    const store = openSqliteStore(path, { fullCheckBytes: 0 });
    try {
      // The check in its worker finds the damage, and says so in one line.
      await vi.waitFor(
        () =>
          expect(
            errors.some((line) => line.startsWith(`Sidelog: ${path}: the database is damaged (quick_check: `)),
          ).toBe(true),
        { timeout: 20_000 },
      );
      const app = createServiceApp(store, { adminToken: ADMIN_TOKEN, distDir: join(dir, 'no-dist') });
      const get = (page: string) => app.request(page, { headers: { Authorization: `Bearer ${ADMIN_TOKEN}` } });
      // Reading every log reaches the damaged page.
      let answer: Response | undefined;
      await readAllPages(async (page) => {
        const response = await get(page);
        if (!response.ok) answer ??= response;
        return response.ok ? response : new Response('[]');
      }, `/sidelog/admin/api/logs?app=${DEMO_APP_KEY}`);
      expect(answer?.status).toBe(503);
      expect(answer?.headers.get('Retry-After')).toBe('60');
      expect(await answer?.json()).toEqual({
        error: 'the database is damaged: nothing was read or stored; retry later',
      });
      expect(errors).toContainEqual(
        expect.stringMatching(
          /^GET \/sidelog\/admin\/api\/logs: 503 the database .+ is damaged \(database disk image is malformed\): stop the service, then restore it from a backup or recover it \(docs\/local-service\.md#a-damaged-database\)$/,
        ),
      );
      expect(errors.find((line) => line.startsWith('GET '))).toContain(path);
    } finally {
      await store.close();
    }
  });
});

test('a batch that meets a damaged page answers 503 with Retry-After, so that its client keeps it and sends it again', async () => {
  const errors: string[] = [];
  vi.spyOn(console, 'error').mockImplementation((...parts: unknown[]) => void errors.push(parts.join(' ')));
  const path = damaged('write', dedupeRoot, Buffer.alloc(PAGE));
  const store = openSqliteStore(path, { fullCheckBytes: 0 });
  try {
    const app = createServiceApp(store, { adminToken: ADMIN_TOKEN, distDir: join(dir, 'no-dist') });
    const session = await app.request('/sidelog/api/session', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-App-Token': DEMO_APP_KEY },
      body: JSON.stringify(sessionPayload('s-damaged')),
    });
    const { id: session_id } = (await session.json()) as { id: number };
    const batch = await app.request('/sidelog/api/log/batch', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-App-Token': DEMO_APP_KEY },
      body: JSON.stringify({ session_id, logs: logs(10, LOGS) }),
    });
    expect(batch.status).toBe(503);
    expect(batch.headers.get('Retry-After')).toBe('60');
    expect(errors).toContainEqual(
      expect.stringMatching(/^POST \/sidelog\/api\/log\/batch: 503 the database .+ is damaged/),
    );
  } finally {
    vi.restoreAllMocks();
    await store.close();
  }
});

test("the search index's catch-up meeting a damaged page is logged with the path, and the writer goes on: writes elsewhere are stored, those that meet it answer 503", async () => {
  const errors: string[] = [];
  vi.spyOn(console, 'error').mockImplementation((...parts: unknown[]) => void errors.push(parts.join(' ')));
  const written: string[] = [];
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => written.push(String(chunk)) > 0);
  // The index behind the logs, as after a restart, and the logs' last leaf (which the highest id is read from) damaged.
  const path = join(dir, 'catch-up.db');
  copyFileSync(sound, path);
  const db = new Database(path);
  db.prepare(`UPDATE search_progress SET indexed_to = ?`).run(LOGS - 1_000);
  const lastLeaf = db
    .prepare(`SELECT pageno FROM dbstat WHERE name = 'logs' AND pagetype = 'leaf' ORDER BY path DESC LIMIT 1`)
    .pluck()
    .get() as number;
  db.close();
  const fd = openSync(path, 'r+');
  writeSync(fd, Buffer.alloc(PAGE), 0, PAGE, (lastLeaf - 1) * PAGE);
  closeSync(fd);
  const store = openSqliteStore(path, { fullCheckBytes: 0 });
  try {
    const app = createServiceApp(store, { adminToken: ADMIN_TOKEN, distDir: join(dir, 'no-dist') });
    await store.settled();
    // The writer thread's console reaches the service's stderr as a stream of its own.
    await vi.waitFor(() =>
      expect(written.join('')).toContain(
        `sqlite writer: the search index: the database ${path} is damaged (database disk image is malformed): stop the service, then restore it from a backup or recover it (docs/local-service.md#a-damaged-database)\n`,
      ),
    );
    const post = (operation: string, body: unknown) =>
      app.request(`/sidelog/api${operation}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-App-Token': DEMO_APP_KEY },
        body: JSON.stringify(body),
      });
    const session = await post('/session', sessionPayload('s-after-damage'));
    expect(session.status).toBe(200);
    const { id: session_id } = (await session.json()) as { id: number };
    const batch = await post('/log/batch', { session_id, logs: logs(10, LOGS) });
    expect(batch.status).toBe(503);
    expect(batch.headers.get('Retry-After')).toBe('60');
    // The same thread answered all along: it never failed.
    expect(errors.filter((line) => line.startsWith('sqlite writer thread:'))).toEqual([]);
    expect(written.join('')).not.toContain('Uncaught');
    await store.settled();
  } finally {
    vi.restoreAllMocks();
    await store.close();
  }
});

const sqlite3 = (() => {
  try {
    execFileSync('sqlite3', ['-version']);
    return true;
  } catch {
    return false;
  }
})();

/** The shell lines of docs/local-service.md#a-damaged-database that recover a file. */
function recoveryLines(): string {
  const docs = readFileSync(join(import.meta.dirname, '../../../docs/local-service.md'), 'utf8');
  const section = docs.slice(docs.indexOf('## A damaged database'));
  return /```sh\n([\s\S]*?)```/.exec(section)![1]!;
}

// The docs' recovery, with the sqlite3 command-line shell (Debian's `sqlite3` package), as an operator runs it.
test.skipIf(!sqlite3)(
  'the recovery the docs give makes a file the service opens, holding every log the damage spared',
  async () => {
    const root = join(dir, 'recovery');
    mkdirSync(join(root, 'data'), { recursive: true });
    copyFileSync(
      damaged('recover', logLeaves[Math.floor(logLeaves.length / 2)]!, Buffer.alloc(PAGE)),
      join(root, 'data', 'sidelog.db'),
    );
    const printed = execFileSync('sh', ['-ec', recoveryLines()], { cwd: root, encoding: 'utf8' });
    expect(printed).toBe('ok\n');
    const store = openSqliteStore(join(root, 'data', 'sidelog.db'));
    try {
      const app = createServiceApp(store, { adminToken: ADMIN_TOKEN, distDir: join(dir, 'no-dist') });
      const stored = (await readAllPages(
        (page) => app.request(page, { headers: { Authorization: `Bearer ${ADMIN_TOKEN}` } }),
        `/sidelog/admin/api/logs?app=${DEMO_APP_KEY}`,
      )) as unknown[];
      // The damaged leaf's logs are gone with it; the rest are there, and found by search.
      expect(stored.length).toBeLessThan(LOGS);
      expect(stored.length).toBeGreaterThan(LOGS - 100);
      const cookie = (
        await app.request('/sidelog/explorer/api/sign-in', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ name: 'admin', password: ADMIN_TOKEN }),
        })
      ).headers
        .get('Set-Cookie')!
        .split(';')[0]!;
      const found = await app.request(
        `/sidelog/explorer/api/apps/${appIdOf(DEMO_APP_KEY)}/logs?q=${encodeURIComponent(`line ${LOGS - 1}`)}`,
        { headers: { Cookie: cookie } },
      );
      expect(((await found.json()) as { logs: { t: string }[] }).logs.map((log) => log.t)).toEqual([
        `line ${LOGS - 1}`,
      ]);
    } finally {
      await store.close();
    }
  },
);
