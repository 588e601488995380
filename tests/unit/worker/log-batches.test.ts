// How the storages take a page's writes of logs (docs/durability.md): a rescued write already stored is
// skipped, and `at` stays strictly increasing per session whatever the pages sent.
import { describe, expect, test } from 'vitest';
import { LogLevel, type SessionPayload, type StoredLog } from '../../../protocol/index.ts';
import { createMemoryStorage } from '../../../worker/storage/memory-storage.ts';
import { sessionOf } from '../../helpers/storage.ts';

const log = (at: number, t: string): StoredLog => ({ sessionUUID: 's1', x: 'x', at, t, ll: LogLevel.Debug });
const session = { uuid: 's1', payload: { session_uid: 's1' } as SessionPayload };

async function stored() {
  const storage = createMemoryStorage();
  await storage.ensureSession(session);
  return storage;
}

const texts = async (storage: Awaited<ReturnType<typeof stored>>) =>
  (await storage.oldestLogs('s1', 100)).map((l) => [l.t, l.at]);

describe('a page run’s writes of logs', () => {
  test('a write its run stored already is skipped; later writes of the run are not', async () => {
    const storage = await stored();
    await storage.addLogBatches([{ logs: [log(10, 'a')], mark: { run: 'r1', seq: 1 } }]);
    await storage.addLogBatches([
      { logs: [log(10, 'a')], mark: { run: 'r1', seq: 1 } },
      { logs: [log(11, 'b')], mark: { run: 'r1', seq: 2 } },
      { logs: [log(12, 'c')], mark: { run: 'r2', seq: 1 } },
    ]);
    expect(await texts(storage)).toEqual([
      ['a', 10],
      ['b', 11],
      ['c', 12],
    ]);
    expect((await sessionOf(storage, 's1'))?.runs).toEqual({ r1: 2, r2: 1 });
  });

  test('a write that never reached an engine (seq 0), or only part of one, is stored and marks nothing', async () => {
    const storage = await stored();
    await storage.addLogBatches([
      { logs: [log(10, 'a')], mark: { run: 'r1', seq: 0 } },
      { logs: [log(11, 'b')], mark: { run: 'r1', seq: 3 }, partial: true },
    ]);
    expect(await texts(storage)).toEqual([
      ['a', 10],
      ['b', 11],
    ]);
    expect((await sessionOf(storage, 's1'))?.runs).toBeUndefined();
  });

  test('`at` at or below the session’s last is moved just above it: after a reload, from another tab, or a rescue', async () => {
    const storage = await stored();
    await storage.addLogBatches([
      { logs: [log(100, 'burst 1'), log(101, 'burst 2'), log(102, 'burst 3')], mark: { run: 'r1', seq: 1 } },
    ]);
    // The next page's clock is behind the burst's `at`.
    await storage.addLogBatches([
      { logs: [log(50, 'reloaded 1'), log(101, 'reloaded 2'), log(200, 'reloaded 3')], mark: { run: 'r2', seq: 1 } },
    ]);
    expect(await texts(storage)).toEqual([
      ['burst 1', 100],
      ['burst 2', 101],
      ['burst 3', 102],
      ['reloaded 1', 103],
      ['reloaded 2', 104],
      ['reloaded 3', 200],
    ]);
    expect((await sessionOf(storage, 's1'))?.lastAt).toBe(200);
  });

  test('a rescued session the uploader deleted meanwhile is stored again, with the rescued logs', async () => {
    const storage = createMemoryStorage();
    await storage.addLogBatches([{ logs: [log(5, 'rescued')], mark: { run: 'r1', seq: 4, session } }]);
    expect(await texts(storage)).toEqual([['rescued', 5]]);
    expect(await sessionOf(storage, 's1')).toMatchObject({ uuid: 's1', lastAt: 5, runs: { r1: 4 } });
  });

  test('a session’s lastAt is raised, never lowered, by a page that knew a higher one', async () => {
    const storage = await stored();
    await storage.ensureSession({ ...session, lastAt: 500 });
    await storage.ensureSession({ ...session, lastAt: 400 });
    expect((await sessionOf(storage, 's1'))?.lastAt).toBe(500);
    await storage.addLogBatches([{ logs: [log(10, 'a')] }]);
    expect(await texts(storage)).toEqual([['a', 501]]);
  });
});
