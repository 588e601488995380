// Guessing does not hold up the collector: scrypt runs off the event loop, so a collector request sent while 16
// clients' guesses are being hashed is answered before they all are. (With scrypt on the event loop, the
// collector's request waited behind every guess that arrived before it.)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { PARTNER_API } from '../../../portal/api.types.ts';
import { DEMO_APP_KEY, DEMO_PARTNER } from '../../../server/partner/demo.ts';
import { startService, type RunningService } from '../../../server/service.ts';
import { device } from '../../../fixtures/wire-bodies.ts';

let service: RunningService | undefined;
let dir: string | undefined;
afterEach(async () => {
  await service?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test('a collector request is answered while 16 clients guess passwords', async () => {
  dir = mkdtempSync(join(tmpdir(), 'sidelog-login-load-'));
  // Limits out of the way: this is about the hashing, not the throttle.
  service = await startService({
    dbPath: join(dir, 'sidelog.db'),
    loginLimits: { perAccount: 1e6, perAddress: 1e6, windowMs: 60_000 },
  });
  const order: string[] = [];
  const guess = (i: number) =>
    fetch(`${service!.url}${PARTNER_API.auth}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: DEMO_PARTNER.email, password: `guess-${i}-password` }),
    }).then(async (answer) => {
      expect(await answer.json()).toMatchObject({ data: 'password' });
      order.push('guess');
    });
  const guesses = Array.from({ length: 16 }, (_, i) => guess(i));
  const collector = fetch(`${service.url}/sidelog/api/app/device-status`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-App-Token': DEMO_APP_KEY },
    body: JSON.stringify({ app_token: DEMO_APP_KEY, device: device() }),
  }).then(async (answer) => {
    expect(await answer.json()).toEqual({ logger_enabled: true });
    order.push('collector');
  });
  await Promise.all([...guesses, collector]);
  expect(order.indexOf('collector')).toBeLessThan(order.length - 1);
  expect(order.filter((entry) => entry === 'guess')).toHaveLength(16);
});
