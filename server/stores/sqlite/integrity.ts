// Finding a damaged SQLite file before it is served (docs/local-service.md#a-damaged-database): `PRAGMA quick_check`
// reads every page and checks each b-tree's structure, about 0.7 s per 500 MB on the development machine with the file
// in the page cache. A file up to FULL_CHECK_BYTES is checked before the service starts, and refused when damaged; a
// larger one starts at once and is checked on its own read-only connection in a worker thread, which logs the damage
// it finds. Either way a request that meets a damaged page answers 503 (server/http/errors.ts).
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type Database from 'better-sqlite3';
import { damagedDatabase } from '../../startup-checks.ts';

/** Files up to this size are checked before the service starts: about 1.5 s from the page cache, more from disk. */
const FULL_CHECK_BYTES = 1024 * 1024 * 1024;

/** What quick_check found, one line per problem, or an empty list for a sound file. A file too damaged for the check
 * to run makes it throw instead, which counts as one problem. */
function quickCheck(db: Database.Database): string[] {
  try {
    const rows = db.pragma('quick_check', { simple: false }) as { quick_check: string }[];
    return problemsOf(rows.map((row) => row.quick_check));
  } catch (error) {
    return [(error as Error).message];
  }
}

/** quick_check's rows as single lines, without its "*** in database main ***" headers; none when it answered ok. */
function problemsOf(rows: string[]): string[] {
  if (rows.length === 1 && rows[0] === 'ok') return [];
  return rows.flatMap((row) => row.split('\n')).filter((line) => line && !line.startsWith('***'));
}

/** The worker's script: CommonJS, as `eval` workers are, loading the same better-sqlite3 as the service. */
const BACKGROUND_CHECK = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
let rows;
try {
  const db = new Database(workerData.path, { readonly: true, fileMustExist: true });
  try { rows = db.pragma('quick_check', { simple: false }).map((row) => row.quick_check); } finally { db.close(); }
} catch (error) { rows = [error.message]; }
parentPort.postMessage(rows);
`;

/** Checks the open file at `path`: before returning (throwing a StartupError naming the path when it is damaged) if it
 * is at most `fullCheckBytes`, else in a worker thread, logging one line naming the path if it is damaged. Resolves to
 * the problems found, once the check is over. */
export function checkIntegrity(
  db: Database.Database,
  path: string,
  fullCheckBytes = FULL_CHECK_BYTES,
): Promise<string[]> {
  const bytes =
    (db.pragma('page_count', { simple: true }) as number) * (db.pragma('page_size', { simple: true }) as number);
  if (path === ':memory:' || bytes <= fullCheckBytes) {
    const problems = quickCheck(db);
    if (problems.length) throw damagedDatabase(path, problems);
    return Promise.resolve([]);
  }
  const worker = new Worker(BACKGROUND_CHECK, {
    eval: true,
    workerData: { path, driver: createRequire(import.meta.url).resolve('better-sqlite3') },
  });
  // The check never keeps the process alive, nor the store's close() waiting: it holds its own read-only connection.
  worker.unref();
  return new Promise<string[]>((resolve) => {
    worker.once('message', (rows: string[]) => resolve(problemsOf(rows)));
    worker.once('error', (error) => resolve([error.message]));
  }).then((problems) => {
    if (problems.length) console.error(`Sidelog: ${damagedDatabase(path, problems).message}`);
    return problems;
  });
}
