// Parsing request bodies as JSON with a nesting limit, checked before `JSON.parse` builds anything: a body of
// 100,000 nested arrays parses, but every recursive walk over it afterwards (validation, JSON.stringify on the way
// into the database, the viewer's rendering) would overflow the stack. Every API of the service parses through here.

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

/** `text` as JSON, refused with a reason when it is not JSON or nests deeper than `maxDepth`. */
export function parseJson(text: string, maxDepth = MAX_JSON_DEPTH): ParsedJson {
  if (jsonDepth(text, maxDepth) > maxDepth) return { ok: false, reason: `JSON nested deeper than ${maxDepth} levels` };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false, reason: 'malformed JSON' };
  }
}
