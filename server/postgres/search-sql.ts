// The search box's query (explorer-contract/search-query.ts) as a WHERE clause over `logs l` in PostgreSQL
// (docs/explorer.md#search). Words and phrases are tsqueries over the text's words (`tsv`, GIN-indexed, written with
// the row); a fragment, and a file, method or URL value, is ILIKE '%value%', which no index holds: it is tested on
// each log read, so that what reads them bounds how many (docs/explorer.md#fragments).
import type { SearchQuery, SearchTerm } from '../../explorer-contract/search-query.ts';
import { wordsOf } from '../../explorer-contract/search-query.ts';
import { deviceKeyValues } from '../explorer-queries.types.ts';

/** Adds a parameter and gives its placeholder ($1, $2, …). */
export type AddParameter = (value: unknown) => string;

const COLUMN = { file: 'f', method: 'm', url: 'u' } as const;

/** A session's app version and language as its payload names them. */
export const SESSION_FIELDS = {
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

function termSql(term: SearchTerm, appKey: string, add: AddParameter): string {
  switch (term.kind) {
    case 'word':
      return `l.tsv @@ to_tsquery('simple', ${add(wordsOf(term.text).map(lexeme).join(' & '))})`;
    case 'fragment': {
      const pattern = add(containing(term.text));
      return `(${['t', 'f', 'm', 'u', 'tg'].map((column) => `l.${column} ILIKE ${pattern}`).join(' OR ')})`;
    }
    case 'phrase':
      return `l.tsv @@ to_tsquery('simple', ${add(term.words.map(lexeme).join(' <-> '))})`;
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
