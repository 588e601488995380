// The scanned groups of a search (server/stores/explorer-queries.ts, splitScanned) as ClickHouse reads them
// (docs/clickhouse.md#parsed-fields): SQL tests each term it can answer exactly (a fragment, a file, a network
// line's status), and narrows a field parsed from the text (`@status>=500`) to the texts that could hold it (a `{`
// with the path's keys in quotes, or `path=`), since 18.16 reads no nested JSON; Node then reads those texts' fields by
// the other stores' rules (server/stores/parsed-field-read.ts). A group without a parsed field is SQL's alone.
import type { ParsedFieldTerm } from '../../../explorer-contract/parsed-field.ts';
import type { SearchClause, SearchQuery } from '../../../explorer-contract/search-query.ts';
import { parsedFieldMatches } from '../parsed-field-read.ts';
import { clauseSql, type FilterContext } from './search-sql.ts';
import { sqlString } from './sql-literal.ts';

/** What a scan's rows carry for the plan's test: each alternative's outcome in SQL (`s_<n>`, 0 or 1) and the text
 * where a parsed field could be in it (`t_parse`, else ''). */
export type PlanRow = Record<string, unknown> & { t_parse?: string };

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

/** The plan of a view with no scanned group: SQL's test is the whole. */
export const WHOLE_IN_SQL: ScanPlan = { where: '1', columns: '', names: [], matches: () => true };

type Alternative = { kind: 'sql'; column: string } | { kind: 'parsed'; column: string; clause: SearchClause };

export async function scanPlan(query: SearchQuery, appKey: string, context: FilterContext): Promise<ScanPlan> {
  const where: string[] = [];
  const columns: string[] = [];
  const mayHoldAny: string[] = [];
  const tested: Alternative[][] = [];
  const column = (sql: string) => {
    const name = `s_${columns.length}`;
    columns.push(`toUInt8(${sql}) AS ${name}`);
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
      const may = mayHold(clause.term.path);
      mayHoldAny.push(may);
      // A negated field holds of every text without it, and of some with it.
      possible.push(clause.negated ? '1' : may);
      alternatives.push({ kind: 'parsed', column: column(may), clause });
    }
    where.push(`(${possible.join(' OR ')})`);
    tested.push(alternatives);
  }
  if (tested.length === 0) return { ...WHOLE_IN_SQL, where: where.join(' AND ') || '1' };
  columns.push(`if(${mayHoldAny.join(' OR ')}, ifNull(t, ''), '') AS t_parse`);
  const passes = (row: PlanRow, alternative: Alternative) => {
    const outcome = Number(row[alternative.column]) === 1;
    if (alternative.kind === 'sql') return outcome;
    const { negated, term } = alternative.clause;
    const found = outcome && parsedFieldMatches(row.t_parse ?? '', term as ParsedFieldTerm);
    return negated ? !found : found;
  };
  return {
    where: where.join(' AND ') || '1',
    columns: `, ${columns.join(', ')}`,
    names: [...columns.keys()]
      .slice(0, -1)
      .map((n) => `s_${n}`)
      .concat('t_parse'),
    matches: (row) => tested.every((group) => group.some((alternative) => passes(row, alternative))),
  };
}
