import { describe, expect, test } from 'vitest';
import { LogLevel, type RawLog, type WriteMessage } from '../../../protocol/index.ts';
import { createWriteQueue, type WriteSink } from '../../../app/logging/write-queue.ts';

const raw = (at: number, ...p: unknown[]): RawLog => ({ at, x: at, ll: LogLevel.Debug, p });
const PAGE = 'http://127.0.0.1:8080/sales';

/** A sink that clones like postMessage does, so uncloneable values throw as they would. */
function cloningSink(): WriteSink & { received: WriteMessage[] } {
  const received: WriteMessage[] = [];
  return { received, write: (message) => received.push(structuredClone(message)) };
}

describe('the write queue', () => {
  test('one message carries every log of a synchronous burst, on the next microtask', async () => {
    const queue = createWriteQueue();
    const sink = cloningSink();
    queue.attach(sink);
    queue.log(raw(1, 'a'), PAGE);
    queue.log(raw(2, 'b'), PAGE);
    expect(sink.received).toEqual([]);
    await Promise.resolve();
    expect(sink.received).toEqual([{ sl: 'logs', seq: 1, logs: [{ ...raw(1, 'a'), u: PAGE }, raw(2, 'b')] }]);
  });

  test('a large buffer is sent at once', () => {
    const queue = createWriteQueue();
    const sink = cloningSink();
    queue.attach(sink);
    for (let i = 0; i < 1000; i++) queue.log(raw(i), PAGE);
    expect(sink.received).toHaveLength(1);
    expect((sink.received[0] as Extract<WriteMessage, { sl: 'logs' }>).logs).toHaveLength(1000);
  });

  test('messages wait, in order, until a sink is attached', async () => {
    const queue = createWriteQueue();
    queue.log(raw(1, 'before'), PAGE);
    const seq = queue.send({ sl: 'key', key: 'k', value: 1 });
    queue.log(raw(2, 'after'), PAGE);
    await Promise.resolve();
    const sink = cloningSink();
    queue.attach(sink);
    expect(seq).toBe(2);
    expect(sink.received.map((m) => [m.sl, m.seq])).toEqual([
      ['logs', 1],
      ['key', 2],
      ['logs', 3],
    ]);
  });

  test('a non-log write goes after the logs buffered before it', () => {
    const queue = createWriteQueue();
    const sink = cloningSink();
    queue.attach(sink);
    queue.log(raw(1), PAGE);
    queue.send({ sl: 'issue', issue: { type: 'issue', title: 't', text: '', uuid: 'u' } });
    expect(sink.received.map((m) => m.sl)).toEqual(['logs', 'issue']);
  });

  test('uncloneable arguments are turned into text and the line is kept', async () => {
    const queue = createWriteQueue();
    const sink = cloningSink();
    queue.attach(sink);
    function handler() {}
    const holder: Record<string, unknown> = { name: 'x', handler };
    holder.self = holder;
    queue.log(raw(1, 'plain', handler, holder, { ok: true }), PAGE);
    await Promise.resolve();
    const [message] = sink.received as Extract<WriteMessage, { sl: 'logs' }>[];
    expect(message.logs[0].p).toEqual([
      'plain',
      '[Function handler]',
      '{"name":"x","handler":"[Function handler]","self":"[Circular]"}',
      { ok: true },
    ]);
  });

  test('lastSeq flushes and tells how far a settle must wait', () => {
    const queue = createWriteQueue();
    const sink = cloningSink();
    queue.attach(sink);
    queue.log(raw(1), PAGE);
    expect(queue.lastSeq()).toBe(1);
    expect(sink.received).toHaveLength(1);
  });

  test('after detach, messages wait for the next sink', async () => {
    const queue = createWriteQueue();
    const first = cloningSink();
    queue.attach(first);
    queue.detach();
    queue.log(raw(1), PAGE);
    await Promise.resolve();
    const second = cloningSink();
    queue.attach(second);
    expect(first.received).toEqual([]);
    expect(second.received).toHaveLength(1);
  });

  test("each message carries the page's URL once per run of equal URLs", async () => {
    const queue = createWriteQueue();
    const sink = cloningSink();
    queue.attach(sink);
    queue.log(raw(1), PAGE);
    queue.log(raw(2), PAGE);
    queue.log(raw(3), 'http://127.0.0.1:8080/stats');
    queue.log(raw(4), 'http://127.0.0.1:8080/stats');
    await Promise.resolve();
    queue.log(raw(5), 'http://127.0.0.1:8080/stats');
    await Promise.resolve();
    const [first, second] = sink.received as Extract<WriteMessage, { sl: 'logs' }>[];
    expect(first.logs.map((log) => log.u)).toEqual([PAGE, undefined, 'http://127.0.0.1:8080/stats', undefined]);
    // A new message starts with the URL again: the engine carries it only within one message.
    expect(second.logs.map((log) => log.u)).toEqual(['http://127.0.0.1:8080/stats']);
  });
});
