// The page's half of the per-call path (design.md §4): a log call appends to a buffer and returns;
// one message carries the whole buffer to the engine on the next microtask (or at once when the
// buffer is large). Until an engine is attached, messages wait here, in order, so nothing logged
// before `init`, or while a worker fails and the next mode starts, is lost.
import type { LogColumns, LogLevel, RawFields, WriteMessage } from '../../protocol/index.ts';
import { isDataCloneError, toCloneable } from './cloneable.ts';

/** Where messages go: a worker's port, or the in-page engine. May throw DataCloneError synchronously. */
export interface WriteSink {
  write(message: WriteMessage): void;
}

/** A buffer this large is sent at once rather than on the microtask. */
const FLUSH_AT = 1000;

function emptyColumns(): LogColumns {
  return { at: [], x: [], ll: [], p: [], s: {}, e: {}, u: [] };
}

type Unsequenced = WriteMessage extends infer M ? (M extends WriteMessage ? Omit<M, 'seq'> : never) : never;

export interface WriteQueue {
  /** Appends a log call: its time, level, arguments, raw stack if it took one, and the page's URL. Never throws. */
  log(at: number, x: number, ll: LogLevel, parts: unknown[], stack: string | undefined, url: unknown): void;
  /** Appends a log call made with explicit fields (sendLog, and the events Sidelog logs). */
  logFields(at: number, x: number, ll: LogLevel, fields: RawFields, url: unknown): void;
  /** Sends the buffered logs now. */
  flush(): void;
  /** Sends a non-log write after the logs buffered before it; returns its sequence number. */
  send(message: Unsequenced): number;
  /** The sequence number of the last message emitted so far (after a flush). */
  lastSeq(): number;
  /** Starts delivering to this sink: first everything still waiting, in order. */
  attach(sink: WriteSink): void;
  /** Stops delivering; messages wait again until the next attach. */
  detach(): void;
}

export function createWriteQueue(onError: (error: unknown) => void = () => {}): WriteQueue {
  let buffer = emptyColumns();
  let scheduled = false;
  let seq = 0;
  let sink: WriteSink | undefined;
  /** The URL the buffer last wrote. */
  let bufferURL: unknown;
  const waiting: WriteMessage[] = [];

  function deliver(message: WriteMessage): void {
    try {
      sink!.write(message);
    } catch (error) {
      if (!isDataCloneError(error)) throw error;
      sink!.write(toCloneable(message));
    }
  }

  function emit(message: WriteMessage): void {
    if (!sink) {
      waiting.push(message);
      return;
    }
    try {
      deliver(message);
    } catch (error) {
      onError(error);
    }
  }

  function flush(): void {
    scheduled = false;
    if (buffer.at.length === 0) return;
    const logs = buffer;
    buffer = emptyColumns();
    emit({ sl: 'logs', seq: ++seq, logs });
  }

  /** Appends the columns every call has; returns the call's index in the buffer. */
  function append(at: number, x: number, ll: LogLevel, parts: unknown[] | null, url: unknown): number {
    const index = buffer.at.length;
    // A page's URL seldom changes within a buffer: each message carries it once per run of equal URLs.
    if (index === 0 || url !== bufferURL) {
      buffer.u.push([index, url]);
      bufferURL = url;
    }
    buffer.at.push(at);
    buffer.x.push(x);
    buffer.ll.push(ll);
    buffer.p.push(parts);
    if (!scheduled) {
      scheduled = true;
      queueMicrotask(flush);
    }
    return index;
  }

  return {
    log(at, x, ll, parts, stack, url) {
      const index = append(at, x, ll, parts, url);
      if (stack !== undefined) buffer.s[index] = stack;
      if (index + 1 >= FLUSH_AT) flush();
    },
    logFields(at, x, ll, fields, url) {
      const index = append(at, x, ll, null, url);
      buffer.e[index] = fields;
      if (index + 1 >= FLUSH_AT) flush();
    },
    flush,
    send(message) {
      flush();
      const full = { ...message, seq: ++seq } as WriteMessage;
      emit(full);
      return full.seq;
    },
    lastSeq() {
      flush();
      return seq;
    },
    attach(next) {
      sink = next;
      while (waiting.length > 0 && sink === next) {
        const message = waiting.shift()!;
        try {
          deliver(message);
        } catch (error) {
          onError(error);
        }
      }
    },
    detach() {
      sink = undefined;
    },
  };
}
