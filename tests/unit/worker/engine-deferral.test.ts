// The engine stores a page's writes once they stop coming (worker/engine.ts), in Node with a fake clock: the core is
// wired by hand around the real writer and in-memory storage, with no uploader or device status, which have no part
// in it. The browser suite runs the same engine in a real worker against IndexedDB.
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { LogLevel, columnsOf, type EngineConfig, type WriteMessage } from '../../../protocol/index.ts';
import { createEngine } from '../../../worker/engine.ts';
import type { CoreRegistry, EngineCore } from '../../../worker/engine-core.ts';
import { createGuard } from '../../../worker/guard.ts';
import { createMemoryStorage } from '../../../worker/storage/memory-storage.ts';
import { createWriter } from '../../../worker/writer.ts';

const SESSION = 'deferral-session';

function setUp() {
  const storage = createMemoryStorage();
  const guard = createGuard();
  const writer = createWriter({ storage, guard, onError: () => {} });
  const forcedSends: number[] = [];
  const core = {
    storage,
    writer,
    guard,
    device: {} as EngineCore['device'],
    tabs: new Set<string>(),
    debugSinks: new Set(),
    forceSend: async () => {
      await writer.settled();
      forcedSends.push(await storage.countLogs());
    },
    sendKeepalive: async () => {},
    status: async () => ({}) as Awaited<ReturnType<EngineCore['status']>>,
    close: async () => {},
  } satisfies EngineCore;
  const cores: CoreRegistry = { get: async () => core, release: async () => {} };
  const engine = createEngine(cores);
  const told: number[] = [];
  const debugged: string[] = [];
  const config = {
    session: { session_uid: SESSION },
    run: 'run-1',
    storage: 'memory',
    appKey: 'app',
  } as unknown as EngineConfig;
  const start = () =>
    engine.start(
      config,
      (message) => void debugged.push(message),
      (seq: number) => void told.push(seq),
    );
  const write = (seq: number): WriteMessage => ({
    sl: 'logs',
    seq,
    logs: columnsOf([{ at: 1_000 + seq, x: 1_000 + seq, ll: LogLevel.Debug, p: [`line ${seq}`] }]),
  });
  /** A write as a worker's channel hands it on: read (deserialised) only when the engine asks for it. */
  let reads = 0;
  const unread = (seq: number) => () => {
    reads++;
    return write(seq);
  };
  const stored = async () => (await storage.oldestLogs(SESSION, 100)).map((log) => log.t);
  return { engine, start, write, unread, reads: () => reads, told, debugged, stored, forcedSends };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('the engine, while a page keeps writing', () => {
  test('stores nothing while writes keep coming, then all of them once they stop, and tells the page once', async () => {
    const { engine, start, write, told, stored } = setUp();
    await start();
    for (let seq = 1; seq <= 5; seq++) {
      engine.write(write(seq));
      await vi.advanceTimersByTimeAsync(10);
    }
    expect(await stored()).toEqual([]);
    expect(told).toEqual([]);
    await vi.advanceTimersByTimeAsync(20);
    expect(await stored()).toEqual(['line 1', 'line 2', 'line 3', 'line 4', 'line 5']);
    expect(told).toEqual([5]);
  });

  test('stores what has waited 100 ms even if writes are still coming', async () => {
    const { engine, start, write, stored } = setUp();
    await start();
    let seq = 0;
    // A write every 10 ms, for 150 ms.
    for (let elapsed = 0; elapsed < 150; elapsed += 10) {
      engine.write(write(++seq));
      await vi.advanceTimersByTimeAsync(10);
      if (elapsed < 90) expect(await stored()).toEqual([]);
    }
    const storedBeforeTheEnd = (await stored()).length;
    expect(storedBeforeTheEnd).toBeGreaterThanOrEqual(10);
    expect(storedBeforeTheEnd).toBeLessThan(seq);
    await vi.advanceTimersByTimeAsync(20);
    expect(await stored()).toHaveLength(seq);
  });

  test('a call that needs the writes stores them at once: settle, a forced send, the page hidden', async () => {
    const { engine, start, write, stored, forcedSends } = setUp();
    await start();
    engine.write(write(1));
    await engine.settle(1);
    expect(await stored()).toEqual(['line 1']);

    engine.write(write(2));
    await engine.forceSendOnce(2);
    expect(forcedSends).toEqual([2]);

    engine.write(write(3));
    await engine.pageHidden(3);
    await engine.settle(3);
    expect(await stored()).toEqual(['line 1', 'line 2', 'line 3']);
  });

  test('close stores what waits before the engine lets go', async () => {
    const { engine, start, write, stored } = setUp();
    await start();
    engine.write(write(1));
    engine.write(write(2));
    await engine.close(2);
    expect(await stored()).toEqual(['line 1', 'line 2']);
  });
});

describe("a worker's writes, handed on unread", () => {
  test('are read only once they are stored, after the burst', async () => {
    const { engine, start, unread, reads, told, stored } = setUp();
    await start();
    for (let seq = 1; seq <= 5; seq++) {
      engine.write(unread(seq));
      await vi.advanceTimersByTimeAsync(10);
    }
    expect(reads()).toBe(0);
    await vi.advanceTimersByTimeAsync(20);
    expect(reads()).toBe(5);
    expect(await stored()).toEqual(['line 1', 'line 2', 'line 3', 'line 4', 'line 5']);
    expect(told).toEqual([5]);
  });

  test('a call waiting for a write reads those that came, and waits for the one it names', async () => {
    const { engine, start, unread, reads, stored } = setUp();
    await start();
    engine.write(unread(1));
    let settled = false;
    const settling = engine.settle(2).then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(reads()).toBe(1);
    expect(settled).toBe(false);
    engine.write(unread(2));
    await settling;
    expect(reads()).toBe(2);
    expect(await stored()).toEqual(['line 1', 'line 2']);
  });

  test('one that cannot be read is left out, said in the debug output, and the writes after it are stored', async () => {
    const { engine, start, unread, told, debugged, stored } = setUp();
    await start();
    engine.write(unread(1));
    engine.write(() => {
      throw new Error('the message could not be deserialised');
    });
    engine.write(unread(3));
    await vi.advanceTimersByTimeAsync(20);
    expect(await stored()).toEqual(['line 1', 'line 3']);
    expect(told).toEqual([3]);
    expect(debugged).toContain('Sidelog could not read a write: the message could not be deserialised');
  });
});
