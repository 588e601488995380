// Log arguments travel to the worker by structured clone. Most are cloneable; the few that are not
// (functions, DOM nodes, objects holding them) are turned into text here, on the page, so that a log
// call never throws and never loses its line; into the same text the engine would make of them, so a value reads
// the same in every mode. This runs only after a postMessage refused a buffer.
import { formatValue, type RawFields, type WriteMessage } from '../../protocol/index.ts';
import type { WriteSink } from './write-queue.ts';

/** Primitives always clone (symbols never do, but they are not objects either: checked as the rest are). */
function isCloneable(value: unknown): boolean {
  if (value === null || (typeof value !== 'object' && typeof value !== 'function' && typeof value !== 'symbol'))
    return true;
  try {
    structuredClone(value);
    return true;
  } catch {
    return false;
  }
}

/** The same message with every uncloneable log argument (or explicit field) replaced by its text. */
function toCloneable(message: WriteMessage): WriteMessage {
  if (message.sl !== 'logs') return message;
  const cloneable = (value: unknown) => (isCloneable(value) ? value : formatValue(value));
  const e: Record<number, RawFields> = {};
  for (const [index, fields] of Object.entries(message.logs.e)) {
    e[Number(index)] = isCloneable(fields)
      ? fields
      : (Object.fromEntries(Object.entries(fields).map(([name, value]) => [name, cloneable(value)])) as RawFields);
  }
  // Arguments one by one (and the times and codes among them, numbers): a primitive is kept without a trial clone,
  // which only objects need.
  const f = message.logs.f.map(cloneable);
  return { ...message, logs: { ...message.logs, f, e } };
}

function isDataCloneError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'DataCloneError';
}

/** The sink, but a message it refuses to clone is written again with its uncloneable values as text. */
export function cloneableSink(sink: WriteSink): WriteSink {
  return {
    write(message) {
      try {
        sink.write(message);
      } catch (error) {
        if (!isDataCloneError(error)) throw error;
        sink.write(toCloneable(message));
      }
    },
  };
}
