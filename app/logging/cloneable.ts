// Log arguments travel to the worker by structured clone. Most are cloneable; the few that are not
// (functions, DOM nodes, objects holding them) are turned into text here, on the page, so that a log
// call never throws and never loses its line. This runs only after a postMessage refused a buffer.
import type { RawFields, WriteMessage } from '../../protocol/index.ts';

function isCloneable(value: unknown): boolean {
  try {
    structuredClone(value);
    return true;
  } catch {
    return false;
  }
}

function describeNode(node: Node): string {
  if (!(node instanceof Element)) return node.nodeName;
  const id = node.id ? `#${node.id}` : '';
  const classes = typeof node.className === 'string' && node.className ? `.${node.className.trim().split(/\s+/).join('.')}` : '';
  return `<${node.tagName.toLowerCase()}${id}${classes}>`;
}

/** Text for a value the structured clone refused: JSON where it can be, with the refused parts named. */
export function describe(value: unknown): string {
  if (typeof value === 'function') return `[Function ${value.name || 'anonymous'}]`;
  if (typeof Node !== 'undefined' && value instanceof Node) return describeNode(value);
  const seen = new WeakSet<object>();
  try {
    return JSON.stringify(value, (_key, inner: unknown) => {
      if (typeof inner === 'function') return `[Function ${inner.name || 'anonymous'}]`;
      if (typeof inner === 'symbol' || typeof inner === 'bigint') return String(inner);
      if (typeof Node !== 'undefined' && inner instanceof Node) return describeNode(inner);
      if (typeof inner === 'object' && inner !== null) {
        if (seen.has(inner)) return '[Circular]';
        seen.add(inner);
      }
      return inner;
    });
  } catch {
    return String(value);
  }
}

/** The same message with every uncloneable log argument (or explicit field) replaced by its text. */
export function toCloneable(message: WriteMessage): WriteMessage {
  if (message.sl !== 'logs') return message;
  const cloneable = (value: unknown) => (isCloneable(value) ? value : describe(value));
  const e: Record<number, RawFields> = {};
  for (const [index, fields] of Object.entries(message.logs.e)) {
    e[Number(index)] = isCloneable(fields)
      ? fields
      : (Object.fromEntries(Object.entries(fields).map(([name, value]) => [name, cloneable(value)])) as RawFields);
  }
  const p = message.logs.p.map((parts) => (parts && !isCloneable(parts) ? parts.map(cloneable) : parts));
  return { ...message, logs: { ...message.logs, p, e } };
}

export function isDataCloneError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'DataCloneError';
}
