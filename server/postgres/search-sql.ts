// The search box's query (explorer-contract/search-query.ts) as a WHERE clause over `logs l` in PostgreSQL
// (docs/explorer.md#search). Words from MIN_INFIX characters are ILIKE '%word%' over the text (pg_trgm's index
// logs_text_infix) or over the file, method, URL or tag (their distinct values' trigram index, then the logs of those
// places: server/postgres/log-places.ts); phrases and shorter words are tsqueries over the text's words (`tsv`).
import { MIN_INFIX, wordsOf, type SearchQuery, type SearchTerm } from '../../explorer-contract/search-query.ts';
import { deviceKeyValues } from '../explorer-queries.types.ts';
import { PLACE_TEXT, placeKey } from './log-places.ts';

/** Adds a parameter and gives its placeholder ($1, $2, …). */
export type AddParameter = (value: unknown) => string;

/** The keys of the places (log_places) matching `condition`, over log_places' columns, with $1 the pattern: read
 * before the search, so that the planner knows how many there are (none, mostly) and plans the search by its indexes
 * rather than reading every log, as it would for an array it cannot see. */
export type PlaceKeys = (condition: string, pattern: string) => Promise<string[]>;

const COLUMN = { file: 'f', method: 'm', url: 'u' } as const;
const LOG_PLACE = placeKey('l.');

/** `value` anywhere, as an ILIKE pattern: its own %, _ and \ taken literally. */
const containing = (value: string) => `%${value.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** A tsquery's lexeme: quoted, so that nothing in it is read as an operator. */
const lexeme = (word: string) => `'${word.toLowerCase().replaceAll("'", "''").replaceAll('\\', '\\\\')}'`;

async function termSql(term: SearchTerm, appKey: string, add: AddParameter, places: PlaceKeys): Promise<string> {
  switch (term.kind) {
    case 'word': {
      if (term.text.length < MIN_INFIX)
        return `l.tsv @@ to_tsquery('simple', ${add(wordsOf(term.text).map(lexeme).join(' & '))})`;
      const like = containing(term.text);
      const pattern = add(like);
      const keys = await places(`${PLACE_TEXT} ILIKE $1`, like);
      if (keys.length === 0) return `l.t ILIKE ${pattern}`;
      // The places' candidates; the log's own columns keep only its own matches.
      const inPlace = ['f', 'm', 'u', 'tg'].map((column) => `l.${column} ILIKE ${pattern}`).join(' OR ');
      return `(l.t ILIKE ${pattern} OR (${LOG_PLACE} = ANY (${add(keys)}::uuid[]) AND (${inPlace})))`;
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
      const like = containing(term.value);
      const column = COLUMN[term.field];
      // The places' trigram index finds the candidates; the column's own test keeps only its own matches.
      const indexed = term.value.length >= MIN_INFIX ? `${PLACE_TEXT} ILIKE $1 AND ` : '';
      const keys = await places(`${indexed}${column} ILIKE $1`, like);
      if (keys.length === 0) return 'false';
      return `(${LOG_PLACE} = ANY (${add(keys)}::uuid[]) AND l.${column} ILIKE ${add(like)})`;
    }
  }
}

/** The clause matching the query's logs of app `appKey`, its parameters added through `add`. */
export async function searchSql(
  query: SearchQuery,
  appKey: string,
  add: AddParameter,
  places: PlaceKeys,
): Promise<string> {
  const groups: string[] = [];
  for (const group of query.groups) {
    const alternatives: string[] = [];
    for (const { negated, term } of group) {
      const sql = await termSql(term, appKey, add, places);
      // A log without a text, file… is still one that does not hold the word.
      alternatives.push(negated ? `(${sql}) IS NOT TRUE` : sql);
    }
    groups.push(alternatives.length === 1 ? alternatives[0]! : `(${alternatives.join(' OR ')})`);
  }
  return groups.join(' AND ');
}
