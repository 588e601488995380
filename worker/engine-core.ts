// One engine core per app in a worker (or page): storage, writer, guard, uploader, leadership and
// device status, shared by every tab connected to it. Tabs come and go; the core keeps uploading.
import {
  LEADER_LOCK_PREFIX,
  intentURL,
  type DebugSink,
  type DeviceInfo,
  type EngineConfig,
  type EngineStatus,
} from '../protocol/index.ts';
import { createDeviceStatusChecker } from './device-status.ts';
import { createGuard, type Guard } from './guard.ts';
import { sendKeepalive } from './keepalive.ts';
import { activeSessionLocks, createLeadership } from './leadership.ts';
import { createServiceClient, type ServiceClient } from './service-client.ts';
import { createDexieStorage } from './storage/dexie-storage.ts';
import { createMemoryStorage } from './storage/memory-storage.ts';
import type { SidelogStorage } from './storage/storage.types.ts';
import type { UploadTarget } from './upload-target.types.ts';
import { createUploader } from './uploader.ts';
import { createWireTarget } from './wire-target.ts';
import { createWriter, type Writer } from './writer.ts';

export interface EngineCore {
  storage: SidelogStorage;
  writer: Writer;
  guard: Guard;
  device: DeviceInfo;
  /** Sessions of the tabs connected to this core. */
  tabs: Set<string>;
  /** Tabs' debug sinks: Sidelog's own failures go to every tab that asked for them. */
  debugSinks: Set<DebugSink>;
  /** Runs one upload with `force`, here if this core leads, else through the leader channel. */
  forceSend(): Promise<void>;
  /** Mode C: what is not uploaded goes out with keepalive requests. */
  sendKeepalive(): Promise<void>;
  status(): Promise<EngineStatus>;
  close(): Promise<void>;
}

/** The engine's clocks. The product leaves them at protocol/limits.ts's values; a test's own worker entry shortens them,
 * so that a test of an upload tick or of a request given up need not wait 15 s or 10 s (docs/testing.md#clocks). */
interface EngineTimings {
  uploadIntervalMs?: number;
  maxBackoffMs?: number;
  requestTimeoutMs?: number;
}

/** Where the uploader sends, and the keepalive flavour of it: the OTLP endpoint the page named, or the logging
 * service's wire. */
async function createTargets(
  config: EngineConfig,
  client: ServiceClient,
  device: DeviceInfo,
  timings: EngineTimings,
): Promise<{ target: UploadTarget; keepalive: UploadTarget }> {
  if (config.otlp) {
    // Loaded only where asked for: modes B and C load the engine into the page.
    const { browserFacts, createOtlpTarget } = await import('./otlp-target.ts');
    const otlp = {
      otlp: config.otlp,
      browser: browserFacts(),
      deviceKeys: () => device.key_values,
      timeoutMs: timings.requestTimeoutMs,
    };
    return { target: createOtlpTarget(otlp), keepalive: createOtlpTarget({ ...otlp, keepalive: true }) };
  }
  const wire = {
    client,
    appKey: config.appKey,
    udid: device.udid,
    issueURL: (uuid: string) => intentURL.issue(config.baseURL, config.appID, uuid),
  };
  return { target: createWireTarget(wire), keepalive: createWireTarget({ ...wire, keepalive: true }) };
}

async function createEngineCore(config: EngineConfig, timings: EngineTimings = {}): Promise<EngineCore> {
  const debugSinks = new Set<DebugSink>();
  const debug = (message: string) => debugSinks.forEach((sink) => sink(message));
  const storage = config.storage === 'indexeddb' ? createDexieStorage() : createMemoryStorage();
  if (config.resetStorage) await storage.clear();
  const guard = createGuard();
  const writer = createWriter({ storage, guard, onError: debug });
  const client = createServiceClient({
    apiURL: config.apiURL,
    appKey: config.appKey,
    sdkVersion: config.sdkVersion,
    timeoutMs: timings.requestTimeoutMs,
  });
  const tabs = new Set<string>();
  const device = config.device;

  const { target, keepalive: keepaliveTarget } = await createTargets(config, client, device, timings);

  const uploader = createUploader({
    storage,
    guard,
    target,
    debug,
    isOnline: () => navigator.onLine !== false,
    isLeader: () => leadership.isLeader(),
    activeSessions: async () => new Set([...tabs, ...(await activeSessionLocks())]),
    intervalMs: timings.uploadIntervalMs,
    maxBackoffMs: timings.maxBackoffMs,
  });
  const leadership = createLeadership({
    name: LEADER_LOCK_PREFIX + config.appID,
    mode: config.leadership,
    onLeader: (force) => void uploader.run({ force }),
    onForceRequest: () => void uploader.run({ force: true }),
  });
  // An OTLP backend has no device status to ask: the page that named it enabled every device.
  guard.isDeviceEnabled = config.otlp !== undefined;
  const deviceStatus = config.otlp
    ? undefined
    : createDeviceStatusChecker({
        client,
        guard,
        device,
        appKey: config.appKey,
        debug,
        // A device the service has just enabled need not wait for the next tick.
        onChange: () => void uploader.run({ force: false }),
      });
  deviceStatus?.start();
  uploader.start();

  return {
    storage,
    writer,
    guard,
    device,
    tabs,
    debugSinks,
    async forceSend() {
      await writer.settled();
      if (leadership.isLeader()) await uploader.run({ force: true });
      else leadership.requestForcedSend();
    },
    async sendKeepalive() {
      await writer.settled();
      await sendKeepalive({ storage, target: keepaliveTarget, guard, debug });
    },
    async status() {
      const [logs, issues, deviceKeys, sessions] = await Promise.all([
        storage.countLogs(),
        storage.countIssues(),
        storage.countDeviceKeys(),
        storage.sessions().then((all) => all.length),
      ]);
      return {
        isAppValid: guard.isAppValid,
        isDeviceEnabled: guard.isDeviceEnabled,
        isForceEnabled: guard.isForceEnabled,
        isLeader: leadership.isLeader(),
        uploadRuns: uploader.runs(),
        pending: { logs, issues, deviceKeys, sessions },
      };
    },
    async close() {
      deviceStatus?.stop();
      leadership.close();
      // Storage closes only after the run under way and the pending writes are done with it.
      await uploader.stop();
      await writer.settled();
      storage.close();
    },
  };
}

/** Cores by app key: a SharedWorker serves every tab of the origin from one core per app. */
export interface CoreRegistry {
  get(config: EngineConfig): Promise<EngineCore>;
  /** Lets go of a tab's hold on the core; the last tab out closes it. */
  release(appKey: string, core: EngineCore): Promise<void>;
}

export function createCoreRegistry(timings: EngineTimings = {}): CoreRegistry {
  const cores = new Map<string, Promise<EngineCore>>();
  return {
    get(config) {
      let core = cores.get(config.appKey);
      if (!core) {
        core = createEngineCore(config, timings);
        core.catch(() => cores.delete(config.appKey));
        cores.set(config.appKey, core);
      }
      return core;
    },
    async release(appKey, core) {
      if (core.tabs.size > 0) return;
      cores.delete(appKey);
      await core.close();
    },
  };
}
