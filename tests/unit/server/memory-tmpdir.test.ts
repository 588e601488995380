// The test run's temporary files in memory where the machine has room (docs/testing.md#temporary-files).
import { existsSync, mkdirSync, mkdtempSync, rmSync, statfsSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { describe, expect, inject, test } from 'vitest';
import { memoryTmpdir, ROOM_BYTES, runTmpdir, TMPFS_MAGIC } from '../../../scripts/memory-tmpdir.ts';

const shm = (() => {
  try {
    const stats = statfsSync('/dev/shm');
    return { tmpfs: stats.type === TMPFS_MAGIC, free: stats.bavail * stats.bsize };
  } catch {
    return undefined;
  }
})();
const roomInMemory = !!shm?.tmpfs && shm.free >= ROOM_BYTES;

describe('memoryTmpdir', () => {
  test('a directory that is not a tmpfs gives none', () => {
    // The repository's own directory is on the disk.
    expect(memoryTmpdir(import.meta.dirname)).toBeUndefined();
    expect(memoryTmpdir('/no/such/directory')).toBeUndefined();
  });

  test.runIf(roomInMemory)('/dev/shm with room gives its sidelog-tmp, writable by all as /tmp is', () => {
    const dir = memoryTmpdir();
    expect(dir).toBe('/dev/shm/sidelog-tmp');
    expect(statSync(dir!).mode & 0o1777).toBe(0o1777);
    const inside = mkdtempSync(join(dir!, 'probe-'));
    rmSync(inside, { recursive: true });
  });

  // Unless whoever ran the tests set TMPDIR: the config keeps theirs.
  test.runIf(roomInMemory && tmpdir().startsWith('/dev/shm/sidelog-tmp/run-'))(
    "the run's PostgreSQL cluster, started before any test, keeps its files there",
    async () => {
      const client = new pg.Client(inject('postgresUrl'));
      await client.connect();
      try {
        const { rows } = await client.query<{ data_directory: string }>('SHOW data_directory');
        expect(rows[0]!.data_directory).toMatch(/^\/dev\/shm\/sidelog-tmp\/run-\d+\/sidelog-pg-\w+\/data$/);
      } finally {
        await client.end();
      }
    },
  );
});

describe('runTmpdir', () => {
  test("makes this run's directory, and removes those of runs whose process is gone, not those of live ones", () => {
    const base = mkdtempSync(join(tmpdir(), 'run-dirs-'));
    try {
      // No process has a pid this high (Linux's pid_max is at most 2^22); this worker's parent is alive.
      mkdirSync(join(base, 'run-99999999', 'chdb-node-mem-left'), { recursive: true });
      mkdirSync(join(base, `run-${process.ppid}`));
      mkdirSync(join(base, 'tsx-0'));
      const dir = runTmpdir(base);
      expect(dir).toBe(join(base, `run-${process.pid}`));
      expect(statSync(dir).mode & 0o1777).toBe(0o1777);
      expect(existsSync(join(base, 'run-99999999'))).toBe(false);
      expect(existsSync(join(base, `run-${process.ppid}`))).toBe(true);
      expect(existsSync(join(base, 'tsx-0'))).toBe(true);
    } finally {
      rmSync(base, { recursive: true, force: true });
    }
  });
});
