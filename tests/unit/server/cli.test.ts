// The command line (`server/main.ts`, built: scripts/service-build.ts) as `npm start` runs it: configured by
// environment, prints what a developer needs, and closes cleanly on SIGTERM.
import { spawn } from 'node:child_process';
import {
  chmodSync,
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  rmSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import Database from 'better-sqlite3';
import { afterEach, expect, test } from 'vitest';
import { MIGRATIONS } from '../../../server/stores/sqlite/schema.ts';
import { openSqliteStore } from '../../../server/stores/sqlite/store.ts';
import { serviceArgs } from '../../../scripts/service-build.ts';

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test('starts from the environment, prints address, demo account, app key and admin token, and exits 0 on SIGTERM', async () => {
  dir = mkdtempSync(join(tmpdir(), 'sidelog-cli-'));
  const dbPath = join(dir, 'data', 'sidelog.db');
  const child = spawn(process.execPath, serviceArgs(), {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', SIDELOG_DB: dbPath, SIDELOG_ADMIN_TOKEN: 'from-env' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.setEncoding('utf8');
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: string) => {
      output += chunk;
      if (output.includes('admin API')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`exited with ${code} before starting:\n${output}`)));
  });

  expect(output).toMatch(/http:\/\/127\.0\.0\.1:\d+\//);
  expect(output).toContain('partner@example.com / partner123');
  expect(output).toContain('sidelog-demo-key');
  expect(output).toContain('/sidelog/');
  expect(output).toContain('Bearer from-env');
  expect(existsSync(dbPath)).toBe(true);
  // WAL mode: the write-ahead log sits beside the database while it is open.
  expect(existsSync(`${dbPath}-wal`)).toBe(true);

  const url = /(http:\/\/127\.0\.0\.1:\d+)\//.exec(output)![1];
  const answer = await fetch(`${url}/sidelog/admin/api/apps`, { headers: { Authorization: 'Bearer from-env' } });
  expect((await answer.json()).map((app: { key: string }) => app.key)).toContain('sidelog-demo-key');

  child.kill('SIGTERM');
  const [code] = await once(child, 'exit');
  expect(code).toBe(0);
  // Closed cleanly: SQLite folds the write-ahead log back and removes it.
  expect(existsSync(`${dbPath}-wal`)).toBe(false);
});

/** Runs the CLI on `dbPath` until it exits; what it printed to stderr and its exit code. When the tests run as root
 * (whom no file mode stops), the CLI runs as `nobody`, as a service account would. */
async function refusal(dbPath: string): Promise<{ code: number | null; stderr: string }> {
  const asNobody = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {};
  const child = spawn(process.execPath, serviceArgs(), {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', SIDELOG_DB: dbPath },
    stdio: ['ignore', 'pipe', 'pipe'],
    ...asNobody,
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  child.stdout.once('data', () => child.kill('SIGTERM'));
  const [code] = await once(child, 'exit');
  return { code, stderr };
}

/** A directory `nobody` (or this user) may enter and, when `writable`, write in. */
function directory(writable: boolean): string {
  dir = mkdtempSync(join(tmpdir(), 'sidelog-cli-'));
  chmodSync(dir, writable ? 0o777 : 0o755);
  return dir;
}

test('refuses to start on a read-only database file, with one line naming the path and the cause', async () => {
  const dbPath = join(directory(true), 'sidelog.db');
  new Database(dbPath).close();
  chmodSync(dbPath, 0o444);
  const { code, stderr } = await refusal(dbPath);
  expect(code).toBe(1);
  expect(stderr).toBe(`Sidelog cannot start: ${dbPath}: the database file is not writable\n`);
});

test('refuses to start when the database directory is not writable', async () => {
  const root = directory(true);
  const dbDir = join(root, 'data');
  mkdirSync(dbDir, { mode: 0o555 });
  chmodSync(dbDir, 0o555);
  const dbPath = join(dbDir, 'sidelog.db');
  const { code, stderr } = await refusal(dbPath);
  expect(code).toBe(1);
  expect(stderr).toBe(
    `Sidelog cannot start: ${dbPath}: its directory ${dbDir} is not writable (the database writes its journal beside it)\n`,
  );
});

test('refuses to start on a database whose schema is newer than the code', async () => {
  const dbPath = join(directory(true), 'sidelog.db');
  const db = new Database(dbPath);
  db.pragma(`user_version = ${MIGRATIONS.length + 1}`);
  db.close();
  chmodSync(dbPath, 0o666);
  const { code, stderr } = await refusal(dbPath);
  expect(code).toBe(1);
  expect(stderr).toBe(
    `Sidelog cannot start: ${dbPath}: its schema is version ${MIGRATIONS.length + 1}, newer than this code's ${MIGRATIONS.length}: run the newer Sidelog, or restore an older copy\n`,
  );
});

test('refuses to start on a file that is not a database, without a stack trace', async () => {
  const dbPath = join(directory(true), 'sidelog.db');
  writeFileSync(dbPath, 'not a database, but long enough to have a header of sorts: '.repeat(20), { mode: 0o666 });
  chmodSync(dbPath, 0o666);
  const { code, stderr } = await refusal(dbPath);
  expect(code).toBe(1);
  expect(stderr).toBe(`Sidelog cannot start: ${dbPath}: not a SQLite database, or corrupt (file is not a database)\n`);
});

test('refuses to start on a damaged database (page 3 overwritten), in one line naming the path and what to do', async () => {
  const dbPath = join(directory(true), 'sidelog.db');
  await openSqliteStore(dbPath).close();
  chmodSync(dbPath, 0o666);
  const fd = openSync(dbPath, 'r+');
  writeSync(fd, Buffer.alloc(4096, 0x41), 0, 4096, 2 * 4096);
  closeSync(fd);
  const { code, stderr } = await refusal(dbPath);
  expect(code).toBe(1);
  expect(stderr).toMatch(
    /^Sidelog cannot start: .+: the database is damaged \(quick_check: .+\): restore it from a backup, or recover it with the sqlite3 shell \(docs\/local-service\.md#a-damaged-database\)\n$/,
  );
  expect(stderr.startsWith(`Sidelog cannot start: ${dbPath}: `)).toBe(true);
});
