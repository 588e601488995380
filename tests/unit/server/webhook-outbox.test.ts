// The webhook outbox between apps, on SQLite and on PostgreSQL (docs/explorer.md#the-webhook): each app's outbox is
// bounded on its own, a flood refused past it (the notifications queued before it, and every other app's, kept); and
// delivery is fair between apps: a receiver that never answers holds up its own app's notifications only, which
// stay in order, while the other apps' are sent beside it.
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, test } from 'vitest';
import { DEMO_APP_KEY } from '../../../server/partner/demo.ts';
import { MAX_PENDING_NOTIFICATIONS } from '../../../server/explorer/issue-grouping.ts';
import { startNotifier, type Notifier } from '../../../server/webhooks/notifier.ts';
import { createHarness, type Harness } from './service-harness.ts';
import { sessionPayload } from '../../../fixtures/wire-bodies.ts';
import { STORE_KINDS } from './test-databases.ts';

const OTHER_APP = 'outbox-other-app';

/** A local webhook receiver. With `hang`, it answers nothing until told to (`answer`); `open` counts the requests
 * it holds unanswered whose connection is still up. */
async function startReceiver(options: { hang?: boolean } = {}) {
  const titles: string[] = [];
  const held: ServerResponse[] = [];
  let open = 0;
  let hang = options.hang ?? false;
  const waiters: { count: number; resolve: () => void }[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      titles.push((JSON.parse(body) as { issue: { title: string } }).issue.title);
      if (hang) {
        open++;
        response.on('close', () => open--);
        held.push(response);
      } else response.end();
      for (const waiter of waiters.filter((waiter) => titles.length >= waiter.count)) waiter.resolve();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    titles,
    open: () => open,
    /** Resolves once `count` requests have arrived. */
    arrived: (count: number) =>
      new Promise<void>((resolve) => (titles.length >= count ? resolve() : waiters.push({ count, resolve }))),
    /** Answers the held requests with `status`; with `keepHanging` false, later ones are answered at once (200). */
    answer(status: number, keepHanging = true) {
      hang = keepHanging;
      for (const response of held.splice(0)) {
        response.statusCode = status;
        response.end();
      }
    },
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

describe.each(STORE_KINDS)('on %s', (kind) => {
  let service: Harness;
  const cleanups: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function setUp() {
    service = await createHarness({ store: kind });
    cleanups.push(() => service.close());
    await service.admin('apps', { json: { key: OTHER_APP } });
  }

  let issues = 0;
  /** Stores an issue of a new group (its title alone says so) on `appKey`. */
  async function sendIssue(appKey: string, title: string) {
    const session = await service.wire('sendSession', sessionPayload(`s-${appKey}`, appKey), appKey);
    const session_id = ((await session.json()) as { id: number }).id;
    const answer = await service.wire(
      'sendIssue',
      { uid: `issue-${++issues}`, url: '', title, text: title, app: { key: appKey }, type: 'issue', session_id },
      appKey,
    );
    expect(answer.status).toBe(200);
  }
  const pending = async (appKey: string) =>
    (await service.admin<{ pending: number }>(`webhooks?app=${appKey}`)).pending;
  async function receiverFor(appKey: string, options: { hang?: boolean } = {}) {
    const receiver = await startReceiver(options);
    cleanups.push(receiver.close);
    await service.admin('webhooks', { json: { app: appKey, url: receiver.url } });
    return receiver;
  }
  function notifier(options: { intervalMs?: number; timer?: boolean } = { timer: false }): Notifier {
    const started = startNotifier(service.store, options);
    cleanups.push(() => started.stop());
    return started;
  }

  test('a flood of one app’s new groups fills its own outbox only: past the bound its new notifications are refused, those queued before are kept, and so are every other app’s', async () => {
    await setUp();
    const other = await receiverFor(OTHER_APP);
    const demo = await receiverFor(DEMO_APP_KEY);
    await sendIssue(DEMO_APP_KEY, 'Queued before the flood');
    await sendIssue(OTHER_APP, 'The first of the flood');
    // The rest of the flood, as many notifications as the bound holds, queued as the collector queues them.
    await service.onDatabase(
      `WITH RECURSIVE n(i) AS (SELECT 2 UNION ALL SELECT i + 1 FROM n WHERE i < ${MAX_PENDING_NOTIFICATIONS})
       INSERT INTO webhook_outbox (app_key, event, payload, attempts, next_at)
       SELECT '${OTHER_APP}', 'issue_group.new', '{"issue":{"title":"flood ' || i || '"}}', 0, 0 FROM n`,
    );
    expect(await pending(OTHER_APP)).toBe(MAX_PENDING_NOTIFICATIONS);
    for (const word of ['alpha', 'bravo', 'charlie']) await sendIssue(OTHER_APP, `Refused ${word}`);
    expect(await pending(OTHER_APP)).toBe(MAX_PENDING_NOTIFICATIONS);
    expect(await pending(DEMO_APP_KEY)).toBe(1);

    // The first look sends each app's oldest: the other app's flood, from its start, and this app's, beside it.
    expect(await notifier().deliverDue(Date.now())).toBe(11);
    expect(demo.titles).toEqual(['Queued before the flood']);
    expect(other.titles.slice(0, 2)).toEqual(['The first of the flood', 'flood 2']);
    expect(other.titles).toHaveLength(10);
    // Once the outbox has room, new groups are announced again.
    await sendIssue(OTHER_APP, 'After the flood');
    expect(await pending(OTHER_APP)).toBe(MAX_PENDING_NOTIFICATIONS - 9);
  });

  test('one app’s receiver that never answers holds up no other app’s notifications; its own wait, in order', async () => {
    await setUp();
    const hanging = await receiverFor(OTHER_APP, { hang: true });
    const answering = await receiverFor(DEMO_APP_KEY);
    const sender = notifier();

    // Claimed in one look, the two apps' notifications are sent side by side: the second app's arrives while the
    // first app's request is still unanswered.
    await sendIssue(OTHER_APP, 'Hanging first');
    await sendIssue(DEMO_APP_KEY, 'Answered first');
    const now = Date.now();
    const first = sender.deliverDue(now);
    await Promise.all([hanging.arrived(1), answering.arrived(1)]);
    expect(hanging.titles).toEqual(['Hanging first']);
    expect(hanging.open()).toBe(1);
    hanging.answer(503);
    expect(await first).toBe(2);
    expect(await pending(OTHER_APP)).toBe(1);

    // Its retry hangs too: while it does, the app is left alone (its next notification waits behind it), and the
    // other app's are sent.
    const retry = sender.deliverDue(now + 1_000);
    await hanging.arrived(2);
    await sendIssue(OTHER_APP, 'Hanging second');
    await sendIssue(DEMO_APP_KEY, 'Answered second');
    expect(await sender.deliverDue(Date.now() + 1_000)).toBe(1);
    expect(answering.titles).toEqual(['Answered first', 'Answered second']);
    expect(hanging.titles).toEqual(['Hanging first', 'Hanging first']);
    expect(hanging.open()).toBe(1);

    hanging.answer(200, false);
    expect(await retry).toBe(1);
    expect(await sender.deliverDue(Date.now() + 1_000)).toBe(1);
    expect(hanging.titles).toEqual(['Hanging first', 'Hanging first', 'Hanging second']);
    expect(await pending(OTHER_APP)).toBe(0);
    expect(await pending(DEMO_APP_KEY)).toBe(0);
  });

  test('the service’s own loop goes on looking while a receiver hangs: another app’s notification is sent meanwhile', async () => {
    await setUp();
    const hanging = await receiverFor(OTHER_APP, { hang: true });
    const answering = await receiverFor(DEMO_APP_KEY);
    notifier({ intervalMs: 5 });
    await sendIssue(OTHER_APP, 'Hanging');
    await hanging.arrived(1);
    await sendIssue(DEMO_APP_KEY, 'Answered');
    await answering.arrived(1);
    expect(hanging.open()).toBe(1);
    hanging.answer(200, false);
  });
});
