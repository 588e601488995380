// A log's place (its file, method, URL and tag) kept once per distinct place in `log_places`, so that words inside
// words are found there through a small trigram index rather than through trigrams of every log's place
// (docs/explorer.md#words-inside-words-on-postgresql). A log reaches its place's row through the B-tree logs_by_place
// on the place's key (server/postgres/schema.ts); the expressions below are written exactly as the index's, so that
// the planner uses it.
//
// Every place of a stored log has its row, in the statement that stores the log. `until` is the end of the day of the
// place's latest log (by `at`, as retention goes): a batch moves it forward where its logs are later, row-locking
// only those rows, before it adds new places. Retention deletes a place once the logs before the cutoff are gone, its
// `until` is past, and no log holds it. A log older than the retention period that arrives while retention runs may
// miss its place until retention deletes it too, on its next pass (docs/explorer.md#words-inside-words-on-postgresql).

/** The place's key as the index's expression, over the columns of `alias` (or unqualified). */
export function placeKey(alias = ''): string {
  const [f, m, u, tg] = ['f', 'm', 'u', 'tg'].map((column) => alias + column);
  return `(md5(coalesce(length(${f})::text, '-') || ',' || coalesce(length(${m})::text, '-') || ',' || coalesce(length(${u})::text, '-') || ',' || coalesce(length(${tg})::text, '-') || ',' || coalesce(${f}, '') || coalesce(${m}, '') || coalesce(${u}, '') || coalesce(${tg}, ''))::uuid)`;
}

/** The text log_places_infix holds, as its expression. */
export const PLACE_TEXT = `(coalesce(f, '') || ' ' || coalesce(m, '') || ' ' || coalesce(u, '') || ' ' || coalesce(tg, ''))`;

/** The end of the UTC day of ms-time `at`, in SQL. */
const dayEnd = (at: string) => `(floor(${at} / 86400000) + 1) * 86400000`;

/** CTEs for the collector's batch statement: after `after` (a CTE that must run first), the batch's places from
 * `input` (columns f, m, u, tg, at) get a row, or a later `until`. Both go in key order, so that two batches never
 * wait on each other in a cycle. */
export function addPlacesSql(after: string): string {
  return `
  places AS (
    SELECT ${placeKey()} AS key, f, m, u, tg, ${dayEnd('max(at)')} AS until FROM input GROUP BY f, m, u, tg
  ),
  refreshed AS (
    UPDATE log_places p SET until = places.until FROM places
    WHERE p.key = places.key AND p.until < places.until AND (SELECT count(*) FROM ${after}) >= 0
    RETURNING 1
  ),
  placed AS (
    INSERT INTO log_places (key, f, m, u, tg, until)
    SELECT key, f, m, u, tg, until FROM places WHERE (SELECT count(*) FROM refreshed) >= 0 ORDER BY key
    ON CONFLICT (key) DO NOTHING RETURNING 1
  )`;
}

/** Deletes the places of no log left, once every log before $1 (ms) is gone: those whose logs were all of days that
 * ended by the start of $1's day, and that no log holds (one probe of logs_by_place each). */
export const PRUNE_PLACES = `DELETE FROM log_places p WHERE until <= floor($1::float8 / 86400000) * 86400000
  AND NOT EXISTS (SELECT 1 FROM logs l WHERE ${placeKey('l.')} = p.key)`;
