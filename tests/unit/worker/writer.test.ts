// The writer's gap compaction over the in-memory tables (docs/storage.md#gap-compaction), in Node: pure logic.
import { describe, expect, test } from 'vitest';
import { GAP_LOG_TAG, IN_MEMORY_LOG_CAP, LogLevel, type StoredLog } from '../../../protocol/index.ts';
import { createGuard } from '../../../worker/guard.ts';
import { createMemoryStorage } from '../../../worker/storage/memory-storage.ts';
import { createWriter } from '../../../worker/writer.ts';
import { addLogs } from '../../helpers/storage.ts';

const log = (at: number, sessionUUID = 's1'): StoredLog => ({
  sessionUUID,
  x: new Date(at).toISOString(),
  at,
  t: `line ${at}`,
  ll: LogLevel.Debug,
});
const range = (from: number, count: number, session?: string) =>
  Array.from({ length: count }, (_, i) => log(from + i, session));

function setUp() {
  const storage = createMemoryStorage();
  const guard = createGuard();
  const errors: string[] = [];
  const writer = createWriter({ storage, guard, onError: (message) => errors.push(message) });
  return { storage, guard, writer, errors };
}

describe('the in-memory log table', () => {
  test(`refuses additions beyond ${IN_MEMORY_LOG_CAP} entries with 'InMemory storage quota exceeded'`, async () => {
    const storage = createMemoryStorage();
    await addLogs(storage, range(0, IN_MEMORY_LOG_CAP));
    await expect(addLogs(storage, [log(99_999)])).rejects.toMatchObject({
      name: 'QuotaExceededError',
      message: 'InMemory storage quota exceeded',
    });
    expect(await storage.countLogs()).toBe(IN_MEMORY_LOG_CAP);
  });
});

describe('the writer', () => {
  test('stores logs in order', async () => {
    const { storage, writer } = setUp();
    writer.addLogs(range(1, 3));
    writer.addLogs(range(4, 2));
    await writer.settled();
    expect((await storage.oldestLogs('s1', 10)).map((l) => l.at)).toEqual([1, 2, 3, 4, 5]);
  });

  test('on a quota error, the oldest 10 logs of the session become one gap entry and nothing else is lost', async () => {
    const { storage, writer, errors } = setUp();
    writer.addLogs(range(1000, IN_MEMORY_LOG_CAP));
    await writer.settled();
    // These arrive while the table is full, and keep arriving while the compaction runs.
    writer.addLogs(range(10_000, 3));
    writer.addLogs(range(10_003, 2));
    await writer.settled();

    const stored = await storage.oldestLogs('s1', 10_000);
    expect(stored).toHaveLength(IN_MEMORY_LOG_CAP - 9 + 5);
    const [gap, ...rest] = stored;
    expect(gap).toMatchObject({ tg: GAP_LOG_TAG, at: 1000, x: new Date(1000).toISOString() });
    expect(JSON.parse(gap.t!)).toEqual({ start: 1000, end: 1009 });
    expect(rest.map((l) => l.at)).toEqual([
      ...range(1010, IN_MEMORY_LOG_CAP - 10).map((l) => l.at),
      10_000,
      10_001,
      10_002,
      10_003,
      10_004,
    ]);
    expect(errors).toEqual([]);
  });

  test('each further compaction folds the earlier gap into the new one, keeping its start', async () => {
    const { storage, writer } = setUp();
    writer.addLogs(range(0, IN_MEMORY_LOG_CAP));
    await writer.settled();
    // 3000 - 9 + 10 is still one too many: two compactions in a row.
    writer.addLogs(range(50_000, 10));
    await writer.settled();
    let [gap, next] = await storage.oldestLogs('s1', 2);
    expect(JSON.parse(gap.t!)).toEqual({ start: 0, end: 18 });
    expect(next.at).toBe(19);
    expect(await storage.countLogs()).toBe(IN_MEMORY_LOG_CAP - 18 + 10);

    writer.addLogs(range(60_000, 10));
    await writer.settled();
    [gap, next] = await storage.oldestLogs('s1', 2);
    expect(JSON.parse(gap.t!)).toEqual({ start: 0, end: 27 });
    expect(next.at).toBe(28);
    expect(await storage.countLogs()).toBe(IN_MEMORY_LOG_CAP - 27 + 20);
  });

  test('a batch larger than the whole table goes in parts, compacting as it goes', async () => {
    const { storage, writer, errors } = setUp();
    writer.addLogs(range(0, IN_MEMORY_LOG_CAP + 10));
    await writer.settled();
    const stored = await storage.oldestLogs('s1', 10_000);
    expect(JSON.parse(stored[0].t!)).toEqual({ start: 0, end: 18 });
    expect(stored.slice(1).map((l) => l.at)).toEqual(range(19, IN_MEMORY_LOG_CAP + 10 - 19).map((l) => l.at));
    expect(errors).toEqual([]);
  });

  test("compacts another session's logs when the writing session has too few of its own", async () => {
    const { storage, writer } = setUp();
    writer.addLogs(range(0, IN_MEMORY_LOG_CAP, 'old'));
    await writer.settled();
    writer.addLogs([log(90_000, 'new')]);
    await writer.settled();
    expect(await storage.countLogs('new')).toBe(1);
    const [gap] = await storage.oldestLogs('old', 1);
    expect(JSON.parse(gap.t!)).toEqual({ start: 0, end: 9 });
  });

  test('writes nothing while the app is not valid', async () => {
    const { storage, guard, writer } = setUp();
    guard.isAppValid = false;
    writer.addLogs(range(1, 2));
    writer.addIssue({ sessionUUID: 's1', data: { title: 't', text: '', type: 'issue', uuid: 'u' } });
    writer.addDeviceKey({ sessionUUID: 's1', data: { key: 'k', value: 1 } });
    await writer.settled();
    expect([await storage.countLogs(), await storage.countIssues(), await storage.countDeviceKeys()]).toEqual([
      0, 0, 0,
    ]);
    guard.isAppValid = true;
    writer.addLogs(range(3, 1));
    await writer.settled();
    expect((await storage.oldestLogs('s1', 5)).map((l) => l.at)).toEqual([3]);
  });

  test('a storage failure is reported and the logs stay queued for the next write', async () => {
    const { storage, writer, errors } = setUp();
    const addLogBatches = storage.addLogBatches;
    storage.addLogBatches = async () => {
      throw new Error('disk on fire');
    };
    writer.addLogs(range(1, 2));
    await writer.settled();
    expect(errors).toEqual(['Sidelog could not store logs: disk on fire']);
    expect(writer.holdsUnstored()).toBe(true);
    storage.addLogBatches = addLogBatches;
    writer.addLogs(range(3, 1));
    await writer.settled();
    expect((await storage.oldestLogs('s1', 5)).map((l) => l.at)).toEqual([1, 2, 3]);
    expect(writer.holdsUnstored()).toBe(false);
  });
});
