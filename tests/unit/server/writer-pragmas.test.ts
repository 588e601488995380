// The SQLite writer thread's connection keeps its savepoints' journals in memory (server/stores/sqlite/writer-pragmas.ts,
// docs/local-service.md#the-writer-thread): a batch written in a savepoint, as the thread writes each, opens no
// temporary file, where SQLite's default opens one. Read from this process's open files, which Linux lists.
import { existsSync, mkdtempSync, readdirSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import type { LogRecord } from '../../../protocol/records.types.ts';
import { logBatchWrites, logParams } from '../../../server/stores/sqlite/log-batch.ts';
import { migrate } from '../../../server/stores/sqlite/migrate.ts';
import { MIGRATIONS } from '../../../server/stores/sqlite/schema.ts';
import { setWriterPragmas } from '../../../server/stores/sqlite/writer-pragmas.ts';
import { sqliteBefore } from './sqlite-before.ts';

const APP = 'writer-pragmas-app';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0).reverse()) cleanup();
});

/** SQLite's temporary files open in this process: it names them `etilqs_…` and deletes each as it opens it. */
const temporaryFiles = () =>
  readdirSync('/proc/self/fd')
    .map((fd) => {
      try {
        return readlinkSync(`/proc/self/fd/${fd}`);
      } catch {
        return ''; // closed meanwhile (readdir's own)
      }
    })
    .filter((target) => target.includes('etilqs_'));

const batch = (index: number): LogRecord[] =>
  Array.from({ length: 500 }, (_, i) => ({
    x: new Date(1_765_000_000_000 + index * 500 + i).toISOString(),
    at: 1_765_000_000_000 + index * 500 + i,
    t: `order ${index} line ${i} of a batch long enough to fill its pages`,
    tg: ['ui', 'net', 'cart', 'auth'][i % 4],
    ll: i % 3 === 0 ? 4 : 0,
  }));

/** The temporary files open while a batch's write sits in a savepoint of a group's transaction, after 4 batches
 * committed (a savepoint journals only pages that were there before it). */
function filesDuringWrite(asTheWriter: boolean): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'writer-pragmas-'));
  const { db, session } = sqliteBefore(join(dir, 'sidelog.db'), MIGRATIONS.length, APP);
  cleanups.push(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });
  migrate(db); // the columns described since the migrations (server/stores/log-columns.ts)
  if (asTheWriter) setWriterPragmas(db);
  const writes = logBatchWrites(db);
  for (let i = 0; i < 4; i++) writes.addLogParams(APP, session, logParams(session, batch(i)));
  db.exec('BEGIN IMMEDIATE; SAVEPOINT write');
  expect(writes.addLogParams(APP, session, logParams(session, batch(4)))).toBe(500);
  const files = temporaryFiles();
  db.exec('RELEASE write; COMMIT');
  return files;
}

test.runIf(existsSync('/proc/self/fd'))("a batch's savepoint journal stays in the writer's memory", () => {
  // SQLite's default spills the journal of a batch to a file: what the writer's setting saves.
  expect(filesDuringWrite(false)).toHaveLength(1);
  expect(filesDuringWrite(true)).toEqual([]);
});
