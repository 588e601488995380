// The writer thread's answers wait for the write-ahead log to reach the disk (server/stores/sqlite/wal-sync.ts,
// docs/local-service.md#the-writer-thread): never before a sync that began after their commit has finished, however
// the commits and syncs interleave; and a failed sync acknowledges nothing it covered. The sync is the test's own here,
// so that it decides when each one ends; the real one, on a real file, at the end.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { createWalSync, syncFile } from '../../../server/stores/sqlite/wal-sync.ts';
import type { Outcome } from '../../../server/stores/sqlite/writer.types.ts';

function harness() {
  const sent: number[] = [];
  const errors: (string | undefined)[] = [];
  const syncs: { resolve(): void; reject(error: Error): void }[] = [];
  const wal = createWalSync(
    'unused-wal',
    (outcomes) =>
      outcomes.forEach((outcome) => {
        sent.push(outcome.id);
        errors.push(outcome.ok ? undefined : outcome.error.code);
      }),
    () => new Promise<void>((resolve, reject) => syncs.push({ resolve, reject })),
  );
  const ok = (id: number): Outcome => ({ id, ok: true, value: 1 });
  // A turn of the event loop, for the sync's callbacks.
  const settle = () => new Promise((resolve) => setImmediate(resolve));
  return { wal, sent, errors, syncs, ok, settle };
}

test('an answer waits for the sync begun after its commit, and a commit made during a sync waits for the next', async () => {
  const { wal, sent, syncs, ok, settle } = harness();
  wal.committed();
  wal.hold([ok(1), ok(2)]);
  expect(syncs).toHaveLength(1);
  expect(sent).toEqual([]);

  // Committed while the first sync runs: that sync may have begun before these frames were written.
  wal.committed();
  wal.hold([ok(3)]);
  expect(syncs).toHaveLength(1);

  syncs[0]!.resolve();
  await settle();
  expect(sent).toEqual([1, 2]);
  expect(syncs).toHaveLength(2);

  syncs[1]!.resolve();
  await settle();
  expect(sent).toEqual([1, 2, 3]);
});

test('a sync that fails acknowledges nothing it covered: its writes answer as an I/O error', async () => {
  const { wal, sent, errors, syncs, ok, settle } = harness();
  wal.committed();
  wal.hold([ok(1), { id: 2, ok: false, error: { message: 'constraint', code: 'SQLITE_CONSTRAINT' } }]);
  syncs[0]!.reject(new Error('EIO'));
  await settle();
  expect(sent).toEqual([1, 2]);
  expect(errors).toEqual(['SQLITE_IOERR', 'SQLITE_CONSTRAINT']);

  // The next commit syncs again, and is answered once it succeeds.
  wal.committed();
  wal.hold([ok(3)]);
  syncs[1]!.resolve();
  await settle();
  expect(errors.at(-1)).toBeUndefined();
  expect(sent).toEqual([1, 2, 3]);
});

test('answers with no commit since the last finished sync go at once, in their order', async () => {
  const { wal, sent, syncs, ok, settle } = harness();
  wal.committed();
  wal.hold([ok(1)]);
  syncs[0]!.resolve();
  await settle();
  wal.hold([ok(2)]);
  expect(sent).toEqual([1, 2]);
});

test('the real sync puts a file on the disk, and a log that does not exist needs none', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'wal-sync-'));
  writeFileSync(join(dir, 'db-wal'), 'frames');
  await expect(syncFile(join(dir, 'db-wal'))).resolves.toBeUndefined();
  await expect(syncFile(join(dir, 'missing-wal'))).resolves.toBeUndefined();
});
