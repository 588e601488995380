// The parts of a log line or an issue title that vary from one occurrence to the next (numbers, ids, hex, quoted
// values), replaced by the wildcard `<*>`, so that "payment 8812 failed for 'ann@shop.example'" and "payment 17
// failed for 'bob@shop.example'" read alike. Patterns start from it (server/analysis/drain.ts) and so do issue
// fingerprints (server/analysis/fingerprint.ts): docs/explorer.md#what-varies.

export const WILDCARD = '<*>';

/** In the order they apply: a quoted value or a UUID is taken whole before its digits could be. */
const MASKS: RegExp[] = [
  // A quoted value: opened after a space, a bracket or `=`/`:`/`,`, closed before one or the end, so that
  // apostrophes inside words ("don't") open nothing. A quoted name before a `:` is a key, the line's shape, and stays:
  // `{"event":"click","tag":"a"}` reads as `{"event":<*>,"tag":<*>}`, not as `{<*>}` like every other JSON line.
  /(?<=^|[\s=:(\[{,])(["'`])[^"'`\n]{0,200}?\1(?=$|[\s,.;)\]}])/g,
  /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi,
  /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g,
  /\b0x[0-9a-f]+\b/gi,
  // Hex of 8 digits or more (hashes, object ids), and long tokens mixing letters and digits (generated ids).
  /\b(?=[0-9a-f]*\d)[0-9a-f]{8,}\b/gi,
  /\b(?=[\w-]*\d)(?=[\w-]*[a-z])[\w-]{16,}\b/gi,
  // A number not glued to a letter before it ("v2", "utf8" and "h264" are names), with its decimals or separators
  // (12.5, 10.0.0.1, 10:32:11); a unit after it stays ("200ms" is "<*>ms").
  /(?<![\p{L}\d])[-+]?\d+(?:[.,:/]\d+)*/gu,
];

/** `text` with what varies as `<*>`, wildcards side by side (or joined by punctuation) as one. */
export function maskVariables(text: string): string {
  let masked = text;
  for (const mask of MASKS) masked = masked.replace(mask, WILDCARD);
  return masked.replace(/<\*>(?:[.:/,_-]?<\*>)+/g, WILDCARD);
}
