// Serves one tab's engine in a worker. Comlink carries the tab's calls on the worker's port; the tab's writes
// arrive on a MessageChannel of their own, whose port the tab transfers with `start`. Writes posted before
// the engine has started wait in that port, which is read only once it has. A call that depends on earlier
// writes names the last of them by seq (protocol/engine.types.ts), since two channels keep no order between them.
import * as Comlink from 'comlink';
import type { EngineApi, WorkerEngineApi, WriteMessage } from '../protocol/index.ts';

export function exposeEngine(engine: EngineApi, port: Comlink.Endpoint): void {
  const api: WorkerEngineApi<MessagePort> = {
    async start(config, debug, stored, writes) {
      try {
        const status = await engine.start(config, debug, stored);
        // Setting onmessage starts the port: the writes queued in it since the tab posted them come now, in order. Each
        // is handed on unread: the browser deserialises a message's data when it is first read, which the engine leaves
        // until it stores the write, after the page's burst (docs/modes.md#the-page-and-the-worker).
        writes.onmessage = (event: MessageEvent<WriteMessage>) => engine.write(() => event.data);
        return status;
      } catch (error) {
        writes.close();
        throw error;
      }
    },
    settle: (seq) => engine.settle(seq),
    forceSendOnce: (after) => engine.forceSendOnce(after),
    setForceEnabled: (enabled) => engine.setForceEnabled(enabled),
    pageHidden: (after) => engine.pageHidden(after),
    status: () => engine.status(),
    close: (after) => engine.close(after),
  };
  Comlink.expose(api, port);
}
