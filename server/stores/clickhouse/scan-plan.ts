// The scanned groups of a search (server/stores/explorer-queries.ts, splitScanned) as ClickHouse reads them
// (docs/clickhouse.md#parsed-fields): SQL tests each term it can answer exactly (a fragment, a file, a network
// line's status), and narrows a field parsed from the text (`@status>=500`) to the texts that could hold it (a `{`
// with the path's keys in quotes, or `path=`), since 18.16 reads no nested JSON; Node then reads those texts' fields by
// the other stores' rules (server/stores/parsed-field-read.ts). A group without a parsed field is SQL's alone.
import { keyValuePattern, type ParsedFieldTerm } from '../../../explorer-contract/parsed-field.ts';
import type { SearchClause, SearchQuery } from '../../../explorer-contract/search-query.ts';
import { parsedFieldMatches } from '../parsed-field-read.ts';
import { clauseSql, type FilterContext } from './search-sql.ts';
import { sqlString } from './sql-literal.ts';

/** What a scan's rows carry for the plan's test (`s_<n>`): each SQL alternative's outcome (0 or 1), and each parsed
 * field's text to read it from (fieldText). */
export type PlanRow = Record<string, unknown>;

export interface ScanPlan {
  /** SQL's part: exact for a group without a parsed field; for one with, true of every log that may match it. */
  where: string;
  /** The columns the Node test reads (`, … AS s_0, …`), or '' when SQL's part is the whole test. */
  columns: string;
  /** Their names, for a GROUP BY. */
  names: string[];
  /** Whether the row matches the query; true for every row when `columns` is ''. */
  matches(row: PlanRow): boolean;
}

/** Whether a text may hold the field: a JSON object holding each key in quotes (or an escape, which could spell one),
 * or a `path=` pair. Without it the text has no such field, and no JSON is read. */
export function mayHold(path: readonly string[]): string {
  const text = `ifNull(t, '')`;
  const has = (needle: string) => `position(${text}, ${sqlString(needle)}) > 0`;
  const keys = path.map((key) => has(`"${key}"`)).join(' AND ');
  return `((${has('{')} AND (${keys} OR ${has('\\')})) OR ${has(`${path.join('.')}=`)})`;
}

/** The text Node reads the field from: the whole text where it holds a `{` and may hold the field (only Node can
 * tell whether it is JSON); where it holds no `{`, just the field's `key=value` pair (`status=502`, extracted by the
 * pattern the other stores use), which reads the same and groups alike; '' where the text has no such field. */
export function fieldText(path: readonly string[]): string {
  const text = `ifNull(t, '')`;
  const pair = `extract(${text}, ${sqlString(keyValuePattern(path.join('.')))})`;
  return `if(position(${text}, '{') > 0, if(${mayHold(path)}, ${text}, ''), if(${pair} = '', '', concat(${sqlString(`${path.join('.')}=`)}, ${pair})))`;
}

/** The plan of a view with no scanned group: SQL's test is the whole. */
export const WHOLE_IN_SQL: ScanPlan = { where: '1', columns: '', names: [], matches: () => true };

type Alternative = { kind: 'sql'; column: string } | { kind: 'parsed'; column: string; clause: SearchClause };

export async function scanPlan(query: SearchQuery, appKey: string, context: FilterContext): Promise<ScanPlan> {
  const where: string[] = [];
  const columns: string[] = [];
  const tested: Alternative[][] = [];
  const column = (sql: string) => {
    const name = `s_${columns.length}`;
    columns.push(`toUInt8(${sql}) AS ${name}`);
    return name;
  };
  const textColumn = (sql: string) => {
    const name = `s_${columns.length}`;
    columns.push(`${sql} AS ${name}`);
    return name;
  };
  for (const group of query.groups) {
    if (!group.some((clause) => clause.term.kind === 'parsed')) {
      const sql = await Promise.all(group.map((clause) => clauseSql(clause, appKey, context)));
      where.push(sql.length === 1 ? sql[0]! : `(${sql.join(' OR ')})`);
      continue;
    }
    const alternatives: Alternative[] = [];
    const possible: string[] = [];
    for (const clause of group) {
      if (clause.term.kind !== 'parsed') {
        const sql = await clauseSql(clause, appKey, context);
        possible.push(sql);
        alternatives.push({ kind: 'sql', column: column(sql) });
        continue;
      }
      // A negated field holds of every text without it, and of some with it.
      possible.push(clause.negated ? '1' : mayHold(clause.term.path));
      alternatives.push({ kind: 'parsed', column: textColumn(fieldText(clause.term.path)), clause });
    }
    where.push(`(${possible.join(' OR ')})`);
    tested.push(alternatives);
  }
  if (tested.length === 0) return { ...WHOLE_IN_SQL, where: where.join(' AND ') || '1' };
  const passes = (row: PlanRow, alternative: Alternative) => {
    if (alternative.kind === 'sql') return Number(row[alternative.column]) === 1;
    const { negated, term } = alternative.clause;
    const text = String(row[alternative.column]);
    const found = text !== '' && parsedFieldMatches(text, term as ParsedFieldTerm);
    return negated ? !found : found;
  };
  return {
    where: where.join(' AND ') || '1',
    columns: `, ${columns.join(', ')}`,
    names: [...columns.keys()].map((n) => `s_${n}`),
    matches: (row) => tested.every((group) => group.some((alternative) => passes(row, alternative))),
  };
}
