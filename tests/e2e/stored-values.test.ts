// The explorer shows whatever the collector keeps (docs/local-service.md#collector): any JSON value a client sends is
// refused or stored as something a page can show, and the pages do show it, in real Chromium. One row goes straight
// into the database as an earlier collector stored it (an `at` past the dates JavaScript knows), which the log list
// must survive too.
import Database from 'better-sqlite3';
import { beforeAll, describe, expect, it } from 'vitest';
import { appIdOf } from '../../server/stores/app-id.ts';
import { createCollectorClient } from './collector-client.ts';
import { useProductPage } from './product.ts';
import { viewerText } from './viewer.ts';

const e2e = useProductPage();

const APP = 'stored-values-app';
const APP_ID = appIdOf(APP);
const T0 = Date.UTC(2026, 10, 23, 12, 0, 0);
const X0 = new Date(T0).toISOString();

beforeAll(async () => {
  const collector = createCollectorClient(e2e.product.url, e2e.product.adminToken, APP);
  await collector.createApp();
  const device = {
    udid: 'd-odd',
    name: true,
    device_type: 'Chrome',
    os: 'Linux',
    key_values: { nested: { a: [1] } },
    sdk_version: 20251107,
  };
  const session = await collector.session('s-odd', 'd-odd', {
    device,
    language: { toString: 1 },
    sdk_version: 20251107,
    orientation: 'a\uD800',
  });
  await collector.logs(session, [
    { x: X0, at: T0, t: { toString: 1 }, tg: 42, ll: 0 },
    { x: X0, at: T0, t: 'lone a\uD800 surrogate', ll: 1.2, l: 12.5, f: 'cart.ts' },
    { x: X0, at: T0 + 1, t: 'no line', l: null, ll: 9 },
    { x: new Date(T0 + 2).toISOString(), at: 1e300, t: 'an at past every date, x kept' },
  ]);
  await collector.issue(session, { uid: 'odd-issue', title: { a: 1 }, text: ['text', 2], type: 'issue' });
  await collector.deviceKey('d-odd', 'flag', true);
  await collector.deviceKey('d-odd', 'count', 3);
  // As the collector stored it before it checked `at` against the dates JavaScript knows.
  const db = new Database(e2e.product.dbPath);
  try {
    db.prepare(
      `INSERT INTO logs (session_id, x, t, at, content_hash) VALUES (?, '', 'stored at 1e300', 1e300, 'earlier')`,
    ).run(session);
  } finally {
    db.close();
  }
});

describe('what the collector kept, as the explorer shows it', () => {
  it("the app's log list and the session's show every line", async () => {
    for (const url of [`/sidelog/logs?app=${APP_ID}`, `/sidelog/intent/${APP_ID}/session/s-odd`]) {
      const text = await viewerText(e2e.page, `${e2e.product.url}${url}`);
      for (const line of [
        '{"toString":1}',
        'lone a\uFFFD surrogate',
        'no line',
        'an at past every date, x kept',
        'stored at 1e300',
      ])
        expect(text, url).toContain(line);
      expect(text).toContain('cart.ts:13');
    }
  });

  it('the sessions list, the device and the issue show their odd values as text', async () => {
    const sessions = await viewerText(e2e.page, `${e2e.product.url}/sidelog/sessions?app=${APP_ID}`);
    expect(sessions).toContain('s-odd');
    const device = await viewerText(e2e.page, `${e2e.product.url}/sidelog/intent/${APP_ID}/device/d-odd`);
    for (const shown of ['true', 'Linux', 'flag', 'count', 's-odd']) expect(device).toContain(shown);
    const issue = await viewerText(e2e.page, `${e2e.product.url}/sidelog/intent/${APP_ID}/issue/odd-issue`);
    expect(issue).toContain('{"a":1}');
    expect(issue).toContain('["text",2]');
  });
});
