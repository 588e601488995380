// `server/main.ts` as `npm start` runs it: configured by environment, prints what a developer needs, and closes
// cleanly on SIGTERM.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { afterEach, expect, test } from 'vitest';

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test('starts from the environment, prints address, demo account, app key and admin token, and exits 0 on SIGTERM', async () => {
  dir = mkdtempSync(join(tmpdir(), 'sidelog-cli-'));
  const dbPath = join(dir, 'data', 'sidelog.db');
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
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
