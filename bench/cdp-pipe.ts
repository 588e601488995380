// A bare Chrome DevTools Protocol client over `--remote-debugging-pipe` (fd 3: commands in, fd 4: events
// and answers out; NUL-delimited JSON). Not Playwright: its page enables the Runtime domain, which makes
// every console call several times slower and would skew the very thing measured.
import type { Readable, Writable } from 'node:stream';

interface Answer {
  id?: number;
  method?: string;
  params?: Record<string, unknown>;
  sessionId?: string;
  result?: Record<string, unknown>;
  error?: { message: string };
}

export interface CdpEvent {
  method: string;
  params: Record<string, unknown>;
  sessionId?: string;
}

interface CdpPipe {
  /** Sends one command, to the browser or (with sessionId) to an attached target; resolves to its result. */
  send<T = Record<string, unknown>>(method: string, params?: Record<string, unknown>, sessionId?: string): Promise<T>;
  /** Hears every event the browser sends (the trace's chunks, `--trace`); returns what stops hearing them. */
  listen(listener: (event: CdpEvent) => void): () => void;
  /** Fails every command still waiting (the browser went away). */
  close(reason: Error): void;
}

export function createCdpPipe(input: Writable, output: Readable): CdpPipe {
  let nextId = 0;
  const waiting = new Map<number, { resolve(result: any): void; reject(error: Error): void; method: string }>();
  let pending = '';
  const listeners = new Set<(event: CdpEvent) => void>();

  output.setEncoding('utf8');
  output.on('data', (chunk: string) => {
    const parts = (pending + chunk).split('\0');
    pending = parts.pop()!;
    for (const part of parts) {
      const message = JSON.parse(part) as Answer;
      if (message.id === undefined) {
        if (message.method) for (const listener of listeners) listener(message as CdpEvent);
        continue;
      }
      const call = waiting.get(message.id);
      if (!call) continue;
      waiting.delete(message.id);
      if (message.error) call.reject(new Error(`${call.method}: ${message.error.message}`));
      else call.resolve(message.result ?? {});
    }
  });

  return {
    send(method, params = {}, sessionId) {
      const id = ++nextId;
      return new Promise((resolve, reject) => {
        waiting.set(id, { resolve, reject, method });
        input.write(JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) }) + '\0');
      });
    },
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close(reason) {
      for (const call of waiting.values()) call.reject(reason);
      waiting.clear();
    },
  };
}
