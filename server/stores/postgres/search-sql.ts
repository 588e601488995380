// The search box's query (explorer-contract/search-query.ts) as a WHERE clause over `logs l` in PostgreSQL
// (docs/explorer.md#search). Words and phrases are tsqueries over the text's words (`tsv`, GIN-indexed, written with
// the row); a fragment, and a file, method or URL value, is ILIKE '%value%', which no index holds: it is tested on
// each log read, so that what reads them bounds how many (docs/explorer.md#fragments).
import type { SearchQuery, SearchTerm } from '../../../explorer-contract/search-query.ts';
import { wordsOf } from '../../../explorer-contract/search-query.ts';
import { deviceKeyValues } from '../explorer-queries.ts';
import { TEXT_COLUMNS } from '../log-columns.ts';
import { NETWORK_TAG, networkComparisons } from '../network-search-terms.ts';
import { parsedFieldSql } from './parsed-field-sql.ts';
import type { AddParameter } from './sql-parameter.ts';

const COLUMN = { file: 'f', method: 'm', url: 'u' } as const;

/** A session's app version and language as its payload names them. */
const SESSION_FIELDS = {
  version: `(payload::json -> 'app_version' ->> 'version')`,
  language: `(payload::json ->> 'language')`,
} as const;

/** Logs of the app's sessions whose `field` is one of `values` (with `negated`, of none of them: a session without the
 * field is kept). */
export function sessionFieldSql(
  field: keyof typeof SESSION_FIELDS,
  values: string[],
  appKey: string,
  add: AddParameter,
  negated = false,
): string {
  return `l.session_id ${negated ? 'NOT IN' : 'IN'} (SELECT id FROM sessions WHERE app_key = ${add(appKey)} AND ${SESSION_FIELDS[field]} = ANY (${add(values)}::text[]))`;
}

/** `value` anywhere, as an ILIKE pattern: its own %, _ and \ taken literally. */
const containing = (value: string) => `%${value.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** A tsquery's lexeme: quoted, so that nothing in it is read as an operator. */
const lexeme = (word: string) => `'${word.toLowerCase().replaceAll("'", "''").replaceAll('\\', '\\\\')}'`;

/** The number after `"field":` in a JSON text, as a pattern whose one group is the number. PostgreSQL 15 has no way
 * to ask whether a text is JSON without an error for one that is not (`::jsonb` raises; pg_input_is_valid is 16's), and
 * a network line's text may be cut or written by hand: the pattern never raises, and reads the capture's own format
 * (JSON.stringify's, docs/api.md#network-requests), where a key's quotes are never escaped and a string's always are
 * (a URL holding "status":502 is not read). At most 15 digits either side of the point, so the cast to numeric
 * never overflows; a number that is longer, or written with an exponent, is read as none. */
const numberAfter = (field: string) => `"${field}":\\s*(-?\\d{1,15}(?:\\.\\d{1,15})?)(?![\\d.eE])`;

function termSql(term: SearchTerm, appKey: string, add: AddParameter): string {
  switch (term.kind) {
    case 'word':
      return `l.tsv @@ to_tsquery('simple', ${add(wordsOf(term.text).map(lexeme).join(' & '))})`;
    case 'fragment': {
      const pattern = add(containing(term.text));
      return `(${TEXT_COLUMNS.map((column) => `l.${column} ILIKE ${pattern}`).join(' OR ')})`;
    }
    case 'phrase':
      return `l.tsv @@ to_tsquery('simple', ${add(term.words.map(lexeme).join(' <-> '))})`;
    case 'network': {
      // NULL for a line of another tag or a text that is not an object `{…}` (cut short, say), as SQLite's json_valid.
      const value = `(CASE WHEN l.tg = ${add(NETWORK_TAG)} AND l.t LIKE '{%}' THEN substring(l.t from ${add(numberAfter(term.field))})::numeric END)`;
      return `(${networkComparisons(term)
        .map(([op, number]) => `${value} ${op} ${add(number)}`)
        .join(' AND ')})`;
    }
    case 'parsed':
      return parsedFieldSql(term, add);
    case 'level':
      return `coalesce(l.ll, 0) = ${add(term.level)}`;
    case 'key':
      return `l.session_id IN (SELECT s.id FROM device_keys k JOIN sessions s ON s.app_key = k.app_key AND s.udid = k.udid
              WHERE k.app_key = ${add(appKey)} AND k.key = ${add(term.key)} AND k.value = ANY (${add(deviceKeyValues(term.value))}::text[]))`;
    case 'field': {
      if (term.field === 'device')
        return `l.session_id IN (SELECT id FROM sessions WHERE app_key = ${add(appKey)} AND udid = ${add(term.value)})`;
      if (term.field === 'session')
        return `l.session_id IN (SELECT id FROM sessions WHERE app_key = ${add(appKey)} AND session_uid = ${add(term.value)})`;
      if (term.field === 'tag') return `l.tg = ${add(term.value)}`;
      if (term.field === 'version' || term.field === 'language')
        return sessionFieldSql(term.field, [term.value], appKey, add);
      return `l.${COLUMN[term.field]} ILIKE ${add(containing(term.value))}`;
    }
  }
}

/** The clause matching the query's logs of app `appKey`, its parameters added through `add`. */
export function searchSql(query: SearchQuery, appKey: string, add: AddParameter): string {
  return query.groups
    .map((group) => {
      const alternatives = group.map(({ negated, term }) => {
        const sql = termSql(term, appKey, add);
        // A log without a text, file… is still one that does not hold the word.
        return negated ? `(${sql}) IS NOT TRUE` : sql;
      });
      return alternatives.length === 1 ? alternatives[0]! : `(${alternatives.join(' OR ')})`;
    })
    .join(' AND ');
}
