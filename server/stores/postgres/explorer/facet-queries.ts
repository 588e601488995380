// The facet panel's reads on PostgreSQL (docs/facets.md): the newest logs of a view counted by every facet field at
// once, the sessions' and devices' facts those counts name, and the tags an app's logs carry.
import type { DeviceKeyRow, ExplorerQueries, FacetSample, SessionFacts } from '../../explorer-queries.types.ts';
import { splitScanned } from '../../explorer-queries.ts';
import { FACET_SAMPLE_COLUMNS, facetSamplePlan } from '../../fragment-scan.ts';
import { parameters } from './log-filter.ts';
import type { LogReads } from './log-reads.ts';

type FacetQueries = Pick<ExplorerQueries, 'facetSample' | 'sessionFacts' | 'deviceKeys' | 'tags'>;

/** Code point order, SQLite's (its texts compare as UTF-8 bytes): JavaScript's own sort compares UTF-16 units, which
 * puts a character past U+FFFF before U+E000 to U+FFFF. */
const byCodePoint = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));

export function facetQueries({ all, where, scan }: LogReads): FacetQueries {
  return {
    async facetSample(filter, limit, within, scanRows) {
      // A term no index answers: the matches among the logs its scan reads within the budget, not one statement over
      // every log of the view (past the statement's time over a million logs: docs/facets.md#counting).
      if (filter.search && splitScanned(filter.search).scanned.groups.length > 0)
        return scan(filter, filter.search, facetSamplePlan(limit, within, scanRows));
      const p = parameters();
      const clause = await where(filter, p);
      if (clause === 'none') return { rows: [], complete: true };
      const rows = await all<FacetSample['rows'][number]>(
        `SELECT level, tag, file, session, count(*)::int AS n FROM (
           SELECT ${FACET_SAMPLE_COLUMNS} FROM logs l WHERE ${clause}
           ORDER BY l.at DESC, l.id DESC LIMIT ${p.add(limit)}
         ) AS newest GROUP BY 1, 2, 3, 4`,
        ...p.values,
      );
      return { rows, complete: rows.reduce((sum, row) => sum + row.n, 0) < limit };
    },
    async sessionFacts(appKey, ids) {
      return all<SessionFacts>(
        `SELECT s.id, s.udid, d.name AS device_name, s.payload::json -> 'app_version' ->> 'version' AS version, s.payload::json ->> 'language' AS language
         FROM sessions s LEFT JOIN devices d ON d.app_key = s.app_key AND d.udid = s.udid
         WHERE s.app_key = $1 AND s.id = ANY ($2::int[])`,
        appKey,
        ids,
      );
    },
    async deviceKeys(appKey, udids, key) {
      return all<DeviceKeyRow>(
        `SELECT udid, key, value FROM device_keys WHERE app_key = $1 AND udid = ANY ($2::text[])${key === undefined ? '' : ' AND key = $3'}`,
        appKey,
        udids,
        ...(key === undefined ? [] : [key]),
      );
    },
    async tags(appKey, limit = 200) {
      // One seek in logs_by_tag per tag (a loose index scan) rather than a scan of every log, each tag kept when one
      // of its logs is the app's. The seeks compare in the column's own collation, the index's: written
      // `min(tg COLLATE "C")`, the index went unused even in a database whose collation is C, and the list read every
      // log. The tags found are put in code point order here, as SQLite's are; with more than `limit` of them, which
      // `limit` is the database collation's (the same in a C database).
      const rows = await all<{ tg: string }>(
        `WITH RECURSIVE tag (tg) AS (
           SELECT min(tg) FROM logs WHERE tg > ''
           UNION ALL SELECT (SELECT min(tg) FROM logs WHERE tg > tag.tg) FROM tag WHERE tag.tg IS NOT NULL
         ) SELECT tg FROM tag WHERE tg IS NOT NULL
             AND EXISTS (SELECT 1 FROM logs l WHERE l.tg = tag.tg AND l.session_id IN (SELECT id FROM sessions WHERE app_key = $1))
           LIMIT $2`,
        appKey,
        limit,
      );
      return rows.map((row) => row.tg).sort(byCodePoint);
    },
  };
}
