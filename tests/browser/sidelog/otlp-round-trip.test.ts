// Sidelog's OTLP target to the Sidelog service's own OTLP endpoint, in real Chromium (the engine in its SharedWorker,
// IndexedDB, gzip, CORS from this page's origin): a line logged with every field and a device key comes back in the
// session's and the device's views as the wire would have stored it, the names being one table both ways
// (docs/opentelemetry.md#one-table-both-ways).
import { afterEach, expect, inject, test } from 'vitest';
import { STORAGE_KEYS } from '../../../protocol/limits.ts';
import { logsOf, newApp, requestsOf, sessionsOf } from './collector.ts';
import { cleanUp, startSidelog } from './sidelog.ts';

afterEach(cleanUp);

const POLL = { timeout: 30_000, interval: 200 };

async function admin<T>(path: string): Promise<T> {
  const response = await fetch(`${inject('collectorURL')}/sidelog/admin/api/${path}`, {
    headers: { Authorization: `Bearer ${inject('adminToken')}` },
  });
  if (!response.ok) throw new Error(`admin ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

test("a line sent over OTLP to the service reads back with its tag, file, line, method, URL and the device's keys", async () => {
  const app = await newApp();
  const sidelog = await startSidelog(app, {
    otlp: { url: `${inject('collectorURL')}/v1/logs`, headers: { 'X-App-Token': app } },
  });
  expect(sidelog.mode).toBe('A-shared');
  sidelog.setDeviceKey('plan', 'gold');
  sidelog.setDeviceKey('visits', 3);
  sidelog.sendLog({
    level: 1,
    tag: 'shop',
    text: 'cart opened',
    file: 'app.js',
    line: 42,
    method: 'openCart',
    url: 'https://shop.example/cart',
  });
  await sidelog.forceSendOnce();
  await expect.poll(async () => (await logsOf(app)).length, POLL).toBe(1);

  // It came over OTLP, gzipped as the engine sends it to any OTLP endpoint.
  expect((await requestsOf(app)).map((request) => [request.operation, request.status])).toEqual([['otlpLogs', 200]]);
  const [session] = await sessionsOf(app);
  const uuid = sessionStorage.getItem(STORAGE_KEYS.sessionUuid)!;
  expect(session).toMatchObject({ session_uid: uuid });

  // The session's and the device's pages in the explorer, as the intent URLs a link to them would open, read as JSON.
  const { appId } = (await admin<{ key: string; appId: string }[]>('apps')).find((known) => known.key === app)!;
  const view = await admin<{ logs: Record<string, unknown>[] }>(`intent/${appId}/session/${encodeURIComponent(uuid)}`);
  expect(view.logs).toHaveLength(1);
  // Nothing left over after the text: every attribute the engine wrote is a field again.
  expect(view.logs[0]).toMatchObject({
    t: 'cart opened',
    ll: 1,
    tg: 'shop',
    f: 'app.js',
    l: 42,
    m: 'openCart',
    u: 'https://shop.example/cart',
  });
  const device = await admin<{ keys: { key: string; value: unknown }[] }>(
    `intent/${appId}/device/${encodeURIComponent(String(session!.udid))}`,
  );
  expect(device.keys.map(({ key, value }) => [key, value])).toEqual([
    ['plan', 'gold'],
    ['visits', 3],
  ]);
});
