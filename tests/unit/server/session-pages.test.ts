// A session read both ways on both stores (docs/explorer.md#a-session-read-top-to-bottom): `order=oldest` pages from
// its first log with `after`, the stream's `before` pages from its newest, `after=<ms>_0` lands on the first log at
// or after that time (its ties included), a search's terms hold oldest first too, and a bad cursor or a cursor against
// its order is a 400, never a 500.
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { appIdOf } from '../../../server/stores/app-id.ts';
import { DEMO_APP_KEY } from '../../../server/partner/demo.ts';
import { logs } from '../../../fixtures/wire-bodies.ts';
import { createHarness, type Harness } from './service-harness.ts';
import { STORE_KINDS } from './test-databases.ts';

const APP = `/apps/${appIdOf(DEMO_APP_KEY)}`;
const T = 1_790_000_000_000;
/** Seven lines of session-1, two of them at one time; session-2's line falls between them. */
const TIMES = [0, 10, 20, 20, 30, 40, 50];

describe.each(STORE_KINDS)('on %s', (kind) => {
  let service: Harness;
  beforeEach(async () => {
    service = await createHarness({ store: kind });
    await service.wire('sendLogs', {
      session_id: await service.session('session-1'),
      logs: TIMES.map((ms, i) => ({
        ...logs(1)[0]!,
        x: new Date(T + ms).toISOString(),
        at: T + ms,
        t: `s1 line ${i}`,
      })),
    });
    await service.wire('sendLogs', {
      session_id: await service.session('session-2'),
      logs: [{ ...logs(1)[0]!, x: new Date(T + 25).toISOString(), at: T + 25, t: 's2 line' }],
    });
  });
  afterEach(() => service.close());

  async function page(query: string): Promise<{ texts: string[]; next: string | null }> {
    const answer = await service.explorerGet(`${APP}/logs?session=session-1&limit=3&${query}`);
    expect(answer.status, answer.body).toBe(200);
    const body = JSON.parse(answer.body) as { logs: { t: string }[]; next: string | null };
    return { texts: body.logs.map((log) => log.t), next: body.next };
  }

  test('oldest first, page after page, reads the whole session in time order', async () => {
    const texts: string[] = [];
    let query = 'order=oldest';
    for (;;) {
      const { texts: shown, next } = await page(query);
      texts.push(...shown);
      if (!next) break;
      query = `after=${encodeURIComponent(next)}`;
    }
    expect(texts).toEqual(TIMES.map((_, i) => `s1 line ${i}`));
  });

  test('newest first with `before` is the other way round', async () => {
    const first = await page('');
    expect(first.texts).toEqual(['s1 line 6', 's1 line 5', 's1 line 4']);
    expect((await page(`before=${encodeURIComponent(first.next!)}`)).texts).toEqual([
      's1 line 3',
      's1 line 2',
      's1 line 1',
    ]);
  });

  test('a jump lands on the first log at or after its time, both logs of that time included', async () => {
    expect((await page(`after=${T + 20}_0`)).texts).toEqual(['s1 line 2', 's1 line 3', 's1 line 4']);
    expect((await page(`after=${T + 21}_0`)).texts).toEqual(['s1 line 4', 's1 line 5', 's1 line 6']);
    expect((await page(`after=${T + 51}_0`)).texts).toEqual([]);
    // And older than the row it landed on, newest first: what "load older" reads.
    const landed = JSON.parse((await service.explorerGet(`${APP}/logs?session=session-1&after=${T + 20}_0`)).body);
    const cursor = `${landed.logs[0].at}_${landed.logs[0].id}`;
    expect((await page(`before=${cursor}`)).texts).toEqual(['s1 line 1', 's1 line 0']);
  });

  test("a search's terms hold oldest first: a word and a fragment", async () => {
    expect((await page('order=oldest&q=line+-s2')).texts).toEqual(['s1 line 0', 's1 line 1', 's1 line 2']);
    expect((await page('q=*ine*+5')).texts).toEqual(['s1 line 5']);
    expect((await page('order=oldest&q=*ine*+5')).texts).toEqual(['s1 line 5']);
  });

  test('a bad cursor, or one against its order, is a 400 with the reason', async () => {
    for (const query of ['after=soon', 'order=sideways', `order=oldest&before=${T}_1`, `order=newest&after=${T}_1`]) {
      const answer = await service.explorerGet(`${APP}/logs?session=session-1&${query}`);
      expect({ query, status: answer.status }).toEqual({ query, status: 400 });
      expect(JSON.parse(answer.body).error).toMatch(/after|order|before/);
    }
  });
});
