// Counts by any field (docs/volume-and-counts.md#counts-by-a-field): the field a view's histogram splits its logs by,
// as the address names it (`split=tag`), and the answer of `GET …/logs/split`, its bars by value and its values' top.
import { MAX_PATH_KEYS, PARSED_TERM } from './parsed-field.ts';
import type { ChartLeftOut } from './api.types.ts';

/** The field: a log's level, tag, session's app version, its device's key (as it stands now), or a field parsed from
 * its text (docs/explorer.md#parsed-fields). */
export type SplitBy =
  | { kind: 'level' }
  | { kind: 'tag' }
  | { kind: 'version' }
  | { kind: 'key'; key: string }
  | { kind: 'parsed'; path: string[] };

/** `level`, `tag`, `version`, `key.<name>` or `@<path>`; undefined for anything else. */
export function parseSplitBy(text: string): SplitBy | undefined {
  if (text === 'level' || text === 'tag' || text === 'version') return { kind: text };
  if (text.startsWith('key.') && text.length > 4 && text.length <= 200) return { kind: 'key', key: text.slice(4) };
  const parsed = PARSED_TERM.exec(`${text}:`);
  if (parsed && parsed[0] === `${text}:`) {
    const path = parsed[1]!.split('.');
    return path.length <= MAX_PATH_KEYS ? { kind: 'parsed', path } : undefined;
  }
  return undefined;
}

/** The API's answer to a `by` it cannot take (400). */
export const SPLIT_REFUSED = "'by' is level, tag, version, key.<name> or @<field>, as in by=@status";

export const splitName = (by: SplitBy): string =>
  by.kind === 'key' ? `key.${by.key}` : by.kind === 'parsed' ? `@${by.path.join('.')}` : by.kind;

/** The search term finding the logs whose field is `value`; undefined where the language cannot write it. */
export function splitTerm(by: SplitBy, value: string): string | undefined {
  if (value === '' || value.includes('"')) return undefined;
  const written = /\s/.test(value) || value.startsWith('[') ? `"${value}"` : value;
  if (by.kind === 'level') return `level:${value}`;
  if (by.kind === 'key') return /[\s:"]/.test(by.key) ? undefined : `key.${by.key}:${written}`;
  return `${splitName(by)}:${written}`;
}

/** How many values the answer names; the rest are counted together as `other`. */
export const TOP_SPLIT_VALUES = 10;

export interface FieldCounts {
  by: string;
  bucketMs: number;
  /** The values, the most logs first (ties in value order), then `other` (the rest together) and `none` (logs without
   * the field) where they count any: `count` is the view's logs of the value, `term` the search term finding them. */
  values: { value: string; count: number; term?: string; other?: true; none?: true }[];
  /** Each bucket's counts, one per value, in the order of `values`: they sum to the bucket's logs. */
  buckets: { at: number; counts: number[] }[];
  /** As the volume's: a view holding a term no index answers counts the logs its scan read (docs/explorer.md#fragments). */
  scan?: { scanned: number; scannedTo: number | null; complete: boolean };
  /** As the volume's: logs dated by a wrong clock, left out of the bars' span but counted in `values`. */
  leftOut?: ChartLeftOut;
}
