// Where the service's own requests may go (docs/local-service.md#configuration, docs/opentelemetry.md#the-collector-forwards,
// docs/explorer.md#the-webhook): no redirect followed by the forwarder or the webhooks, at most a bounded answer read,
// no private target unless SIDELOG_ALLOW_PRIVATE_TARGETS=1 (the unit tests set it, for their loopback receivers; here it
// is turned off where the refusal is tested), and no URL with credentials. Everything here is sent to 127.0.0.1 only.
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, expect, test, vi } from 'vitest';
import { DEMO_APP_KEY, seedDemo } from '../../../server/partner/demo.ts';
import { startForwarder, type ForwarderOptions } from '../../../server/collector/otlp/forwarder.ts';
import type { Store } from '../../../server/stores/store.types.ts';
import { startNotifier } from '../../../server/webhooks/notifier.ts';
import { createHarness, type Harness } from './service-harness.ts';
import { logs, sessionPayload } from '../../../fixtures/wire-bodies.ts';
import { openTestStore } from './test-databases.ts';

const WAIT = { timeout: 10_000, interval: 10 };
const PACE: ForwarderOptions = { idleMs: 10, firstBackoffMs: 10, maxBackoffMs: 40 };

let cleanup: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  vi.unstubAllEnvs();
  for (const step of cleanup.reverse()) await step();
  cleanup = [];
});

/** An HTTP server on 127.0.0.1 that answers with `handle`, and keeps what it was sent. */
async function server(handle: (request: IncomingMessage, response: ServerResponse) => void) {
  const received: { method: string; headers: IncomingMessage['headers']; body: string }[] = [];
  const http: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      received.push({ method: request.method!, headers: request.headers, body });
      handle(request, response);
    });
  });
  http.listen(0, '127.0.0.1');
  await once(http, 'listening');
  cleanup.push(() => {
    http.closeAllConnections();
    return new Promise((resolve) => http.close(resolve));
  });
  return { url: `http://127.0.0.1:${(http.address() as AddressInfo).port}/v1/logs`, received };
}

async function forwardingStore(): Promise<Store> {
  const opened = await openTestStore('sqlite');
  cleanup.push(opened.close);
  await seedDemo(opened.store);
  const session = await opened.store.putSession(DEMO_APP_KEY, sessionPayload('outbound'));
  await opened.store.addLogs(DEMO_APP_KEY, session, logs(3));
  return opened.store;
}

const demoCursor = async (store: Store) =>
  (await store.forwardCursors()).find((cursor) => cursor.appKey === DEMO_APP_KEY);

test.each([307, 302])(
  'the forwarder follows no redirect (%i): neither the logs nor the credential headers go to the other origin',
  async (status) => {
    const elsewhere = await server((_, response) => response.end('{}'));
    const redirecting = await server((_, response) =>
      response.writeHead(status, { Location: elsewhere.url.replace('http://', 'http://user:pw@') }).end(),
    );
    const store = await forwardingStore();
    const forwarder = startForwarder(store, { ...PACE, url: redirecting.url, headers: { 'DD-API-KEY': 'secret' } });
    cleanup.push(() => forwarder.stop());
    await vi.waitFor(() => expect(redirecting.received.length).toBeGreaterThanOrEqual(2), WAIT);
    await forwarder.stop();
    expect(elsewhere.received).toEqual([]);
    const { lastError, forwarded } = (await demoCursor(store))!;
    expect(forwarded).toBe(0);
    expect(lastError).toBe(`HTTP ${status}: redirected to ${elsewhere.url} (redirects are not followed)`);
  },
);

test('the forwarder reads at most 64 KiB of an answer: the rest of a large one is not taken from the receiver', async () => {
  const SIZE = 32 * 1024 * 1024;
  let flushed = 0;
  let closed = false;
  const large = await server((_, response) => {
    response.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': String(SIZE) });
    const chunk = Buffer.alloc(64 * 1024, 'x');
    let written = 0;
    // One chunk after another as the client takes them: what it never reads stays here.
    const more = () => {
      if (written >= SIZE || response.destroyed) return response.end();
      written += chunk.length;
      response.write(chunk, (error) => {
        if (!error) flushed += chunk.length;
        more();
      });
    };
    response.on('error', () => undefined);
    response.on('close', () => (closed = true));
    more();
  });
  const store = await forwardingStore();
  const forwarder = startForwarder(store, { ...PACE, url: large.url });
  cleanup.push(() => forwarder.stop());
  await vi.waitFor(async () => expect(await demoCursor(store)).toMatchObject({ forwarded: 3, lastError: null }), WAIT);
  await vi.waitFor(() => expect(closed).toBe(true), WAIT);
  expect(large.received).toHaveLength(1);
  // What the sockets' buffers held when the client went: a few MB at most on loopback, not the 32 MB.
  expect(flushed).toBeLessThan(SIZE / 2);
});

/** The demo app with an issue queued for its webhook, set to `url` while private targets were still allowed. */
async function queuedWebhook(url: string): Promise<Harness> {
  const service = await createHarness();
  cleanup.push(() => service.close());
  await service.admin('webhooks', { json: { app: DEMO_APP_KEY, url } });
  const session = await service.session();
  const answer = await service.wire('sendIssue', {
    uid: 'issue-1',
    url: '',
    title: 'Payment 1 declined',
    text: 'Error: declined',
    app: { key: DEMO_APP_KEY },
    type: 'crash',
    session_id: session,
  });
  expect(answer.status).toBe(200);
  return service;
}

test('a webhook to a private address is refused before connecting, with one status whether its port is open or closed', async () => {
  const open = await server((_, response) => response.end());
  const closed = await server((_, response) => response.end());
  const closedUrl = closed.url.replace('/v1/logs', '/hook');
  await cleanup.pop()!();
  const statuses: string[] = [];
  for (const url of [open.url, closedUrl]) {
    const service = await queuedWebhook(url);
    vi.stubEnv('SIDELOG_ALLOW_PRIVATE_TARGETS', '0');
    expect(await startNotifier(service.store, { timer: false }).deliverDue()).toBe(1);
    vi.unstubAllEnvs();
    statuses.push((await service.admin(`webhooks?app=${DEMO_APP_KEY}`)).last_status);
  }
  expect(open.received).toEqual([]);
  expect(statuses[0]).toBe(
    'failed: 127.0.0.1 is a loopback, private, link-local or metadata address, refused (SIDELOG_ALLOW_PRIVATE_TARGETS=1 allows it); will retry',
  );
  expect(statuses[1]).toBe(statuses[0]);
});

test('a webhook is not redirected: the 3xx is a failure to retry, named with where it pointed', async () => {
  const elsewhere = await server((_, response) => response.end());
  const redirecting = await server((_, response) =>
    response.writeHead(307, { Location: 'https://other.example/hook' }).end(),
  );
  const service = await queuedWebhook(redirecting.url);
  expect(await startNotifier(service.store, { timer: false }).deliverDue()).toBe(1);
  expect(elsewhere.received).toEqual([]);
  expect((await service.admin(`webhooks?app=${DEMO_APP_KEY}`)).last_status).toBe(
    '307 redirected to https://other.example/hook (redirects are not followed); will retry',
  );
});

const PRIVATE_URLS = [
  'http://127.0.0.1/hook',
  'http://2130706433/hook',
  'http://0x7f.1/hook',
  'http://[::1]/hook',
  'http://[::ffff:127.0.0.1]/hook',
  'http://169.254.169.254/latest/meta-data/',
  'http://metadata.google.internal/computeMetadata/v1/',
  'http://localhost:5432/',
  'http://10.1.2.3/',
  'http://172.16.0.1/',
  'http://192.168.1.1/',
  'http://100.64.0.1/',
  'http://0.0.0.0/',
  'http://[fe80::1]/',
  'http://[fd00:ec2::254]/',
  'http://224.0.0.1/',
];

test('the admin API refuses a private webhook or forwarding target at once, unless allowed; a public one is taken', async () => {
  const service = await createHarness();
  cleanup.push(() => service.close());
  vi.stubEnv('SIDELOG_ALLOW_PRIVATE_TARGETS', '');
  const post = async (path: string, body: unknown) => {
    const response = await service.app.request(`/sidelog/admin/api/${path}`, {
      method: 'POST',
      headers: { Authorization: 'Bearer test-admin-token', 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as { error?: string } };
  };
  for (const url of PRIVATE_URLS) {
    for (const path of ['webhooks', 'forwarding']) {
      const answer = await post(path, { app: DEMO_APP_KEY, url });
      expect({ url, path, ...answer }).toMatchObject({
        status: 400,
        body: { error: expect.stringMatching(/is a loopback, private, link-local or metadata address, refused/) },
      });
    }
  }
  expect((await post('webhooks', { app: DEMO_APP_KEY, url: 'https://hooks.example/sidelog' })).status).toBe(200);
  expect((await post('forwarding', { app: DEMO_APP_KEY, url: 'https://otel.example/v1/logs' })).status).toBe(200);
  vi.stubEnv('SIDELOG_ALLOW_PRIVATE_TARGETS', '1');
  expect((await post('webhooks', { app: DEMO_APP_KEY, url: 'http://127.0.0.1:9/hook' })).status).toBe(200);
  expect((await post('forwarding', { app: DEMO_APP_KEY, url: 'http://127.0.0.1:9/v1/logs' })).status).toBe(200);
});

test('a forwarding URL with a user name or password is refused, and no answer shows it', async () => {
  const service = await createHarness();
  cleanup.push(() => service.close());
  const response = await service.app.request('/sidelog/admin/api/forwarding', {
    method: 'POST',
    headers: { Authorization: 'Bearer test-admin-token', 'Content-Type': 'application/json' },
    body: JSON.stringify({ app: DEMO_APP_KEY, url: 'https://user:hunter2@otel.example/v1/logs' }),
  });
  expect(response.status).toBe(400);
  const text = await response.text();
  expect(text).toMatch(/must not hold a user name or password/);
  expect(text).not.toMatch(/hunter2/);
});

test('a forwarding endpoint stored with credentials never shows them in its error', async () => {
  const store = await forwardingStore();
  // Set before the check existed: the URL of a port where nothing listens.
  const closed = await server((_, response) => response.end());
  await cleanup.pop()!();
  await store.setForwardTarget(DEMO_APP_KEY, {
    url: closed.url.replace('http://', 'http://user:hunter2@'),
    headers: {},
  });
  const forwarder = startForwarder(store, PACE);
  cleanup.push(() => forwarder.stop());
  await vi.waitFor(async () => expect((await demoCursor(store))?.lastError).toMatch(/^no answer from /), WAIT);
  expect((await demoCursor(store))!.lastError).toBe(`no answer from ${closed.url}: ECONNREFUSED`);
});
