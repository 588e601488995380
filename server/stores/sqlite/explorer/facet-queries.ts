// The facet panel's reads on SQLite (docs/facets.md): the newest logs of a view counted by every facet field at once,
// the sessions' and devices' facts those counts name, and the tags an app's logs carry.
import { splitScanned } from '../../explorer-queries.ts';
import type { DeviceKeyRow, FacetSample, LogFilter, SessionFacts } from '../../explorer-queries.types.ts';
import { FACET_SAMPLE_COLUMNS, facetRows, facetSamplePlan } from '../../fragment-scan.ts';
import type { LogReads } from './log-reads.ts';

/** What a facet sample reads of a log, with the id and time the windows of common words go on from. */
const SAMPLE_COLUMNS = `l.id, l.at, ${FACET_SAMPLE_COLUMNS}`;

type FacetRow = FacetSample['rows'][number];

export function facetQueries({ db, where, scan, common, commonWordsPage }: LogReads) {
  /** The newest `limit` logs counted by every facet field: grouped in SQL down the stream's own index, or, for a
   * search by common words or a fragment, read as the stream is, and grouped here. */
  function facetSample(filter: LogFilter, limit: number, within: number, scanRows?: number): FacetSample {
    const search = filter.search?.groups.length ? filter.search : undefined;
    // A fragment: the newest `limit` matches among the logs its scan reads in the sample's time.
    if (search && splitScanned(search).scanned.groups.length > 0)
      return scan(filter, search, facetSamplePlan(limit, within, scanRows));
    if (search && common(search)) {
      const page = commonWordsPage(filter, search, undefined, limit, performance.now() + within, SAMPLE_COLUMNS);
      return {
        rows: facetRows(page.logs as unknown as FacetRow[]),
        complete: page.next === null && page.logs.length < limit,
      };
    }
    const clause = where(filter);
    if (clause === 'none') return { rows: [], complete: true };
    const rows = db
      .prepare(
        `SELECT level, tag, file, session, count(*) AS n FROM (
           SELECT ${SAMPLE_COLUMNS} FROM logs l WHERE ${clause.sql} ORDER BY l.at DESC, l.id DESC LIMIT ?
         ) GROUP BY 1, 2, 3, 4`,
      )
      .all(...clause.params, limit) as FacetRow[];
    return { rows, complete: rows.reduce((sum, row) => sum + row.n, 0) < limit };
  }

  function sessionFacts(appKey: string, ids: number[]): SessionFacts[] {
    return db
      .prepare(
        `SELECT s.id, s.udid, d.name AS device_name, json_extract(s.payload, '$.app_version.version') AS version, json_extract(s.payload, '$.language') AS language
         FROM sessions s LEFT JOIN devices d ON d.app_key = s.app_key AND d.udid = s.udid
         WHERE s.app_key = ? AND s.id IN (SELECT value FROM json_each(?))`,
      )
      .all(appKey, JSON.stringify(ids)) as SessionFacts[];
  }

  function deviceKeys(appKey: string, udids: string[], key?: string): DeviceKeyRow[] {
    return db
      .prepare(
        `SELECT udid, key, value FROM device_keys WHERE app_key = ? AND udid IN (SELECT value FROM json_each(?))${key === undefined ? '' : ' AND key = ?'}`,
      )
      .all(appKey, JSON.stringify(udids), ...(key === undefined ? [] : [key])) as DeviceKeyRow[];
  }

  /** The tags an app's logs carry, in order: one index seek per tag logged by any app (a loose index scan), each kept
   * when one of its logs is the app's, rather than a scan of every log. */
  function tags(appKey: string, limit = 200): string[] {
    return (
      db
        .prepare(
          `WITH RECURSIVE tag (tg) AS (
             SELECT min(tg) FROM logs WHERE tg > ''
             UNION ALL SELECT (SELECT min(tg) FROM logs WHERE tg > tag.tg) FROM tag WHERE tag.tg IS NOT NULL
           ) SELECT tg FROM tag WHERE tg IS NOT NULL
               AND EXISTS (SELECT 1 FROM logs l WHERE l.tg = tag.tg AND l.session_id IN (SELECT id FROM sessions WHERE app_key = ?))
             LIMIT ?`,
        )
        .all(appKey, limit) as { tg: string }[]
    ).map((row) => row.tg);
  }

  return { facetSample, sessionFacts, deviceKeys, tags };
}
