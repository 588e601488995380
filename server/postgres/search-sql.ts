// The search box's query (explorer-contract/search-query.ts) as a WHERE clause over `logs l` in PostgreSQL
// (docs/explorer.md#search). Words from MIN_INFIX characters are ILIKE '%word%' over the text (pg_trgm's index
// logs_text_infix) or over the file, method, URL or tag (their distinct values' trigram index, then the logs of those
// places: server/postgres/log-places.ts); phrases and shorter words are tsqueries over the text's words (`tsv`).
import { MIN_INFIX, wordsOf, type SearchQuery, type SearchTerm } from '../../explorer-contract/search-query.ts';
import { deviceKeyValues } from '../explorer-queries.types.ts';
import { PLACE_TEXT, placeKey } from './log-places.ts';

/** Adds a parameter and gives its placeholder ($1, $2, …). */
export type AddParameter = (value: unknown) => string;

const COLUMN = { file: 'f', method: 'm', url: 'u' } as const;
const LOG_PLACE = placeKey('l.');

/** The logs whose place's `condition` holds (over log_places' columns), as an index condition on logs_by_place. The
 * candidates only: the caller tests the log's own column. */
const placedWhere = (condition: string) => `${LOG_PLACE} = ANY (ARRAY (SELECT key FROM log_places WHERE ${condition}))`;

/** `value` anywhere, as an ILIKE pattern: its own %, _ and \ taken literally. */
const containing = (value: string) => `%${value.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** A tsquery's lexeme: quoted, so that nothing in it is read as an operator. */
const lexeme = (word: string) => `'${word.toLowerCase().replaceAll("'", "''").replaceAll('\\', '\\\\')}'`;

function termSql(term: SearchTerm, appKey: string, add: AddParameter): string {
  switch (term.kind) {
    case 'word':
      if (term.text.length >= MIN_INFIX) {
        const pattern = add(containing(term.text));
        const inPlace = ['f', 'm', 'u', 'tg'].map((column) => `l.${column} ILIKE ${pattern}`).join(' OR ');
        return `(l.t ILIKE ${pattern} OR (${placedWhere(`${PLACE_TEXT} ILIKE ${pattern}`)} AND (${inPlace})))`;
      }
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
      const pattern = add(containing(term.value));
      const column = COLUMN[term.field];
      // The places' trigram index finds the candidates; the column's own test keeps only its own matches.
      const indexed = term.value.length >= MIN_INFIX ? `${PLACE_TEXT} ILIKE ${pattern} AND ` : '';
      return `(${placedWhere(`${indexed}${column} ILIKE ${pattern}`)} AND l.${column} ILIKE ${pattern})`;
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
