// The requests log and the refused keys kept bounded, the same on both stores: each process prunes them every
// PRUNE_EVERY requests it records, to the newest MAX_REQUEST_ROWS requests and the MAX_REFUSED_KEYS keys seen last
// (store.types.ts, CollectorStore.recordRequest). Each store's collector-store.ts runs the statements its own way.
import { sql, type Sql } from './dialect.ts';
import { MAX_REFUSED_KEYS, MAX_REFUSED_KEY_LENGTH, MAX_REQUEST_ROWS, PRUNE_EVERY } from './store.types.ts';

/** The key a request that named no known app is counted under: cut, so that a client cannot store a long one. */
export const refusedKey = (appKey: string): string => appKey.slice(0, MAX_REFUSED_KEY_LENGTH);

/** The two prunes. Request ids only grow, so "all but the newest N" is one range delete on the primary key; refused
 * keys go by when they were last seen (indexed), the newest kept. */
export const PRUNE_REQUESTS_LOG: readonly Sql[] = [
  sql`DELETE FROM requests WHERE id <= (SELECT max(id) FROM requests) - ${MAX_REQUEST_ROWS}`,
  sql`DELETE FROM refused_keys WHERE (app_key, operation, status) NOT IN
    (SELECT app_key, operation, status FROM refused_keys ORDER BY last_seen DESC LIMIT ${MAX_REFUSED_KEYS})`,
];

/** Call after each request recorded: runs `prune` on every PRUNE_EVERY-th call, rather than on each. */
export function pruneEvery<T>(prune: () => T): () => T | undefined {
  let recorded = 0;
  return () => (++recorded % PRUNE_EVERY === 0 ? prune() : undefined);
}
