// The page's side of Comlink's protocol (comlink 4, its `wrap` and `proxy`), for the calls to the engine's worker, which
// serves them with Comlink's own `expose` (worker/expose-engine.ts). Comlink's client (1.8 KB gzip of the start-up
// chunk) builds nested proxies for any path, property reads and writes, constructors and release through a
// FinalizationRegistry; the page makes only method calls on the engine's API, whose arguments are plain data, a port
// to transfer and callbacks. Those few messages are written here (docs/benchmarks.md#what-each-module-adds), and the
// worker's side and the API's types stay Comlink's: a call to the worker is `Remote<WorkerEngineApi>`.
import type { Endpoint, Remote } from 'comlink';

/** A value on Comlink's wire: as is, or through one of its two handlers. */
type WireValue = { type: 'RAW'; value: unknown } | { type: 'HANDLER'; name: 'proxy' | 'throw'; value: unknown };

/** What Comlink's `throw` handler carries: an Error as its fields, or any other thrown value. */
interface Thrown {
  isError: boolean;
  value: unknown;
}

function fromWire(wire: WireValue): unknown {
  if (wire.type === 'RAW') return wire.value;
  const thrown = wire.value as Thrown;
  // As Comlink rethrows: an Error keeps its name (the engine's refused rules are told by it) and message.
  throw thrown.isError ? Object.assign(new Error(), thrown.value) : thrown.value;
}

/** A callback the worker calls back on (Comlink's `proxy`): served on a channel of its own, as Comlink serves it.
 * Only calls come (Comlink's APPLY) and a release. Every message is answered, so that nothing there waits for ever;
 * the page's callbacks return nothing, and one that throws is answered as one that returned. */
function serve(callback: Function): MessagePort {
  const { port1, port2 } = new MessageChannel();
  port1.onmessage = ({ data }: MessageEvent<{ id: string; type: string; argumentList?: WireValue[] }>) => {
    try {
      if (data.type === 'APPLY') callback(...data.argumentList!.map(fromWire));
    } catch {
      // Answered below all the same.
    }
    port1.postMessage({ type: 'RAW', id: data.id });
    if (data.type === 'RELEASE') port1.close();
  };
  return port2;
}

/** The worker's API on `port`: each method a call, whose function arguments are served as Comlink's proxies and
 * whose ports are transferred. */
export function callsOn<T>(port: Endpoint): Remote<T> {
  const waiting = new Map<number, (reply: WireValue) => void>();
  /** Comlink's side answers only a message whose id is truthy. */
  let last = 0;
  port.addEventListener('message', (({ data }: MessageEvent<WireValue & { id: number }>) => {
    waiting.get(data?.id)?.(data);
    waiting.delete(data?.id);
  }) as EventListener);
  const call =
    (method: string) =>
    (...args: unknown[]): Promise<unknown> =>
      new Promise((resolve, reject) => {
        const transfer: Transferable[] = [];
        const argumentList = args.map((arg): WireValue => {
          if (typeof arg === 'function') {
            const served = serve(arg);
            transfer.push(served);
            return { type: 'HANDLER', name: 'proxy', value: served };
          }
          if (arg instanceof MessagePort) transfer.push(arg);
          return { type: 'RAW', value: arg };
        });
        const id = ++last;
        waiting.set(id, (reply) => {
          try {
            resolve(fromWire(reply));
          } catch (error) {
            reject(error);
          }
        });
        port.postMessage({ id, type: 'APPLY', path: [method], argumentList }, transfer);
      });
  // Not a thenable: `then` is no method of the worker's, and a promise resolved with the calls must not call it.
  return new Proxy({}, { get: (_, method) => (method === 'then' ? undefined : call(String(method))) }) as Remote<T>;
}
