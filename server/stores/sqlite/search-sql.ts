// The search box's query (explorer-contract/search-query.ts) as a WHERE clause over `logs l` in SQLite
// (docs/explorer.md#search). Words and phrases go to the word index logs_fts (the text's words, written with each
// batch); a fragment, and a file, method or URL value, is no index's: it is tested on each log read (CONTAINS, a
// function each reading connection registers), so that what reads them bounds how many (docs/explorer.md#fragments).
// Each index term is a set of rowids; with `window`, each set is read only over a range of ids (the scan of common
// terms, server/stores/sqlite/explorer/common-words.ts).
import type Database from 'better-sqlite3';
import { wordsOf, type SearchQuery, type SearchTerm } from '../../../explorer-contract/search-query.ts';
import { deviceKeyValues } from '../explorer-queries.ts';
import { TEXT_COLUMNS } from '../log-columns.ts';
import { NETWORK_TAG, networkComparisons } from '../network-search-terms.ts';
import { parsedFieldSql } from './parsed-field-sql.ts';
import type { SqlClause } from './sql-clause.ts';

/** FTS5's string: in double quotes, a double quote doubled; so nothing in it is read as an operator. */
const ftsString = (text: string) => `"${text.replaceAll('"', '""')}"`;

/** The word index's MATCH expression a term is looked up by, or undefined when the term is a test of each log. */
export function indexMatch(term: SearchTerm): { table: 'logs_fts'; match: string } | undefined {
  switch (term.kind) {
    case 'word':
      return { table: 'logs_fts', match: wordsOf(term.text).map(ftsString).join(' ') };
    case 'phrase':
      return { table: 'logs_fts', match: ftsString(term.words.join(' ')) };
    default:
      return undefined;
  }
}

/** CONTAINS(text, value): whether `text` holds `value`, ignoring case as JavaScript folds it (SQLite's own lower() and
 * LIKE fold ASCII only, and "платёж" must find "Платёж"), registered on each connection the explorer reads on. */
export function registerContains(db: Database.Database): void {
  let value = '';
  let folded = '';
  db.function('contains', { deterministic: true }, (text: unknown, needle: unknown) => {
    if (typeof text !== 'string' || typeof needle !== 'string') return 0;
    // One needle a statement, folded once.
    if (needle !== value) [value, folded] = [needle, needle.toLowerCase()];
    return text.toLowerCase().includes(folded) ? 1 : 0;
  });
}

const COLUMN = { tag: 'l.tg', file: 'l.f', method: 'l.m', url: 'l.u' } as const;

/** A session's app version and language as its payload names them. */
const SESSION_FIELDS = {
  version: `json_extract(payload, '$.app_version.version')`,
  language: `json_extract(payload, '$.language')`,
} as const;

/** Logs of the app's sessions whose `field` is one of `values` (with `negated`, of none of them: a session without the
 * field is kept). */
export function sessionFieldSql(
  field: keyof typeof SESSION_FIELDS,
  values: string[],
  appKey: string,
  negated = false,
): SqlClause {
  return {
    sql: `+l.session_id ${negated ? 'NOT IN' : 'IN'} (SELECT id FROM sessions WHERE app_key = ? AND ${SESSION_FIELDS[field]} IN (${values.map(() => '?').join(', ')}))`,
    params: [appKey, ...values],
  };
}

function termSql(term: SearchTerm, appKey: string, window: boolean): SqlClause {
  const index = indexMatch(term);
  if (index)
    return {
      sql: `l.id IN (SELECT rowid FROM ${index.table} WHERE ${index.table} MATCH ?${window ? ' AND rowid BETWEEN ? AND ?' : ''})`,
      params: [index.match],
    };
  switch (term.kind) {
    case 'level':
      return { sql: `ifnull(l.ll, 0) = ?`, params: [term.level] };
    case 'key':
      return {
        sql: `l.session_id IN (SELECT s.id FROM device_keys k JOIN sessions s ON s.app_key = k.app_key AND s.udid = k.udid
              WHERE k.app_key = ? AND k.key = ? AND k.value IN (${deviceKeyValues(term.value)
                .map(() => '?')
                .join(', ')}))`,
        params: [appKey, term.key, ...deviceKeyValues(term.value)],
      };
    case 'field':
      if (term.field === 'device')
        return {
          sql: `l.session_id IN (SELECT id FROM sessions WHERE app_key = ? AND udid = ?)`,
          params: [appKey, term.value],
        };
      if (term.field === 'session')
        return {
          sql: `l.session_id IN (SELECT id FROM sessions WHERE app_key = ? AND session_uid = ?)`,
          params: [appKey, term.value],
        };
      if (term.field === 'tag') return { sql: `l.tg = ?`, params: [term.value] };
      if (term.field === 'version' || term.field === 'language')
        return sessionFieldSql(term.field, [term.value], appKey);
      // Contained in the column, tested on each log read.
      return { sql: `contains(${COLUMN[term.field]}, ?)`, params: [term.value] };
    case 'network': {
      // The number of a network line's JSON text; NULL for any other line, a text that is not JSON (json_extract would
      // raise an error on it: the CASE reads it only once json_valid says it is JSON) or a value that is not a number.
      const value = `(CASE WHEN l.tg = ? AND json_valid(l.t) THEN CASE WHEN json_type(l.t, '$.${term.field}') IN ('integer', 'real') THEN json_extract(l.t, '$.${term.field}') END END)`;
      const comparisons = networkComparisons(term);
      return {
        sql: `(${comparisons.map(([op]) => `${value} ${op} ?`).join(' AND ')})`,
        params: comparisons.flatMap(([, number]) => [NETWORK_TAG, number]),
      };
    }
    case 'parsed':
      return parsedFieldSql(term);
    case 'fragment':
      return {
        sql: `(${TEXT_COLUMNS.map((column) => `contains(l.${column}, ?)`).join(' OR ')})`,
        params: TEXT_COLUMNS.map(() => term.text),
      };
    default:
      throw new Error(`a word or phrase has an index`);
  }
}

/** The clause matching the query's logs of app `appKey`; with `window`, each index lookup reads only that range of ids. */
export function searchSql(query: SearchQuery, appKey: string, window?: { low: number; high: number }): SqlClause {
  const params: unknown[] = [];
  const groups = query.groups.map((group) => {
    const alternatives = group.map(({ negated, term }) => {
      const clause = termSql(term, appKey, window !== undefined);
      params.push(...clause.params);
      if (window && indexMatch(term)) params.push(window.low, window.high);
      // A log without a tag, file… is still one that does not hold the value.
      return negated ? `(${clause.sql}) IS NOT TRUE` : clause.sql;
    });
    return alternatives.length === 1 ? alternatives[0]! : `(${alternatives.join(' OR ')})`;
  });
  return { sql: groups.join(' AND '), params };
}
