// Partner tokens: only their hash is stored, sign-out revokes them, and the partner API's bodies are limited.
import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { PARTNER_API } from '../../../portal/api.types.ts';
import { DEMO_PARTNER } from '../../../server/partner/demo.ts';
import { MAX_SIGN_INS } from '../../../server/stores/store.types.ts';
import { hashToken, newToken, TOKEN_LIFETIME_MS } from '../../../server/http/tokens.ts';
import { createHarness, type Harness } from './service-harness.ts';
import { STORE_KINDS } from './test-databases.ts';

let service: Harness;
beforeEach(async () => {
  service = await createHarness();
});
afterEach(() => {
  vi.useRealTimers();
  return service.close();
});

async function signIn(on: Harness = service): Promise<string> {
  const answer = await on.app.request(PARTNER_API.auth, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(DEMO_PARTNER),
  });
  return ((await answer.json()) as { data: { token: string } }).data.token;
}
const profile = (token: string) =>
  service.app.request(PARTNER_API.profile, { headers: { Authorization: `Bearer ${token}` } });
const signOut = (token: string) =>
  service.app.request(PARTNER_API.logout, { method: 'POST', headers: { Authorization: `Bearer ${token}` } });

test('the token is nowhere in the database files, while it signs the partner in', async () => {
  const token = await signIn();
  expect((await profile(token)).status).toBe(200);
  const dbPath = join(service.dir, 'sidelog.db');
  const files = [dbPath, `${dbPath}-wal`].filter(existsSync).map((path) => readFileSync(path));
  expect(files.length).toBeGreaterThan(0);
  for (const file of files) {
    expect(file.includes(token)).toBe(false);
    expect(file.includes(Buffer.from(token, 'base64url'))).toBe(false);
  }
});

test('sign-out revokes the token: the views answer 401 to it, and a second sign-out too', async () => {
  const token = await signIn();
  const other = await signIn();
  const answer = await signOut(token);
  expect(answer.status).toBe(200);
  expect(await answer.json()).toEqual({ status: 'success' });
  expect((await profile(token)).status).toBe(401);
  expect((await signOut(token)).status).toBe(401);
  // Only that token: the partner's other sessions go on.
  expect((await profile(other)).status).toBe(200);
});

test('a token lives 30 days: the day before it ends it signs in, past it the views answer 401', async () => {
  expect(TOKEN_LIFETIME_MS).toBe(30 * 24 * 60 * 60 * 1000);
  const signedInAt = Date.now();
  const token = await signIn();
  // Only Date is faked: the service's own timers and the database's callbacks run as ever.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(signedInAt + TOKEN_LIFETIME_MS - 24 * 60 * 60 * 1000);
  expect((await profile(token)).status).toBe(200);
  vi.setSystemTime(signedInAt + TOKEN_LIFETIME_MS + 60 * 1000);
  expect((await profile(token)).status).toBe(401);
});

test.each(STORE_KINDS)(
  `on %s, a partner keeps the ${MAX_SIGN_INS} newest sign-ins: one more ends the oldest, and only it`,
  async (kind) => {
    const own = await createHarness({ store: kind });
    try {
      // The first MAX_SIGN_INS as a sign-in keeps them, straight in the store, which holds the bound; the last through
      // the API. Each sign-in through the API hashes the password (39 ms of scrypt): 102 of them took 5.4 s.
      const { id } = (await own.store.partnerByEmail(DEMO_PARTNER.email))!;
      const tokens: string[] = [];
      for (let i = 0; i < MAX_SIGN_INS; i++) {
        const token = newToken();
        await own.store.addToken(hashToken(token), id, new Date(Date.now() + TOKEN_LIFETIME_MS));
        tokens.push(token);
      }
      tokens.push(await signIn(own));
      const profileOf = (token: string) =>
        own.app.request(PARTNER_API.profile, { headers: { Authorization: `Bearer ${token}` } });
      expect((await profileOf(tokens[0])).status).toBe(401);
      for (const token of [tokens[1], tokens[MAX_SIGN_INS]]) expect((await profileOf(token)).status).toBe(200);
    } finally {
      await own.close();
    }
  },
);

test('sign-out without a token answers 401', async () => {
  expect((await service.app.request(PARTNER_API.logout, { method: 'POST' })).status).toBe(401);
});

test('a sign-in body over 4 KB answers 413, and one nested too deep 400', async () => {
  const big = await service.app.request(PARTNER_API.auth, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: DEMO_PARTNER.email, password: 'x'.repeat(5000) }),
  });
  expect(big.status).toBe(413);
  expect(await big.json()).toMatchObject({ status: 'failure' });
  const deep = await service.app.request(PARTNER_API.auth, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: `{"email": ${'['.repeat(100)}${']'.repeat(100)}}`,
  });
  expect(deep.status).toBe(400);
});
