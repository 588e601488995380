// Redaction at ingest (docs/privacy.md#on-the-service): an app's rule set, set through the admin API and checked as the
// page checks its option, applies to every free-text field of every operation before it is stored; a change applies
// from the next request; what was stored before is left.
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, test } from 'vitest';
import { ADMIN_TOKEN, createHarness, type Harness } from './service-harness.ts';
import { device, sessionPayload } from '../../../fixtures/wire-bodies.ts';
import { isDatabaseKind, LOG_STORE_KINDS } from './test-databases.ts';

/** The example of docs/privacy.md#on-the-service, which these tests keep true. */
const EXAMPLE = JSON.parse(
  /POST \/sidelog\/admin\/api\/apps\n(\{.*\})\n```/.exec(
    readFileSync(new URL('../../../docs/privacy.md', import.meta.url), 'utf8'),
  )![1]!,
) as {
  key: string;
  redact: unknown;
};
const APP = EXAMPLE.key;
const RULES = EXAMPLE.redact;
const EMAIL = 'ivan.petrov@partner-shop.ru';
const CARD = '4111 1111 1111 1111';

describe.each(LOG_STORE_KINDS)('on %s', (kind) => {
  let service: Harness;
  afterEach(() => service.close());

  const postApp = (body: unknown) =>
    service.app.request('/sidelog/admin/api/apps', {
      method: 'POST',
      headers: { Authorization: `Bearer ${ADMIN_TOKEN}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });

  const REFUSED: [string, unknown, string][] = [
    ['not an object', 'x', `'redact' option must be an object.`],
    ['rules not an array', { rules: {} }, `'redact.rules' option must be an array.`],
    [
      'a rule without a name',
      { rules: [{ pattern: 'a' }] },
      `'redact.rules[0].name' must be 1 to 32 letters, digits, '_' or '-'.`,
    ],
    [
      'an empty pattern',
      { rules: [{ name: 'a', pattern: '' }] },
      `'redact.rules[0].pattern' must be a RegExp or a non-empty string.`,
    ],
    [
      'a flag g',
      { rules: [{ name: 'a', pattern: 'a', flags: 'g' }] },
      `'redact.rules[0].flags' may hold only the flags i, m, s, u and v.`,
    ],
    [
      'a pattern that does not compile',
      { rules: [{ name: 'a', pattern: '(' }] },
      `'redact.rules[0].pattern' is not a valid regular expression.`,
    ],
    [
      'a pattern matching nothing',
      { rules: [{ name: 'a', pattern: 'a*' }] },
      `'redact.rules[0].pattern' must not match an empty text.`,
    ],
    [
      'a pattern that could backtrack without bound',
      { rules: [{ name: 'a', pattern: '(a+)+$' }] },
      `'redact.rules[0].pattern' may backtrack without bound: in '(a+)+' a repetition can match the same text in more than one way.`,
    ],
    [
      'an unknown built-in',
      { builtIns: ['name'] },
      `'redact.builtIns' option names an unknown built-in 'name' (known: email, card, iban, jwt, credential, secret, phone).`,
    ],
  ];
  // An app's rules are not logs: with the logs in ClickHouse they are SQLite's (isDatabaseKind, docs/testing.md#budget).
  test.runIf(isDatabaseKind(kind))(
    "a rule set the page would refuse answers 400 with the page's text, and the app is left as it was",
    async () => {
      service = await createHarness({ store: kind });
      await service.admin('apps', { json: { key: APP, redact: RULES } });
      for (const [what, redact, error] of REFUSED) {
        const answer = await postApp({ key: APP, enabled: false, redact });
        expect({ what, status: answer.status, body: await answer.json() }).toEqual({
          what,
          status: 400,
          body: { error },
        });
      }
      expect(await service.store.app(APP)).toMatchObject({ enabled: true, redact: { builtIns: ['email', 'card'] } });
    },
  );

  test('every operation of the wire format, and OTLP, is stored redacted', async () => {
    service = await createHarness({ store: kind });
    const app = await service.admin('apps', { json: { key: APP, redact: RULES } });
    expect(app.redact).toEqual({
      builtIns: ['email', 'card'],
      rules: [{ name: 'contract', source: 'contract no\\. \\d+', flags: 'i' }],
    });
    const personal = {
      ...device('device-9'),
      name: `${EMAIL}'s phone`,
      key_values: { [EMAIL]: 4111111111111111, plan: `Contract No. 77` },
    };
    expect((await service.wire('getDeviceStatus', { app_token: APP, device: personal }, APP)).status).toBe(200);
    const payload = { ...sessionPayload('s-private', APP, 'device-9'), device: personal, note: `paid by ${CARD}` };
    const { id } = (await (await service.wire('sendSession', payload, APP)).json()) as { id: number };
    const log = {
      x: '2026-11-22T10:00:00.000Z',
      at: 1_790_000_000_000,
      t: `login ${EMAIL} card ${CARD}`,
      tg: EMAIL,
      m: 'pay',
      f: 'cart.ts',
      u: `https://shop.example/?mail=${EMAIL}`,
    };
    expect((await service.wire('sendLogs', { session_id: id, logs: [log] }, APP)).status).toBe(200);
    const issue = {
      uid: 'i-1',
      url: `https://shop.example/${EMAIL}`,
      title: `crash for ${EMAIL}`,
      text: `contract no. 12 ${CARD}`,
      app: { key: APP },
      type: 'crash',
      session_id: id,
    };
    expect((await service.wire('sendIssue', issue, APP)).status).toBe(200);
    expect(
      (await service.wire('setDeviceKey', { app_key: APP, device_id: 'device-9', key: EMAIL, value: CARD }, APP))
        .status,
    ).toBe(200);
    const otlp = {
      resourceLogs: [
        {
          resource: { attributes: [] },
          scopeLogs: [
            { logRecords: [{ timeUnixNano: '1790000000001000000', body: { stringValue: `otlp ${EMAIL}` } }] },
          ],
        },
      ],
    };
    const exported = await service.app.request('/v1/logs', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-App-Token': APP },
      body: JSON.stringify(otlp),
    });
    expect(exported.status).toBe(200);

    const logs = await service.admin<Record<string, unknown>[]>(`logs?app=${APP}`);
    expect(logs.map((row) => row.t).sort()).toEqual(['login [email] card [card]', 'otlp [email]']);
    expect(logs.find((row) => row.tg === '[email]')).toMatchObject({
      u: 'https://shop.example/?mail=[email]',
      m: 'pay',
      f: 'cart.ts',
    });
    expect(await service.admin(`issues?app=${APP}`)).toEqual([
      expect.objectContaining({
        uid: 'i-1',
        url: 'https://shop.example/[email]',
        title: 'crash for [email]',
        text: '[contract] [card]',
      }),
    ]);
    expect(await service.admin(`device-keys?app=${APP}`)).toEqual([
      { device_id: 'device-9', key: '[email]', value: '[card]' },
    ]);
    const [session] = (
      await service.admin<{ session_uid: string; payload: Record<string, any> }[]>(`sessions?app=${APP}`)
    ).filter((row) => row.session_uid === 's-private');
    expect(session.payload).toMatchObject({
      note: 'paid by [card]',
      session_uid: 's-private',
      app_version: { app: { key: APP } },
    });
    expect(session.payload.device).toMatchObject({
      udid: 'device-9',
      name: "[email]'s phone",
      key_values: { '[email]': '[card]', plan: '[contract]' },
    });
    const stored = await service.store.device(APP, 'device-9');
    expect(stored?.name).toBe("[email]'s phone");
    expect(JSON.stringify({ logs, session, stored })).not.toMatch(/ivan|4111[ -]?1111/);
  });

  test('a new rule set applies from the next request; what was stored before stays; null removes it, absent keeps it', async () => {
    service = await createHarness({ store: kind });
    await service.admin('apps', { json: { key: APP } });
    const id = await service.session('s-1', APP);
    const send = (t: string, at: number) =>
      service.wire('sendLogs', { session_id: id, logs: [{ x: new Date(at).toISOString(), at, t }] }, APP);
    const texts = async () => (await service.admin<{ t: string }[]>(`logs?app=${APP}`)).map((row) => row.t);

    await send(`before ${EMAIL}`, 1);
    await service.admin('apps', { json: { key: APP, redact: {} } });
    await send(`with ${EMAIL}`, 2);
    await service.admin('apps', { json: { key: APP, enabled: true } });
    await send(`kept ${EMAIL}`, 3);
    await service.admin('apps', {
      json: { key: APP, redact: { builtIns: false, rules: [{ name: 'who', pattern: 'ivan\\.petrov' }] } },
    });
    await send(`changed ${EMAIL}`, 4);
    expect(await service.admin('apps', { json: { key: APP, redact: null } })).not.toHaveProperty('redact');
    await send(`removed ${EMAIL}`, 5);

    expect(await texts()).toEqual([
      `before ${EMAIL}`,
      'with [email]',
      'kept [email]',
      'changed [who]@partner-shop.ru',
      `removed ${EMAIL}`,
    ]);
  });
});
