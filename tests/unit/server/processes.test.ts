// SIDELOG_PROCESSES=N: the command line starts N worker processes that share one port and one database, answers
// with one admin token from all of them, and stops them all on SIGTERM.
import { once } from 'node:events';
import { readdirSync, readFileSync } from 'node:fs';
import { afterEach, expect, test } from 'vitest';
import { processCount } from '../../../server/processes.ts';
import { startServiceProcess, type ServiceProcess } from '../../../scripts/service-process.ts';
import { createTestDatabase, type TestDatabase } from './test-databases.ts';

let database: TestDatabase | undefined;
let service: ServiceProcess | undefined;
afterEach(async () => {
  await service?.stop();
  await database?.drop();
});

/** The pids whose parent is `pid`, from /proc. */
function childrenOf(pid: number): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((name) => {
      try {
        // The parent's pid is the 4th field, after the name in parentheses.
        return Number(readFileSync(`/proc/${name}/stat`, 'utf8').split(') ')[1].split(' ')[1]) === pid;
      } catch {
        return false;
      }
    })
    .map(Number);
}

test('SIDELOG_PROCESSES is a whole number or auto, and refuses anything else', () => {
  expect(processCount(undefined)).toBe(1);
  expect(processCount('3')).toBe(3);
  expect(processCount('auto')).toBeGreaterThanOrEqual(1);
  for (const bad of ['0', '-1', '1.5', 'two']) expect(() => processCount(bad)).toThrow(/SIDELOG_PROCESSES/);
});

test.each(['1', '2'])(
  'with %s process(es), a PostgreSQL that cannot be reached stops the start with one line, and no password',
  async (processes) => {
    const failed = startServiceProcess({
      SIDELOG_DB: 'postgres://sidelog:secret@127.0.0.1:1/nowhere',
      SIDELOG_PROCESSES: processes,
    });
    const error = await failed.then(
      () => undefined,
      (reason: Error) => reason,
    );
    expect(error?.message).toMatch(/exited \(1\)/);
    expect(error?.message).toMatch(
      /Sidelog cannot start: postgres:\/\/sidelog:\*\*\*@127\.0\.0\.1:1\/nowhere: cannot open the PostgreSQL database/,
    );
    expect(error?.message).not.toContain('secret');
  },
  30_000,
);

test('two workers on one PostgreSQL answer on one port with one admin token, and SIGTERM stops them all', async () => {
  database = await createTestDatabase('postgres');
  service = await startServiceProcess({ SIDELOG_DB: database.db, SIDELOG_PROCESSES: '2', SIDELOG_ADMIN_TOKEN: '' });
  const primary = service.child.pid!;
  await expect.poll(() => childrenOf(primary).length).toBe(2);

  // The token the first worker printed opens the admin API on whichever worker answers.
  const token = /Bearer (\S+)/.exec(service.output())![1];
  const answers = await Promise.all(
    Array.from({ length: 20 }, () =>
      fetch(`${service!.url}/sidelog/admin/api/apps`, { headers: { Authorization: `Bearer ${token}` } }).then(
        (r) => r.status,
      ),
    ),
  );
  expect(answers).toEqual(Array(20).fill(200));

  const workers = childrenOf(primary);
  const exited = once(service.child, 'exit');
  service.child.kill('SIGTERM');
  const [code] = await exited;
  expect(code).toBe(0);
  for (const pid of workers) expect(() => process.kill(pid, 0)).toThrow();
}, 60_000);
