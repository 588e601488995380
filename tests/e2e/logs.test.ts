// Logs written in the portal reach the collector (docs/uploader.md): every line once, in batches of at most 500,
// and the signed-in partner's id as the device key user_id.
import { describe, expect, it } from 'vitest';
import { waitFor } from './wait-for.ts';
import { UPLOAD_BATCH_SIZE } from '../../worker/tuning.ts';
import { deviceUdid, lineNumbers, logLines, oneTo, sendNow, sessionUUID, sidelogMode } from './page-sidelog.ts';
import { signInAsDemo } from './portal.ts';
import { useProductPage } from './product.ts';

const e2e = useProductPage();

const DELIVERY = { timeout: 45_000, interval: 250 };

describe('logs written in the portal', () => {
  it('all 1,200 arrive, in batches of at most 500, none missing and none twice', async () => {
    await e2e.page.goto(`${e2e.product.url}/`);
    expect(await sidelogMode(e2e.page)).toBe('A-shared');
    const session = await sessionUUID(e2e.page);

    await logLines(e2e.page, 'portal line', 1200);
    await sendNow(e2e.page);

    const logs = await waitFor(async () => {
      const mine = (await e2e.product.admin.logs()).filter((log) => log.session_uid === session);
      expect(
        lineNumbers(
          mine.map((log) => log.t),
          'portal line',
        ),
      ).toHaveLength(1200);
      return mine;
    }, DELIVERY);
    expect(
      lineNumbers(
        logs.map((log) => log.t),
        'portal line',
      ).sort((a, b) => a - b),
    ).toEqual(oneTo(1200));

    const batches = (await e2e.product.admin.batches()).filter((batch) => batch.session_uid === session);
    expect(Math.max(...batches.map((batch) => batch.count))).toBeLessThanOrEqual(UPLOAD_BATCH_SIZE);
    // Each line was sent once: every batch the collector received was new to it.
    expect(batches.every((batch) => batch.stored === batch.count)).toBe(true);
  });

  it("sends the signed-in partner's id as the device key user_id", async () => {
    const partnerId = await signInAsDemo(e2e.page, e2e.product.url);
    const udid = await deviceUdid(e2e.page);
    await sendNow(e2e.page);

    await waitFor(async () => {
      const keys = (await e2e.product.admin.deviceKeys()).filter((change) => change.device_id === udid);
      expect(keys.map(({ key, value }) => ({ key, value: String(value) }))).toContainEqual({
        key: 'user_id',
        value: partnerId,
      });
    }, DELIVERY);
  });
});
