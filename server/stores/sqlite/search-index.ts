// The word index of logs (logs_fts, the words of the text), kept a step behind the logs instead of in the batch's own
// work. Logs up to search_progress.indexed_to are indexed. No trigram index: a fragment is found by reading logs
// (docs/explorer.md#fragments), since trigrams were most of what a batch cost (docs/benchmarks.md). The writer thread
// (server/stores/sqlite/writer-thread.ts) advances it in bounded steps after each group commit, and before it answers the
// group, so that a log is searchable when its batch is acknowledged unless the index has fallen behind (after a
// restart, or a full disk), and then within the catch-up. A search reads what is indexed and never indexes anything
// itself: no request waits on the catch-up.
// docs/local-service.md#the-writer-thread
import type Database from 'better-sqlite3';

export interface SearchIndex {
  /** Indexes up to `limit` of the logs not yet indexed, in one transaction; how many it indexed. */
  step(limit: number): number;
  /** Merges the index's segments, writing about `pages` pages at most: writes to them never merge by themselves
   * (the migration that turned automerge off), so that a delete on a full database needs no room for a merge. */
  merge(pages: number): void;
  /** How many stored logs are not indexed yet (by id; ids only grow). */
  behind(): number;
  /** The highest log id indexed. */
  indexedTo(): number;
}

export function createSearchIndex(db: Database.Database): SearchIndex {
  const indexedTo = db.prepare(`SELECT indexed_to FROM search_progress`).pluck();
  const lastId = db.prepare(`SELECT ifnull(max(id), 0) FROM logs`).pluck();
  const index = db.prepare(
    `INSERT INTO logs_fts (rowid, t) SELECT id, t FROM logs WHERE id > ? AND id <= ? ORDER BY id`,
  );
  const advance = db.prepare(`UPDATE search_progress SET indexed_to = ?`);
  // A positive count merges only where a level holds enough segments to be worth it: FTS5's usermerge, 16 here (the
  // migration that set it, server/stores/sqlite/schema.ts), so that each word's entries are rewritten fewer times.
  const mergeWords = db.prepare(`INSERT INTO logs_fts (logs_fts, rank) VALUES ('merge', ?)`);
  // IMMEDIATE: with several processes on one file, a step reads indexed_to under the write lock, so no two index a log.
  const step = db.transaction((limit: number): number => {
    const from = indexedTo.get() as number;
    const to = Math.min(lastId.get() as number, from + limit);
    if (to <= from) return 0;
    index.run(from, to);
    advance.run(to);
    return to - from;
  });
  return {
    step: (limit) => step.immediate(limit),
    merge(pages) {
      mergeWords.run(pages);
    },
    behind: () => Math.max(0, (lastId.get() as number) - (indexedTo.get() as number)),
    indexedTo: () => indexedTo.get() as number,
  };
}
