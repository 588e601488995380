// A field parsed from a log's text (`@status:502`, explorer-contract/parsed-field.ts) as a test of `logs l` in
// PostgreSQL (docs/explorer.md#parsed-fields): the text's JSON object as jsonb, through sidelog_json_object() (a cast
// that gives NULL for a text that is not JSON: server/postgres/schema.ts), its path read key by key with `->` (a key,
// never an array's index, as SQLite's quoted path), else a `key=value` pair read by a regular expression, the same
// one SQLite's parsed_kv() runs. It is tested on each log read, within the fragment scan's budget
// (docs/explorer.md#fragments). Both stores give the same rows: tests/unit/server/parsed-fields.test.ts.
import {
  isParsedNumber,
  keyValuePattern,
  parsedComparisons,
  type ParsedFieldTerm,
} from '../../../explorer-contract/parsed-field.ts';
import { ESCAPE, parsedNeedles } from '../parsed-field-needles.ts';
import type { AddParameter } from './sql-parameter.ts';

/** Whether the text lacks what it must hold to have the field pass (parsed-field-needles.ts). */
function lacksNeedles(term: ParsedFieldTerm, add: AddParameter): string {
  const { key, value, number } = parsedNeedles(term);
  const absent = (needle: string) => `strpos(l.t, ${add(needle)}) = 0`;
  const lacks = [absent(key)];
  if (value !== undefined) lacks.push(number ? `(${absent(value)} AND l.t !~ '[0-9][eE]')` : absent(value));
  return `${absent(ESCAPE)} AND (${lacks.join(' OR ')})`;
}

/** A key=value value that is a number as the page's rule writes one (PARSED_NUMBER, at most 15 digits). */
const NUMBER_TEXT = `'^-?[0-9]+(\\.[0-9]+)?$'`;

/** Tests of one JSON value `el` (jsonb) and of a key=value value (`ks` its text, `kn` its number) for the term. */
function tests(term: ParsedFieldTerm, add: AddParameter): { element: string; pair: string } {
  if (term.test.op !== '=') {
    const comparisons = parsedComparisons(term.test).map(([op, number]) => [op, `${add(number)}::numeric`] as const);
    return {
      element: `CASE WHEN jsonb_typeof(el) = 'number' THEN ${comparisons.map(([op, n]) => `el::numeric ${op} ${n}`).join(' AND ')} ELSE false END`,
      pair: `coalesce(${comparisons.map(([op, n]) => `k.kn ${op} ${n}`).join(' AND ')}, false)`,
    };
  }
  const text = add(term.test.value);
  const number = `${add(isParsedNumber(term.test.value) ? term.test.value : null)}::numeric`;
  return {
    element: `CASE jsonb_typeof(el) WHEN 'number' THEN el::numeric = ${number} WHEN 'string' THEN el #>> '{}' = ${text}
      WHEN 'boolean' THEN el::text = ${text} WHEN 'null' THEN ${text} = 'null' ELSE false END`,
    pair: `coalesce(k.kn = ${number} OR k.ks = ${text}, false)`,
  };
}

/** The clause matching logs whose parsed field passes the term's test: the JSON value at its path (an array's
 * elements, each; an object never), or, where the JSON object has no such path, the key=value pair of the text before
 * the object. */
export function parsedFieldSql(term: ParsedFieldTerm, add: AddParameter): string {
  const path = term.path.map((key) => ` -> ${add(key)}`).join('');
  const pattern = add(keyValuePattern(term.path.join('.')));
  const { element, pair } = tests(term, add);
  // A text holding neither a `{` nor `key=` has no such field: most texts, answered without reading them further.
  // Nor has a text without the field's last key, or an equality's value (parsed-field-needles.ts).
  return `CASE WHEN strpos(l.t, '{') = 0 AND strpos(l.t, ${add(`${term.path.join('.')}=`)}) = 0 THEN false
    WHEN ${lacksNeedles(term, add)} THEN false ELSE EXISTS (SELECT 1 FROM (SELECT sidelog_json_object(l.t) AS doc) j
    CROSS JOIN LATERAL (SELECT j.doc${path} AS v) x
    CROSS JOIN LATERAL (SELECT CASE WHEN x.v IS NULL THEN substring(CASE WHEN j.doc IS NULL THEN l.t ELSE left(l.t, strpos(l.t, '{') - 1) END from ${pattern}) END AS raw) r
    CROSS JOIN LATERAL (SELECT
      CASE WHEN r.raw !~ '^"' AND r.raw ~ ${NUMBER_TEXT} AND length(regexp_replace(r.raw, '[^0-9]', '', 'g')) <= 15 THEN r.raw::numeric END AS kn,
      CASE WHEN r.raw ~ '^"' THEN substr(r.raw, 2, length(r.raw) - 2) ELSE r.raw END AS ks) k
    WHERE CASE
      WHEN x.v IS NULL THEN r.raw IS NOT NULL AND ${pair}
      WHEN jsonb_typeof(x.v) = 'object' THEN false
      ELSE EXISTS (SELECT 1 FROM jsonb_array_elements(CASE WHEN jsonb_typeof(x.v) = 'array' THEN x.v ELSE jsonb_build_array(x.v) END) e(el)
        WHERE ${element})
    END) END`;
}
