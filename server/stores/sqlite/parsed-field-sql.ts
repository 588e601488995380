// A field parsed from a log's text (`@status:502`, explorer-contract/parsed-field.ts) as a test of `logs l` in SQLite
// (docs/explorer.md#parsed-fields): the text's JSON object read by SQLite's own JSON functions (json_valid first, so
// that a text that is not JSON is never given to json_extract, which would raise), else a `key=value` pair read by
// parsed_kv(), a function each reading connection registers (SQLite has no regular expressions of its own). It is
// tested on each log read, within the fragment scan's budget (docs/explorer.md#fragments).
import type Database from 'better-sqlite3';
import {
  keyValueOf,
  parsedComparisons,
  isParsedNumber,
  type ParsedFieldTerm,
} from '../../../explorer-contract/parsed-field.ts';
import { ESCAPE, parsedNeedles } from '../parsed-field-needles.ts';
import type { SqlClause } from './sql-clause.ts';

/** Whether the text lacks what it must hold to have the field pass (parsed-field-needles.ts). */
function lacksNeedles(term: ParsedFieldTerm): SqlClause {
  const { key, value, number } = parsedNeedles(term);
  if (value === undefined) return { sql: `instr(l.t, ?) = 0 AND instr(l.t, ?) = 0`, params: [ESCAPE, key] };
  const lacksValue = number ? `(instr(l.t, ?) = 0 AND l.t NOT GLOB '*[0-9][eE]*')` : `instr(l.t, ?) = 0`;
  return { sql: `instr(l.t, ?) = 0 AND (instr(l.t, ?) = 0 OR ${lacksValue})`, params: [ESCAPE, key, value] };
}

/** parsed_kv(text, key): the `key=value` value of `key` in `text` (a number when written as one), or NULL. */
export function registerParsedKv(db: Database.Database): void {
  db.function('parsed_kv', { deterministic: true }, (text: unknown, key: unknown) =>
    typeof text === 'string' && typeof key === 'string' ? keyValueOf(text, key) : null,
  );
}

/** The text's JSON object, from its first `{` to its end, when that is valid JSON; else NULL. */
export const JSON_DOC = `CASE WHEN instr(l.t, '{') > 0 AND json_valid(substr(l.t, instr(l.t, '{'))) THEN substr(l.t, instr(l.t, '{')) END`;

/** The JSON path of `keys`, each key quoted, so that `0` is a key (never an array's index, as in PostgreSQL's ->). */
export const jsonPath = (keys: string[]) => `$${keys.map((key) => `."${key}"`).join('')}`;

/** Whether a value of SQLite JSON type `type` (json_type's names; typeof's for a key=value value) and SQL value
 * `value` passes the test. */
function valueTest(term: ParsedFieldTerm, type: string, value: string): SqlClause {
  const comparisons = parsedComparisons(term.test);
  if (term.test.op !== '=')
    return {
      sql: `(${type} IN ('integer', 'real') AND ${comparisons.map(([op]) => `${value} ${op} ?`).join(' AND ')})`,
      params: comparisons.map(([, number]) => number),
    };
  const text = term.test.value;
  return {
    sql: `((${type} IN ('integer', 'real') AND ${value} = ?) OR (${type} = 'text' AND ${value} = ?) OR (${type} IN ('true', 'false', 'null') AND ${type} = ?))`,
    params: [isParsedNumber(text) ? Number(text) : null, text, text],
  };
}

/** The clause matching logs whose parsed field passes the term's test: the JSON value at its path (an array's
 * elements, each; an object never), or, where the JSON object has no such path, the key=value pair of the text before
 * the object. */
export function parsedFieldSql(term: ParsedFieldTerm): SqlClause {
  const path = jsonPath(term.path);
  const scalar = valueTest(term, 'p.jt', 'p.jv');
  const element = valueTest(term, 'e.type', 'e.atom');
  const pair = valueTest(term, 'typeof(p.kv)', 'p.kv');
  // One row per log: its JSON object (or NULL), the path's JSON type and value there, and the key=value value, read
  // only where the path is absent.
  // A text holding neither a `{` nor `key=` has no such field: most texts, answered without reading them further.
  // Nor has a text without the field's last key, or an equality's value (parsed-field-needles.ts).
  const lacks = lacksNeedles(term);
  const sql = `CASE WHEN instr(l.t, '{') = 0 AND instr(l.t, ?) = 0 THEN 0 WHEN ${lacks.sql} THEN 0 ELSE (SELECT CASE
      WHEN p.jt IS NULL THEN p.kv IS NOT NULL AND ${pair.sql}
      WHEN p.jt = 'array' THEN EXISTS (SELECT 1 FROM json_each(p.doc, ?) e WHERE ${element.sql})
      WHEN p.jt = 'object' THEN 0
      ELSE ${scalar.sql} END
    FROM (SELECT d.doc, d.jt, d.jv, CASE WHEN d.jt IS NULL THEN parsed_kv(CASE WHEN d.doc IS NULL THEN l.t ELSE substr(l.t, 1, instr(l.t, '{') - 1) END, ?) END AS kv
      FROM (SELECT j.doc, json_type(j.doc, ?) AS jt, json_extract(j.doc, ?) AS jv FROM (SELECT ${JSON_DOC} AS doc) j) d) p) END`;
  // The placeholders in the order they are written.
  return {
    sql,
    params: [
      `${term.path.join('.')}=`,
      ...lacks.params,
      ...pair.params,
      path,
      ...element.params,
      ...scalar.params,
      term.path.join('.'),
      path,
      path,
    ],
  };
}
