// The explorer's reads over SQLite (the contract, shared with PostgreSQL's: server/stores/explorer-queries.types.ts),
// straight SQL over the collector's tables (server/stores/sqlite/schema.ts), one file a view in explorer/: the log
// stream, the histogram and counts, the facets, the live tail, sessions, issues and devices, all reading logs through
// explorer/log-reads.ts. The log stream is in time order, newest first, paged by keyset on (at, id): a page costs the
// same on the first screen and the ten thousandth. Each filter is a clause; the indexes the last migration adds let
// the first page of any single filter read only about a page of rows.
import type Database from 'better-sqlite3';
import type { ExplorerApp, ExplorerQueries } from '../explorer-queries.types.ts';
import { registerReadDeadline } from './read-deadline.ts';
import { promised } from './rows.ts';
import { registerParsedKv } from './parsed-field-sql.ts';
import { registerContains } from './search-sql.ts';
import { COMMON_MATCHES } from './explorer/common-words.ts';
import { deviceQueries } from './explorer/device-queries.ts';
import { facetQueries } from './explorer/facet-queries.ts';
import { issueQueries } from './explorer/issue-queries.ts';
import { logListQueries } from './explorer/log-list-queries.ts';
import { logReads } from './explorer/log-reads.ts';
import { sessionQueries } from './explorer/session-queries.ts';
import { tailQueries } from './explorer/tail-queries.ts';
import { volumeQueries } from './explorer/volume-queries.ts';

/** The explorer's queries over the SQLite database; `tuning` lets tests reach the common-words path with few logs. */
export function createExplorerQueries(
  db: Database.Database,
  tuning = { commonMatches: COMMON_MATCHES },
): ExplorerQueries {
  const { sessions, issues, devices, ...rest } = explorerQueriesSync(db, tuning);
  return {
    ...promised<Omit<ExplorerQueries, 'sessions' | 'issues' | 'devices'>>(rest),
    sessions: promised<ExplorerQueries['sessions']>(sessions),
    issues: promised<ExplorerQueries['issues']>(issues),
    devices: promised<ExplorerQueries['devices']>(devices),
  };
}

/** The same queries, answered at once: what the reader thread runs (server/stores/sqlite/reader-thread.ts). */
export function explorerQueriesSync(db: Database.Database, tuning = { commonMatches: COMMON_MATCHES }) {
  registerContains(db);
  registerParsedKv(db);
  registerParsedKv(db);
  registerReadDeadline(db);
  // A search reads what the index holds, which the writer thread keeps up to date (server/stores/sqlite/search-index.ts).
  const reads = logReads(db, tuning);
  return {
    apps: () => apps(db),
    ...logListQueries(reads),
    ...volumeQueries(reads),
    ...facetQueries(reads),
    ...tailQueries(reads),
    sessions: sessionQueries(db),
    issues: issueQueries(db),
    devices: deviceQueries(db),
  };
}

/** Every app, with how many sessions it has received (apps that received nothing sort last). */
function apps(db: Database.Database): Omit<ExplorerApp, 'identityKey'>[] {
  return (
    db
      .prepare(
        `SELECT a.key, a.app_id, a.enabled, (SELECT count(*) FROM sessions s WHERE s.app_key = a.key) AS sessions FROM apps a
         ORDER BY sessions = 0, a.key`,
      )
      .all() as { key: string; app_id: string; enabled: number; sessions: number }[]
  ).map((row) => ({ key: row.key, appId: row.app_id, enabled: row.enabled === 1, sessions: row.sessions }));
}
