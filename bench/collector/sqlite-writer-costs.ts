// What each part of the SQLite writer thread's work costs a batch, in process (no HTTP, no threads): the collector
// store's own writes (server/stores/sqlite/log-batch.ts) on a fresh, migrated database, groups of 8 batches of 500 of
// the bench's logs committed as the writer thread commits them, then the word index's step and merge
// (server/stores/sqlite/search-index.ts); each variant drops one piece, so that its cost is the difference. CPU ms per
// 1,000 logs of this thread, the median of ROUNDS.
// docs/benchmarks.md#the-sqlite-collectors-pipeline
//   npx tsx bench/collector/sqlite-writer-costs.ts [--batches 320] [--rounds 3]
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { logContentHash } from '../../server/stores/log-hash.ts';
import { logBatchWrites, logParams } from '../../server/stores/sqlite/log-batch.ts';
import { migrate } from '../../server/stores/sqlite/migrate.ts';
import { createSearchIndex } from '../../server/stores/sqlite/search-index.ts';
import { setWriterPragmas } from '../../server/stores/sqlite/writer-pragmas.ts';
import { BATCH, batchLogs } from './ingest.ts';

const { values } = parseArgs({
  options: {
    batches: { type: 'string', default: '320' },
    rounds: { type: 'string', default: '3' },
    /** Batches a group commits: under load the writer thread's groups held 1 to 8. */
    group: { type: 'string', default: '8' },
    /** Comma-separated numbers of the variants to run (from 0), for a profile of one: all by default. */
    variants: { type: 'string' },
  },
});
const BATCHES = Number(values.batches);
const ROUNDS = Number(values.rounds);
const GROUP = Number(values.group);
const SESSIONS = 8;

interface Variant {
  name: string;
  /** SQL run after the migrations, or a change made in code. */
  setup?: string | ((db: Database.Database) => void);
  index: boolean;
  /** Merge after every n-th index step (0: never). */
  mergeEvery: number;
}

const ALL_VARIANTS: Variant[] = [
  {
    name: 'as the writer thread does: rows, then the word index and a merge after each group',
    index: true,
    mergeEvery: 1,
  },
  { name: 'without the merges', index: true, mergeEvery: 0 },
  { name: 'merging after every 4th group', index: true, mergeEvery: 4 },
  { name: 'without the word index', index: false, mergeEvery: 0 },
  {
    name: 'the dedupe key without the content hash (what a shorter hash could save at most)',
    setup: withoutHashInKey,
    index: true,
    mergeEvery: 1,
  },
  { name: 'without logs_by_time', setup: 'DROP INDEX logs_by_time', index: true, mergeEvery: 1 },
  { name: 'without logs_by_tag', setup: 'DROP INDEX logs_by_tag', index: true, mergeEvery: 1 },
  { name: 'without logs_by_level', setup: 'DROP INDEX logs_by_level', index: true, mergeEvery: 1 },
  {
    name: 'the word index without its sizes (columnsize=0)',
    setup: `DROP TRIGGER logs_fts_delete; DROP TRIGGER logs_fts_update; DROP TABLE logs_fts;
      CREATE VIRTUAL TABLE logs_fts USING fts5 (t, content = 'logs', content_rowid = 'id', columnsize = 0, tokenize = 'unicode61 remove_diacritics 2');
      INSERT INTO logs_fts (logs_fts, rank) VALUES ('automerge', 0);`,
    index: true,
    mergeEvery: 1,
  },
  {
    name: "the merges of 4 segments at a time (FTS5's default usermerge, before 6 December 2026)",
    setup: `INSERT INTO logs_fts (logs_fts, rank) VALUES ('usermerge', 4)`,
    index: true,
    mergeEvery: 1,
  },
  {
    name: "the savepoints' journals in a temporary file (SQLite's default temp_store, before 7 December 2026)",
    setup: 'PRAGMA temp_store = DEFAULT',
    index: true,
    mergeEvery: 1,
  },
];

/** The logs table made again with UNIQUE (session_id, at): its hash column kept, its indexes and triggers as they were. */
function withoutHashInKey(db: Database.Database): void {
  const objects = db
    .prepare(`SELECT type, sql FROM sqlite_master WHERE tbl_name = 'logs' AND sql IS NOT NULL`)
    .all() as { type: string; sql: string }[];
  const table = objects
    .find((object) => object.type === 'table')!
    .sql.replace(/CREATE TABLE "?logs"?/, 'CREATE TABLE logs_again')
    .replace('UNIQUE (session_id, at, content_hash)', 'UNIQUE (session_id, at)');
  if (!table.includes('UNIQUE (session_id, at)')) throw new Error(`The logs table's key is not as expected: ${table}`);
  db.exec(`${table}; DROP TABLE logs; ALTER TABLE logs_again RENAME TO logs;`);
  for (const object of objects) if (object.type !== 'table') db.exec(object.sql);
}

const VARIANTS = values.variants ? values.variants.split(',').map((n) => ALL_VARIANTS[Number(n)]!) : ALL_VARIANTS;

const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

function measure(
  variant: Variant,
  dir: string,
  round: number,
): { total: number; insert: number; index: number; merge: number } {
  const db = new Database(join(dir, `${round}-${VARIANTS.indexOf(variant)}.db`));
  db.function('sidelog_log_hash', { deterministic: true }, (x, t, m, tg, f, l, ll, u) =>
    logContentHash({ x, t, m, tg, f, l, ll, u } as Parameters<typeof logContentHash>[0]),
  );
  db.function('sidelog_bugfender_app_id', { deterministic: true }, (key) => String(key));
  db.pragma('journal_mode = WAL');
  setWriterPragmas(db);
  migrate(db);
  if (typeof variant.setup === 'function') variant.setup(db);
  else if (variant.setup) db.exec(variant.setup);
  // The commits' sync left out: this counts the thread's CPU, not its waits on the disk.
  db.pragma('synchronous = NORMAL');
  db.prepare(`INSERT INTO apps (key, app_id, enabled) VALUES ('bench', 'bench', 1)`).run();
  const sessions = Array.from(
    { length: SESSIONS },
    (_, i) =>
      db
        .prepare(
          `INSERT INTO sessions (app_key, session_uid, udid, time, received_at, payload) VALUES ('bench', ?, ?, '', '', '{}')`,
        )
        .run(`s${i}`, `d${i}`).lastInsertRowid as number,
  );
  const params = Array.from({ length: BATCHES }, (_, b) =>
    logParams(sessions[b % SESSIONS]!, batchLogs(b % SESSIONS, Math.floor(b / SESSIONS))),
  );
  const writes = logBatchWrites(db);
  const index = createSearchIndex(db);
  const begin = db.prepare('BEGIN IMMEDIATE');
  const commit = db.prepare('COMMIT');
  let insert = 0;
  let indexing = 0;
  let merging = 0;
  let steps = 0;
  for (let g = 0; g < BATCHES; g += GROUP) {
    let t = cpuMs();
    begin.run();
    for (let b = g; b < Math.min(BATCHES, g + GROUP); b++)
      writes.addLogParams('bench', sessions[b % SESSIONS]!, params[b]!);
    commit.run();
    insert += cpuMs() - t;
    if (!variant.index) continue;
    t = cpuMs();
    index.step(20_000);
    indexing += cpuMs() - t;
    t = cpuMs();
    if (variant.mergeEvery > 0 && ++steps % variant.mergeEvery === 0) index.merge(500);
    merging += cpuMs() - t;
  }
  db.close();
  const thousands = (BATCHES * BATCH) / 1000;
  return {
    total: (insert + indexing + merging) / thousands,
    insert: insert / thousands,
    index: indexing / thousands,
    merge: merging / thousands,
  };
}

const dir = mkdtempSync(join(tmpdir(), 'sqlite-writer-costs-'));
try {
  console.log(
    `${BATCHES * BATCH} logs a variant, groups of ${GROUP} batches of ${BATCH}; CPU ms per 1,000 logs, median of ${ROUNDS}; load average ${loadavg()[0]!.toFixed(1)}\n`,
  );
  console.log('| variant | all | rows | word index step | merge |');
  console.log('|---|--:|--:|--:|--:|');
  const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const results = VARIANTS.map(() => [] as ReturnType<typeof measure>[]);
  // Rounds alternate the variants, so that the machine's load falls on each alike.
  for (let round = 0; round < ROUNDS; round++) VARIANTS.forEach((v, i) => results[i]!.push(measure(v, dir, round)));
  VARIANTS.forEach((variant, i) => {
    const r = results[i]!;
    const m = (key: keyof (typeof r)[number]) => median(r.map((x) => x[key])).toFixed(2);
    console.log(`| ${variant.name} | ${m('total')} | ${m('insert')} | ${m('index')} | ${m('merge')} |`);
  });
  console.log(`\nload average after: ${loadavg()[0]!.toFixed(1)}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
