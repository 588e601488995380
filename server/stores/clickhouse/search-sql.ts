// A log filter (explorer-contract/log-filters.ts) and the search box's query (explorer-contract/search-query.ts) as a
// WHERE clause over ClickHouse's `logs` (docs/clickhouse.md#search), in SQL both 18.16 and current servers take, every
// value through sql-literal.ts. A session's own fields (its uid, device, app version, language, a device key) live in
// SIDELOG_DB: they are asked of it first (SessionLookup) and become `session_id IN (…)`. Words and phrases are regular
// expressions over the text with the word indexes' boundaries (letters, digits, `_`), lowered on both sides; where the
// server has a word index, an ASCII word also names it through hasToken, so that ClickHouse skips granules without it.
// A fragment, and a file, method or URL value, is positionCaseInsensitiveUTF8, tested on each log read.
import type { SearchClause, SearchQuery, SearchTerm } from '../../../explorer-contract/search-query.ts';
import { wordsOf } from '../../../explorer-contract/search-query.ts';
import { deviceKeyValues, EXCLUDED_COLUMNS, LEVELS, liftFilters, SESSION_FILTERS } from '../explorer-queries.ts';
import type { LogFilter } from '../explorer-queries.types.ts';
import { TEXT_COLUMNS } from '../log-columns.ts';
import { NETWORK_TAG, networkComparisons } from '../network-search-terms.ts';
import type { SessionLookup, SessionMatch } from '../store.types.ts';
import type { ServerFeatures } from './server-features.ts';
import { sqlFloat, sqlInteger, sqlList, sqlString } from './sql-literal.ts';

/** What compiling a filter needs: SIDELOG_DB's sessions, and whether the server has a word index. */
export interface FilterContext {
  sessions: SessionLookup;
  features: ServerFeatures;
}

/** A clause that is never true / always true. */
const NONE = '0';
const ALL = '1';

const COLUMN = { file: 'f', method: 'm', url: 'u' } as const;
/** Not a word character, as wordsOf splits words: RE2's Unicode classes. */
const BOUNDARY = '[^\\pL\\pN_]';
/** A word taken literally inside a regular expression. */
const literal = (word: string) => word.replace(/[\\^$.|?*+()[\]{}]/g, (char) => `\\${char}`);
/** These words, one after the other (separated by anything but word characters), as whole words, lowered: 18.16's
 * `match` ignores RE2's `(?i)`, so the text is lowered (lowerUTF8) and the words with it. */
const wordsPattern = (words: string[]) =>
  `(^|${BOUNDARY})${words.map((word) => literal(word.toLowerCase())).join(`${BOUNDARY}+`)}($|${BOUNDARY})`;
const matchesWords = (words: string[]) => `match(lowerUTF8(ifNull(t, '')), ${sqlString(wordsPattern(words))})`;
/** The number after `"field":` in a network line's JSON text (the capture's own format, docs/api.md#network-requests):
 * at most 15 digits either side of the point, not followed by more of a number. RE2 has no look-ahead, so the
 * character after it is matched instead. */
const numberAfter = (field: string) => `"${field}":\\s*(-?\\d{1,15}(?:\\.\\d{1,15})?)(?:[^\\d.eE]|$)`;

/** Logs of these sessions (with `negated`, of none of them). */
const sessionsIn = (ids: readonly number[], negated = false) =>
  ids.length === 0 ? (negated ? ALL : NONE) : `session_id ${negated ? 'NOT IN' : 'IN'} ${sqlList(ids)}`;

const contains = (column: string, value: string) =>
  `positionCaseInsensitiveUTF8(ifNull(${column}, ''), ${sqlString(value)}) > 0`;

async function termSql(term: SearchTerm, appKey: string, context: FilterContext): Promise<string> {
  const ids = (match: SessionMatch) => context.sessions.sessionIdsWhere(appKey, match);
  switch (term.kind) {
    case 'word': {
      const words = wordsOf(term.text);
      if (words.length === 0) return NONE;
      const tested = matchesWords(words);
      // The index holds the lowered text's ASCII tokens; a word of other letters is found by the test alone.
      const indexed = context.features.wordIndex
        ? words
            .filter((word) => /^[a-z0-9]+$/i.test(word))
            .map((word) => `hasToken(lower(ifNull(t, '')), ${sqlString(word.toLowerCase())})`)
        : [];
      return [...indexed, tested].join(' AND ');
    }
    case 'phrase':
      return matchesWords(term.words);
    case 'fragment':
      return `(${TEXT_COLUMNS.map((column) => contains(column, term.text)).join(' OR ')})`;
    case 'network': {
      // NULL for a line of another tag or a text that is not an object `{…}` (cut short, say), as the other stores.
      const value = `if(tg = ${sqlString(NETWORK_TAG)} AND ifNull(t, '') LIKE '{%}', toFloat64OrNull(extract(ifNull(t, ''), ${sqlString(numberAfter(term.field))})), NULL)`;
      return `(${networkComparisons(term)
        .map(([op, number]) => `${value} ${op} ${sqlFloat(number)}`)
        .join(' AND ')})`;
    }
    case 'level':
      return `ifNull(ll, 0) = ${sqlInteger(term.level)}`;
    case 'key':
      return sessionsIn(await ids({ key: term.key, values: deviceKeyValues(term.value) }));
    case 'field':
      if (term.field === 'tag') return `tg = ${sqlString(term.value)}`;
      if (term.field === 'file' || term.field === 'method' || term.field === 'url')
        return contains(COLUMN[term.field], term.value);
      return sessionsIn(await ids({ field: term.field, values: [term.value] }));
    case 'parsed':
      // Read in Node over the logs SQL narrowed (scan-plan.ts): a scan's plan never asks for it here.
      throw new Error('a parsed field is tested by the scan plan (server/stores/clickhouse/scan-plan.ts)');
  }
}

/** One clause of a group, true or false for every log: a log without the text, file… does not hold the word. */
export async function clauseSql(clause: SearchClause, appKey: string, context: FilterContext): Promise<string> {
  const sql = `ifNull((${await termSql(clause.term, appKey, context)}), 0)`;
  return clause.negated ? `NOT ${sql}` : sql;
}

/** The clause matching the query's logs of app `appKey`. */
export async function searchSql(query: SearchQuery, appKey: string, context: FilterContext): Promise<string> {
  const groups = await Promise.all(
    query.groups.map(async (group) => {
      const alternatives = await Promise.all(group.map((clause) => clauseSql(clause, appKey, context)));
      return alternatives.length === 1 ? alternatives[0]! : `(${alternatives.join(' OR ')})`;
    }),
  );
  return groups.length === 0 ? ALL : groups.join(' AND ');
}

/** The WHERE clause of a filter on one app's logs; NONE when nothing can match. */
export async function filterSql(asked: LogFilter, context: FilterContext): Promise<string> {
  const filter = liftFilters(asked);
  const appKey = filter.appKey;
  const ids = (match: SessionMatch) => context.sessions.sessionIdsWhere(appKey, match);
  const clauses = [`app = ${sqlString(appKey)}`];
  if (filter.session !== undefined) clauses.push(sessionsIn(await ids({ field: 'session', values: [filter.session] })));
  else if (filter.device !== undefined)
    clauses.push(sessionsIn(await ids({ field: 'device', values: [filter.device] })));
  if (filter.deviceKey)
    clauses.push(sessionsIn(await ids({ key: filter.deviceKey.key, values: deviceKeyValues(filter.deviceKey.value) })));
  if (filter.levels && filter.levels.length < LEVELS.length)
    clauses.push(filter.levels.length === 0 ? NONE : `ifNull(ll, 0) IN ${sqlList(filter.levels)}`);
  if (filter.tags && filter.tags.length > 0) clauses.push(`tg IN ${sqlList(filter.tags)}`);
  if (filter.files) clauses.push(filter.files.length ? `f IN ${sqlList(filter.files)}` : NONE);
  if (filter.urls) clauses.push(filter.urls.length ? `u IN ${sqlList(filter.urls)}` : NONE);
  const { devices: notDevices, ...notColumns } = filter.exclude ?? {};
  for (const [name, column] of EXCLUDED_COLUMNS) {
    const values = notColumns[name];
    if (values?.length) clauses.push(`NOT (ifNull(${column}, '') IN ${sqlList(values)})`);
  }
  if (notDevices?.length) clauses.push(sessionsIn(await ids({ field: 'device', values: notDevices }), true));
  for (const [name, field] of SESSION_FILTERS) {
    const kept = filter[name];
    if (kept) clauses.push(sessionsIn(kept.length ? await ids({ field, values: kept }) : []));
    const hidden = filter.exclude?.[name];
    if (hidden?.length) clauses.push(sessionsIn(await ids({ field, values: hidden }), true));
  }
  if (filter.search !== undefined && filter.search.groups.length > 0)
    clauses.push(await searchSql(filter.search, appKey, context));
  if (filter.from !== undefined) clauses.push(`at >= ${sqlFloat(filter.from)}`);
  if (filter.to !== undefined) clauses.push(`at < ${sqlFloat(filter.to)}`);
  return clauses.includes(NONE) ? NONE : clauses.join(' AND ');
}
