// The Sidelog engine as one tab sees it (protocol's EngineApi): the worker entries expose it with
// Comlink, and modes B and C call it directly in the page. Writes are formatted and sanitised here,
// off the page's main thread where the engine runs in a worker.
import {
  DEFAULT_REDACT,
  readColumns,
  sanitiseDeviceKey,
  sanitiseIssue,
  type DebugSink,
  type DeviceData,
  type DeviceInfo,
  type EngineApi,
  type EngineConfig,
  type EngineStatus,
  type SessionPayload,
  type SessionRecord,
  type StoredSink,
  type UnreadWrite,
  type WriteMessage,
} from '../protocol/index.ts';
import { createCoreRegistry, type CoreRegistry, type EngineCore } from './engine-core.ts';
import { toStoredLog } from './format.ts';
import { createRedactor, keepText, type Redact } from '../protocol/redact/redactor.ts';
import { refuseBacktracking } from '../protocol/redact/backtracking.ts';

export { createCoreRegistry } from './engine-core.ts';

/** Whose writes these are: this page's, or an earlier page's that a rescue brings (docs/durability.md). */
interface WriteSource {
  sessionUUID: string;
  run: string;
  /** A rescued session, stored if the uploader has deleted it meanwhile. */
  session?: SessionRecord;
}

/** While writes keep coming (a page in the middle of a burst of logs), storing them waits: formatting and IndexedDB
 * would otherwise share the device's cores with the page's own work, which then runs slower
 * (docs/benchmarks.md#main-thread-cost).
 * They are stored once none has come for QUIET_MS, or MAX_DEFER_MS after the first, or at once when a call needs
 * them (settle, a forced send, the page hidden, close). A page that goes away meanwhile still has them: it keeps
 * every write until told it is stored (docs/durability.md). */
const QUIET_MS = 20;
const MAX_DEFER_MS = 100;

/** The device with its keys redacted: the page kept them with the built-ins only (app/logging/page-redaction.ts),
 * the app's rules apply here. A copy: in modes B and C the device is the page's own object. */
function redactDevice(device: DeviceInfo, redact: Redact): DeviceInfo {
  if (redact === keepText || !device?.key_values) return device;
  const keyValues: DeviceData = {};
  for (const [key, value] of Object.entries(device.key_values)) {
    const sane = sanitiseDeviceKey(key, value, redact);
    keyValues[sane.key] = sane.value;
  }
  return { ...device, key_values: keyValues };
}

function redactSession(session: SessionPayload, redact: Redact): SessionPayload {
  return { ...session, device: redactDevice(session.device, redact) };
}

export function createEngine(cores: CoreRegistry = createCoreRegistry()): EngineApi {
  let core: EngineCore | undefined;
  let config: EngineConfig | undefined;
  let debugSink: DebugSink | undefined;
  let storedSink: StoredSink | undefined;
  /** This tab's rules (docs/privacy.md#redaction): a SharedWorker's tabs may each bring their own. */
  let redact: Redact = keepText;
  /** The page learns what is stored at most once per store step: the latest seq, after the step that stores it. */
  let latestSeq = 0;
  let telling = false;
  /** The seq of the last write that arrived. In a worker writes and calls come on two channels, so a call that
   * follows writes may come first: it waits here for the write it names. */
  let arrivedSeq = 0;
  let arrivals: { seq: number; arrived: () => void }[] = [];
  /** Writes that arrived and wait to be stored, a worker's still unread, and since when the first of them has waited. */
  let deferred: (WriteMessage | UnreadWrite)[] = [];
  let deferredSince = 0;
  let quiet: ReturnType<typeof setTimeout> | undefined;

  /** Stores the writes that wait, in order, and tells the page once they are stored. */
  function storeDeferred(): void {
    clearTimeout(quiet);
    quiet = undefined;
    const writes = readDeferred();
    deferred = [];
    if (writes.length === 0 || !core || !config) return;
    const source = { sessionUUID: config.session.session_uid, run: config.run };
    for (const message of writes) {
      try {
        store(core, message, source);
      } catch (error) {
        // One malformed write must not keep the ones after it from being stored.
        debugSink?.(`Sidelog could not store a write: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    tellStored(writes[writes.length - 1].seq);
  }

  /** Reads the waiting writes a worker's channel delivered unread, in order, each arriving as it is read. Left unread
   * until now, a burst's messages are deserialised once it is over, and the worker's core is the page's meanwhile
   * (docs/benchmarks.md#the-writes-read-when-stored). */
  function readDeferred(): WriteMessage[] {
    const read: WriteMessage[] = [];
    for (const write of deferred) {
      if (typeof write !== 'function') {
        read.push(write);
        continue;
      }
      try {
        const message = write();
        arrive(message.seq);
        read.push(message);
      } catch (error) {
        // A write that cannot be read can never be stored; the ones after it still are.
        debugSink?.(`Sidelog could not read a write: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    deferred = read;
    return read;
  }

  function arrive(seq: number): void {
    if (seq <= arrivedSeq) return;
    arrivedSeq = seq;
    const due = arrivals.filter((waiter) => waiter.seq <= seq);
    arrivals = arrivals.filter((waiter) => waiter.seq > seq);
    due.forEach((waiter) => waiter.arrived());
  }

  /** Resolves once the write numbered `seq` (and so every one before it: a channel keeps its order) has arrived. */
  function arrived(seq = 0): Promise<void> {
    if (seq > arrivedSeq) readDeferred();
    if (seq <= arrivedSeq) return Promise.resolve();
    return new Promise((resolve) => arrivals.push({ seq, arrived: resolve }));
  }

  function started(): { core: EngineCore; config: EngineConfig } {
    if (!core || !config) throw new Error('The Sidelog engine has not been started');
    return { core, config };
  }

  function tellStored(seq: number): void {
    latestSeq = seq;
    if (telling || !storedSink || !core) return;
    telling = true;
    const writer = core.writer;
    void writer.settled().then(() => {
      telling = false;
      // Logs a failed step kept are not stored: the page keeps them until a later step stores them too.
      if (writer.holdsUnstored()) return;
      // A page gone (a closed port) cannot be told; nothing else depends on it.
      Promise.resolve(storedSink?.(seq)).catch(() => {});
      if (latestSeq !== seq) tellStored(latestSeq);
    });
  }

  function store(core: EngineCore, message: WriteMessage, by: WriteSource): void {
    switch (message.sl) {
      case 'logs':
        core.writer.addLogs(
          readColumns(message.logs).map((raw) => toStoredLog(raw, by.sessionUUID, redact)),
          { run: by.run, seq: message.seq, session: by.session },
        );
        break;
      case 'issue':
        core.writer.addIssue({ sessionUUID: by.sessionUUID, data: sanitiseIssue(message.issue, redact) });
        // Adding an issue triggers one forced send (docs/uploader.md#when-it-runs).
        void core.forceSend();
        break;
      case 'key': {
        // The page redacted it with the built-ins, for its own copy in localStorage (app/logging/engine-sink.ts);
        // here with every rule, the app's too.
        const sane = sanitiseDeviceKey(message.key, message.value ?? '', redact);
        const data = { key: sane.key, value: message.value === null ? null : sane.value };
        core.device.key_values[data.key] = data.value;
        if (data.value === null) delete core.device.key_values[data.key];
        core.writer.addDeviceKey({ sessionUUID: by.sessionUUID, data });
        break;
      }
      case 'rescued': {
        const { run, writes } = message.rescue;
        const session = redactSession(message.rescue.session, redact);
        const record: SessionRecord = { uuid: session.session_uid, payload: session };
        core.writer.ensureSession(record);
        for (const write of writes) store(core, write, { sessionUUID: record.uuid, run, session: record });
        // No tab holds a rescued session: an upload run may find it empty and delete it while its issues and keys are
        // stored, each a step of its own. Ensured again after them, it is there to upload them
        // (docs/durability.md#the-next-page-stores-the-rescue); logs store their session with them.
        core.writer.ensureSession(record);
        break;
      }
    }
  }

  return {
    async start(page, debug, stored) {
      // Checked here, off the page's main thread, before any rule runs: a refusal rejects the page's init.
      refuseBacktracking(page.redact ?? DEFAULT_REDACT);
      redact = createRedactor(page.redact ?? DEFAULT_REDACT);
      const given = {
        ...page,
        device: redactDevice(page.device, redact),
        session: redactSession(page.session, redact),
      };
      const fresh = await cores.get(given);
      // A tab of a core that already ran may still carry news of an app change.
      if (given.resetStorage && fresh.tabs.size > 0) await fresh.storage.clear();
      // The tab counts as active before its session is stored, so that an upload run under way cannot
      // take the new, still empty session for an abandoned one and delete it.
      fresh.tabs.add(given.session.session_uid);
      await fresh.storage.ensureSession({
        uuid: given.session.session_uid,
        payload: given.session,
        lastAt: given.sessionLastAt,
      });
      if (debug) {
        debugSink = debug;
        fresh.debugSinks.add(debug);
      }
      storedSink = stored;
      core = fresh;
      config = given;
      return fresh.status();
    },

    write(message) {
      started();
      const now = Date.now();
      if (deferred.length === 0) deferredSince = now;
      deferred.push(message);
      // A call waiting for it goes on now, and stores what waits itself. An unread write is read now only for such a call.
      if (typeof message !== 'function') arrive(message.seq);
      else if (arrivals.length > 0) readDeferred();
      clearTimeout(quiet);
      if (now - deferredSince >= MAX_DEFER_MS) storeDeferred();
      else quiet = setTimeout(storeDeferred, QUIET_MS);
    },

    async settle(seq) {
      await arrived(seq);
      storeDeferred();
      await started().core.writer.settled();
    },

    async forceSendOnce(after) {
      await arrived(after);
      storeDeferred();
      await started().core.forceSend();
    },

    async setForceEnabled(enabled) {
      started().core.guard.isForceEnabled = enabled;
    },

    async pageHidden(after) {
      await arrived(after);
      storeDeferred();
      const { core, config } = started();
      if (config.storage === 'memory') await core.sendKeepalive();
    },

    status(): Promise<EngineStatus> {
      return started().core.status();
    },

    async close(after) {
      await arrived(after);
      storeDeferred();
      if (!core || !config) return;
      // Mode C keeps nothing past the page: what close() flushed goes out now, as when the page is hidden.
      if (config.storage === 'memory') await core.sendKeepalive();
      core.tabs.delete(config.session.session_uid);
      if (debugSink) core.debugSinks.delete(debugSink);
      storedSink = undefined;
      await cores.release(config.appKey, core);
      core = undefined;
      // Writes that never come now: whoever waits for them hears that the engine is closed.
      arrivals.splice(0).forEach((waiter) => waiter.arrived());
    },
  };
}
