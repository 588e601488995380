// A field parsed from a log's text at query time, named in the search box with `@` (docs/explorer.md#parsed-fields):
//   @event:click  @status:502  @status>=500  @duration<800  @duration:[100 TO 800]  @user.id:7  @path:"/api/v2 pay"
// The text's JSON object (the whole text, or from its first `{` to its end) gives the field by its path, key by key;
// else a `key=value` pair of the text before that object (or of the whole text, when it holds no JSON object). Each
// store reads them in SQL (server/sqlite/parsed-field-sql.ts, server/postgres/parsed-field-sql.ts).

/** A parsed field's test: equal (a number's value numerically, any other as text), a comparison with a number, or a
 * range of numbers, both ends included. */
export type ParsedTest =
  | { op: '='; value: string }
  | { op: '<' | '<=' | '>' | '>='; value: number }
  | { op: 'range'; low: number; high: number };

export type ParsedFieldTerm = { kind: 'parsed'; path: string[]; test: ParsedTest };

/** `@` and a path of keys joined by dots, then `:`, `>=`, `<=`, `>` or `<`. A key is letters, digits, `_` and `-`. */
export const PARSED_TERM = /^@([A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*)(:|>=|<=|>|<)/;

/** The most keys a path may hold: a path is a chain of lookups in each log's JSON. */
export const MAX_PATH_KEYS = 8;

/** A number a parsed field compares: at most 15 digits in all, so that it is the same number as a double (SQLite's
 * JSON numbers) and as a decimal (PostgreSQL's numeric), and both stores compare alike. */
export const PARSED_NUMBER = /^-?\d+(\.\d+)?$/;
export const isParsedNumber = (text: string): boolean =>
  PARSED_NUMBER.test(text) && text.replace(/[^0-9]/g, '').length <= 15;

/** The term `@path` `written` `value` names, or the message that refuses it. */
export function parsedTerm(path: string, written: string, value: string): ParsedFieldTerm | { refused: string } {
  const keys = path.split('.');
  if (keys.length > MAX_PATH_KEYS)
    return {
      refused: `'@${path}' has over ${MAX_PATH_KEYS} keys: a parsed field's path holds at most ${MAX_PATH_KEYS}`,
    };
  if (value === '')
    return {
      refused: `'@${path}${written}' needs a value, as in @${path}${written}${written === ':' ? 'click' : '800'}`,
    };
  if (written === ':') {
    if (value.startsWith('[')) {
      const range = /^\[(\S+) TO (\S+)\]$/.exec(value);
      if (!range || !isParsedNumber(range[1]!) || !isParsedNumber(range[2]!))
        return { refused: `'@${path}:${value}' is not a range: write two numbers, as in @${path}:[100 TO 800]` };
      return { kind: 'parsed', path: keys, test: { op: 'range', low: Number(range[1]), high: Number(range[2]) } };
    }
    return { kind: 'parsed', path: keys, test: { op: '=', value } };
  }
  if (!isParsedNumber(value))
    return {
      refused: `'@${path}${written}' needs a number of at most 15 digits, as in @${path}${written}800`,
    };
  return { kind: 'parsed', path: keys, test: { op: written as '<' | '<=' | '>' | '>=', value: Number(value) } };
}

/** The comparisons a number must pass for `test`, all of them; none for an equality (which also matches text). */
export function parsedComparisons(test: ParsedTest): ['<' | '<=' | '>' | '>=', number][] {
  if (test.op === 'range')
    return [
      ['>=', test.low],
      ['<=', test.high],
    ];
  return test.op === '=' ? [] : [[test.op, test.value]];
}

/** A `key=value` pair's value in `text` as both stores find it: the first pair whose key is `key`, at the text's start
 * or after a space, tab or line break; the value a quoted text (the quotes dropped) or the characters up to the next
 * space, tab or line break. */
export const keyValuePattern = (key: string) =>
  `(?:^|[ \\t\\n\\r])${key.replace(/[.-]/g, (char) => `\\${char}`)}=("[^"]*"|[^ \\t\\n\\r"][^ \\t\\n\\r]*)`;

/** The `key=value` value of `key` in `text`: a number when written as one (PARSED_NUMBER, at most 15 digits), else
 * its text; null when the text has no such pair. */
export function keyValueOf(text: string, key: string): string | number | null {
  const found = new RegExp(keyValuePattern(key)).exec(text);
  if (!found) return null;
  const value = found[1]!;
  if (value.startsWith('"')) return value.slice(1, -1);
  return isParsedNumber(value) ? Number(value) : value;
}

/** `GET …/logs/fields`: the fields parsed from the view's newest logs (docs/facets.md#fields-in-the-text), the most
 * common first, each value with the search term that finds it. */
export interface ParsedFieldFacets {
  /** How many of the view's newest logs were read. */
  read: number;
  fields: { field: string; logs: number; values: { value: string; count: number; term: string }[] }[];
}

/** The search term `@field:value`, quoted where the value holds a space or starts with `[`; undefined for a value the
 * language cannot write (empty, or holding a quote). */
export function parsedFieldTerm(field: string, value: string): string | undefined {
  if (value === '' || value.includes('"')) return undefined;
  return `@${field}:${/\s/.test(value) || value.startsWith('[') ? `"${value}"` : value}`;
}
