// The forwarder under faults (docs/opentelemetry.md#the-collector-forwards): a page whose encoding would pass the
// request bound is split, a log that alone passes it is refused and passed; an app whose step throws is backed off
// and the others still go; an endpoint that refuses every log alone is treated as broken, not as bad data. The real
// forwarder on a real SQLite store and a real OTLP receiver, with bounds and back-offs made small.
import { afterEach, expect, test, vi } from 'vitest';
import { DEMO_APP_KEY, seedDemo } from '../../../server/partner/demo.ts';
import { startForwarder, type Forwarder, type ForwarderOptions } from '../../../server/collector/otlp/forwarder.ts';
import type { Store } from '../../../server/stores/store.types.ts';
import { startOtlpReceiver, type OtlpReceiver } from '../../support/otlp-receiver.ts';
import { logs, sessionPayload } from '../../../fixtures/wire-bodies.ts';
import { openTestStore } from './test-databases.ts';

const WAIT = { timeout: 20_000, interval: 10 };
const PACE: ForwarderOptions = { idleMs: 10, firstBackoffMs: 10, maxBackoffMs: 40 };

let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanup.reverse()) await step();
  cleanup = [];
});

async function setUp(options: { refuses?: Parameters<typeof startOtlpReceiver>[0] } = {}) {
  const opened = await openTestStore('sqlite');
  cleanup.push(opened.close);
  await seedDemo(opened.store);
  const receiver = await startOtlpReceiver(options.refuses);
  cleanup.push(() => receiver.close());
  return { store: opened.store, receiver };
}

function forward(store: Store, receiver: OtlpReceiver, options: ForwarderOptions = {}): Forwarder {
  const forwarder = startForwarder(store, { url: receiver.url, ...PACE, ...options });
  cleanup.push(() => forwarder.stop());
  return forwarder;
}

const cursorOf = async (store: Store, app = DEMO_APP_KEY) =>
  (await store.forwardCursors()).find((cursor) => cursor.appKey === app);

test('a page whose encoding passes the bound is split; a log that alone passes it is refused with its reason and passed', async () => {
  const { store, receiver } = await setUp();
  const session = await store.putSession(DEMO_APP_KEY, sessionPayload('bounded'));
  // Each of the middle logs fits alone, four of them do not; the fifth does not fit even alone.
  const sent = logs(9).map((log, i) => ({ ...log, t: i === 5 ? 'z'.repeat(3_000) : `${log.t} ${'y'.repeat(700)}` }));
  await store.addLogs(DEMO_APP_KEY, session, sent);
  forward(store, receiver, { maxRequestBytes: 2_500 });
  await vi.waitFor(
    async () => expect(await cursorOf(store)).toMatchObject({ lastId: 9, forwarded: 8, refused: 1 }),
    WAIT,
  );
  expect((await cursorOf(store))!.lastError).toMatch(
    /^log 6 refused: its request would be over the bound of 2,500 bytes/,
  );
  expect(receiver.records.map((record) => record.body)).toEqual(sent.filter((_, i) => i !== 5).map((log) => log.t));
});

test('an app whose step throws is backed off with its error; the other apps are still forwarded', async () => {
  const { store, receiver } = await setUp();
  await store.putApp('second-app-key', true);
  const apps = await store.apps();
  // The app the forwarder visits first fails: before, its throw left the round, every round.
  const failing = apps[0]!.key;
  const healthy = apps[1]!.key;
  for (const app of [failing, healthy]) {
    const session = await store.putSession(app, sessionPayload(`s-${app}`, app));
    await store.addLogs(app, session, logs(3));
  }
  let pages = 0;
  const faulty = new Proxy(store, {
    get(target, name, receiver) {
      if (name === 'forwardPage')
        return async (app: string, ...rest: [number, number, number]) => {
          if (app === failing) {
            pages++;
            throw new Error('a page that cannot be read');
          }
          return target.forwardPage(app, ...rest);
        };
      const value = Reflect.get(target, name, receiver) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  forward(faulty, receiver);
  await vi.waitFor(() => expect(receiver.records).toHaveLength(3), WAIT);
  await vi.waitFor(async () => expect(pages).toBeGreaterThanOrEqual(3), WAIT);
  expect(await cursorOf(store, healthy)).toMatchObject({ lastId: expect.any(Number), forwarded: 3 });
  expect(await cursorOf(store, failing)).toMatchObject({
    forwarded: 0,
    lastError: 'forwarding failed: a page that cannot be read',
  });
});

test('an endpoint that refuses every log alone is taken as broken: after 3 passed, the next log is kept and retried until it is taken', async () => {
  let refusing = true;
  const { store, receiver } = await setUp({ refuses: { refuses: () => refusing } });
  const session = await store.putSession(DEMO_APP_KEY, sessionPayload('refused-for-ever'));
  await store.addLogs(DEMO_APP_KEY, session, logs(10));
  forward(store, receiver);
  const seen = new Set<string>();
  await vi.waitFor(async () => {
    const cursor = (await cursorOf(store))!;
    expect(cursor.lastError).toMatch(
      /^log 4 kept: the endpoint refused 4 logs in a row, each alone, so it is taken as refusing everything rather than these logs \(HTTP 400/,
    );
    seen.add(cursor.lastErrorAt!);
    // Tried again and again, and still kept.
    expect(seen.size).toBeGreaterThanOrEqual(3);
  }, WAIT);
  expect(await cursorOf(store)).toMatchObject({ lastId: 3, forwarded: 0, refused: 3 });

  refusing = false;
  await vi.waitFor(
    async () => expect(await cursorOf(store)).toMatchObject({ lastId: 10, forwarded: 7, refused: 3 }),
    WAIT,
  );
  expect(receiver.records.map((record) => record.body)).toEqual(logs(7, 3).map((log) => log.t));
});
