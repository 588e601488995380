// A batch the service refuses (400 or 413) is split until the refused logs are alone; each becomes a marker,
// everything else is delivered once. Failures of the service itself are retried as before.
import { describe, expect, test } from 'vitest';
import {
  LogLevel,
  REFUSED_LOG_TAG,
  UNKNOWN_SESSION_REASON,
  type LogRecord,
  type SessionPayload,
} from '../../../protocol/index.ts';
import { createGuard } from '../../../worker/guard.ts';
import { ServiceError, type ServiceClient } from '../../../worker/service-client.ts';
import { createMemoryStorage } from '../../../worker/storage/memory-storage.ts';
import { addLogs } from '../../helpers/storage.ts';
import { createWireTarget } from '../../../worker/wire-target.ts';
import { createUploader } from '../../../worker/uploader.ts';

/** A service that refuses, with `status`, every batch holding a log whose text says 'poison' (or every batch). */
function refusingService(status: number) {
  const delivered: LogRecord[] = [];
  let requests = 0;
  let down = false;
  let refuseAll = false;
  const client: ServiceClient = {
    async call(operation, body) {
      if (operation === 'sendSession') return { id: 1 } as never;
      requests++;
      if (down) throw new ServiceError('sendLogs answered 503', 503);
      const logs = (body as { logs: LogRecord[] }).logs;
      if (refuseAll || logs.some((log) => log.t?.includes('poison')))
        throw new ServiceError(`sendLogs answered ${status}`, status, 'no thanks');
      delivered.push(...logs);
      return {} as never;
    },
  };
  return {
    client,
    delivered,
    requests: () => requests,
    setDown: (value: boolean) => (down = value),
    setRefuseAll: (value: boolean) => (refuseAll = value),
  };
}

async function setUp(service: ReturnType<typeof refusingService>, texts: string[]) {
  const storage = createMemoryStorage();
  const guard = createGuard();
  guard.isDeviceEnabled = true;
  const uploader = createUploader({
    storage,
    guard,
    // The wire format's target over a fake service client: the requests are what the service would receive.
    target: createWireTarget({
      client: service.client,
      appKey: 'app-key',
      udid: 'device-1',
      issueURL: (uuid) => `http://svc/issue/${uuid}`,
    }),
    debug: () => {},
    isOnline: () => true,
    isLeader: () => true,
    activeSessions: async () => new Set(['tab']),
  });
  await storage.ensureSession({ uuid: 'tab', payload: { session_uid: 'tab' } as SessionPayload });
  await addLogs(
    storage,
    texts.map((t, i) => ({
      sessionUUID: 'tab',
      at: 1000 + i,
      x: `x${i}`,
      t,
      ll: i % 2 ? LogLevel.Error : LogLevel.Info,
    })),
  );
  return { storage, uploader };
}

const normal = (count: number, from = 0) => Array.from({ length: count }, (_, i) => `line ${from + i}`);

describe.each([400, 413])('a batch refused with %i', (status) => {
  test('the refused log is found and replaced by a marker with its time and level; the rest is delivered once', async () => {
    const service = refusingService(status);
    const texts = [...normal(5), 'poison pill', ...normal(5, 5)];
    const { storage, uploader } = await setUp(service, texts);
    await uploader.run({ force: false });

    expect(await storage.countLogs()).toBe(0);
    const byText = service.delivered.map((log) => log.t);
    expect(byText.filter((t) => t?.startsWith('line ')).sort()).toEqual(normal(10).sort());
    expect(new Set(byText).size).toBe(byText.length);
    const markers = service.delivered.filter((log) => log.tg === REFUSED_LOG_TAG);
    expect(markers).toEqual([
      {
        at: 1005,
        x: 'x5',
        ll: LogLevel.Error,
        tg: REFUSED_LOG_TAG,
        t: `Sidelog: the service refused this log (${status}: no thanks); it held 11 characters of text.`,
      },
    ]);
    // In the place of the refused log: the order on the wire is the order of the calls.
    expect(service.delivered.map((log) => log.at)).toEqual(texts.map((_, i) => 1000 + i));
  });

  test('several refused logs among many are each isolated', async () => {
    const service = refusingService(status);
    const texts = normal(500).map((text, i) => (i % 100 === 7 ? `poison ${i}` : text));
    const { storage, uploader } = await setUp(service, texts);
    await uploader.run({ force: false });
    expect(await storage.countLogs()).toBe(0);
    expect(service.delivered.filter((log) => log.tg === REFUSED_LOG_TAG).map((log) => log.at)).toEqual([
      1007, 1107, 1207, 1307, 1407,
    ]);
    expect(service.delivered).toHaveLength(500);
  });
});

test('a service that refuses even the marker refuses everything: no log is lost, and all go once it takes them again', async () => {
  const service = refusingService(400);
  const { storage, uploader } = await setUp(service, normal(3));
  service.setRefuseAll(true);
  await uploader.run({ force: false });
  // The batch, its first half, the first log alone, then that log's marker: refused, so the log was not the cause.
  expect(service.requests()).toBe(4);
  await uploader.run({ force: false });
  expect((await storage.oldestLogs('tab', 10)).map((log) => log.t)).toEqual(normal(3));
  service.setRefuseAll(false);
  await uploader.run({ force: false });
  expect(service.delivered.map((log) => log.t)).toEqual(normal(3));
  expect(service.delivered.filter((log) => log.tg === REFUSED_LOG_TAG)).toEqual([]);
  expect(await storage.countLogs()).toBe(0);
});

test('a 5xx is not a refusal: nothing is split or replaced, and everything goes once the service is back', async () => {
  const service = refusingService(400);
  const { storage, uploader } = await setUp(service, normal(10));
  service.setDown(true);
  await uploader.run({ force: false });
  expect(service.requests()).toBe(1);
  expect((await storage.oldestLogs('tab', 20)).map((log) => log.t)).toEqual(normal(10));
  service.setDown(false);
  await uploader.run({ force: false });
  expect(service.delivered.map((log) => log.t)).toEqual(normal(10));
});

test('a session the service no longer holds is registered again, and its logs go under the new id, none replaced', async () => {
  const storage = createMemoryStorage();
  const guard = createGuard();
  guard.isDeviceEnabled = true;
  // The service forgot session 1 (its retention deleted it); registering again gives 2.
  let registered = 0;
  const received: { session: number; texts: string[] }[] = [];
  const client: ServiceClient = {
    async call(operation, body) {
      if (operation === 'sendSession') return { id: 1 + ++registered } as never;
      const { session_id, logs } = body as { session_id: number; logs: LogRecord[] };
      if (session_id === 1) throw new ServiceError('sendLogs answered 400', 400, UNKNOWN_SESSION_REASON);
      received.push({ session: session_id, texts: logs.map((log) => log.t!) });
      return {} as never;
    },
  };
  const uploader = createUploader({
    storage,
    guard,
    target: createWireTarget({
      client,
      appKey: 'app-key',
      udid: 'device-1',
      issueURL: (uuid) => `http://svc/issue/${uuid}`,
    }),
    debug: () => {},
    isOnline: () => true,
    isLeader: () => true,
    activeSessions: async () => new Set(['tab']),
  });
  await storage.ensureSession({ uuid: 'tab', payload: { session_uid: 'tab' } as SessionPayload });
  await storage.setSessionId('tab', 1);
  await addLogs(
    storage,
    normal(3).map((t, i) => ({ sessionUUID: 'tab', at: 1000 + i, x: `x${i}`, t })),
  );
  await uploader.run({ force: false });

  expect(registered).toBe(1);
  expect(received).toEqual([{ session: 2, texts: normal(3) }]);
  expect(await storage.countLogs()).toBe(0);
  expect((await storage.sessions()).find((session) => session.uuid === 'tab')?.id).toBe(2);
});
