// The Sidelog engine as one tab sees it (protocol's EngineApi): the worker entries expose it with
// Comlink, and modes B and C call it directly in the page. Writes are formatted and sanitised here,
// off the page's main thread where the engine runs in a worker.
import {
  rowsOf,
  sanitiseIssue,
  type DebugSink,
  type EngineApi,
  type EngineConfig,
  type EngineStatus,
  type WriteMessage,
} from '../protocol/index.ts';
import { createCoreRegistry, type CoreRegistry, type EngineCore } from './engine-core.ts';
import { toStoredLog } from './format.ts';

export { createCoreRegistry } from './engine-core.ts';

export function createEngine(cores: CoreRegistry = createCoreRegistry()): EngineApi {
  let core: EngineCore | undefined;
  let config: EngineConfig | undefined;
  let debugSink: DebugSink | undefined;

  function started(): { core: EngineCore; config: EngineConfig } {
    if (!core || !config) throw new Error('The Sidelog engine has not been started');
    return { core, config };
  }

  return {
    async start(given, debug) {
      const fresh = await cores.get(given);
      // A tab of a core that already ran may still carry news of an app change.
      if (given.resetStorage && fresh.tabs.size > 0) await fresh.storage.clear();
      // The tab counts as active before its session is stored, so that an upload run under way cannot
      // take the new, still empty session for an abandoned one and delete it.
      fresh.tabs.add(given.session.session_uid);
      await fresh.storage.ensureSession({ uuid: given.session.session_uid, payload: given.session });
      if (debug) {
        debugSink = debug;
        fresh.debugSinks.add(debug);
      }
      core = fresh;
      config = given;
      return fresh.status();
    },

    write(message: WriteMessage) {
      const { core, config } = started();
      const sessionUUID = config.session.session_uid;
      switch (message.sl) {
        case 'logs':
          core.writer.addLogs(rowsOf(message.logs).map((raw) => toStoredLog(raw, sessionUUID)));
          break;
        case 'issue':
          core.writer.addIssue({ sessionUUID, data: sanitiseIssue(message.issue) });
          // Adding an issue triggers one forced send (spec §4).
          void core.forceSend();
          break;
        case 'key':
          core.device.key_values[message.key] = message.value;
          if (message.value === null) delete core.device.key_values[message.key];
          core.writer.addDeviceKey({ sessionUUID, data: { key: message.key, value: message.value } });
          break;
      }
    },

    async settle() {
      await started().core.writer.settled();
    },

    async forceSendOnce() {
      await started().core.forceSend();
    },

    async setForceEnabled(enabled) {
      started().core.guard.isForceEnabled = enabled;
    },

    async pageHidden() {
      const { core, config } = started();
      if (config.storage === 'memory') await core.sendKeepalive();
    },

    status(): Promise<EngineStatus> {
      return started().core.status();
    },

    async close() {
      if (!core || !config) return;
      core.tabs.delete(config.session.session_uid);
      if (debugSink) core.debugSinks.delete(debugSink);
      await cores.release(config.appKey, core);
      core = undefined;
    },
  };
}
