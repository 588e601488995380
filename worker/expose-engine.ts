// Serves one tab's engine on a port: Comlink answers the calls, and Sidelog's write messages,
// which share the port so that they keep their order with the calls, go straight to `write`.
import * as Comlink from 'comlink';
import { isWriteMessage, type EngineApi } from '../protocol/index.ts';

type Listener = (event: MessageEvent) => void;

export interface PortLike {
  postMessage(message: unknown, transfer?: Transferable[]): void;
  addEventListener(type: 'message', listener: Listener): void;
  removeEventListener(type: 'message', listener: Listener): void;
  start?(): void;
}

export function exposeEngine(engine: EngineApi, port: PortLike): void {
  port.addEventListener('message', (event) => {
    if (isWriteMessage(event.data)) engine.write(event.data);
  });
  // Comlink sees every message but Sidelog's writes, which it would otherwise answer as unknown calls.
  const wrapped = new Map<EventListenerOrEventListenerObject, Listener>();
  const endpoint: Comlink.Endpoint = {
    postMessage: (message, transfer) => port.postMessage(message, transfer ?? []),
    addEventListener(_type, listener) {
      const filtered: Listener = (event) => {
        if (isWriteMessage(event.data)) return;
        if (typeof listener === 'function') listener(event);
        else listener.handleEvent(event);
      };
      wrapped.set(listener, filtered);
      port.addEventListener('message', filtered);
    },
    removeEventListener(_type, listener) {
      const filtered = wrapped.get(listener);
      if (filtered) port.removeEventListener('message', filtered);
      wrapped.delete(listener);
    },
    start: () => port.start?.(),
  };
  Comlink.expose(engine, endpoint);
}
