// One way to turn any value into text, used wherever Sidelog does so, in every mode: a log call's arguments (in the
// engine, or on the page for what it rescues), the values a structured clone refuses on their way to a worker, and
// the fields of sendLog, issues and device keys. So the same value reads the same whichever mode logged it
// (docs/limits.md#formatting).

/** A DOM node, where there is a DOM (the page): its tag, id and classes. Typed loosely: protocol/ has no DOM. */
interface NodeLike {
  nodeName: string;
  tagName?: string;
  id?: string;
  className?: unknown;
}
const NodeClass = (globalThis as { Node?: new () => unknown }).Node;
const isNode = (value: unknown): value is NodeLike => NodeClass !== undefined && value instanceof NodeClass;

function describeNode(node: NodeLike): string {
  if (!node.tagName) return node.nodeName;
  const id = node.id ? `#${node.id}` : '';
  const classes =
    typeof node.className === 'string' && node.className.trim()
      ? `.${node.className.trim().split(/\s+/).join('.')}`
      : '';
  return `<${node.tagName.toLowerCase()}${id}${classes}>`;
}

/** What JSON cannot hold, as text: the same inside an object as on its own. */
function special(value: unknown): string | undefined {
  if (typeof value === 'bigint') return `${value}n`;
  if (typeof value === 'function') return `[Function ${value.name || 'anonymous'}]`;
  if (typeof value === 'symbol') return value.toString();
  if (isNode(value)) return describeNode(value);
  return undefined;
}

/** JSON for objects, with cycles and values JSON cannot hold written as text rather than failing. */
function toJSON(value: object): string {
  const seen = new WeakSet<object>();
  try {
    return (
      JSON.stringify(value, (_key, inner: unknown) => {
        const text = special(inner);
        if (text !== undefined) return text;
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

/** One value as text, the way a console shows it in a line: strings as they are, Errors as their stack. */
export function formatValue(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value instanceof Error)
    return value.stack && value.stack.includes(value.message) ? value.stack : `${value.name}: ${value.message}`;
  const text = special(value);
  if (text !== undefined) return text;
  if (typeof value === 'object' && value !== null) return toJSON(value);
  return String(value);
}

/** A log call's arguments as one line. */
export function formatParts(parts: unknown[]): string {
  return parts.map(formatValue).join(' ');
}
