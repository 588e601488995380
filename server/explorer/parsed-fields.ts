// The fields parsed from a view's texts (docs/facets.md#fields-in-the-text): the view's newest FIELD_SAMPLE logs read
// as the stream reads them, each text's JSON object and key=value pairs found by the rules the search's `@field`
// terms follow (explorer-contract/parsed-field.ts, docs/explorer.md#parsed-fields), and counted: which fields the logs
// carry, and each field's most common values, each with the term that finds it.
import {
  isParsedNumber,
  MAX_PATH_KEYS,
  parsedFieldTerm,
  type ParsedFieldFacets,
} from '../../explorer-contract/parsed-field.ts';
import type { ExplorerQueries, LogFilter } from '../stores/explorer-queries.types.ts';

/** How many of the view's newest logs are read: a bound on the cost, whatever the view holds. */
export const FIELD_SAMPLE = 1_000;
/** The most fields listed, and values a field. */
export const TOP_FIELDS = 8;
export const TOP_VALUES = 10;

const KEY = /^[A-Za-z0-9_-]+$/;
const PAIRS = /(?:^|[ \t\n\r])([A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*)=("[^"]*"|[^ \t\n\r"][^ \t\n\r]*)/g;

/** A JSON value as the search's equality writes it, or undefined for one it cannot find (an object, an array, a
 * number past 15 digits or with an exponent). */
function written(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean' || value === null) return String(value);
  if (typeof value === 'number') return isParsedNumber(String(value)) ? String(value) : undefined;
  return undefined;
}

/** Each field of the JSON object `object` under `prefix`: its path, and its values (an array's, each); `paths` gains
 * every path the object holds, values or not, since a key=value pair of that name is then not read. */
function walk(object: Record<string, unknown>, prefix: string[], fields: Map<string, Set<string>>, paths: Set<string>) {
  for (const [key, value] of Object.entries(object)) {
    if (!KEY.test(key) || prefix.length >= MAX_PATH_KEYS) continue;
    const path = [...prefix, key];
    paths.add(path.join('.'));
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      walk(value as Record<string, unknown>, path, fields, paths);
      continue;
    }
    const values = (Array.isArray(value) ? value : [value]).flatMap((one) => written(one) ?? []);
    if (values.length > 0) fields.set(path.join('.'), new Set(values));
  }
}

/** The fields of one text, each with its values. */
export function fieldsOf(text: string): Map<string, Set<string>> {
  const fields = new Map<string, Set<string>>();
  const paths = new Set<string>();
  const start = text.indexOf('{');
  let message = text;
  if (start >= 0) {
    try {
      const object = JSON.parse(text.slice(start)) as Record<string, unknown>;
      walk(object, [], fields, paths);
      message = text.slice(0, start);
    } catch {
      // Not JSON: the text is read for key=value pairs whole.
    }
  }
  for (const [, key, raw] of message.matchAll(PAIRS)) {
    if (paths.has(key!)) continue;
    paths.add(key!);
    const value = raw!.startsWith('"') ? raw!.slice(1, -1) : isParsedNumber(raw!) ? String(Number(raw)) : raw!;
    fields.set(key!, new Set([value]));
  }
  return fields;
}

export async function parsedFieldFacets(queries: ExplorerQueries, filter: LogFilter): Promise<ParsedFieldFacets> {
  const { logs } = await queries.logs(filter, { limit: FIELD_SAMPLE });
  const byField = new Map<string, { logs: number; values: Map<string, number> }>();
  for (const log of logs) {
    for (const [field, values] of fieldsOf(log.t ?? '')) {
      const counts = byField.get(field) ?? { logs: 0, values: new Map<string, number>() };
      counts.logs += 1;
      for (const value of values) counts.values.set(value, (counts.values.get(value) ?? 0) + 1);
      byField.set(field, counts);
    }
  }
  const order = (a: [string, number], b: [string, number]) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);
  return {
    read: logs.length,
    fields: [...byField]
      .map(([field, counts]) => [field, counts.logs] as [string, number])
      .sort(order)
      .slice(0, TOP_FIELDS)
      .map(([field, logs]) => ({
        field,
        logs,
        values: [...byField.get(field)!.values]
          .sort(order)
          .flatMap(([value, count]) => {
            const term = parsedFieldTerm(field, value);
            return term ? [{ value, count, term }] : [];
          })
          .slice(0, TOP_VALUES),
      })),
  };
}
