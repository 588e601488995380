// Parsing request bodies as JSON with a nesting limit: a body of 100,000 nested arrays parses, but every recursive walk
// over it afterwards (validation, JSON.stringify on the way into the database, the viewer's rendering) would overflow
// the stack. Every API of the service parses through here. A body with few brackets (a log batch has one a log) is
// parsed first and its value's depth checked after, which costs a tenth of reading every character; one with many is
// read for its depth before JSON.parse builds anything, since deep nesting costs JSON.parse far more per byte.

/** Deeper than any body of the wire format or the service's own APIs (a log batch is 3 levels, a device 4). */
export const MAX_JSON_DEPTH = 32;

export type ParsedJson = { ok: true; value: unknown } | { ok: false; reason: string };

/** The deepest nesting of arrays and objects in `text`, or `Infinity` once it passes `limit` (it stops there). */
export function jsonDepth(text: string, limit = MAX_JSON_DEPTH): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === 0x5c /* \ */) i++;
      else if (code === 0x22 /* " */) inString = false;
    } else if (code === 0x22) {
      inString = true;
    } else if (code === 0x5b /* [ */ || code === 0x7b /* { */) {
      if (++depth > deepest) {
        deepest = depth;
        if (deepest > limit) return Infinity;
      }
    } else if (code === 0x5d /* ] */ || code === 0x7d /* } */) {
      depth--;
    }
  }
  return deepest;
}

/** Bodies with at least this many opening brackets have their depth read before they are parsed. */
const MANY_BRACKETS = 10_000;

/** How many `[` and `{` the text holds (inside strings too), counting up to `limit`. */
function openingBrackets(text: string, limit: number): number {
  let count = 0;
  for (const bracket of ['{', '[']) {
    for (let at = text.indexOf(bracket); at !== -1 && count < limit; at = text.indexOf(bracket, at + 1)) count++;
  }
  return count;
}

/** Whether a parsed value nests deeper than `limit`: a recursion no deeper than `limit` + 1 calls, so it never
 * overflows, that allocates nothing (a walk with a stack of pairs, and `Object.values` for each of a batch's 500 logs,
 * took a third longer: 0.04 ms a batch against 0.03, beside JSON.parse's 0.3). */
function deeperThan(value: unknown, limit: number, depth = 1): boolean {
  if (typeof value !== 'object' || value === null) return false;
  if (depth > limit) return true;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) if (deeperThan(value[i], limit, depth + 1)) return true;
    return false;
  }
  // JSON.parse makes plain objects, whose own keys (`__proto__` among them) are all for…in lists.
  for (const key in value) if (deeperThan((value as Record<string, unknown>)[key], limit, depth + 1)) return true;
  return false;
}

/** `text` as JSON, refused with a reason when it is not JSON or nests deeper than `maxDepth`. */
export function parseJson(text: string, maxDepth = MAX_JSON_DEPTH): ParsedJson {
  const tooDeep = { ok: false, reason: `JSON nested deeper than ${maxDepth} levels` } as const;
  const checkedFirst = openingBrackets(text, MANY_BRACKETS) >= MANY_BRACKETS;
  if (checkedFirst && jsonDepth(text, maxDepth) > maxDepth) return tooDeep;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'malformed JSON' };
  }
  return !checkedFirst && deeperThan(value, maxDepth) ? tooDeep : { ok: true, value };
}
