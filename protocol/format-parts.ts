// A log call's arguments as one line of text, the way a console shows them. The engine formats every call
// with it; the page only for the calls it rescues as it goes away (docs/durability.md), which must be text
// to be kept in localStorage.

/** JSON for objects, with cycles and values JSON cannot hold written as text rather than failing. */
function toJSON(value: object): string {
  const seen = new WeakSet<object>();
  try {
    return (
      JSON.stringify(value, (_key, inner: unknown) => {
        if (typeof inner === 'bigint') return `${inner}n`;
        if (typeof inner === 'function' || typeof inner === 'symbol') return String(inner);
        if (typeof inner === 'object' && inner !== null) {
          if (seen.has(inner)) return '[Circular]';
          seen.add(inner);
        }
        return inner;
      }) ?? String(value)
    );
  } catch {
    return String(value);
  }
}

/** One argument of a log call as text, the way a console shows it in a line. */
export function formatPart(part: unknown): string {
  if (typeof part === 'string') return part;
  if (part instanceof Error) return part.stack && part.stack.includes(part.message) ? part.stack : `${part.name}: ${part.message}`;
  if (typeof part === 'object' && part !== null) return toJSON(part);
  return String(part);
}

export function formatParts(parts: unknown[]): string {
  return parts.map(formatPart).join(' ');
}

