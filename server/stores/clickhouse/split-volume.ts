// Counts by a field on ClickHouse (ExplorerQueries.splitVolume, docs/volume-and-counts.md#counts-by-a-field): one
// GROUP BY bucket and a key over the view's logs (or the matches its scan reads), the key the value itself for a level
// or a tag; a session's id for its app version or its device's key, which SIDELOG_DB then names; the text, where it may
// hold the parsed field, read in Node by the other stores' rules (server/stores/parsed-field-read.ts). Values are
// written as the other stores' SQL writes them (`n:502`, `s:net`, `j:"gold"`, null for none).
import type { SplitBy } from '../../../explorer-contract/field-counts.ts';
import { splitScanned } from '../explorer-queries.ts';
import { SPLIT_ROWS } from '../split-budget.ts';
import type { ExplorerQueries, LogFilter } from '../explorer-queries.types.ts';
import { parsedSplitValue } from '../parsed-field-read.ts';
import type { LogReadContext } from './log-read-context.ts';
import { countedRows } from './plan-rows.ts';
import { fieldText } from './scan-plan.ts';
import type { createScanReads } from './scan-reads.ts';
import { sqlInteger } from './sql-literal.ts';

type Counted = { bucket: number; split_key: string | number | null; n: number };

/** The key a log is grouped by in SQL. */
function keySql(by: SplitBy): string {
  switch (by.kind) {
    case 'level':
      return `concat('n:', toString(ifNull(ll, 0)))`;
    case 'tag':
      return `if(isNull(tg), NULL, concat('s:', ifNull(tg, '')))`;
    case 'version':
    case 'key':
      return 'session_id';
    case 'parsed':
      return fieldText(by.path);
  }
}

/** Each key's value as the split writes it. */
async function valuesOf(
  context: LogReadContext,
  appKey: string,
  by: SplitBy,
  keys: Counted['split_key'][],
): Promise<(key: Counted['split_key']) => string | null> {
  if (by.kind === 'level' || by.kind === 'tag') return (key) => key as string | null;
  if (by.kind === 'parsed') return (key) => parsedSplitValue(String(key), by.path);
  const ids = [...new Set(keys.map(Number))];
  const facts = ids.length ? await context.facts.sessionFacts(appKey, ids) : [];
  if (by.kind === 'version') {
    const versions = new Map(facts.map((fact) => [fact.id, fact.version]));
    return (key) => {
      const version = versions.get(Number(key));
      return version === null || version === undefined ? null : `s:${version}`;
    };
  }
  const udids = new Map(facts.map((fact) => [fact.id, fact.udid]));
  const udidList = [...new Set(udids.values())];
  const stored = udidList.length ? await context.facts.deviceKeys(appKey, udidList, by.key) : [];
  const values = new Map(stored.map((row) => [row.udid, row.value]));
  return (key) => {
    const value = values.get(udids.get(Number(key)) ?? '');
    return value === undefined ? null : `j:${value}`;
  };
}

export function createSplitVolume(
  context: LogReadContext,
  scans: ReturnType<typeof createScanReads>,
): ExplorerQueries['splitVolume'] {
  return async (filter: LogFilter, bucketMs: number, by: SplitBy, scanRows = SPLIT_ROWS) => {
    const keys = [
      { sql: `toInt64(floor(at / ${sqlInteger(bucketMs)})) AS bucket`, name: 'bucket' },
      { sql: `${keySql(by)} AS split_key`, name: 'split_key' },
    ];
    // Within the budget of a split (server/stores/split-budget.ts): the view's newest `scanRows` logs, one statement
    // (no steps, no time budget: ClickHouse groups them at once); a scanned search's matches among them.
    const window = await scans.scanWindow(filter, undefined, scanRows);
    const counted = await countedRows<Counted>(context.rows, window.plan, window.from, keys);
    const valueOf = await valuesOf(
      context,
      filter.appKey,
      by,
      counted.map((row) => row.split_key),
    );
    const merged = new Map<string, { bucket: number; value: string | null; n: number }>();
    for (const row of counted) {
      const value = valueOf(row.split_key);
      const id = `${row.bucket} ${value}`;
      const seen = merged.get(id);
      if (seen) seen.n += row.n;
      else merged.set(id, { bucket: row.bucket, value, n: row.n });
    }
    const rows = [...merged.values()];
    // A view read whole says nothing; a scanned one, or one past the budget, how far back its counts reach.
    const scanned = filter.search && splitScanned(filter.search).scanned.groups.length > 0;
    if (!scanned && !window.bound) return { rows };
    return { rows, scan: await scans.progress(window.view, undefined, window.bound) };
  };
}
