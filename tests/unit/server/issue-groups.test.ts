// Issue groups and their webhook on SQLite and on PostgreSQL (docs/explorer.md#issue-groups,
// docs/explorer.md#the-webhook): issues grouped as they are stored, counted with their devices, a resolved group
// reopening and a muted one staying muted; the outbox holding one notification per new or reopened group, delivered
// at least once to a real local receiver and retried when it fails; issues stored before groups were kept grouped
// when the store opens; and the explorer's saved views and key history on the same service.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { EXPLORER_API } from '../../../explorer-contract/api.types.ts';
import type { IssueGroup, KeyHistoryEntry, SavedView } from '../../../explorer-contract/insight.types.ts';
import { FIELD_CAPS } from '../../../protocol/limits.ts';
import { appIdOf } from '../../../server/stores/app-id.ts';
import { DEMO_APP_KEY } from '../../../server/partner/demo.ts';
import { openStore } from '../../../server/stores/open-store.ts';
import { PG_MIGRATIONS } from '../../../server/stores/postgres/schema.ts';
import { MIGRATIONS } from '../../../server/stores/sqlite/schema.ts';
import { startNotifier } from '../../../server/webhooks/notifier.ts';
import { createHarness, type Harness } from './service-harness.ts';
import { sessionPayload } from '../../../fixtures/wire-bodies.ts';
import { STORE_KINDS } from './test-databases.ts';

const APP_ID = appIdOf(DEMO_APP_KEY);

/** A local webhook receiver: what it was sent, and the statuses it answers with (200 once they run out). */
async function startReceiver(statuses: number[] = []) {
  const received: { event: string; delivery: string; body: any }[] = [];
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      received.push({
        event: String(request.headers['x-sidelog-event']),
        delivery: String(request.headers['x-sidelog-delivery']),
        body: JSON.parse(body),
      });
      response.statusCode = statuses.shift() ?? 200;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    received,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

describe.each(STORE_KINDS)('on %s', (kind) => {
  let service: Harness;
  let cookie: string;
  beforeAll(async () => {
    service = await createHarness({ store: kind });
    cookie = await service.adminCookie();
  });
  afterAll(() => service.close());

  /** The explorer's API as the signed-in admin (or `as` another cookie). */
  async function explorer<T = any>(
    path: string,
    init: { method?: string; json?: unknown; as?: string } = {},
  ): Promise<{ status: number; body: T }> {
    const answer = await service.app.request(`${EXPLORER_API}/apps/${APP_ID}${path}`, {
      method: init.method ?? (init.json === undefined ? 'GET' : 'POST'),
      headers: {
        Cookie: init.as ?? cookie,
        ...(init.json === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: init.json === undefined ? undefined : JSON.stringify(init.json),
    });
    return { status: answer.status, body: (await answer.json()) as T };
  }

  const sessions = new Map<string, number>();
  async function sessionOn(udid: string): Promise<number> {
    if (!sessions.has(udid)) {
      const response = await service.wire('sendSession', sessionPayload(`s-${udid}`, DEMO_APP_KEY, udid));
      sessions.set(udid, ((await response.json()) as { id: number }).id);
    }
    return sessions.get(udid)!;
  }
  let issues = 0;
  async function sendIssue(
    udid: string,
    title: string,
    type = 'crash',
    text = `Error: ${title}\nStack: Error\n    at pay (https://shop.example/app.js:${issues}:1)`,
  ) {
    const uid = `issue-${++issues}`;
    const answer = await service.wire('sendIssue', {
      uid,
      url: '',
      title,
      text,
      app: { key: DEMO_APP_KEY },
      type,
      session_id: await sessionOn(udid),
    });
    expect(answer.status).toBe(200);
    return uid;
  }
  const groups = async (query = '') => (await explorer<{ groups: IssueGroup[] }>(`/issue-groups?${query}`)).body.groups;
  const groupOf = async (uid: string) => (await explorer<IssueGroup>(`/issues/${uid}/group`)).body;
  const outbox = async () => (await service.admin<{ pending: number }>(`webhooks?app=${DEMO_APP_KEY}`)).pending;

  test('issues of one fingerprint are one group, counted with their devices; a resend counts once', async () => {
    const first = await sendIssue('d-1', 'Order 8812 not found');
    await sendIssue('d-2', 'Order 17 not found');
    const third = await sendIssue('d-1', 'Order 5 not found');
    await service.wire('sendIssue', {
      uid: third,
      url: '',
      title: 'Order 5 not found',
      text: 'resent',
      app: { key: DEMO_APP_KEY },
      type: 'crash',
      session_id: await sessionOn('d-1'),
    });
    await sendIssue('d-1', 'Cart 3 is empty', 'issue');
    const group = await groupOf(first);
    expect(group).toMatchObject({
      type: 'crash',
      title: 'Order <*> not found',
      last_title: 'Order 5 not found',
      top_frame: 'pay (/app.js)',
      status: 'open',
      occurrences: 3,
      devices: 2,
    });
    expect(group.first_seen <= group.last_seen).toBe(true);
    expect((await groups('q=order')).map((found) => found.title)).toEqual(['Order <*> not found']);
    expect((await groups('type=issue')).map((found) => found.title)).toEqual(['Cart <*> is empty']);
    const occurrences = (await explorer<{ issues: { uid: string }[] }>(`/issue-groups/${group.id}/occurrences`)).body
      .issues;
    expect(occurrences.map((issue) => issue.uid)).toEqual([third, 'issue-2', first]);
  });

  test('a resolved group reopens on a new occurrence, a muted one stays muted; the outbox holds one notification per new or reopened group', async () => {
    const receiver = await startReceiver();
    try {
      await service.admin('webhooks', {
        json: { app: DEMO_APP_KEY, url: receiver.url, origin: 'https://logs.example' },
      });
      const uid = await sendIssue('d-3', 'Payment 1 declined');
      const group = await groupOf(uid);
      await sendIssue('d-3', 'Payment 2 declined');
      expect(await outbox()).toBe(1);
      expect(
        (await explorer<IssueGroup>(`/issue-groups/${group.id}/status`, { json: { status: 'resolved' } })).body,
      ).toMatchObject({ status: 'resolved', status_by: 'admin' });
      const reopening = await sendIssue('d-4', 'Payment 3 declined');
      expect(await groupOf(uid)).toMatchObject({ status: 'open', status_by: null, occurrences: 3, devices: 2 });
      expect(await outbox()).toBe(2);

      const muted = await groupOf(await sendIssue('d-3', 'Logo 1 missing', 'issue'));
      await explorer(`/issue-groups/${muted.id}/status`, { json: { status: 'muted' } });
      expect((await groupOf(await sendIssue('d-3', 'Logo 2 missing', 'issue'))).status).toBe('muted');
      expect(await outbox()).toBe(3);

      const notifier = startNotifier(service.store, { timer: false });
      expect(await notifier.deliverDue()).toBe(3);
      expect(await notifier.deliverDue()).toBe(0);
      expect(receiver.received.map((notification) => [notification.event, notification.body.group.title])).toEqual([
        ['issue_group.new', 'Payment <*> declined'],
        ['issue_group.reopened', 'Payment <*> declined'],
        ['issue_group.new', 'Logo <*> missing'],
      ]);
      expect(receiver.received[1]!.body).toMatchObject({
        event: 'issue_group.reopened',
        app: { app_id: APP_ID },
        group: {
          id: group.id,
          status: 'open',
          occurrences: 3,
          url: `https://logs.example/sidelog/issue-groups/${group.id}?app=${APP_ID}`,
        },
        issue: {
          uid: reopening,
          title: 'Payment 3 declined',
          udid: 'd-4',
          url: `https://logs.example/sidelog/issues/${reopening}?app=${APP_ID}`,
        },
      });
      expect(await service.admin(`webhooks?app=${DEMO_APP_KEY}`)).toMatchObject({
        url: receiver.url,
        last_status: '200',
        pending: 0,
      });
    } finally {
      await receiver.close();
    }
  });

  test('a webhook that fails is tried again later, until it answers', async () => {
    const receiver = await startReceiver([500, 503]);
    try {
      await service.admin('webhooks', { json: { app: DEMO_APP_KEY, url: receiver.url } });
      await sendIssue('d-5', 'Font 1 failed to load', 'issue');
      const notifier = startNotifier(service.store, { timer: false });
      const now = Date.now();
      expect(await notifier.deliverDue(now)).toBe(1);
      expect(await service.admin(`webhooks?app=${DEMO_APP_KEY}`)).toMatchObject({
        last_status: '500; will retry',
        pending: 1,
      });
      // Not due again before its delay (1 s after the first failure, 2 s after the second).
      expect(await notifier.deliverDue(now + 500)).toBe(0);
      expect(await notifier.deliverDue(now + 1_000)).toBe(1);
      expect(await notifier.deliverDue(now + 2_900)).toBe(0);
      expect(await notifier.deliverDue(now + 3_000)).toBe(1);
      expect(receiver.received.map((notification) => notification.body.group.title)).toEqual([
        'Font <*> failed to load',
        'Font <*> failed to load',
        'Font <*> failed to load',
      ]);
      expect(new Set(receiver.received.map((notification) => notification.delivery)).size).toBe(1);
      expect(await service.admin(`webhooks?app=${DEMO_APP_KEY}`)).toMatchObject({ last_status: '200', pending: 0 });
    } finally {
      await receiver.close();
    }
  });

  test('the webhook is the admin’s: a viewer neither sees nor sets it, and a URL must be http or https', async () => {
    await service.admin('viewers', { json: { name: 'support', password: 'long-enough-1' } });
    const signIn = await service.app.request(`${EXPLORER_API}/sign-in`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'support', password: 'long-enough-1' }),
    });
    const support = signIn.headers.get('Set-Cookie')!.split(';')[0]!;
    expect((await explorer('/webhook', { as: support })).status).toBe(403);
    expect((await explorer('/webhook', { as: support, json: { url: 'http://evil.example/' } })).status).toBe(403);
    expect((await explorer('/webhook', { json: { url: 'file:///etc/passwd' } })).status).toBe(400);
    const set = await explorer('/webhook', { json: { url: 'https://hooks.example/sidelog' } });
    expect(set).toMatchObject({ status: 200, body: { url: 'https://hooks.example/sidelog' } });
    expect((await explorer('/webhook', { json: { url: null } })).body).toMatchObject({ url: null, pending: 0 });
  });

  test('issues stored before groups were kept are grouped when the store opens, notifying no one', async () => {
    const before = await groups('status=open,resolved,muted');
    const receiver = await startReceiver();
    await service.admin('webhooks', { json: { app: DEMO_APP_KEY, url: receiver.url } });
    await receiver.close();
    // As an earlier version left the database: issues with no group, and no groups.
    const forget = [
      'UPDATE issues SET group_id = NULL',
      'DELETE FROM webhook_outbox',
      'DELETE FROM issue_group_devices',
      'DELETE FROM issue_groups',
    ];
    if (kind === 'sqlite') {
      const db = new Database(service.db);
      for (const statement of forget) db.prepare(statement).run();
      db.close();
    } else {
      const client = new pg.Client(service.db);
      await client.connect();
      for (const statement of forget) await client.query(statement);
      await client.end();
    }
    expect(await groups('status=open,resolved,muted')).toEqual([]);
    const reopened = await openStore(service.db);
    try {
      const regrouped = (await reopened.issueGroups({ appKey: DEMO_APP_KEY, limit: 100 })).groups;
      expect(regrouped.map(({ title, occurrences, devices, type }) => ({ title, occurrences, devices, type }))).toEqual(
        before.map(({ title, occurrences, devices, type }) => ({ title, occurrences, devices, type })),
      );
      expect((await reopened.webhook(DEMO_APP_KEY)).pending).toBe(0);
    } finally {
      await reopened.close();
    }
  });

  test('saved views: the viewer’s own and the shared ones; only the owner (or the admin) deletes one', async () => {
    const save = (name: string, shared: boolean, as?: string) =>
      explorer<SavedView>('/views', { json: { name, path: '/logs', query: `app=${APP_ID}&level=error`, shared }, as });
    const mine = (await save('Errors (mine)', false)).body;
    const everyone = (await save('Errors (everyone)', true)).body;
    expect(mine.id).toMatch(/^[\w-]{21}$/);
    const signIn = await service.app.request(`${EXPLORER_API}/sign-in`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'support', password: 'long-enough-1' }),
    });
    const support = signIn.headers.get('Set-Cookie')!.split(';')[0]!;
    expect((await explorer<SavedView[]>('/views', { as: support })).body.map((view) => view.name)).toEqual([
      'Errors (everyone)',
    ]);
    expect((await explorer('/views/' + everyone.id, { method: 'DELETE', json: {}, as: support })).status).toBe(404);
    expect((await explorer('/views', { json: { name: '', path: '/logs', query: '' } })).status).toBe(400);
    expect(
      (
        await service.app.request(`${EXPLORER_API}/apps/${APP_ID}/views`, {
          method: 'POST',
          headers: { Cookie: cookie, 'Content-Type': 'text/plain' },
          body: '{"name":"x","path":"/logs","query":""}',
        })
      ).status,
    ).toBe(415);
    expect((await explorer('/views/' + everyone.id, { method: 'DELETE', json: {} })).status).toBe(200);
    expect((await explorer<SavedView[]>('/views')).body).toEqual([mine]);
  });

  test('a group’s status, a saved view and the webhook change only from the explorer’s own page, with JSON: 403 and 415 change nothing', async () => {
    const group = await groupOf(await sendIssue('d-9', 'Refund 4 failed'));
    const view = (await explorer<SavedView>('/views', { json: { name: 'Kept', path: '/logs', query: '' } })).body;
    const webhook = (await explorer('/webhook', { json: { url: 'https://hooks.example/kept' } })).body;
    const writes: [string, string, unknown][] = [
      ['POST', `/issue-groups/${group.id}/status`, { status: 'resolved' }],
      ['POST', '/views', { name: 'Planted', path: '/logs', query: '' }],
      ['DELETE', `/views/${view.id}`, {}],
      ['POST', '/webhook', { url: 'https://attacker.example/hook' }],
    ];
    const refusals = [
      [403, { 'Sec-Fetch-Site': 'cross-site', 'Content-Type': 'application/json' }],
      [403, { Origin: 'http://localhost:8081', 'Content-Type': 'application/json' }],
      [415, { 'Sec-Fetch-Site': 'same-origin', 'Content-Type': 'application/x-www-form-urlencoded' }],
      [415, { 'Sec-Fetch-Site': 'same-origin', 'Content-Type': 'text/plain' }],
    ] as const;
    for (const [method, path, body] of writes) {
      for (const [status, headers] of refusals) {
        const answer = await service.app.request(`http://localhost${EXPLORER_API}/apps/${APP_ID}${path}`, {
          method,
          headers: { Cookie: cookie, ...headers },
          body: JSON.stringify(body),
        });
        expect(answer.status, `${method} ${path} ${JSON.stringify(headers)}`).toBe(status);
      }
    }
    expect((await groupOf('issue-' + issues)).status).toBe('open');
    expect((await explorer<SavedView[]>('/views')).body.map((found) => found.name)).toContain('Kept');
    expect((await explorer<SavedView[]>('/views')).body.map((found) => found.name)).not.toContain('Planted');
    expect((await explorer('/webhook')).body).toEqual(webhook);
  });

  test('a group keeps its title, its newest occurrence’s and its top frame cut to the page’s cap for a title, and its notification sends them so', async () => {
    const receiver = await startReceiver();
    try {
      await service.admin('webhooks', { json: { app: DEMO_APP_KEY, url: receiver.url } });
      const long = `Checkout failed ${'é'.repeat(200_000)}`;
      const frame = `handle${'x'.repeat(200_000)}`;
      const uid = await sendIssue('d-long', long, 'crash', `Error\n    at ${frame} (https://shop.example/app.js:1:1)`);
      const group = await groupOf(uid);
      const cut = (text: string) => text.slice(0, FIELD_CAPS.issueTitle) + '…';
      expect(group.last_title).toBe(cut(long));
      expect(group.title.length).toBeLessThanOrEqual(FIELD_CAPS.issueTitle + 1);
      expect(group.top_frame).toBe(cut(`${frame} (/app.js)`));
      // The group's list of occurrences cuts their titles the same (its 200 a page each kept whole otherwise).
      const listed = (
        await explorer<{ issues: { uid: string; title: string }[] }>(`/issue-groups/${group.id}/occurrences`)
      ).body.issues;
      expect(listed).toMatchObject([{ uid, title: cut(long) }]);
      await startNotifier(service.store, { timer: false }).deliverDue();
      const sent = receiver.received.find((notification) => notification.body.issue.uid === uid)!.body;
      expect(sent.issue.title).toBe(cut(long));
      expect(sent.group).toMatchObject({ last_title: cut(long), top_frame: group.top_frame });
      expect(JSON.stringify(sent).length).toBeLessThan(8 * 1024);
    } finally {
      await receiver.close();
    }
  });

  test('a group stored with longer texts before they were cut has them cut by the migration', async () => {
    const group = await groupOf(await sendIssue('d-old', 'Stored 1 before the cut'));
    const long = 'y'.repeat(5_000);
    const migration = (kind === 'sqlite' ? MIGRATIONS : PG_MIGRATIONS).find((sql) =>
      sql.includes('last_title = CASE'),
    )!;
    if (kind === 'sqlite') {
      const db = new Database(service.db);
      db.prepare('UPDATE issue_groups SET last_title = ?, top_frame = ? WHERE id = ?').run(long, long, group.id);
      db.exec(migration);
      db.close();
    } else {
      const client = new pg.Client(service.db);
      await client.connect();
      await client.query('UPDATE issue_groups SET last_title = $1, top_frame = $1 WHERE id = $2', [long, group.id]);
      await client.query(migration);
      await client.end();
    }
    const cut = long.slice(0, FIELD_CAPS.issueTitle) + '…';
    expect(await groupOf(`issue-${issues}`)).toMatchObject({ title: group.title, last_title: cut, top_frame: cut });
  });

  test('a device’s key history, each change with the value before it, a value set again left out; a device is found by a key value, past or present', async () => {
    for (const value of ['ann@shop.example', 'ann@shop.example', 'ann.b@shop.example', 'ann.b@shop.example', null]) {
      await service.wire('setDeviceKey', { app_key: DEMO_APP_KEY, device_id: 'd-keys', key: 'email', value });
    }
    await service.wire('setDeviceKey', { app_key: DEMO_APP_KEY, device_id: 'd-keys', key: 'plan', value: 'gold' });
    const history = (await explorer<KeyHistoryEntry[]>('/devices/d-keys/key-history')).body;
    expect(history.map(({ key, value, previous }) => [key, value, previous])).toEqual([
      ['email', 'ann@shop.example', null],
      ['email', 'ann.b@shop.example', 'ann@shop.example'],
      ['email', null, 'ann.b@shop.example'],
      ['plan', 'gold', null],
    ]);
    const found = async (q: string) =>
      (await explorer<{ devices: { udid: string }[] }>(`/devices?q=${encodeURIComponent(q)}`)).body.devices.map(
        (device) => device.udid,
      );
    expect(await found('ANN@shop')).toEqual(['d-keys']);
    expect(await found('gold')).toEqual(['d-keys']);
    expect(await found('bob@shop')).toEqual([]);
  });
});
