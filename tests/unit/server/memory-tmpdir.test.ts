// The test run's temporary files in memory where the machine has room (docs/testing.md#temporary-files).
import { mkdtempSync, rmSync, statfsSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { describe, expect, inject, test } from 'vitest';
import { memoryTmpdir } from '../../../scripts/memory-tmpdir.ts';

const TMPFS_MAGIC = 0x01021994;
const shm = (() => {
  try {
    const stats = statfsSync('/dev/shm');
    return { tmpfs: stats.type === TMPFS_MAGIC, free: stats.bavail * stats.bsize };
  } catch {
    return undefined;
  }
})();
const roomInMemory = !!shm?.tmpfs && shm.free >= 4 * 1024 ** 3;

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
  test.runIf(roomInMemory && tmpdir() === '/dev/shm/sidelog-tmp')(
    "the run's PostgreSQL cluster, started before any test, keeps its files there",
    async () => {
      const client = new pg.Client(inject('postgresUrl'));
      await client.connect();
      try {
        const { rows } = await client.query<{ data_directory: string }>('SHOW data_directory');
        expect(rows[0]!.data_directory).toMatch(/^\/dev\/shm\/sidelog-tmp\/sidelog-pg-\w+\/data$/);
      } finally {
        await client.end();
      }
    },
  );
});
