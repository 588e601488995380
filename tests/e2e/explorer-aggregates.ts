// The histogram, count and facets of the log stream over the volume rollup and the facet sample
// (docs/volume-and-counts.md#the-rollup, docs/facets.md#counting), in real Chromium against the running service on one
// store (explorer-aggregates-sqlite.test.ts, explorer-aggregates-postgres.test.ts run it on each): the bars sum to the
// count over a range whose ends cut seconds and minutes; a batch sent twice is counted once; logs that retention
// deletes leave the count; facets count exactly within the sample, and say so past it.
import type { Cookie } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { waitFor } from './wait-for.ts';
import { seedLogs } from '../../bench/explorer-seed.ts';
import type { LogRecord } from '../../protocol/records.types.ts';
import { appIdOf } from '../../server/stores/app-id.ts';
import { openStore } from '../../server/stores/open-store.ts';
import { SAMPLE } from '../../server/explorer/facets.ts';
import type { Store } from '../../server/stores/store.types.ts';
import { createCollectorClient } from './collector-client.ts';
import { useProductPage, type ProductDatabase } from './product.ts';
import { viewerCookies, viewerText } from './viewer.ts';

const HOUR = 3_600_000;
const MINUTE = 60_000;
/** Yesterday, at the start of an hour: recent, so that PostgreSQL keeps the day's partition, and the same all run. */
const T0 = Math.floor(Date.now() / HOUR) * HOUR - 24 * HOUR;
/** Long before any retention period: PostgreSQL keeps such logs apart, and deletes them by their time. */
const OLD = Date.UTC(2020, 5, 1, 8, 0, 0);

const VOLUME_APP = 'aggregates-e2e-volume';
const RETENTION_APP = 'aggregates-e2e-retention';
const SAMPLE_APP = 'aggregates-e2e-sample';

const LEVELS = [4, 4, 0, 1, 2, 4, 0, 5, 3, 2, 4];
/** 600 logs over about 80 minutes, across the hour T0, at times that fall anywhere inside a second. */
const VOLUME: LogRecord[] = Array.from({ length: 600 }, (_, i) => {
  const at = T0 - 20 * MINUTE + i * 7_919 + (i % 7) * 113;
  return {
    x: new Date(at).toISOString(),
    at,
    t: `volume line ${i}`,
    ll: LEVELS[i % LEVELS.length],
    tg: `tag-${i % 3}`,
  };
}) as LogRecord[];
const line = (at: number, t: string) => ({ x: new Date(at).toISOString(), at, t, ll: 4, tg: 'kept' }) as LogRecord;

export function describeAggregates(database?: () => Promise<ProductDatabase>): void {
  const e2e = useProductPage(database);
  const url = (app: string, params: Record<string, string> = {}) =>
    `${e2e.product.url}/sidelog/logs?${new URLSearchParams({ app: appIdOf(app), ...params })}`;
  const status = () => e2e.page.locator('.stream-toolbar [role=status]');
  /** The logs each bar's title counts. */
  async function barsSum(): Promise<number> {
    await e2e.page.locator('.histogram').waitFor();
    const titles = await e2e.page.locator('.histogram-bucket title').allTextContents();
    return titles.reduce((sum, title) => sum + Number(/: ([\d,]+) logs?\b/.exec(title)![1]!.replaceAll(',', '')), 0);
  }
  /** Opens the stream and waits for its count to read `text`. */
  async function counted(app: string, text: string, params: Record<string, string> = {}): Promise<void> {
    await viewerText(e2e.page, url(app, params));
    await waitFor(async () => expect(await status().innerText()).toBe(text));
  }
  /** Each value of a facet of the panel and its count. */
  async function facet(title: string): Promise<Map<string, number>> {
    const section = e2e.page.getByRole('complementary', { name: 'Facets' }).getByRole('region', { name: title });
    await section.waitFor();
    const values = new Map<string, number>();
    for (const item of await section.locator('.facet-value').all())
      values.set(
        await item.locator('.facet-label').innerText(),
        Number((await item.locator('.facet-count').innerText()).replaceAll(',', '')),
      );
    return values;
  }

  let signedIn: Cookie[] = [];
  beforeEach(() => e2e.page.context().addCookies(signedIn));
  // Each test opens the addresses it reads, signed in by the hook above: one page for the file (keepPageInBlock).
  e2e.keepPageInBlock();
  /** A store of the product's own database, as a second process would open it: for retention, and a large seed. */
  let store: Store;
  let volumeSession: number;
  afterAll(() => store?.close());

  beforeAll(async () => {
    signedIn = await viewerCookies(e2e.product.url);
    store = await openStore(e2e.product.dbPath);
    // Old logs first, then retention's mark: on SQLite, what was stored before the mark is what a pass deletes.
    const retention = createCollectorClient(e2e.product.url, e2e.product.adminToken, RETENTION_APP);
    await retention.createApp();
    const old = await retention.session('s-old', 'd-old');
    await retention.logs(
      old,
      Array.from({ length: 300 }, (_, i) => line(OLD + i * 997, `old line ${i}`)),
    );
    await store.markRetention(new Date(Date.UTC(2021, 0, 1)));
    const kept = await retention.session('s-kept', 'd-kept');
    await retention.logs(
      kept,
      Array.from({ length: 100 }, (_, i) => line(T0 + i * 1_001, `kept line ${i}`)),
    );

    const volume = createCollectorClient(e2e.product.url, e2e.product.adminToken, VOLUME_APP);
    await volume.createApp();
    volumeSession = await volume.session('s-volume', 'd-volume');
    await volume.logs(volumeSession, VOLUME);
  });

  describe('volume and count', () => {
    const FROM = T0 - 13 * MINUTE + 12_345;
    const TO = T0 + 41 * MINUTE + 54_321;
    it.each([
      ['every log', {}, VOLUME],
      [
        'a range whose ends cut a second and a minute',
        { from: new Date(FROM).toISOString(), to: new Date(TO).toISOString() },
        VOLUME.filter((log) => log.at >= FROM && log.at < TO),
      ],
      [
        'errors and fatals over that range',
        { from: new Date(FROM).toISOString(), to: new Date(TO).toISOString(), level: 'error,fatal' },
        VOLUME.filter((log) => log.at >= FROM && log.at < TO && (log.ll === 2 || log.ll === 5)),
      ],
    ] as const)('%s: the bars sum to the count the status line gives', async (_, params, expected) => {
      expect(expected.length).toBeGreaterThan(0);
      await counted(VOLUME_APP, `${expected.length} logs`, params);
      expect(await barsSum()).toBe(expected.length);
    });

    it('a batch sent again is counted once', async () => {
      const collector = createCollectorClient(e2e.product.url, e2e.product.adminToken, VOLUME_APP);
      await collector.logs(volumeSession, VOLUME.slice(0, 500));
      await counted(VOLUME_APP, `${VOLUME.length} logs`);
      expect(await barsSum()).toBe(VOLUME.length);
    });

    it('logs that retention deletes leave the count and the bars', async () => {
      await counted(RETENTION_APP, '400 logs');
      expect(await barsSum()).toBe(400);
      while ((await store.pruneBefore(new Date(Date.UTC(2021, 0, 2)), 1_000)) > 0);
      await counted(RETENTION_APP, '100 logs');
      expect(await barsSum()).toBe(100);
    });
  });

  describe('facets', () => {
    it('within the sample, every log of the view is counted, and nothing says sample', async () => {
      await counted(VOLUME_APP, `${VOLUME.length} logs`);
      const names = ['Debug', 'Warning', 'Error', 'Trace', 'Info', 'Fatal'];
      const expected = new Map<string, number>();
      for (const log of VOLUME) expected.set(names[log.ll!]!, (expected.get(names[log.ll!]!) ?? 0) + 1);
      expect(await facet('Level')).toEqual(expected);
      expect(await facet('Tag')).toEqual(
        new Map([
          ['tag-0', 200],
          ['tag-1', 200],
          ['tag-2', 200],
        ]),
      );
      expect(await e2e.page.locator('.facet-sample').count()).toBe(0);
    });

    it('past the sample, the newest logs are counted, and the panel says how many', async () => {
      await store.putApp(SAMPLE_APP, true);
      await seedLogs(store, { appKey: SAMPLE_APP, logs: SAMPLE + 1, sessions: 4, start: T0 });
      await counted(SAMPLE_APP, `${(SAMPLE + 1).toLocaleString('en')} logs`);
      // The note comes before the counts it qualifies, and the levels are every log's, as the histogram's.
      const panel = e2e.page.getByRole('complementary', { name: 'Facets' });
      await panel.getByText(`Counts of the newest ${SAMPLE.toLocaleString('en')} logs`).waitFor();
      expect(
        await panel.locator('.facet-sample, .facet-who').evaluateAll((found) => found.map((p) => p.className)),
      ).toEqual(['facet-sample', 'facet-who']);
      expect(await panel.locator('.facet-sample').innerText()).toContain('the levels of every log');
      const levels = [...(await facet('Level')).values()];
      expect(levels.reduce((sum, n) => sum + n, 0)).toBe(SAMPLE + 1);
    });
  });
}
