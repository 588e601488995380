// Sign-in under guessing: failed attempts are counted per account and per client address, and past the limit the
// answer is 429 with Retry-After, while the answers before it still name the wrong field.
import { afterEach, expect, test } from 'vitest';
import { PARTNER_API } from '../../../portal/api.types.ts';
import { DEMO_PARTNER } from '../../../server/partner/demo.ts';
import { THROTTLED_MESSAGE } from '../../../server/http/login-throttle.ts';
import { AUTH_MESSAGES } from '../../../server/partner/partner-api.ts';
import { createHarness, type Harness } from './service-harness.ts';

let service: Harness | undefined;
afterEach(() => service?.close());

const signIn = (email: string, password: string) =>
  service!.app.request(PARTNER_API.auth, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });

test('past the per-account limit a sign-in answers 429 with Retry-After, even with the right password', async () => {
  service = await createHarness({ loginLimits: { perAccount: 3, perAddress: 100, windowMs: 60_000 } });
  for (let i = 0; i < 3; i++) {
    const wrong = await signIn(DEMO_PARTNER.email, `wrong-${i}-password`);
    expect(wrong.status).toBe(200);
    expect(await wrong.json()).toEqual({ status: 'failure', data: 'password', meta: AUTH_MESSAGES.password });
  }
  const throttled = await signIn(DEMO_PARTNER.email, DEMO_PARTNER.password);
  expect(throttled.status).toBe(429);
  expect(Number(throttled.headers.get('Retry-After'))).toBeGreaterThan(0);
  expect(Number(throttled.headers.get('Retry-After'))).toBeLessThanOrEqual(60);
  expect(await throttled.json()).toEqual({ status: 'failure', data: null, meta: THROTTLED_MESSAGE(1) });
  // The same email in another case and with spaces is the same account.
  expect((await signIn(` ${DEMO_PARTNER.email.toUpperCase()} `, DEMO_PARTNER.password)).status).toBe(429);
  // Another account from the same address is not locked by this one.
  expect(await (await signIn('nobody@example.com', 'whatever-password')).json()).toMatchObject({ data: 'email' });
});

test('past the per-address limit every account is refused from that address', async () => {
  service = await createHarness({ loginLimits: { perAccount: 100, perAddress: 4, windowMs: 60_000 } });
  for (let i = 0; i < 4; i++)
    expect(await (await signIn(`guess-${i}@example.com`, 'password1')).json()).toMatchObject({ data: 'email' });
  const throttled = await signIn(DEMO_PARTNER.email, DEMO_PARTNER.password);
  expect(throttled.status).toBe(429);
  expect(throttled.headers.get('Retry-After')).toMatch(/^\d+$/);
});

test('successful sign-ins do not count towards either limit', async () => {
  service = await createHarness({ loginLimits: { perAccount: 2, perAddress: 2, windowMs: 60_000 } });
  for (let i = 0; i < 5; i++) expect((await signIn(DEMO_PARTNER.email, DEMO_PARTNER.password)).status).toBe(200);
  expect(await (await signIn(DEMO_PARTNER.email, 'wrong-password')).json()).toMatchObject({ data: 'password' });
});
