// The page's side of Comlink's protocol (app/logging/engines/comlink-calls.ts) against Comlink's own `expose`, which
// the engine's worker uses (worker/expose-engine.ts), over a real MessageChannel: a call's result, a callback the
// other side calls and awaits, a port transferred, and an error thrown there, name and message kept.
import * as Comlink from 'comlink';
import { afterEach, expect, test } from 'vitest';
import { callsOn } from '../../../app/logging/engines/comlink-calls.ts';

interface Api {
  add(a: number, b: number): Promise<number>;
  tell(report: (text: string) => void, text: string): Promise<string>;
  answerOn(port: MessagePort, text: string): Promise<void>;
  refuse(): Promise<void>;
}

const channels: MessageChannel[] = [];
afterEach(() => {
  for (const { port1, port2 } of channels.splice(0)) {
    port1.close();
    port2.close();
  }
});

function exposed(api: Api) {
  const channel = new MessageChannel();
  channels.push(channel);
  Comlink.expose(api, channel.port2);
  channel.port1.start();
  return callsOn<Api>(channel.port1);
}

test('a call resolves to what the exposed method returned', async () => {
  const calls = exposed({
    add: async (a, b) => a + b,
    tell: async () => '',
    answerOn: async () => {},
    refuse: async () => {},
  });
  expect(await Promise.all([calls.add(2, 3), calls.add(10, 20)])).toEqual([5, 30]);
});

test('a callback is called back with its arguments, and the other side hears it returned', async () => {
  const heard: string[] = [];
  const calls = exposed({
    add: async () => 0,
    // The exposed side awaits the callback, as the engine's calls to the page would: it gets its answer.
    tell: async (report, text) => {
      await report(`${text} once`);
      await report(`${text} twice`);
      return 'told';
    },
    answerOn: async () => {},
    refuse: async () => {},
  });
  expect(await calls.tell((text) => heard.push(text), 'stored')).toBe('told');
  expect(heard).toEqual(['stored once', 'stored twice']);
});

test('a port goes to the other side, which can answer on it', async () => {
  const calls = exposed({
    add: async () => 0,
    tell: async () => '',
    answerOn: async (port, text) => port.postMessage(text.toUpperCase()),
    refuse: async () => {},
  });
  const { port1, port2 } = new MessageChannel();
  channels.push({ port1, port2 } as MessageChannel);
  const answer = new Promise((resolve) => (port1.onmessage = (event) => resolve(event.data)));
  await calls.answerOn(port2, 'writes');
  expect(await answer).toBe('WRITES');
});

test('an error thrown there rejects the call with its name and message', async () => {
  const calls = exposed({
    add: async () => 0,
    tell: async () => '',
    answerOn: async () => {},
    refuse: async () => {
      const error = new Error('the rule could backtrack without bound');
      error.name = 'RefusedRules';
      throw error;
    },
  });
  const refused = await calls.refuse().catch((error: unknown) => error);
  expect(refused).toBeInstanceOf(Error);
  expect(refused).toMatchObject({ name: 'RefusedRules', message: 'the rule could backtrack without bound' });
});
