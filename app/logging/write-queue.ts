// The page's half of the per-call path (docs/modes.md#the-path-of-a-log-call): a log call appends to a buffer and
// returns; one message carries the whole buffer to the engine on the next microtask (or as the call after a full
// buffer comes). A call pushes only its time, one number for its level and argument count, and its arguments onto one
// array, and that is all the message holds per call: each call's `at` follows from the times
// (protocol/log-columns.ts). What happens once per buffer (its start, its URL, its microtask) stays out of the call's
// own few steps, which run in the interpreter until the page has made many calls. Until
// an engine is attached, messages wait here, in order, so nothing logged before `init`, or while a worker fails and
// the next mode starts, is lost; past WAITING_LOG_CAP logs the oldest become one gap entry. A message sent stays
// here until the engine confirms it stored, so that a page going away can rescue what is not stored yet
// (docs/durability.md).
// From protocol/ only the modules it runs, as client.ts.
import { isLogLevel, LogLevel } from '../../protocol/levels.ts';
import { GAP_LOG_TAG, UNCONFIRMED_LOG_CAP, WAITING_LOG_CAP } from '../../protocol/page-constants.ts';
import { callCode, callWidth, nextAt, type LogColumns, type RawFields } from '../../protocol/log-columns.ts';
import type { WriteMessage } from '../../protocol/index.ts';
import { captureCallSite } from './call-site.ts';
import { createPageURL, type PageURL } from './page-url.ts';

/** Where messages go: a worker's port, or the in-page engine, through app/logging/engine-sink.ts (device keys and
 * issues sanitised on their way; an uncloneable argument written as text rather than refused). */
export interface WriteSink {
  write(message: WriteMessage): void;
}

/** A buffer this large is sent as the next call comes rather than on the microtask. */
const FLUSH_AT = 1000;

/** Re-keys a buffer's calls by index (its stacks, its fields) once the first `count` are gone. */
function shiftCalls<T>(byCall: Record<number, T>, count: number): Record<number, T> {
  const shifted: Record<number, T> = {};
  for (const index in byCall) if (+index >= count) shifted[+index - count] = byCall[index];
  return shifted;
}

/**
 * Drops the first `count` calls of a buffer in place; returns the `at` of the first and the last dropped. Done on the
 * columns themselves, not as rows (protocol/log-rows.ts), which the page's first load then does not carry for what
 * happens only when logs wait past their cap (docs/benchmarks.md#main-thread-cost).
 */
function dropOldest(logs: LogColumns, count: number): { start: number; end: number } {
  let at = logs.from;
  let start = 0;
  let width = 0;
  for (let i = 0; i < count; i++) {
    at = nextAt(at, logs.f[width] as number);
    if (i === 0) start = at;
    width += callWidth(logs.f[width + 1] as number);
  }
  // The calls left follow from the last `at` dropped, as they did.
  logs.from = at;
  logs.n -= count;
  logs.f.splice(0, width);
  logs.s = shiftCalls(logs.s, count);
  logs.e = shiftCalls(logs.e, count);
  // The URL in force at the first call left starts the runs (the buffer's first run is at index 0).
  const current = logs.u.filter(([index]) => index <= count).pop()!;
  logs.u = [
    [0, current[1]],
    ...logs.u.filter(([index]) => index > count).map(([index, url]): [number, unknown] => [index - count, url]),
  ];
  return { start, end: at };
}

type Unsequenced = WriteMessage extends infer M ? (M extends WriteMessage ? Omit<M, 'seq'> : never) : never;
type LogsMessage = Extract<WriteMessage, { sl: 'logs' }>;

export interface WriteQueue {
  /** A public log method of level `ll` (client.ts installs it), which appends its calls itself; `print` is the console
   * method it prints through while printing is on. It takes the call site of warnings and worse, or of every call,
   * as methods() says. Never throws into the caller. */
  method(ll: LogLevel, print: (...parts: unknown[]) => void): (...parts: unknown[]) => void;
  /** What the methods do besides appending: take every call's site (`captureCallSite`), print (`printToConsole`). */
  methods(stackAll: boolean, print: boolean): void;
  /** Appends a log call made at time `x`, with its level, its arguments and its raw stack if it took one (the page's
   * URL is the queue's to read). */
  log(x: number, ll: LogLevel, parts: ArrayLike<unknown>, stack: string | undefined): void;
  /** Appends a log call made with explicit fields (sendLog, and the events Sidelog logs); `url` if it names one. */
  logFields(x: number, ll: unknown, fields: RawFields, url?: unknown): void;
  /** The highest `at` given so far (after a flush). */
  lastAt(): number;
  /** The next `at` is above this one (a page of the same session used it before a reload). */
  raiseLastAt(at: number): void;
  /** Sends the buffered logs now. */
  flush(): void;
  /** Sends a non-log write after the logs buffered before it; returns its sequence number (0 while it waits
   * for an engine: writes are numbered as they go to the engine). */
  send(message: Unsequenced): number;
  /** The sequence number of the last message emitted so far (after a flush). */
  lastSeq(): number;
  /** Starts delivering to this sink: first everything still waiting, in order. */
  attach(sink: WriteSink): void;
  /** Stops delivering; messages wait again until the next attach. */
  detach(): void;
  /** Puts a write before everything waiting (an earlier page's rescued writes); returns its seq, as send. */
  sendFirst(message: Unsequenced): number;
  /** The engine stored everything up to the message with this seq, in the order sent; returns those messages. */
  confirm(seq: number): WriteMessage[];
  /** Every write not confirmed stored, sent or waiting, in order (after a flush). Those waiting have seq 0. */
  pending(): WriteMessage[];
  /** From now on calls are dropped: `onDrop` hears of the first one. */
  seal(onDrop: () => void): void;
  /** Grows whenever what pending() returns changes (after a flush): a rescue written since needs no writing again. */
  changes(): number;
}

export function createWriteQueue(
  onError: (error: unknown) => void = () => {},
  waitingCap = WAITING_LOG_CAP,
  pageURL: PageURL = createPageURL(),
): WriteQueue {
  /** The buffer: its calls so far, their one flat column, and the sparse columns (protocol/log-columns.ts). */
  let calls = 0;
  let flat: unknown[] = [];
  let stacks: Record<number, string> = {};
  let fields: Record<number, RawFields> = {};
  let urls: [number, unknown][] = [];
  /** `at` is strictly increasing (docs/wire-format.md#log-record): a burst within one millisecond runs ahead of the clock. */
  let lastAt = 0;
  /** The `at` before the buffer's first call: its `from`. */
  let bufferFrom = 0;
  let seq = 0;
  let sink: WriteSink | undefined;
  /** The URL the buffer last wrote (none before its first call, which writes its own). */
  let bufferURL: unknown;
  /** The URL may have changed since the buffer last wrote it: read it for the next call. Where the browser tells of
   * every change, that is once per change and per buffer; elsewhere, every call. */
  let urlStale = true;
  /** Calls the public methods may still append in their few steps before one must take open's: none at a buffer's
   * start or once it is full, while the URL is to be read, while calls print or take their site, and once sealed. Set
   * to 0 wherever one of those begins, so that a call checks this one number (method). */
  let quick = 0;
  let stackAll = false;
  /** As printToConsole's default, until the client says. */
  let printing = true;
  const urlWatched = pageURL.watch(() => {
    urlStale = true;
    quick = 0;
  });
  /** The URL a call made with explicit fields names, for open to note rather than the page's (logFields). */
  let givenURL: unknown;
  const waiting: WriteMessage[] = [];
  /** Logs in `waiting`, and the times of those that gave way to a gap entry. */
  let waitingLogs = 0;
  let gap: { start: number; end: number } | undefined;
  /** Sent, not yet confirmed stored, and the logs among them. */
  const unconfirmed: WriteMessage[] = [];
  let unconfirmedLogs = 0;
  const logCount = (message: WriteMessage) => (message.sl === 'logs' ? message.logs.n : 0);
  let sealed: (() => void) | undefined;
  let changes = 0;

  /** Numbers the message as it goes to the engine: seq grows in the order the engine gets the writes, which
   * its storage relies on to skip rescued writes it stored already (docs/durability.md). */
  function deliverKept(message: WriteMessage): void {
    changes++;
    message.seq = ++seq;
    unconfirmed.push(message);
    unconfirmedLogs += logCount(message);
    // An engine that never confirms (a wedged worker) must not make the page hold every log for ever.
    while (unconfirmedLogs > UNCONFIRMED_LOG_CAP && unconfirmed.length > 1)
      unconfirmedLogs -= logCount(unconfirmed.shift()!);
    try {
      sink!.write(message);
    } catch (error) {
      onError(error);
    }
  }

  /** The oldest waiting logs give way until at most `waitingCap` remain, the gap entry counted as one. */
  function trimWaiting(): void {
    while (waitingLogs + (gap ? 1 : 0) > waitingCap) {
      const index = waiting.findIndex((message) => message.sl === 'logs');
      const { logs } = waiting[index] as LogsMessage;
      // Room for the gap entry too, which counts as one.
      const count = Math.min(logs.n, waitingLogs + 1 - waitingCap);
      const dropped = dropOldest(logs, count);
      gap = { start: gap?.start ?? dropped.start, end: dropped.end };
      waitingLogs -= count;
      if (logs.n === 0) waiting.splice(index, 1);
    }
  }

  /** The gap entry, as mode C writes it, goes first once the waiting logs are handed on. */
  function takeGap(): void {
    if (!gap) return;
    changes++;
    // One call with fields, at the gap's start, as columns.
    const logs: LogColumns = {
      from: gap.start - 1,
      n: 1,
      f: [gap.start, callCode(LogLevel.Warning, -1)],
      s: {},
      e: { 0: { tg: GAP_LOG_TAG, t: JSON.stringify(gap) } },
      u: [[0, undefined]],
    };
    waiting.unshift({ sl: 'logs', seq: 0, logs });
    waitingLogs += 1;
    gap = undefined;
  }

  function emit(message: WriteMessage): void {
    if (sink) return deliverKept(message);
    changes++;
    waiting.push(message);
    if (message.sl !== 'logs') return;
    waitingLogs += message.logs.n;
    if (waitingLogs > waitingCap - (gap ? 1 : 0)) trimWaiting();
  }

  function flush(): void {
    if (calls === 0) return;
    // Each call's `at` follows from `from` and the times: the engine works them out (protocol/log-columns.ts).
    const logs: LogColumns = { from: bufferFrom, n: calls, f: flat, s: stacks, e: fields, u: urls };
    calls = 0;
    quick = 0;
    flat = [];
    stacks = {};
    fields = {};
    urls = [];
    emit({ sl: 'logs', seq: 0, logs });
  }

  /** What a buffer's first call does, and the call after a full one: the full one is sent, and the next begins.
   * Returns an array for the call's arguments to go nowhere once the queue is sealed. */
  function startBuffer(): unknown[] | undefined {
    if (sealed) {
      sealed();
      return [];
    }
    flush();
    bufferFrom = lastAt;
    urlStale = true;
    // The buffer goes on the next microtask, if nothing has sent it before (a microtask a buffer sent early had asked
    // for then finds this one, and sends it a little sooner).
    queueMicrotask(flush);
    return undefined;
  }

  /** Appends a call's time and code; returns the array its arguments go onto. The steps every log call takes, so as
   * few as there can be: `calls` is 0 only for a buffer's first call (and every call once sealed). */
  function open(x: number, ll: LogLevel, count: number, stack: string | undefined): unknown[] {
    if (calls === 0 || calls === FLUSH_AT) {
      const dropped = startBuffer();
      if (dropped) return dropped;
    }
    // Each call's `at` is worked out as it comes, in the call's own code: worked out over the buffer as it was sent,
    // once per 1,000 calls, the loop ran unoptimised, about 0.1 µs a call
    // (docs/benchmarks.md#before-and-after-the-pass-on-the-start-up-and-the-at-per-call).
    lastAt = x > lastAt ? x : lastAt + 1;
    if (urlStale) {
      // The URL of the call, noted where it differs from the call's before.
      const url = givenURL ?? pageURL.read();
      if (urls.length === 0 || url !== bufferURL) urls.push([calls, (bufferURL = url)]);
      urlStale = !urlWatched;
    }
    if (stack !== undefined) stacks[calls] = stack;
    calls++;
    flat.push(x, count * 8 + ll);
    quick = urlStale || printing || stackAll ? 0 : FLUSH_AT - calls;
    return flat;
  }

  /** A public log method. A Debug or Info call that needs nothing rare (quick above 0) takes the few steps of the
   * bare logger to a worker in one function: the time, one check, `at`, the count, its numbers and arguments pushed;
   * every other call goes through open. A JS-to-JS call and a read of a private field are not free while a fresh
   * page's calls run in V8's interpreter (docs/benchmarks.md#one-flat-column). The method reads its `arguments`
   * in place rather than take a rest parameter or hand `arguments` on (docs/benchmarks.md#main-thread-cost). */
  function method(ll: LogLevel, print: (...parts: unknown[]) => void): (...parts: unknown[]) => void {
    // Warnings and worse take their call site: never quick.
    const site = ll !== LogLevel.Debug && ll !== LogLevel.Info ? FLUSH_AT : 0;
    const m = function (): void {
      try {
        const x = Date.now();
        const count = arguments.length;
        if (quick > site) {
          quick--;
          lastAt = x > lastAt ? x : lastAt + 1;
          calls++;
          flat.push(x, count * 8 + ll);
          for (let i = 0; i < count; i++) flat.push(arguments[i]);
          return;
        }
        const p = open(x, ll, count, site || stackAll ? captureCallSite(m) : undefined);
        for (let i = 0; i < count; i++) p.push(arguments[i]);
      } catch {
        // Nothing a log call does may break the page.
      }
      if (printing) print.apply(undefined, arguments as unknown as unknown[]);
    };
    return m;
  }

  return {
    method,
    methods(all, print) {
      stackAll = all;
      printing = print;
      quick = 0;
    },
    log(x, ll, parts, stack) {
      const count = parts.length;
      const p = open(x, ll, count, stack);
      for (let i = 0; i < count; i++) p.push(parts[i]);
    },
    logFields(x, ll, given, url) {
      // The level shares a number with the count, which has room for the six levels only: any other value the
      // caller gave goes with the fields, for the engine to read or drop (protocol/sanitise.ts).
      const known = isLogLevel(ll);
      // The call's URL is read for it (its own, if it names one), and the page's again for the next call.
      urlStale = true;
      givenURL = url;
      const p = open(x, known ? ll : LogLevel.Debug, -1, undefined);
      givenURL = undefined;
      urlStale = true;
      quick = 0;
      // Anything else, the queue is sealed and the call went nowhere.
      if (p === flat) fields[calls - 1] = known ? given : { ...given, ll };
    },
    lastAt() {
      flush();
      return lastAt;
    },
    raiseLastAt(at) {
      flush();
      if (at > lastAt) lastAt = at;
    },
    flush,
    send(message) {
      flush();
      const full = { ...message, seq: 0 } as WriteMessage;
      if (sealed) sealed();
      else emit(full);
      return full.seq;
    },
    sendFirst(message) {
      const full = { ...message, seq: 0 } as WriteMessage;
      if (sink) deliverKept(full);
      else {
        changes++;
        waiting.unshift(full);
      }
      return full.seq;
    },
    lastSeq() {
      flush();
      return seq;
    },
    attach(next) {
      sink = next;
      takeGap();
      while (waiting.length > 0 && sink === next) {
        const message = waiting.shift()!;
        if (message.sl === 'logs') waitingLogs -= message.logs.n;
        deliverKept(message);
      }
    },
    detach() {
      sink = undefined;
    },
    confirm(stored) {
      const index = unconfirmed.findIndex((message) => message.seq === stored);
      const done = index < 0 ? [] : unconfirmed.splice(0, index + 1);
      if (done.length > 0) changes++;
      for (const message of done) unconfirmedLogs -= logCount(message);
      return done;
    },
    pending() {
      flush();
      takeGap();
      return [...unconfirmed, ...waiting];
    },
    changes() {
      flush();
      return changes;
    },
    seal(onDrop) {
      flush();
      let told = false;
      sealed = () => {
        if (told) return;
        told = true;
        onDrop();
      };
    },
  };
}
