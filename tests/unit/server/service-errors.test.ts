// A failure inside the service reaches the client as a short JSON error with a status that says what to do, never
// as a stack trace or the error's own text: a bug answers 500, a read-only, busy or damaged database 503 with
// Retry-After (SQLite's SQLITE_CORRUPT, PostgreSQL's data_corrupted XX001), a full disk 507, in the partner API, the
// collector and the explorer's API alike.
import { afterEach, beforeEach, expect, test } from 'vitest';
import { PARTNER_API } from '../../../portal/api.types.ts';
import { DEMO_PARTNER } from '../../../server/partner/demo.ts';
import { ADMIN_TOKEN, createHarness, type Harness } from './service-harness.ts';
import { device } from '../../../fixtures/wire-bodies.ts';

let service: Harness;
beforeEach(async () => {
  service = await createHarness();
});
afterEach(() => service.close());

/** An error as the store's driver throws it: with a code, and a message and stack no client should see. */
function fault(code?: string): Error {
  const error = new Error(`secret detail at /srv/sidelog/server/db.ts:42 (${code ?? 'a bug'})`);
  if (code) Object.assign(error, { code });
  return error;
}

const signIn = () =>
  service.app.request(PARTNER_API.auth, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(DEMO_PARTNER),
  });

async function expectClean(answer: Response, status: number) {
  expect(answer.status).toBe(status);
  expect(answer.headers.get('Content-Type')).toMatch(/^application\/json/);
  const text = await answer.text();
  expect(JSON.parse(text)).toEqual({ error: expect.any(String) });
  expect(text).not.toMatch(/secret detail|db\.ts|at \w|Error:/);
}

test.each([
  [undefined, 500],
  ['SQLITE_READONLY', 503],
  ['SQLITE_BUSY', 503],
  ['SQLITE_FULL', 507],
  ['SQLITE_CORRUPT', 503],
  ['XX001', 503],
] as const)('a sign-in whose token cannot be stored (%s) answers %i JSON, without the error', async (code, status) => {
  service.store.addToken = () => Promise.reject(fault(code));
  const answer = await signIn();
  if (status === 503) expect(Number(answer.headers.get('Retry-After'))).toBeGreaterThan(0);
  await expectClean(answer, status);
});

test('the collector, on a full disk, answers 507 JSON', async () => {
  service.store.putDevice = () => Promise.reject(fault('SQLITE_FULL'));
  await expectClean(await service.wire('getDeviceStatus', { device: device() }), 507);
});

test("the explorer's API, on a bug, answers 500 JSON", async () => {
  service.store.explorer.apps = () => Promise.reject(fault());
  const signedIn = await service.app.request('/sidelog/explorer/api/sign-in', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'admin', password: ADMIN_TOKEN }),
  });
  const cookie = signedIn.headers.get('Set-Cookie')!.split(';')[0];
  await expectClean(await service.app.request('/sidelog/explorer/api/apps', { headers: { Cookie: cookie } }), 500);
});
