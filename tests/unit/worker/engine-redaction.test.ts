// The engine applies an app's rules to what the page kept with the built-ins only (docs/privacy.md#where-redaction-runs):
// the device's keys in its start-up config, and a rescued session's. In Node, the core wired by hand around the real
// writer and in-memory storage, as in engine-deferral.test.ts.
import { describe, expect, test } from 'vitest';
import type { DeviceInfo, EngineConfig, SessionPayload } from '../../../protocol/index.ts';
import { resolveRedact } from '../../../protocol/redact/redact-options.ts';
import { REFUSED_RULES } from '../../../protocol/redact/refused-rules.ts';
import { createEngine } from '../../../worker/engine.ts';
import type { CoreRegistry, EngineCore } from '../../../worker/engine-core.ts';
import { createGuard } from '../../../worker/guard.ts';
import { createMemoryStorage } from '../../../worker/storage/memory-storage.ts';
import { createWriter } from '../../../worker/writer.ts';

const redact = resolveRedact({ rules: [{ name: 'contract', pattern: 'contract no\\. \\d+', flags: 'i' }] });
/** As the page keeps them: its built-ins applied, the app's rule not. */
const device = (udid: string) =>
  ({
    udid,
    name: 'phone',
    key_values: { plan: 'Contract No. 77', 'Contract No. 78': true, seats: 3 },
  }) as unknown as DeviceInfo;
const session = (uid: string): SessionPayload =>
  ({ session_uid: uid, time: '2026-12-05T01:00:00.000Z', device: device(`${uid}-device`) }) as SessionPayload;
const REDACTED = { plan: '[contract]', '[contract]': true, seats: 3 };

function setUp() {
  const storage = createMemoryStorage();
  const writer = createWriter({ storage, guard: createGuard(), onError: () => {} });
  let given: EngineConfig | undefined;
  const core = {
    storage,
    writer,
    guard: createGuard(),
    device: {} as EngineCore['device'],
    tabs: new Set<string>(),
    debugSinks: new Set(),
    forceSend: async () => {},
    sendKeepalive: async () => {},
    status: async () => ({}) as Awaited<ReturnType<EngineCore['status']>>,
    close: async () => {},
  } satisfies EngineCore;
  const cores: CoreRegistry = {
    get: async (config) => {
      given = config;
      return core;
    },
    release: async () => {},
  };
  const config = {
    ...{ appKey: 'app', run: 'run-1', storage: 'memory', redact },
    device: device('this-device'),
    session: { ...session('this-session'), device: device('this-device') },
  } as unknown as EngineConfig;
  return { engine: createEngine(cores), config, storage, given: () => given! };
}

describe("the engine applies the app's rules to the device keys the page kept", () => {
  test("in its start-up config: the device the core uploads and the session it stores, and not the page's own", async () => {
    const { engine, config, storage, given } = setUp();
    await engine.start(config, undefined, () => {});
    expect(given().device.key_values).toEqual(REDACTED);
    const [stored] = await storage.sessions();
    expect(stored.payload.device.key_values).toEqual(REDACTED);
    // In modes B and C the config is the page's own object: the engine redacts a copy.
    expect(config.device.key_values.plan).toBe('Contract No. 77');
  });

  test("in a rescued session, stored by a later page's engine", async () => {
    const { engine, config, storage } = setUp();
    await engine.start(config, undefined, () => {});
    const rescue = { appKey: 'app', run: 'run-0', session: session('earlier-session'), writes: [] };
    engine.write({ sl: 'rescued', seq: 1, rescue });
    await engine.settle(1);
    const earlier = (await storage.sessions()).find((record) => record.uuid === 'earlier-session');
    expect(earlier?.payload.device.key_values).toEqual(REDACTED);
  });
});

describe('a rule that could backtrack without bound', () => {
  test('is refused by the engine as it starts, before any rule runs: no core is taken, the error names the rule', async () => {
    const { engine, config, given } = setUp();
    const refused = { ...config, redact: resolveRedact({ rules: [{ name: 'words', pattern: '(\\w+\\s?)+$' }] }) };
    await expect(engine.start(refused, undefined, () => {})).rejects.toMatchObject({
      name: REFUSED_RULES,
      message: expect.stringContaining("'redact.rules[0].pattern' may backtrack without bound"),
    });
    expect(given()).toBeUndefined();
  });
});
