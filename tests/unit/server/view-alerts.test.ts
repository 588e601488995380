// Saved views' alerts (docs/explorer.md#alerts), on SQLite and on PostgreSQL (and with the logs in ClickHouse, whose
// count the checks read), the clock driven (checkDue(now), deliverDue(now)), never waited on: "more than N in M
// minutes" fires once on the (N+1)th log, not again while it holds, clears, and fires again only a window after its
// last firing; "none in M minutes" fires and clears; the webhook receives the documented body byte for byte, through
// the outbox; two service processes on one PostgreSQL database fire once between them; and what the API refuses.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { EXPLORER_API } from '../../../explorer-contract/api.types.ts';
import type { LogLevel } from '../../../protocol/levels.ts';
import type { LogRecord } from '../../../protocol/records.types.ts';
import { startAlertChecks } from '../../../server/alerts/alert-checks.ts';
import { appIdOf } from '../../../server/stores/app-id.ts';
import { openStore } from '../../../server/stores/open-store.ts';
import type { Store } from '../../../server/stores/store.types.ts';
import { startNotifier } from '../../../server/webhooks/notifier.ts';
import { sessionPayload } from '../../../fixtures/wire-bodies.ts';
import { createHarness, type Harness } from './service-harness.ts';
import { isDatabaseKind, LOG_STORE_KINDS } from './test-databases.ts';

const APP = 'alerts-app';
const APP_ID = appIdOf(APP);
const VIEW_ID = 'V1StGXR8_Z5jdHi6B-myT';
const at = (time: string) => Date.parse(`2026-11-26T${time}Z`);

/** The documented webhook body (docs/explorer.md#alerts), as the service sends it: compact JSON. */
function documentedBody(): string {
  const docs = readFileSync(resolve(import.meta.dirname, '../../../docs/explorer.md'), 'utf8');
  const section = docs.slice(docs.indexOf('## Alerts'));
  return JSON.stringify(JSON.parse(/```json\n([\s\S]*?)```/.exec(section)![1]!));
}

async function startReceiver() {
  const bodies: string[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      bodies.push(body);
      response.end();
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    bodies,
    /** Each body's event and count. */
    events: () =>
      bodies.map((body) => {
        const { event, alert } = JSON.parse(body) as { event: string; alert: { count: number } };
        return `${event} ${alert.count}`;
      }),
    close: () => new Promise((done) => server.close(done)),
  };
}

describe.each(LOG_STORE_KINDS)('on %s', (kind) => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  let service: Harness;
  let cookie: string;
  async function setUp() {
    service = await createHarness({ store: kind });
    cleanups.push(() => service.close());
    await service.admin('apps', { json: { key: APP } });
    cookie = await service.adminCookie();
    const receiver = await startReceiver();
    cleanups.push(receiver.close);
    await service.admin('webhooks', { json: { app: APP, url: receiver.url, origin: 'https://logs.example' } });
    const session = await service.wire('sendSession', sessionPayload('s-alerts', APP), APP);
    const sessionId = ((await session.json()) as { id: number }).id;
    return { receiver, sessionId };
  }

  /** The explorer's API on the app, as the admin; a `json` body makes it a POST. */
  async function explorer<T = any>(path: string, json?: unknown): Promise<{ status: number; body: T }> {
    const answer = await service.app.request(`http://localhost${EXPLORER_API}/apps/${APP_ID}${path}`, {
      method: json === undefined ? 'GET' : 'POST',
      headers: { Cookie: cookie, ...(json === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: json === undefined ? undefined : JSON.stringify(json),
    });
    return { status: answer.status, body: (await answer.json()) as T };
  }

  async function send(sessionId: number, lines: { time: string; text: string; ll?: LogLevel; tg?: string }[]) {
    const logs = lines.map(({ time, text, ll = 2, tg = 'shop' }): LogRecord => ({
      x: `2026-11-26T${time}Z`,
      at: at(time),
      t: text,
      ll,
      tg,
    }));
    const answer = await service.wire('sendLogs', { session_id: sessionId, logs }, APP);
    expect(answer.status).toBe(200);
    await service.store.settled();
  }

  async function saveView(id: string, name: string, query: string, path = '/logs') {
    await service.store.addSavedView(APP, {
      id,
      name,
      path,
      query,
      shared: true,
      owner: 'admin',
      created_at: '2026-11-26T09:00:00.000Z',
    });
  }

  function clock(store: Store = service.store) {
    const checks = startAlertChecks(store, store.explorer, { timer: false });
    const notifier = startNotifier(store, { timer: false });
    cleanups.push(
      () => checks.stop(),
      () => notifier.stop(),
    );
    /** One check at `time`, and the deliveries it queued. */
    return async (time: string) => {
      const checked = await checks.checkDue(at(time));
      await notifier.deliverDue(at(time));
      return checked;
    };
  }

  test('more than 20 in 5 minutes: fires once on the 21st log, not again while it holds, clears, and fires again a window after its last firing', async () => {
    const { receiver, sessionId } = await setUp();
    await saveView(VIEW_ID, 'Checkout errors', `app=${APP_ID}&level=error&q=checkout`);
    const set = await explorer(`/views/${VIEW_ID}/alert`, { alert: { kind: 'above', count: 20, minutes: 5 } });
    expect(set.status).toBe(200);
    expect(set.body.alert).toEqual({ kind: 'above', count: 20, minutes: 5 });
    expect((await explorer('/views')).body.map((view: { alert: unknown }) => view.alert)).toEqual([
      { kind: 'above', count: 20, minutes: 5 },
    ]);
    const check = clock();

    // 20 checkout errors, and lines the view leaves out: another word, another level.
    await send(sessionId, [
      ...Array.from({ length: 20 }, (_, i) => ({
        time: `10:56:${String(i).padStart(2, '0')}.000`,
        text: `checkout failed ${i}`,
      })),
      { time: '10:57:00.000', text: 'payment failed' },
      { time: '10:57:01.000', text: 'checkout slow', ll: 1 },
    ]);
    expect(await check('10:59:00')).toBe(1);
    expect(receiver.bodies).toEqual([]);
    await send(sessionId, [{ time: '10:59:30.000', text: 'checkout failed 21' }]);
    expect(await check('11:00:00')).toBe(1);
    // A second look at the same minute finds the check taken.
    expect(await check('11:00:00')).toBe(0);
    expect(receiver.bodies).toEqual([documentedBody()]);

    // Still 21 in [10:56, 11:01): no repeat. Then the 20 leave the window: cleared, with its count.
    await check('11:01:00');
    await check('11:02:00');
    expect(receiver.events()).toEqual(['alert.fired 21', 'alert.cleared 1']);

    // Holding again 3 minutes after it fired: it waits for its window; at 11:05 it fires again.
    await send(
      sessionId,
      Array.from({ length: 25 }, (_, i) => ({
        time: `11:02:${String(30 + i).padStart(2, '0')}.000`,
        text: `checkout failed again ${i}`,
      })),
    );
    await check('11:03:00');
    await check('11:04:00');
    expect(receiver.events()).toEqual(['alert.fired 21', 'alert.cleared 1']);
    await check('11:05:00');
    expect(receiver.events()).toEqual(['alert.fired 21', 'alert.cleared 1', 'alert.fired 25']);

    const condition = { kind: 'above', count: 20, minutes: 5 };
    const firing = { view_id: VIEW_ID, view_name: 'Checkout errors', condition };
    expect((await explorer('/alerts')).body).toEqual([
      { id: 2, ...firing, fired_at: '2026-11-26T11:05:00.000Z', count: 25, cleared_at: null, cleared_count: null },
      {
        id: 1,
        ...firing,
        fired_at: '2026-11-26T11:00:00.000Z',
        count: 21,
        cleared_at: '2026-11-26T11:02:00.000Z',
        cleared_count: 1,
      },
    ]);

    // Deleting the view takes its alert and its history with it.
    const deleted = await service.app.request(`http://localhost${EXPLORER_API}/apps/${APP_ID}/views/${VIEW_ID}`, {
      method: 'DELETE',
      headers: { Cookie: cookie, 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(deleted.status).toBe(200);
    expect((await explorer('/alerts')).body).toEqual([]);
    expect(await check('11:10:00')).toBe(0);
  });

  test('none in 10 minutes: fires when the heartbeats stop, once, and clears on the next one', async () => {
    const { receiver, sessionId } = await setUp();
    // A view by level alone: counted from the rollup.
    await saveView('heartbeats-view-000001', 'Heartbeats', `app=${APP_ID}&level=info`);
    expect(
      (await explorer('/views/heartbeats-view-000001/alert', { alert: { kind: 'none', minutes: 10 } })).status,
    ).toBe(200);
    const check = clock();
    await send(
      sessionId,
      Array.from({ length: 21 }, (_, i) => ({ time: `10:${String(i).padStart(2, '0')}:00.000`, text: 'alive', ll: 4 })),
    );
    await check('10:15:00');
    await check('10:30:00');
    expect(receiver.events()).toEqual([]);
    await check('10:31:00');
    await check('10:32:00');
    expect(receiver.events()).toEqual(['alert.fired 0']);
    await send(sessionId, [{ time: '10:32:10.000', text: 'alive', ll: 4 }]);
    await check('10:33:00');
    expect(receiver.events()).toEqual(['alert.fired 0', 'alert.cleared 1']);
    expect(JSON.parse(receiver.bodies[0]!).alert).toMatchObject({
      text: 'no log in 10 minutes',
      window: { from: '2026-11-26T10:21:00.000Z', to: '2026-11-26T10:31:00.000Z' },
      url: `https://logs.example/sidelog/logs?app=${APP_ID}&level=info&from=2026-11-26T10%3A21%3A00.000Z&to=2026-11-26T10%3A31%3A00.000Z`,
    });
    expect(
      (await explorer('/alerts')).body.map((one: any) => [one.fired_at, one.count, one.cleared_at, one.cleared_count]),
    ).toEqual([['2026-11-26T10:31:00.000Z', 0, '2026-11-26T10:33:00.000Z', 1]]);
  });

  // The routes' rules, which read and write no log: on the two databases only (isDatabaseKind, docs/testing.md#budget).
  test.runIf(isDatabaseKind(kind))('what the API refuses', async () => {
    await setUp();
    await saveView('logs-view-00000000001', 'Errors', `app=${APP_ID}&level=error`);
    await saveView('patterns-view-0000001', 'Patterns', `app=${APP_ID}`, '/patterns');
    const refusals: [unknown, string][] = [
      [undefined, `'alert' must be an object, or null to remove it`],
      [[], `'alert' must be an object, or null to remove it`],
      [{ kind: 'below', minutes: 5 }, `'alert.kind' must be 'above' or 'none'`],
      [{ kind: 'above', count: 3 }, `'alert.minutes' must be a whole number of minutes from 1 to 1440`],
      [{ kind: 'above', count: 3, minutes: 0 }, `'alert.minutes' must be a whole number of minutes from 1 to 1440`],
      [{ kind: 'none', minutes: 1441 }, `'alert.minutes' must be a whole number of minutes from 1 to 1440`],
      [{ kind: 'none', minutes: 2.5 }, `'alert.minutes' must be a whole number of minutes from 1 to 1440`],
      [{ kind: 'above', count: -1, minutes: 5 }, `'alert.count' must be a whole number from 0 to 99999`],
      [{ kind: 'above', count: '20', minutes: 5 }, `'alert.count' must be a whole number from 0 to 99999`],
      [{ kind: 'none', count: 0, minutes: 5 }, `'alert.count' goes with kind 'above' only`],
    ];
    for (const [alert, error] of refusals)
      expect(await explorer('/views/logs-view-00000000001/alert', { alert }), JSON.stringify(alert)).toEqual({
        status: 400,
        body: { error },
      });
    const good = { alert: { kind: 'none', minutes: 5 } };
    expect(await explorer('/views/patterns-view-0000001/alert', good)).toEqual({
      status: 400,
      body: { error: 'only a view of the log stream (/logs) can carry an alert' },
    });
    expect(await explorer('/views/no-such-view/alert', good)).toEqual({
      status: 404,
      body: { error: 'no such view of yours' },
    });
    // Another viewer's own view is not theirs to alert on, nor to see.
    await service.admin('viewers', { json: { name: 'support', password: 'long-enough-1' } });
    const signIn = await service.app.request(`${EXPLORER_API}/sign-in`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'support', password: 'long-enough-1' }),
    });
    const admin = cookie;
    cookie = signIn.headers.get('Set-Cookie')!.split(';')[0]!;
    expect((await explorer('/views/logs-view-00000000001/alert', good)).status).toBe(404);
    cookie = admin;
    // Removing: null.
    expect((await explorer('/views/logs-view-00000000001/alert', good)).status).toBe(200);
    expect((await explorer('/views/logs-view-00000000001/alert', { alert: null })).body.alert).toBeNull();
    expect((await explorer('/views')).body.map((view: { alert: unknown }) => view.alert)).toEqual([null, null]);
  });
});

describe('two processes on one PostgreSQL database', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  test('fire once between them', async () => {
    const service = await createHarness({ store: 'postgres' });
    cleanups.push(() => service.close());
    await service.admin('apps', { json: { key: APP } });
    const receiver = await startReceiver();
    cleanups.push(receiver.close);
    await service.admin('webhooks', { json: { app: APP, url: receiver.url, origin: 'https://logs.example' } });
    await service.store.addSavedView(APP, {
      id: VIEW_ID,
      name: 'Quiet',
      path: '/logs',
      query: `app=${APP_ID}`,
      shared: true,
      owner: 'admin',
      created_at: '2026-11-26T09:00:00.000Z',
    });
    expect(
      await service.store.setViewAlert(
        APP,
        VIEW_ID,
        { viewer: 'admin', anyOwner: true },
        { kind: 'none', minutes: 5 },
        0,
      ),
    ).toBe(true);
    // A second process: its own store (its own pool) on the same database, as SIDELOG_PROCESSES starts one.
    const other = await openStore(service.db);
    cleanups.push(() => other.close());
    const [one, two] = [service.store, other].map((store) => {
      const checks = startAlertChecks(store, store.explorer, { timer: false });
      cleanups.push(() => checks.stop());
      return checks;
    });
    const checked = await Promise.all([one!.checkDue(at('11:00:00')), two!.checkDue(at('11:00:00'))]);
    expect(checked.sort()).toEqual([0, 1]);
    const notifier = startNotifier(service.store, { timer: false });
    cleanups.push(() => notifier.stop());
    await notifier.deliverDue(at('11:00:00'));
    expect(receiver.events()).toEqual(['alert.fired 0']);
    expect((await service.store.alertFirings(APP, 'admin', 10)).map((firing) => firing.fired_at)).toEqual([
      '2026-11-26T11:00:00.000Z',
    ]);
  });
});
