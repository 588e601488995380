// What init does once its start-up chunk has loaded: the identity, the device keys, the session's lock, the rescue of
// what the engine has not stored when the page goes away, and the engine itself. It lives in the start-up chunk, not
// in client.ts, so that a page's first load is only the API and the write queue (docs/benchmarks.md#main-thread-cost);
// the client hands it what it kept before the chunk came (its queue, the keys set meanwhile).
import { SESSION_LOCK_PREFIX, WORKER_START_DEADLINE_MS } from '../../protocol/limits.ts';
import type { ResolvedOptions } from '../../protocol/options.ts';
import type { DeviceData, DeviceKeyValue, Redact, Rescue } from '../../protocol/index.ts';
import { intentURL } from '../../protocol/wire.ts';
import { defaultDeviceName, deviceInfo, sessionPayload } from './device-info.ts';
import { engineSink, sanitiseWrite } from './engine-sink.ts';
import { engineKinds, startEngine } from './engines/choose-engine.ts';
import type { EngineHandle } from './engines/engine-handle.types.ts';
import { defaultWorkers, workersAt, type WorkerFactories } from './engines/worker-engine.ts';
import { loadIdentity, saveDeviceData, type Identity } from './identity.ts';
import { pageRedactor } from './page-redaction.ts';
import { randomHex } from './random-hex.ts';
import { findRescues, removeRescue, rescuesInCurrentLayout, saveRescue } from './rescue.ts';
import { SDK_VERSION } from './sdk-version.ts';
import { loadSessionLastAt, saveSessionLastAt } from './session-last-at.ts';
import type { WriteQueue } from './write-queue.ts';

/** What the client keeps for the start: its own state, which this module reads and adds to. */
export interface StartHost {
  queue: WriteQueue;
  workers?: WorkerFactories;
  workerDeadlineMs?: number;
  /** A device name given, even blank, is kept; otherwise the default is made here. */
  namedDevice: boolean;
  /** Keys set or removed before the stored keys were read, in order: taken and applied to the device data here. */
  keysBeforeStart: { key: string; value: DeviceKeyValue }[];
  /** What close() undoes, in reverse order. */
  teardown: (() => void)[];
  debug(message: string): void;
  /** From now on a key set goes through `setKey` at once. */
  keysReady(setKey: (key: string, value: DeviceKeyValue) => void): void;
}

export interface Started {
  options: ResolvedOptions;
  identity: Identity;
  engine: EngineHandle;
  /** A link to this app's page of an issue, a session or a device (docs/wire-format.md#appid-and-intent-urls): made
   * here, once options and identity are known, so that the first load carries only its calls. */
  link(kind: keyof typeof intentURL, id: string): string;
}

export async function startSession(host: StartHost, options: ResolvedOptions): Promise<Started> {
  const { queue } = host;
  /** This page run: the engine counts this client's writes under it (docs/durability.md). */
  const run = randomHex();
  // The detectors' chunk loads while the identity is read.
  const redacting = pageRedactor(options.redact);
  if (!host.namedDevice) options.deviceName = defaultDeviceName();
  const identity = await loadIdentity(options.appKey);
  const redact: Redact = await redacting;
  const deviceData: DeviceData = {};
  const applyKey = (key: string, value: DeviceKeyValue) => {
    if (value === null) delete deviceData[key];
    else deviceData[key] = value;
  };
  // The keys an earlier page kept, perhaps under other rules, are redacted with this page's, as are those set since.
  const kept = Object.entries(identity.deviceData).map(([key, value]) => ({ key, value }));
  for (const change of [...kept, ...host.keysBeforeStart.splice(0)]) {
    const { key, value } = sanitiseWrite({ sl: 'key', seq: 0, ...change }, redact) as {
      key: string;
      value: DeviceKeyValue;
    };
    applyKey(key, value);
  }
  host.keysReady((key, value) => {
    const write = { sl: 'key' as const, key, value, seq: 0 };
    sanitiseWrite(write, redact);
    applyKey(write.key, write.value);
    saveDeviceData(deviceData);
    queue.send(write);
  });
  saveDeviceData(deviceData);
  holdSession(host, identity.sessionUUID);
  const device = deviceInfo(options, identity.udid, deviceData);
  const session = sessionPayload(options, device, identity.sessionUUID, Date.now());
  const sessionLastAt = loadSessionLastAt();
  if (sessionLastAt !== undefined) queue.raiseLastAt(sessionLastAt);
  // From here on, what is not stored when the page goes away can be rescued; and what earlier pages
  // rescued goes to the engine before anything this page logged.
  const engineUp = listenForLeaving(host, { appKey: options.appKey, session, run }, redact);
  const rescues = await rescuesInCurrentLayout(findRescues(options.appKey));
  for (const rescue of rescues.reverse()) queue.sendFirst({ sl: 'rescued', rescue });
  const engine = await startEngine(
    engineKinds(host.workers ?? (options.workerURL ? workersAt(options.workerURL) : defaultWorkers)),
    {
      appKey: options.appKey,
      appID: identity.appID,
      apiURL: options.apiURL,
      baseURL: options.baseURL,
      debug: options.debug,
      sdkVersion: SDK_VERSION,
      device,
      session,
      resetStorage: identity.appChanged,
      run,
      sessionLastAt,
      otlp: options.otlp,
      redact: options.redact,
    },
    options.debug ? (message) => host.debug(message) : undefined,
    host.workerDeadlineMs ?? WORKER_START_DEADLINE_MS,
    (message) => host.debug(message),
    // The engine stored the writes up to `seq`: they need no rescue, and the rescues among them are done with.
    (seq) => {
      for (const write of queue.confirm(seq)) if (write.sl === 'rescued') removeRescue(write.rescue.run);
    },
  );
  queue.attach(engineSink(engine.sink, redact));
  engineUp(engine);
  return {
    options,
    identity,
    engine,
    link: (kind, id) => intentURL[kind](options.baseURL, identity.appID, id),
  };
}

/** Sessions are kept while a tab holds their lock; the uploader deletes only sessions nobody holds. */
function holdSession(host: StartHost, sessionUUID: string): void {
  if (!navigator.locks) return;
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  navigator.locks.request(SESSION_LOCK_PREFIX + sessionUUID, () => held).catch(() => {});
  host.teardown.push(release);
}

/** The page may go away once hidden: what the engine has not confirmed stored is kept in localStorage then,
 * synchronously (docs/durability.md), and the engine, once it runs, is told to store what it holds. Shown again, the
 * page goes on and its engine stores it after all. Returns what to call once the engine runs. */
function listenForLeaving(
  host: StartHost,
  to: Pick<Rescue, 'appKey' | 'session' | 'run'>,
  redact: Redact,
): (engine: EngineHandle) => void {
  const { queue } = host;
  let engine: EngineHandle | undefined;
  /** The queue's changes() when this run's rescue was last written. A closing tab has pagehide and then its hiding
   * come one after the other: the same rescue written twice would double the time the closing tab needs
   * (docs/durability.md). */
  let rescuedAt: number | undefined;
  const leave = () => {
    try {
      saveSessionLastAt(queue.lastAt());
      const writes = queue.pending();
      const changes = queue.changes();
      if (changes !== rescuedAt) {
        saveRescue({ ...to, writes }, redact);
        rescuedAt = changes;
      }
    } catch (error) {
      host.debug(`Sidelog could not keep the logs not yet stored: ${String(error)}`);
    }
    if (!engine) return;
    queue.flush();
    engine.calls.pageHidden().catch(() => {});
  };
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') return leave();
    rescuedAt = undefined;
    removeRescue(to.run);
  };
  addEventListener('pagehide', leave);
  addEventListener('pageshow', onVisibility);
  document.addEventListener('visibilitychange', onVisibility);
  host.teardown.push(() => {
    removeEventListener('pagehide', leave);
    removeEventListener('pageshow', onVisibility);
    document.removeEventListener('visibilitychange', onVisibility);
  });
  return (running) => (engine = running);
}
