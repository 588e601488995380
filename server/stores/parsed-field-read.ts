// A field parsed from a log's text (`@status:502`, docs/explorer.md#parsed-fields) read in Node, by the rules SQLite's
// SQL follows (server/stores/sqlite/parsed-field-sql.ts, split-value-sql.ts): the text's JSON object (from its first
// `{` to its end, when that is valid JSON) by the path's keys, else the `key=value` pair of the text before it. For a
// store whose SQL cannot read JSON by these rules (ClickHouse 18.16 reads flat JSON only): it narrows the logs in SQL,
// and this finishes over the texts it picked (docs/clickhouse.md#parsed-fields).
import {
  isParsedNumber,
  keyValueOf,
  parsedComparisons,
  type ParsedFieldTerm,
  type ParsedTest,
} from '../../explorer-contract/parsed-field.ts';

/** A field's value: the JSON value at its path, or a key=value pair's (a number when written as one). */
type Found = { json: unknown } | { pair: string | number };

const ABSENT = Symbol('absent');

/** The value at `keys` in `doc`, key by key through objects only (a path never indexes an array), or ABSENT. */
function atPath(doc: unknown, keys: readonly string[]): unknown {
  let value = doc;
  for (const key of keys) {
    if (value === null || typeof value !== 'object' || Array.isArray(value) || !Object.hasOwn(value, key))
      return ABSENT;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/** The field `keys` of `text`, or undefined where the text has none. */
function fieldOf(text: string, keys: readonly string[]): Found | undefined {
  const start = text.indexOf('{');
  let message = text;
  if (start >= 0) {
    let doc: unknown = ABSENT;
    try {
      doc = JSON.parse(text.slice(start));
    } catch {
      // Broken JSON is text: its pairs are read whole.
    }
    if (doc !== ABSENT) {
      const value = atPath(doc, keys);
      if (value !== ABSENT) return { json: value };
      message = text.slice(0, start);
    }
  }
  const pair = keyValueOf(message, keys.join('.'));
  return pair === null ? undefined : { pair };
}

/** Whether one value (a JSON scalar, or a pair's number or text) passes the test: a comparison takes numbers only; an
 * equality a number equal to the value's number, a text equal to it, or true, false or null as their words. */
function scalarPasses(test: ParsedTest, value: unknown): boolean {
  if (test.op !== '=')
    return (
      typeof value === 'number' &&
      parsedComparisons(test).every(([op, number]) =>
        op === '<' ? value < number : op === '<=' ? value <= number : op === '>' ? value > number : value >= number,
      )
    );
  if (typeof value === 'number') return isParsedNumber(test.value) && value === Number(test.value);
  if (typeof value === 'string') return value === test.value;
  if (typeof value === 'boolean' || value === null) return String(value) === test.value;
  return false;
}

/** Whether the text's field passes the term's test: an array when one of its elements does, an object never. */
export function parsedFieldMatches(text: string, term: ParsedFieldTerm): boolean {
  const found = fieldOf(text, term.path);
  if (found === undefined) return false;
  if ('pair' in found) return scalarPasses(term.test, found.pair);
  if (Array.isArray(found.json)) return found.json.some((element) => scalarPasses(term.test, element));
  return scalarPasses(term.test, found.json);
}

/** The field's value as the split's SQL writes it (`n:502`, `s:fast`, a JSON true, false or null as `s:` and its
 * word), or null for a text without it or whose value is an array or an object (ExplorerQueries.splitVolume). */
export function parsedSplitValue(text: string, keys: readonly string[]): string | null {
  const found = fieldOf(text, keys);
  if (found === undefined) return null;
  const value = 'pair' in found ? found.pair : found.json;
  if (typeof value === 'number') return `n:${value}`;
  if (typeof value === 'string') return `s:${value}`;
  if (typeof value === 'boolean' || value === null) return `s:${value}`;
  return null;
}
