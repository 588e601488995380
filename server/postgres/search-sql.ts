// The search box's query (explorer-contract/search-query.ts) as a WHERE clause over `logs l` in PostgreSQL
// (docs/explorer.md#search). Words from MIN_INFIX characters are ILIKE '%word%' over the text, file, method, URL and
// tag (pg_trgm's index logs_infix); phrases and shorter words are tsqueries over the text's words (`tsv`).
import { MIN_INFIX, wordsOf, type SearchQuery, type SearchTerm } from '../../explorer-contract/search-query.ts';
import { deviceKeyValues } from '../explorer-queries.types.ts';

/** Adds a parameter and gives its placeholder ($1, $2, …). */
export type AddParameter = (value: unknown) => string;

/** The one text the trigram index holds, written exactly as the index's expression (server/postgres/schema.ts), so
 * that the planner uses it. */
const INFIX_TEXT = `(coalesce(l.t, '') || ' ' || coalesce(l.f, '') || ' ' || coalesce(l.m, '') || ' ' || coalesce(l.u, '') || ' ' || coalesce(l.tg, ''))`;
const COLUMN = { file: 'l.f', method: 'l.m', url: 'l.u' } as const;

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
      if (term.text.length >= MIN_INFIX) return `${INFIX_TEXT} ILIKE ${add(containing(term.text))}`;
      return `l.tsv @@ to_tsquery('simple', ${add(wordsOf(term.text).map(lexeme).join(' & '))})`;
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
      const pattern = add(containing(term.value));
      // The trigram index finds the candidates; the column's own test keeps only its own matches.
      const indexed = term.value.length >= MIN_INFIX ? `${INFIX_TEXT} ILIKE ${pattern} AND ` : '';
      return `(${indexed}${COLUMN[term.field]} ILIKE ${pattern})`;
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
