// The page–worker channel (docs/modes.md#the-page-and-the-worker) in a real SharedWorker: Comlink carries the
// calls on the worker's port, the writes travel on a MessageChannel of their own, and a call that names a write
// by its seq waits until that write has arrived and is stored, whichever channel is faster.
import * as Comlink from 'comlink';
import Dexie from 'dexie';
import { afterEach, describe, expect, test } from 'vitest';
import {
  DATABASE_NAME,
  LogLevel,
  columnsOf,
  resolveOptions,
  type EngineConfig,
  type WorkerEngineApi,
  type WriteMessage,
} from '../../../protocol/index.ts';
import { deviceInfo, sessionPayload } from '../../../app/logging/device-info.ts';
import { defaultWorkers } from '../../../app/logging/engines/worker-engine.ts';
import { apiURL, baseURL, logsOf, newApp } from './collector.ts';

const opened: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((close) => close()));
});

/** One tab's engine in the SharedWorker, started as the page starts it, with the writes' channel in our hands. */
async function startEngine() {
  // Not enabled: nothing uploads but a forced send.
  const appKey = await newApp(false);
  // The device and session as the page builds them (app/logging/device-info.ts), for a session of this test's own.
  const options = resolveOptions(
    { appKey, apiURL: apiURL(), baseURL: baseURL() },
    { origin: location.origin, deviceName: 'channel test' },
  );
  const device = deviceInfo(options, crypto.randomUUID(), {});
  const session = sessionPayload(options, device, `channel-${crypto.randomUUID()}`, Date.now());
  const config: EngineConfig = {
    appKey,
    appID: appKey.slice(0, 10),
    apiURL: options.apiURL,
    baseURL: options.baseURL,
    debug: false,
    sdkVersion: '0.0.0',
    device,
    session,
    resetStorage: false,
    run: crypto.randomUUID(),
    storage: 'indexeddb',
    leadership: 'lock',
  };
  const worker = defaultWorkers.shared();
  const api = Comlink.wrap<WorkerEngineApi<MessagePort>>(worker.port);
  const writes = new MessageChannel();
  await api.start(config, undefined, undefined, Comlink.transfer(writes.port2, [writes.port2]));
  opened.push(async () => {
    await api.close();
    writes.port1.close();
    worker.port.close();
    await forget(session.session_uid);
  });
  const write = (seq: number, text: string): WriteMessage => ({
    sl: 'logs',
    seq,
    logs: columnsOf([{ at: Date.now() + seq, x: Date.now(), ll: LogLevel.Debug, p: [text] }]),
  });
  return { api, worker, writes: writes.port1, write, session: session.session_uid, appKey };
}

/** Deletes what the browser database holds for a session. These engines start without the page's identity, which
 * would mark the app in localStorage: lines they leave stored would be sent with the next test's app. */
async function forget(session: string): Promise<void> {
  const db = new Dexie(DATABASE_NAME);
  await db.open();
  try {
    for (const table of ['logs', 'issues', 'devicekeys'])
      await db.table(table).where('sessionUUID').equals(session).delete();
    await db.table('sessions').delete(session);
  } finally {
    db.close();
  }
}

/** The texts the browser database holds for a session, as the engine stored them. */
async function storedTexts(session: string): Promise<string[]> {
  const db = new Dexie(DATABASE_NAME);
  await db.open();
  try {
    return (await db.table('logs').where('sessionUUID').equals(session).toArray()).map(
      (log: { t?: string }) => log.t ?? '',
    );
  } finally {
    db.close();
  }
}

describe('the page–worker channel', () => {
  test('settle(seq) resolves only once the write numbered seq has arrived and is stored', async () => {
    const engine = await startEngine();
    engine.writes.postMessage(engine.write(1, 'first'));
    await engine.api.settle(1);
    expect(await storedTexts(engine.session)).toEqual(['first']);

    let settled = false;
    const settling = engine.api.settle(2).then(() => (settled = true));
    // A call made after settle answers after it would have, had settle not waited for write 2.
    await engine.api.status();
    expect(settled).toBe(false);

    engine.writes.postMessage(engine.write(2, 'second'));
    await settling;
    expect(await storedTexts(engine.session)).toEqual(['first', 'second']);
  });

  test('forceSendOnce(after) sends the write it names although the call came first', async () => {
    const engine = await startEngine();
    const sending = engine.api.forceSendOnce(1);
    // A call made after the forced send answers after it would have, had it not waited for write 1.
    await engine.api.status();
    engine.writes.postMessage(engine.write(1, 'logged just before the forced send'));
    await sending;
    // The engine uploads every session the database holds; this test's is the one it started.
    const ours = (await logsOf(engine.appKey)).filter((log) => log.session_uid === engine.session);
    expect(ours.map((log) => log.t)).toEqual(['logged just before the forced send']);
  });

  test('a write posted on the port of the calls is not taken for a write: writes have their own channel', async () => {
    const engine = await startEngine();
    engine.worker.port.postMessage(engine.write(1, 'on the calls port'));
    engine.writes.postMessage(engine.write(1, 'on the writes channel'));
    await engine.api.settle(1);
    expect(await storedTexts(engine.session)).toEqual(['on the writes channel']);
  });
});
