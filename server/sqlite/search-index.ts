// The full-text indexes of logs (logs_fts, the words of the text; logs_infix, trigrams of the text, file, method,
// URL and tag), kept a little behind the logs instead of in the collector's transaction: indexing cost a log about as much as storing it with every other index, and a client waits on
// its batch's answer, while nobody waits on the index until they search. Logs up to search_progress.indexed_to
// are indexed. After each stored batch the index catches up in small steps, between requests; a search first
// brings it up to date itself, so it always sees every stored log.
import type Database from 'better-sqlite3';

/** Logs indexed per step in the background, at the most: about 40 ms of the event loop on 2 cores. A step takes
 * everything pending up to this, so that several batches answered between two steps do not leave the index
 * further behind each time. */
const STEP = 2_000;

export interface SearchIndex {
  /** Indexes everything stored so far, now: before a search. */
  catchUp(): void;
  /** Indexes what is pending in the background, a step per turn of the event loop, so requests go first. */
  schedule(): void;
}

const INDEXES = new WeakMap<Database.Database, SearchIndex>();

/** The search index of this database: one per handle, shared by the collector (which schedules) and the explorer's
 * queries (which catch up). */
export function searchIndexOf(db: Database.Database): SearchIndex {
  let index = INDEXES.get(db);
  if (!index) INDEXES.set(db, (index = createSearchIndex(db)));
  return index;
}

function createSearchIndex(db: Database.Database): SearchIndex {
  const indexedTo = db.prepare(`SELECT indexed_to FROM search_progress`).pluck();
  const lastId = db.prepare(`SELECT ifnull(max(id), 0) FROM logs`).pluck();
  const index = db.prepare(`INSERT INTO logs_fts (rowid, t) SELECT id, t FROM logs WHERE id > ? AND id <= ? ORDER BY id`);
  // Words inside words (server/sqlite/search-sql.ts): the same logs by trigrams, of their text, file, method, URL and tag.
  const indexInfix = db.prepare(`INSERT INTO logs_infix (rowid, t, f, m, u, tg) SELECT id, t, f, m, u, tg FROM logs WHERE id > ? AND id <= ? ORDER BY id`);
  const advance = db.prepare(`UPDATE search_progress SET indexed_to = ?`);
  /** Indexes up to `limit` pending logs (ids are in rowid order, and ids only grow); true when some remain. */
  const step = db.transaction((limit: number): boolean => {
    const from = indexedTo.get() as number;
    const last = lastId.get() as number;
    if (last <= from) return false;
    const to = Math.min(last, from + limit);
    index.run(from, to);
    indexInfix.run(from, to);
    advance.run(to);
    return to < last;
  });
  let scheduled = false;
  const background = () => {
    scheduled = false;
    // The store may have been closed since: nothing to do then, the next start catches up.
    if (!db.open) return;
    if (step(STEP)) schedule();
  };
  function schedule() {
    if (scheduled) return;
    scheduled = true;
    setImmediate(background);
  }
  return {
    catchUp() {
      // Most searches find nothing pending: that is two reads, without the write lock.
      if ((lastId.get() as number) > (indexedTo.get() as number)) step.immediate(Number.MAX_SAFE_INTEGER);
    },
    schedule,
  };
}
