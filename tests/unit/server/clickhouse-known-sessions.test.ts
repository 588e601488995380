// The sessions a collector process remembers with its logs in ClickHouse (server/stores/clickhouse/known-sessions.ts):
// a found session is not asked of SIDELOG_DB again for a minute, an unknown one always is, and retention's forget
// empties the memory. The look-up is a recording fake: what is tested is when it is asked.
import { expect, test } from 'vitest';
import { KNOWN_FOR_MS, knownSessions } from '../../../server/stores/clickhouse/known-sessions.ts';
import type { StoredSession } from '../../../server/stores/store.types.ts';

function setUp() {
  let clock = 0;
  const asked: string[] = [];
  const stored = new Set(['app-1 7']);
  const sessions = knownSessions(
    async (appKey, id) => {
      asked.push(`${appKey} ${id}`);
      return stored.has(`${appKey} ${id}`) ? ({ id } as StoredSession) : undefined;
    },
    () => clock,
  );
  return { sessions, asked, stored, tick: (ms: number) => (clock += ms) };
}

test('a found session is asked once a minute; another app\u2019s session of that id is asked on its own', async () => {
  const { sessions, asked, tick } = setUp();
  expect(await sessions.sessionById('app-1', 7)).toEqual({ id: 7 });
  tick(KNOWN_FOR_MS - 1);
  expect(await sessions.sessionById('app-1', 7)).toEqual({ id: 7 });
  expect(await sessions.sessionById('app-2', 7)).toBeUndefined();
  expect(asked).toEqual(['app-1 7', 'app-2 7']);
  tick(1);
  expect(await sessions.sessionById('app-1', 7)).toEqual({ id: 7 });
  expect(asked).toEqual(['app-1 7', 'app-2 7', 'app-1 7']);
});

test('an unknown session is asked each time, and found once it is made', async () => {
  const { sessions, asked, stored } = setUp();
  expect(await sessions.sessionById('app-1', 8)).toBeUndefined();
  stored.add('app-1 8');
  expect(await sessions.sessionById('app-1', 8)).toEqual({ id: 8 });
  expect(asked).toEqual(['app-1 8', 'app-1 8']);
});

test('after retention forgets, a session deleted is not found', async () => {
  const { sessions, stored } = setUp();
  expect(await sessions.sessionById('app-1', 7)).toEqual({ id: 7 });
  stored.delete('app-1 7');
  sessions.forget();
  expect(await sessions.sessionById('app-1', 7)).toBeUndefined();
});
