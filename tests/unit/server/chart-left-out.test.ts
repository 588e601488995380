// The explorer's charts and a wrong clock (docs/volume-and-counts.md#a-wrong-clock), on every store: a view holding
// logs of today, one dated 1970 and one dated next year draws today's bars and names the other two, which its count
// and a split's values still hold; "draw them too" (a range holding them) draws all five.
import { describe, expect, test } from 'vitest';
import type { LogVolume } from '../../../explorer-contract/api.types.ts';
import type { FieldCounts } from '../../../explorer-contract/field-counts.ts';
import type { LogRecord } from '../../../protocol/records.types.ts';
import { DEMO_APP_KEY } from '../../../server/partner/demo.ts';
import { appIdOf } from '../../../server/stores/app-id.ts';
import { createHarness } from './service-harness.ts';
import { LOG_STORE_KINDS } from './test-databases.ts';

const APP = `/apps/${appIdOf(DEMO_APP_KEY)}`;
const DAY = 24 * 60 * 60 * 1000;

describe.each(LOG_STORE_KINDS)('on %s', (kind) => {
  test('logs a wrong clock dated are left out of the bars and named; a range holding them draws them', async () => {
    const service = await createHarness({ store: kind });
    try {
      const now = Date.now();
      const log = (at: number, t: string): LogRecord => ({ x: new Date(at).toISOString(), at, t, ll: 4, tg: 'clock' });
      const times = [0, now - 120_000, now - 60_000, now - 1_000, now + 365 * DAY];
      const session_id = await service.session();
      const stored = await service.wire('sendLogs', { session_id, logs: times.map((at, i) => log(at, `line ${i}`)) });
      expect(stored.status).toBe(200);
      const get = async <T>(path: string): Promise<T> => {
        const answer = await service.explorerGet(`${APP}${path}`);
        expect(answer.status, answer.body).toBe(200);
        return JSON.parse(answer.body) as T;
      };
      const barsOf = (volume: LogVolume) =>
        volume.buckets.reduce((sum, bucket) => sum + bucket.levels.reduce((a, b) => a + b, 0), 0);

      const volume = await get<LogVolume>('/logs/volume');
      expect(barsOf(volume)).toBe(3);
      expect(volume.leftOut).toEqual({ before: 0, after: times[4] });
      expect(volume.buckets[0]!.at).toBeLessThanOrEqual(times[1]!);
      expect(volume.bucketMs).toBeLessThanOrEqual(5_000);
      expect((await get<{ count: number }>('/logs/count')).count).toBe(5);

      // A fragment's view (its scan's counts) leaves them out the same way.
      const scanned = await get<LogVolume>(`/logs/volume?q=${encodeURIComponent('*ine*')}`);
      expect([barsOf(scanned), scanned.leftOut]).toEqual([3, { before: 0, after: times[4] }]);

      const split = await get<FieldCounts>('/logs/split?by=tag');
      expect(split.values.map((value) => [value.value, value.count])).toEqual([['clock', 5]]);
      expect(split.buckets.reduce((sum, bucket) => sum + bucket.counts[0]!, 0)).toBe(3);
      expect(split.leftOut).toEqual({ before: 0, after: times[4] });

      const all = `from=${new Date(0).toISOString()}&to=${new Date(times[4]! + 1).toISOString()}`;
      const drawn = await get<LogVolume>(`/logs/volume?${all}`);
      expect([barsOf(drawn), drawn.leftOut]).toEqual([5, undefined]);
    } finally {
      await service.close();
    }
  });
});
