import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { GAP_LOG_TAG, LogLevel, rowsOf, type WriteMessage } from '../../../protocol/index.ts';
import { cloneableSink } from '../../../app/logging/cloneable.ts';
import type { PageURL } from '../../../app/logging/page-url.ts';
import { createWriteQueue, type WriteQueue, type WriteSink } from '../../../app/logging/write-queue.ts';

const PAGE = 'http://127.0.0.1:8080/sales';
type LogsMessage = Extract<WriteMessage, { sl: 'logs' }>;

/** A log call as the client makes it: time `at` (also its clock time), Debug, these arguments. */
const log = (queue: WriteQueue, at: number, ...parts: unknown[]) => queue.log(at, LogLevel.Debug, parts, undefined);
/** What the engine reads from a logs message. */
const rows = (message: WriteMessage) => rowsOf((message as LogsMessage).logs);

/** A sink that clones like postMessage does, so uncloneable values throw as they would. */
function cloningSink(): WriteSink & { received: WriteMessage[] } {
  const received: WriteMessage[] = [];
  return { received, write: (message) => received.push(structuredClone(message)) };
}

/** A page URL as a browser without the Navigation API gives it: read for every call. */
const readEachCall = (read: () => unknown): PageURL => ({ read, watch: () => false });

function attached(pageURL = readEachCall(() => PAGE)) {
  const queue = createWriteQueue(undefined, undefined, pageURL);
  const sink = cloningSink();
  // As the client attaches an engine's sink: a message refused for an uncloneable value is written again as text.
  queue.attach(cloneableSink(sink));
  return { queue, sink };
}

describe('the write queue', () => {
  test('one message carries every log of a synchronous burst, on the next microtask, as columns', async () => {
    const { queue, sink } = attached();
    log(queue, 1, 'a');
    log(queue, 2, 'b', { n: 2 });
    expect(sink.received).toEqual([]);
    await Promise.resolve();
    expect(sink.received).toEqual([
      {
        sl: 'logs',
        seq: 1,
        // Each call's time, its level + 8 × its argument count, its arguments: one flat column.
        logs: { from: 0, n: 2, f: [1, 8, 'a', 2, 16, 'b', { n: 2 }], s: {}, e: {}, u: [[0, PAGE]] },
      },
    ]);
    expect(rows(sink.received[0])).toEqual([
      { at: 1, x: 1, ll: 0, p: ['a'], u: PAGE },
      { at: 2, x: 2, ll: 0, p: ['b', { n: 2 }], u: PAGE },
    ]);
  });

  test('stacks and explicit fields travel with their own calls', async () => {
    const { queue, sink } = attached();
    queue.log(1, LogLevel.Warning, ['low stock'], 'Error\n    at pick (app.js:3:1)');
    queue.logFields(1, LogLevel.Info, { t: 'clicked', tg: 'bf_ui_event' });
    log(queue, 3, 'plain');
    await Promise.resolve();
    expect(rows(sink.received[0])).toEqual([
      { at: 1, x: 1, ll: LogLevel.Warning, p: ['low stock'], s: 'Error\n    at pick (app.js:3:1)', u: PAGE },
      { at: 2, x: 1, ll: LogLevel.Info, t: 'clicked', tg: 'bf_ui_event', u: PAGE },
      { at: 3, x: 3, ll: 0, p: ['plain'], u: PAGE },
    ]);
  });

  test('`at` grows strictly: a burst within one millisecond runs ahead of the clock, across buffers, and above a raised mark', async () => {
    const { queue, sink } = attached();
    for (let i = 0; i < 1500; i++) log(queue, 5_000);
    await Promise.resolve();
    const ats = sink.received.flatMap((message) => rows(message).map((row) => row.at));
    expect(ats).toEqual(Array.from({ length: 1500 }, (_, i) => 5_000 + i));
    expect(queue.lastAt()).toBe(6_499);
    // The clock caught up: `at` is the time again.
    log(queue, 7_000);
    expect(queue.lastAt()).toBe(7_000);
    // A page of the same session went further before a reload.
    queue.raiseLastAt(9_000);
    queue.raiseLastAt(8_000);
    log(queue, 7_001);
    log(queue, 9_500);
    await Promise.resolve();
    expect(rows(sink.received.at(-1)!).map(({ at, x }) => [at, x])).toEqual([
      [9_001, 7_001],
      [9_500, 9_500],
    ]);
  });

  test('every level and count travel as given; a level other than the six numbers goes with its fields', async () => {
    const { queue, sink } = attached();
    for (const level of Object.values(LogLevel))
      queue.log(
        1,
        level,
        Array.from({ length: level }, (_, i) => i),
        undefined,
      );
    queue.logFields(2, LogLevel.Fatal, { t: 'fatal' });
    queue.logFields(3, 'warning', { t: 'named' });
    queue.logFields(4, 2.5, { t: 'odd' });
    await Promise.resolve();
    const got = rows(sink.received[0]).map(({ ll, p, t }) => ({ ll, p, t }));
    expect(got).toEqual([
      ...Object.values(LogLevel).map((level) => ({
        ll: level,
        p: Array.from({ length: level }, (_, i) => i),
        t: undefined,
      })),
      { ll: LogLevel.Fatal, p: undefined, t: 'fatal' },
      { ll: 'warning', p: undefined, t: 'named' },
      { ll: 2.5, p: undefined, t: 'odd' },
    ]);
  });

  test('a full buffer is sent as the next call comes, without waiting for the task to end', async () => {
    const { queue, sink } = attached();
    for (let i = 0; i < 1000; i++) log(queue, i, `line ${i}`);
    expect(sink.received).toHaveLength(0);
    log(queue, 1000, 'line 1000');
    expect(sink.received).toHaveLength(1);
    expect(rows(sink.received[0]).map((row) => row.p)).toEqual(Array.from({ length: 1000 }, (_, i) => [`line ${i}`]));
    await Promise.resolve();
    expect(sink.received).toHaveLength(2);
    expect(rows(sink.received[1]).map((row) => row.p)).toEqual([['line 1000']]);
  });

  test('messages wait, in order, until a sink is attached', async () => {
    const queue = createWriteQueue(
      undefined,
      undefined,
      readEachCall(() => PAGE),
    );
    log(queue, 1, 'before');
    const seq = queue.send({ sl: 'key', key: 'k', value: 1 });
    log(queue, 2, 'after');
    await Promise.resolve();
    const sink = cloningSink();
    queue.attach(sink);
    // Numbered as they reach the engine.
    expect(seq).toBe(0);
    expect(sink.received.map((m) => [m.sl, m.seq])).toEqual([
      ['logs', 1],
      ['key', 2],
      ['logs', 3],
    ]);
  });

  test('a non-log write goes after the logs buffered before it', () => {
    const { queue, sink } = attached();
    log(queue, 1);
    queue.send({ sl: 'issue', issue: { type: 'issue', title: 't', text: '', uuid: 'u' } });
    expect(sink.received.map((m) => m.sl)).toEqual(['logs', 'issue']);
  });

  test('uncloneable arguments and fields are turned into text and the line is kept', async () => {
    const { queue, sink } = attached();
    function handler() {}
    const holder: Record<string, unknown> = { name: 'x', handler };
    holder.self = holder;
    log(queue, 1, 'plain', handler, holder, { ok: true });
    log(queue, 2, 'fine');
    queue.logFields(3, LogLevel.Debug, { t: handler, tg: 'kept' }, PAGE);
    await Promise.resolve();
    expect(rows(sink.received[0]).map((row) => row.p ?? [row.t, row.tg])).toEqual([
      ['plain', '[Function handler]', '{"name":"x","handler":"[Function handler]","self":"[Circular]"}', { ok: true }],
      ['fine'],
      ['[Function handler]', 'kept'],
    ]);
  });

  test('lastSeq flushes and tells how far a settle must wait', () => {
    const { queue, sink } = attached();
    log(queue, 1);
    expect(queue.lastSeq()).toBe(1);
    expect(sink.received).toHaveLength(1);
  });

  test('after detach, messages wait for the next sink', async () => {
    const { queue, sink: first } = attached();
    queue.detach();
    log(queue, 1);
    await Promise.resolve();
    const second = cloningSink();
    queue.attach(second);
    expect(first.received).toEqual([]);
    expect(second.received).toHaveLength(1);
  });

  test("each message carries the page's URL once per run of equal URLs", async () => {
    const STATS = 'http://127.0.0.1:8080/stats';
    let url = PAGE;
    const { queue, sink } = attached(readEachCall(() => url));
    queue.log(1, LogLevel.Debug, [], undefined);
    queue.log(2, LogLevel.Debug, [], undefined);
    url = STATS;
    queue.log(3, LogLevel.Debug, [], undefined);
    queue.log(4, LogLevel.Debug, [], undefined);
    await Promise.resolve();
    queue.log(5, LogLevel.Debug, [], undefined);
    await Promise.resolve();
    const [first, second] = sink.received as LogsMessage[];
    expect(first.logs.u).toEqual([
      [0, PAGE],
      [2, STATS],
    ]);
    expect(rows(first).map((row) => row.u)).toEqual([PAGE, PAGE, STATS, STATS]);
    // A new message starts with the URL again: the engine reads each message on its own.
    expect(second.logs.u).toEqual([[0, STATS]]);
  });

  test('where the browser tells of every change of URL, the URL is read once per change and per message', async () => {
    const STATS = 'http://127.0.0.1:8080/stats';
    let url = PAGE;
    let reads = 0;
    let changed = () => {};
    const pageURL: PageURL = {
      read: () => (reads++, url),
      watch: (listener) => ((changed = listener), true),
    };
    const { queue, sink } = attached(pageURL);
    log(queue, 1);
    log(queue, 2);
    url = STATS;
    changed();
    log(queue, 3);
    // A call with a URL of its own does not make it the page's.
    queue.logFields(4, LogLevel.Info, { t: 'sent' }, 'http://other/');
    log(queue, 5);
    await Promise.resolve();
    log(queue, 6);
    await Promise.resolve();
    expect(sink.received.flatMap(rows).map((row) => row.u)).toEqual([PAGE, PAGE, STATS, 'http://other/', STATS, STATS]);
    // The first call, the change, the call after the URL of its own, and the next message's first call.
    expect(reads).toBe(4);
  });

  test('past the waiting bound, the oldest logs give way to one gap entry in their place, first in line', async () => {
    const queue = createWriteQueue(
      () => {},
      5,
      readEachCall(() => PAGE),
    );
    for (let at = 1; at <= 8; at++) {
      log(queue, at, `line ${at}`);
      await Promise.resolve();
    }
    const sink = cloningSink();
    queue.attach(sink);
    const all = sink.received.flatMap(rows);
    expect(all).toHaveLength(5);
    expect(all[0]).toMatchObject({
      at: 1,
      tg: GAP_LOG_TAG,
      ll: LogLevel.Warning,
      t: JSON.stringify({ start: 1, end: 4 }),
    });
    expect(all.slice(1).map((row) => row.p)).toEqual([['line 5'], ['line 6'], ['line 7'], ['line 8']]);
  });

  test('the oldest logs of one burst give way with nothing of the rest lost: arguments, stacks, fields, URLs, `at`', async () => {
    let url = PAGE;
    const queue = createWriteQueue(
      () => {},
      5,
      readEachCall(() => url),
    );
    // One message of six calls, all in the same millisecond (their `at` runs ahead of the clock), then a seventh.
    queue.log(10, LogLevel.Debug, ['a', 1], undefined);
    queue.log(10, LogLevel.Warning, ['b'], 'stack b');
    url = `${PAGE}#two`;
    queue.logFields(10, LogLevel.Info, { t: 'c', tg: 'tag c' });
    queue.log(10, LogLevel.Error, ['d', { n: 4 }, 'more'], 'stack d');
    queue.logFields(10, LogLevel.Debug, { t: 'e' }, 'http://other/e');
    queue.log(10, LogLevel.Debug, [], undefined);
    await Promise.resolve();
    queue.log(20, LogLevel.Fatal, ['g'], undefined);
    await Promise.resolve();
    const sink = cloningSink();
    queue.attach(sink);
    const all = sink.received.flatMap(rows);
    expect(all[0]).toMatchObject({ at: 10, tg: GAP_LOG_TAG, t: JSON.stringify({ start: 10, end: 12 }) });
    expect(all.slice(1)).toEqual([
      { at: 13, x: 10, ll: LogLevel.Error, u: `${PAGE}#two`, p: ['d', { n: 4 }, 'more'], s: 'stack d' },
      { at: 14, x: 10, ll: LogLevel.Debug, u: 'http://other/e', t: 'e' },
      { at: 15, x: 10, ll: LogLevel.Debug, u: `${PAGE}#two`, p: [] },
      { at: 20, x: 20, ll: LogLevel.Fatal, u: `${PAGE}#two`, p: ['g'] },
    ]);
  });

  test('what the engine has not confirmed stored stays pending, in order, until confirmed', async () => {
    const { queue, sink } = attached();
    log(queue, 1, 'a');
    await Promise.resolve();
    queue.send({ sl: 'key', key: 'k', value: 1 });
    log(queue, 2, 'b');
    expect(queue.pending().map((m) => [m.sl, m.seq])).toEqual([
      ['logs', 1],
      ['key', 2],
      ['logs', 3],
    ]);
    expect(sink.received).toHaveLength(3);
    expect(queue.confirm(2).map((m) => m.seq)).toEqual([1, 2]);
    expect(queue.pending().map((m) => m.seq)).toEqual([3]);
    expect(queue.confirm(99)).toEqual([]);
    queue.confirm(3);
    expect(queue.pending()).toEqual([]);
  });

  test('once sealed, calls are dropped and the first is reported once', async () => {
    const { queue, sink } = attached();
    log(queue, 1, 'kept');
    let drops = 0;
    queue.seal(() => drops++);
    log(queue, 2, 'dropped');
    queue.send({ sl: 'key', key: 'k', value: 1 });
    await Promise.resolve();
    expect(sink.received.flatMap(rows).map((row) => row.p)).toEqual([['kept']]);
    expect(drops).toBe(1);
  });
});

describe('the public log methods the queue makes', () => {
  // The methods take the time themselves: the clock is the test's, the microtasks real.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(1000);
  });
  afterEach(() => vi.useRealTimers());

  const silent = () => {};
  /** A page URL as a browser with the Navigation API gives it, which never changes here: the calls' quick steps run. */
  const unchanging: PageURL = { read: () => PAGE, watch: () => true };

  test('a burst through a method makes the same messages as through log, across full buffers', async () => {
    const viaMethod = attached(unchanging);
    const viaLog = attached(unchanging);
    const debug = viaMethod.queue.method(LogLevel.Debug, silent);
    viaMethod.queue.methods(false, false);
    for (let i = 0; i < 2500; i++) {
      // Several calls share a millisecond, as in a real burst: `at` runs ahead of the clock.
      vi.setSystemTime(1000 + Math.floor(i / 3));
      debug(`line ${i}`, { i });
      log(viaLog.queue, Date.now(), `line ${i}`, { i });
    }
    // The first two full buffers went as the call after each came; the rest goes on the microtask.
    expect(viaMethod.sink.received).toHaveLength(2);
    await Promise.resolve();
    expect(viaMethod.sink.received).toEqual(viaLog.sink.received);
    expect(viaMethod.sink.received.map((message) => (message as LogsMessage).logs.n)).toEqual([1000, 1000, 500]);
  });

  test("a change of the page's URL reaches the next call of a burst", async () => {
    const STATS = 'http://127.0.0.1:8080/stats';
    let url = PAGE;
    let changed = () => {};
    const { queue, sink } = attached({ read: () => url, watch: (listener) => ((changed = listener), true) });
    const info = queue.method(LogLevel.Info, silent);
    queue.methods(false, false);
    info('a');
    info('b');
    url = STATS;
    changed();
    info('c');
    queue.logFields(Date.now(), LogLevel.Info, { t: 'sent' }, 'http://other/');
    info('d');
    await Promise.resolve();
    expect(sink.received.flatMap(rows).map((row) => [row.p ?? row.t, row.u])).toEqual([
      [['a'], PAGE],
      [['b'], PAGE],
      [['c'], STATS],
      ['sent', 'http://other/'],
      [['d'], STATS],
    ]);
  });

  test('warnings and worse take their call site, other levels only when every call must; printing as told', async () => {
    const { queue, sink } = attached(unchanging);
    const printed: unknown[][] = [];
    const debug = queue.method(LogLevel.Debug, (...parts) => printed.push(parts));
    const warn = queue.method(LogLevel.Warning, silent);
    // Before the client says otherwise, calls print, as printToConsole's default.
    debug('before init', 1);
    debug('before init', 2);
    queue.methods(false, false);
    debug('plain');
    warn('low stock');
    queue.methods(true, false);
    debug('with its site');
    debug('with its site too');
    await Promise.resolve();
    const got = sink.received.flatMap(rows).map((row) => [row.p, typeof row.s]);
    expect(got).toEqual([
      [['before init', 1], 'undefined'],
      [['before init', 2], 'undefined'],
      [['plain'], 'undefined'],
      [['low stock'], 'string'],
      [['with its site'], 'string'],
      [['with its site too'], 'string'],
    ]);
    expect(printed).toEqual([
      ['before init', 1],
      ['before init', 2],
    ]);
  });

  test('once sealed, method calls are dropped and the first is reported once', async () => {
    const { queue, sink } = attached(unchanging);
    const debug = queue.method(LogLevel.Debug, silent);
    queue.methods(false, false);
    debug('kept');
    debug('kept too');
    let drops = 0;
    queue.seal(() => drops++);
    debug('dropped');
    debug('dropped too');
    await Promise.resolve();
    expect(sink.received.flatMap(rows).map((row) => row.p)).toEqual([['kept'], ['kept too']]);
    expect(drops).toBe(1);
  });
});
