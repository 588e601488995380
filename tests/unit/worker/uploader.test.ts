// The uploader's rules (docs/uploader.md) against a fake service, with a fake clock: pure logic.
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { LogLevel, type SessionPayload, type WireOperation } from '../../../protocol/index.ts';
import { createGuard } from '../../../worker/guard.ts';
import type { ServiceClient } from '../../../worker/service-client.ts';
import { createMemoryStorage } from '../../../worker/storage/memory-storage.ts';
import { addLogs as storeLogs, sessionOf } from '../../helpers/storage.ts';
import { createWireTarget } from '../../../worker/wire-target.ts';
import { backoffDelay, createUploader } from '../../../worker/uploader.ts';
import type { Outcome, UploadTarget } from '../../../worker/upload-target.types.ts';

interface Call {
  operation: WireOperation;
  body: Record<string, unknown>;
}

function fakeService() {
  const calls: Call[] = [];
  let failing = false;
  let nextId = 100;
  const client: ServiceClient = {
    async call(operation, body) {
      calls.push({ operation, body: body as unknown as Record<string, unknown> });
      if (failing) throw new Error('503');
      return (operation === 'sendSession' ? { id: nextId++ } : {}) as never;
    },
  };
  return { client, calls, fail: (value: boolean) => (failing = value) };
}

const payload = (uuid: string) => ({ session_uid: uuid }) as SessionPayload;

async function setUp({ enabled = true, leader = true, online = true } = {}) {
  const storage = createMemoryStorage();
  const guard = createGuard();
  guard.isDeviceEnabled = enabled;
  const service = fakeService();
  const active = new Set<string>(['tab']);
  const state = { leader, online };
  const uploader = createUploader({
    storage,
    guard,
    // The wire format's target over a fake service client: the requests are what the service would receive.
    target: createWireTarget({
      client: service.client,
      appKey: 'app-key',
      udid: 'device-1',
      issueURL: (uuid) => `http://svc/intent/app/issue/${uuid}`,
    }),
    debug: () => {},
    isOnline: () => state.online,
    isLeader: () => state.leader,
    activeSessions: async () => active,
  });
  await storage.ensureSession({ uuid: 'tab', payload: payload('tab') });
  const addLogs = (count: number, sessionUUID = 'tab') =>
    storeLogs(
      storage,
      Array.from({ length: count }, (_, i) => ({ sessionUUID, at: i + 1, x: 'x', t: `line ${i}`, ll: LogLevel.Debug })),
    );
  return { storage, guard, service, uploader, active, state, addLogs };
}

const operations = (calls: Call[]) => calls.map((call) => call.operation);

describe('the uploader', () => {
  test('registers the session, then sends its logs in batches of at most 500, and deletes them', async () => {
    const { storage, service, uploader, addLogs } = await setUp();
    await addLogs(1200);
    await uploader.run({ force: false });
    expect(operations(service.calls)).toEqual(['sendSession', 'sendLogs', 'sendLogs', 'sendLogs']);
    expect(service.calls.slice(1).map((call) => (call.body.logs as unknown[]).length)).toEqual([500, 500, 200]);
    expect(service.calls[1].body.session_id).toBe(100);
    expect((service.calls[1].body.logs as Record<string, unknown>[])[0]).toEqual({ at: 1, x: 'x', t: 'line 0', ll: 0 });
    expect(await storage.countLogs()).toBe(0);
    expect((await sessionOf(storage, 'tab'))?.id).toBe(100);
  });

  test('does nothing when offline, not leader, or the app is not valid', async () => {
    const { service, uploader, state, guard, addLogs } = await setUp();
    await addLogs(1);
    state.online = false;
    await uploader.run({ force: true });
    state.online = true;
    state.leader = false;
    await uploader.run({ force: true });
    state.leader = true;
    guard.isAppValid = false;
    await uploader.run({ force: true });
    expect(service.calls).toEqual([]);
  });

  test('a device not enabled keeps its logs and keys, unless the session has an issue or the send is forced', async () => {
    const { storage, service, uploader, addLogs } = await setUp({ enabled: false });
    await addLogs(3);
    await storage.addDeviceKey({ sessionUUID: 'tab', data: { key: 'user_id', value: 7 } });
    await uploader.run({ force: false });
    expect(service.calls).toEqual([]);

    await uploader.run({ force: true });
    expect(operations(service.calls)).toEqual(['sendSession', 'sendLogs']);
    expect(await storage.countDeviceKeys()).toBe(1);

    await addLogs(1);
    await storage.addIssue({
      sessionUUID: 'tab',
      data: { title: 'Broken', text: 'It broke', type: 'crash', uuid: 'i-1' },
    });
    service.calls.length = 0;
    await uploader.run({ force: false });
    expect(operations(service.calls)).toEqual(['sendIssue', 'sendLogs', 'setDeviceKey']);
    expect(service.calls[0].body).toEqual({
      uid: 'i-1',
      url: 'http://svc/intent/app/issue/i-1',
      title: 'Broken',
      text: 'It broke',
      app: { key: 'app-key' },
      type: 'crash',
      session_id: 100,
    });
    expect(service.calls[2].body).toEqual({ app_key: 'app-key', device_id: 'device-1', key: 'user_id', value: 7 });
  });

  test('a registered session sends under its id, a new one registers first; inactive sessions with nothing pending are deleted', async () => {
    const { storage, service, uploader, addLogs } = await setUp();
    await storage.ensureSession({ uuid: 'old-registered', id: 5, payload: payload('old-registered') });
    await storage.ensureSession({ uuid: 'gone-empty', payload: payload('gone-empty') });
    await addLogs(1, 'old-registered');
    await addLogs(1, 'tab');
    await uploader.run({ force: false });
    const calls = service.calls.map((call) => [call.operation, call.body.session_id ?? call.body.session_uid]);
    expect(calls).toHaveLength(3);
    expect(calls).toContainEqual(['sendLogs', 5]);
    expect(calls.filter(([, session]) => session === 'tab' || session === 100)).toEqual([
      ['sendSession', 'tab'],
      ['sendLogs', 100],
    ]);
    expect((await storage.sessions()).map((session) => session.uuid)).toEqual(['tab']);
  });

  test('reads the next batch while one is in flight, and still sends every batch once, in order', async () => {
    const { storage, service, uploader, addLogs } = await setUp();
    await addLogs(1200);
    // The service answers the first batch only once the uploader has asked the database for the next.
    let readAhead: () => void = () => {};
    const asked = new Promise<void>((resolve) => (readAhead = resolve));
    const logsAfter = storage.logsAfter;
    storage.logsAfter = (...args) => {
      readAhead();
      return logsAfter(...args);
    };
    const client = service.client.call;
    service.client.call = async (operation, body) => {
      if (operation === 'sendLogs' && service.calls.filter((call) => call.operation === 'sendLogs').length === 0)
        await asked;
      return client(operation, body);
    };
    await uploader.run({ force: false });
    const batches = service.calls
      .filter((call) => call.operation === 'sendLogs')
      .map((call) => call.body.logs as { t: string }[]);
    expect(batches.map((logs) => [logs[0].t, logs.length])).toEqual([
      ['line 0', 500],
      ['line 500', 500],
      ['line 1000', 200],
    ]);
    expect(await storage.countLogs()).toBe(0);
  });

  test('sessions upload side by side, the batches of each in order', async () => {
    const { storage, service, uploader, addLogs } = await setUp();
    await storage.ensureSession({ uuid: 'other', id: 7, payload: payload('other') });
    await addLogs(1000, 'tab');
    await addLogs(1000, 'other');
    // The service answers only once both sessions have a request in flight: one at a time would never finish.
    const waiting: (() => void)[] = [];
    const client = service.client.call;
    service.client.call = async (operation, body) => {
      if (operation === 'sendLogs' && waiting.length === 0) await new Promise<void>((resolve) => waiting.push(resolve));
      else waiting.splice(0).forEach((resolve) => resolve());
      return client(operation, body);
    };
    await uploader.run({ force: false });
    const firstLines = (session: number) =>
      service.calls
        .filter((call) => call.body.session_id === session)
        .map((call) => (call.body.logs as { t: string }[])[0].t);
    expect(firstLines(7)).toEqual(['line 0', 'line 500']);
    expect(firstLines(100)).toEqual(['line 0', 'line 500']);
    expect(await storage.countLogs()).toBe(0);
  });

  test('a failing service deletes nothing, and the data goes on the next run', async () => {
    const { storage, service, uploader, addLogs } = await setUp();
    await addLogs(3);
    await storage.addIssue({ sessionUUID: 'tab', data: { title: 't', text: '', type: 'issue', uuid: 'i' } });
    service.fail(true);
    await uploader.run({ force: true });
    expect([await storage.countLogs(), await storage.countIssues(), (await storage.sessions()).length]).toEqual([
      3, 1, 1,
    ]);
    service.fail(false);
    await uploader.run({ force: true });
    expect([await storage.countLogs(), await storage.countIssues()]).toEqual([0, 0]);
    expect(uploader.runs()).toBe(2);
  });

  test('a run asked for during another follows it, forced if asked so, instead of running twice at once', async () => {
    const { storage, service, uploader, addLogs } = await setUp({ enabled: false });
    await addLogs(1);
    const first = uploader.run({ force: false });
    const second = uploader.run({ force: true });
    const third = uploader.run({ force: false });
    await Promise.all([first, second, third]);
    expect(operations(service.calls)).toEqual(['sendSession', 'sendLogs']);
    expect(await storage.countLogs()).toBe(0);
    expect(uploader.runs()).toBe(2);
  });
});

describe('the uploader on a clock', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  test('runs every 15 s, backing off after failures up to 5 minutes, and back to 15 s after a success', async () => {
    expect([0, 1, 2, 3, 4, 5, 10].map((failures) => backoffDelay(failures))).toEqual([
      15_000, 30_000, 60_000, 120_000, 240_000, 300_000, 300_000,
    ]);
    const { service, uploader, addLogs } = await setUp();
    await addLogs(1);
    service.fail(true);
    uploader.start();
    await vi.advanceTimersByTimeAsync(15_000);
    expect(uploader.runs()).toBe(1);
    await vi.advanceTimersByTimeAsync(29_999);
    expect(uploader.runs()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(uploader.runs()).toBe(2);
    service.fail(false);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(uploader.runs()).toBe(3);
    await vi.advanceTimersByTimeAsync(15_000);
    expect(uploader.runs()).toBe(4);
    uploader.stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(uploader.runs()).toBe(4);
  });

  test('a target that asks to be left alone (Retry-After) is sent nothing sooner, at most for the longest backoff', async () => {
    const { target, sent, script } = scriptedTarget();
    script.logs = () => ({ outcome: 'retry-later', reason: 'overloaded', afterMs: 120_000 });
    const { uploader } = await overTarget(target);
    uploader.start();
    await vi.advanceTimersByTimeAsync(15_000);
    expect(sent.batches).toHaveLength(1);
    // One failure alone would wait 30 s; the target asked for 120 s.
    await vi.advanceTimersByTimeAsync(119_999);
    expect(sent.batches).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent.batches).toHaveLength(2);
    // An hour asked for is held to the longest backoff, 5 minutes.
    script.logs = () => ({ outcome: 'retry-later', reason: 'maintenance', afterMs: 3_600_000 });
    await vi.advanceTimersByTimeAsync(120_000);
    expect(sent.batches).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(300_000);
    expect(sent.batches).toHaveLength(4);
    await uploader.stop();
  });
});

/** A target that is not the wire (as an OpenTelemetry one would be): it answers each step as the test scripts, and
 * counts what it was sent. */
function scriptedTarget() {
  const sent = { sessions: 0, issues: 0, batches: [] as string[][], keys: 0 };
  const script = {
    logs: (): Outcome<{ dropped?: { count: number; reason: string } }> => ({ outcome: 'accepted' }),
    issue: (): Outcome => ({ outcome: 'accepted' }),
  };
  const target: UploadTarget = {
    registerSession: async () => (sent.sessions++, { outcome: 'accepted', sessionId: 1 }),
    sendIssue: async () => (sent.issues++, script.issue()),
    sendLogs: async (_id, logs) => (sent.batches.push(logs.map((log) => log.t!)), script.logs()),
    sendKey: async () => (sent.keys++, { outcome: 'accepted' }),
  };
  return { target, sent, script };
}

async function overTarget(target: UploadTarget) {
  const storage = createMemoryStorage();
  const guard = createGuard();
  guard.isDeviceEnabled = true;
  const debug: string[] = [];
  const uploader = createUploader({
    storage,
    guard,
    target,
    debug: (message) => debug.push(message),
    isOnline: () => true,
    isLeader: () => true,
    activeSessions: async () => new Set(['tab']),
  });
  await storage.ensureSession({ uuid: 'tab', payload: payload('tab') });
  await storeLogs(
    storage,
    ['a', 'b', 'c'].map((t, i) => ({ sessionUUID: 'tab', at: i + 1, x: 'x', t })),
  );
  return { storage, uploader, debug };
}

describe('the uploader over any target', () => {
  test('a batch the target took, letting some of its logs go (a partial success), is deleted whole and not sent again', async () => {
    const { target, sent, script } = scriptedTarget();
    script.logs = () => ({ outcome: 'accepted', dropped: { count: 2, reason: 'rejected by the backend' } });
    const { storage, uploader, debug } = await overTarget(target);
    await uploader.run({ force: false });
    await uploader.run({ force: false });
    expect(sent.batches).toEqual([['a', 'b', 'c']]);
    expect(await storage.countLogs()).toBe(0);
    expect(debug).toContain('Sidelog: the service took a batch of 3 logs but did not keep 2: rejected by the backend');
  });

  test('an issue the target refuses stops its session: the issue and the logs after it stay for the next run', async () => {
    const { target, sent, script } = scriptedTarget();
    script.issue = () => ({ outcome: 'refused', reason: 'no issues here' });
    const { storage, uploader, debug } = await overTarget(target);
    await storage.addIssue({ sessionUUID: 'tab', data: { title: 't', text: '', type: 'issue', uuid: 'i' } });
    await uploader.run({ force: false });
    expect([sent.issues, sent.batches.length, await storage.countIssues(), await storage.countLogs()]).toEqual([
      1, 0, 1, 3,
    ]);
    expect(debug).toContain('Sidelog could not upload session tab: no issues here');
    script.issue = () => ({ outcome: 'accepted' });
    await uploader.run({ force: false });
    expect([await storage.countIssues(), await storage.countLogs()]).toEqual([0, 0]);
  });
});

describe('batches by size', () => {
  test('a batch of long logs stays under the byte limit, and one log larger than it still goes alone', async () => {
    const { fitBatch } = await import('../../../worker/log-upload.ts');
    const long = (at: number) => ({ sessionUUID: 's', at, x: 'x', t: 'я'.repeat(32_000) });
    const logs = Array.from({ length: 500 }, (_, i) => long(i));
    const batch = fitBatch(logs);
    expect(batch.length).toBeGreaterThan(1);
    expect(batch.length).toBeLessThan(500);
    expect(new TextEncoder().encode(JSON.stringify(batch)).length).toBeLessThanOrEqual(4_000_000);
    expect(batch[0]).toEqual({ at: 0, x: 'x', t: 'я'.repeat(32_000) });
    expect(fitBatch([long(1)], 10)).toHaveLength(1);
  });
});

describe('keepalive chunks', () => {
  test('stay under the byte budget and 500 logs, in order; a log too large alone is left for the uploader', async () => {
    const { chunkLogs } = await import('../../../worker/keepalive.ts');
    const log = (at: number, size: number) => ({ sessionUUID: 's', at, x: 'x', t: 'a'.repeat(size) });
    const logs = [
      ...Array.from({ length: 30 }, (_, i) => log(i, 5_000)),
      log(99, 70_000),
      ...Array.from({ length: 600 }, (_, i) => log(100 + i, 1)),
    ];
    const chunks = chunkLogs(logs, 60_000);
    for (const chunk of chunks) {
      expect(new TextEncoder().encode(JSON.stringify(chunk.map(({ sessionUUID: _s, ...r }) => r))).length).toBeLessThan(
        60_000,
      );
      expect(chunk.length).toBeLessThanOrEqual(500);
    }
    expect(chunks.flat().map((l) => l.at)).toEqual(logs.map((l) => l.at).filter((at) => at !== 99));
  });

  test('go through the target given (its keepalive flavour), registering first; a chunk not taken stops the send, leaving the rest', async () => {
    const { sendKeepalive } = await import('../../../worker/keepalive.ts');
    const { target, sent, script } = scriptedTarget();
    const { storage } = await overTarget(target);
    await storeLogs(
      storage,
      Array.from({ length: 40 }, (_, i) => ({ sessionUUID: 'tab', at: 10 + i, x: 'x', t: 'ж'.repeat(2_000) })),
    );
    let chunks = 0;
    script.logs = () => (++chunks === 2 ? { outcome: 'retry-later', reason: 'offline' } : { outcome: 'accepted' });
    const debug: string[] = [];
    await sendKeepalive({ storage, target, guard: { canUpload: () => true }, debug: (message) => debug.push(message) });
    expect(sent.sessions).toBe(1);
    expect(sent.batches).toHaveLength(2);
    expect(await storage.countLogs()).toBe(43 - sent.batches[0].length);
    expect(debug).toEqual(['Sidelog could not send logs as the page was hidden: offline']);
  });
});
