// Retention deletes what arrived more than the period ago, and only that; a full database answers 507 with a JSON
// error and takes writes again, with no restart, once rows are deleted.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { openSqliteStore } from '../../../server/stores/sqlite/store.ts';
import { DEMO_APP_KEY, seedDemo } from '../../../server/partner/demo.ts';
import { startRetention } from '../../../server/stores/retention.ts';
import { createServiceApp } from '../../../server/service.ts';
import { ADMIN_TOKEN, createHarness } from './service-harness.ts';
import { logs, sessionPayload } from '../../../fixtures/wire-bodies.ts';

const DAY = 24 * 60 * 60 * 1000;
let cleanup: (() => void) | undefined;
afterEach(() => cleanup?.());

test('a pass deletes the rows that arrived before the period, in batches, and keeps the rest', async () => {
  const service = await createHarness();
  cleanup = service.close;
  const retention = startRetention(service.store, { days: 30, batch: 7, timer: false });
  const t0 = new Date('2026-01-01T00:00:00Z');

  const old = await service.session('old-session');
  await service.wire('sendLogs', { session_id: old, logs: logs(20) });
  expect(await retention.runOnce(t0)).toBe(0);
  const recent = await service.session('recent-session');
  await service.wire('sendLogs', { session_id: recent, logs: logs(5, 1000) });

  // 29 days on: nothing is old enough yet.
  expect(await retention.runOnce(new Date(t0.getTime() + 29 * DAY))).toBe(0);
  expect(await service.admin(`logs?app=${DEMO_APP_KEY}`)).toHaveLength(25);

  // 31 days on: what arrived before the first pass goes, what came after stays.
  const deleted = await retention.runOnce(new Date(t0.getTime() + 31 * DAY));
  expect(deleted).toBeGreaterThanOrEqual(20);
  const kept = await service.admin<{ at: number; session_uid: string }[]>(`logs?app=${DEMO_APP_KEY}`);
  expect(kept.map((log) => log.at)).toEqual(logs(5, 1000).map((log) => log.at));
  expect(
    (await service.admin<{ session_uid: string }[]>(`batches?app=${DEMO_APP_KEY}`)).map((b) => b.session_uid),
  ).toEqual(['recent-session']);
  await retention.stop();
});

test('issues, device-key changes and the requests log go by age too: those from before the period, not later ones', async () => {
  const service = await createHarness();
  cleanup = service.close;
  const retention = startRetention(service.store, { days: 30, batch: 2, timer: false });
  const t0 = new Date('2026-01-01T00:00:00Z');
  const counts = async (): Promise<Record<string, number>> =>
    Object.fromEntries(
      await Promise.all(
        ['issues', 'device-keys', 'requests'].map(async (list) => [
          list,
          (await service.admin<unknown[]>(`${list}?app=${DEMO_APP_KEY}`)).length,
        ]),
      ),
    );
  const collect = async (name: string) => {
    const session_id = await service.session(name);
    await service.wire('sendIssue', {
      session_id,
      uid: `${name}-issue`,
      title: 't',
      text: 'x',
      type: 'issue',
      url: '',
    });
    await service.wire('setDeviceKey', { app_key: DEMO_APP_KEY, device_id: 'device-1', key: name, value: 'v' });
  };
  await collect('old');
  await retention.runOnce(t0);
  const old = await counts();
  await collect('recent');
  const all = await counts();
  expect(Object.values(old).every((count) => count > 0)).toBe(true);

  await retention.runOnce(new Date(t0.getTime() + 29 * DAY));
  expect(await counts()).toEqual(all);
  // 31 days on, what arrived before the first pass has gone, and only that.
  expect(await retention.runOnce(new Date(t0.getTime() + 31 * DAY))).toBeGreaterThan(0);
  const left = await counts();
  expect(left.issues).toBe(all.issues - old.issues);
  expect(left['device-keys']).toBe(all['device-keys'] - old['device-keys']);
  expect(left.requests).toBe(all.requests - old.requests);
  const issues = await service.admin<{ uid: string }[]>(`issues?app=${DEMO_APP_KEY}`);
  expect(issues.map((issue) => issue.uid)).toEqual(['recent-issue']);
  await retention.stop();
});

test('retention 0 keeps everything', async () => {
  const service = await createHarness();
  cleanup = service.close;
  const retention = startRetention(service.store, { days: 0, timer: false });
  await service.wire('sendLogs', { session_id: await service.session(), logs: logs(3) });
  expect(await retention.runOnce(new Date(Date.now() + 1000 * DAY))).toBe(0);
  expect(await service.admin(`logs?app=${DEMO_APP_KEY}`)).toHaveLength(3);
});

test('a full database answers 507 with a JSON error, no stack, and recovers once rows are deleted', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'sidelog-full-'));
  const store = openSqliteStore(join(dir, 'sidelog.db'), { maxBytes: 1024 * 1024 });
  cleanup = () => {
    void store.close();
    rmSync(dir, { recursive: true, force: true });
  };
  await seedDemo(store);
  const app = createServiceApp(store, { adminToken: ADMIN_TOKEN, distDir: join(dir, 'no-dist') });
  const send = (path: string, body: unknown) =>
    app.request(`/sidelog/api${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-App-Token': DEMO_APP_KEY },
      body: JSON.stringify(body),
    });
  const { id: session_id } = (await (await send('/session', sessionPayload('full'))).json()) as { id: number };
  const retention = startRetention(store, { days: 1, timer: false });
  await retention.runOnce(new Date('2026-01-01T00:00:00Z'));

  let answer: Response | undefined;
  for (let from = 0; from < 100_000; from += 500) {
    answer = await send('/log/batch', {
      session_id,
      logs: logs(500, from).map((log) => ({ ...log, t: 'x'.repeat(200) })),
    });
    if (answer.status !== 200) break;
  }
  expect(answer!.status).toBe(507);
  const text = await answer!.text();
  expect(JSON.parse(text)).toEqual({ error: expect.stringContaining('full') });
  expect(text).not.toMatch(/at .*\.ts:\d+|SqliteError/);

  // Rows deleted (by retention here: marked a day after they arrived, deleted once that mark is past the period),
  // the same service takes the same write again.
  await retention.runOnce(new Date('2026-01-02T00:00:00Z'));
  expect(await retention.runOnce(new Date('2026-01-04T00:00:00Z'))).toBeGreaterThan(0);
  expect((await send('/log/batch', { session_id, logs: logs(500, 200_000) })).status).toBe(200);
});
