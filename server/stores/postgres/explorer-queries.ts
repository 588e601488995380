// The explorer's reads over PostgreSQL (the contract: server/stores/explorer-queries.types.ts), one file a view in explorer/:
// the log stream, the histogram and counts, the facets, the live tail, sessions, issues and devices, all reading logs
// through explorer/log-reads.ts. The log stream is in time order, newest first, paged by keyset on (at, id), as in
// SQLite; each filter is a clause with its parameters. Search is server/stores/postgres/search-sql.ts: the `tsv` column
// (to_tsvector 'simple' of the text, GIN-indexed) for words and phrases; a fragment, and a file, method or URL value,
// is ILIKE tested on each log read.
import type pg from 'pg';
import type { ExplorerQueries } from '../explorer-queries.types.ts';
import { sql } from './client.ts';
import { deviceQueries } from './explorer/device-queries.ts';
import { facetQueries } from './explorer/facet-queries.ts';
import { issueQueries } from './explorer/issue-queries.ts';
import { logListQueries } from './explorer/log-list-queries.ts';
import { logReads } from './explorer/log-reads.ts';
import { sessionQueries } from './explorer/session-queries.ts';
import { tailQueries } from './explorer/tail-queries.ts';
import { volumeQueries } from './explorer/volume-queries.ts';

export function createPgExplorerQueries(pool: pg.Pool): ExplorerQueries {
  const reads = logReads(pool);
  return {
    apps: () => apps(pool),
    ...logListQueries(reads),
    ...volumeQueries(reads),
    ...facetQueries(reads),
    ...tailQueries(reads),
    sessions: sessionQueries(pool),
    issues: issueQueries(pool),
    devices: deviceQueries(pool),
  };
}

/** Every app, with how many sessions it has received (apps that received nothing sort last). */
async function apps(pool: pg.Pool) {
  const rows = await sql(pool).all<{ key: string; app_id: string; enabled: number; sessions: number }>(
    `SELECT a.key, a.app_id, a.enabled, (SELECT count(*) FROM sessions s WHERE s.app_key = a.key) AS sessions FROM apps a`,
  );
  // Apps that received nothing last, then by key (as SQLite's byte order sorts them).
  rows.sort(
    (a, b) => Number(a.sessions === 0) - Number(b.sessions === 0) || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0),
  );
  return rows.map((row) => ({
    key: row.key,
    appId: row.app_id,
    enabled: row.enabled === 1,
    sessions: row.sessions,
  }));
}
