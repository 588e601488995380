// Cross-site request forgery: the routes that change state take only JSON, and refuse what a browser
// says came from another origin (the explorer's, which a cookie signs in) or from a host not served (the admin
// API's, which a bearer token signs in); sign-out ends on the server the sign-in it carries, in its cookie or body.
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { EXPLORER_API } from '../../../explorer-contract/api.types.ts';
import { ADMIN_TOKEN, createHarness, type Harness } from './service-harness.ts';
import { STORE_KINDS } from './test-databases.ts';

const ADMIN_SIGN_IN = JSON.stringify({ name: 'admin', password: ADMIN_TOKEN });

let service: Harness;
afterEach(() => service.close());

/** A POST to the explorer's API (at http://localhost, as app.request has it) with `headers` and `body`. */
const explorerPost = (path: string, headers: Record<string, string>, body = ADMIN_SIGN_IN) =>
  service.app.request(`http://localhost${EXPLORER_API}${path}`, { method: 'POST', headers, body });

describe('on sqlite', () => {
  beforeEach(async () => {
    service = await createHarness();
  });

  test.each([
    ['another site (Sec-Fetch-Site)', { 'Sec-Fetch-Site': 'cross-site' }],
    ['another port of this host (Sec-Fetch-Site)', { 'Sec-Fetch-Site': 'same-site' }],
    ['no page at all (Sec-Fetch-Site)', { 'Sec-Fetch-Site': 'none' }],
    ['another site (Origin)', { Origin: 'http://attacker.example' }],
    ['another port of this host (Origin)', { Origin: 'http://localhost:8081' }],
    ['a sandboxed page (Origin: null)', { Origin: 'null' }],
  ])("the explorer's sign-in and sign-out refuse a request from %s with 403, whatever its body", async (_, from) => {
    for (const path of ['/sign-in', '/sign-out']) {
      const answer = await explorerPost(path, { ...from, 'Content-Type': 'application/json' });
      expect(answer.status, path).toBe(403);
      expect(answer.headers.get('Set-Cookie'), path).toBeNull();
      expect(await answer.json(), path).toEqual({
        error: expect.stringMatching(/^refused: .*only the service's own pages may send it$/),
      });
    }
  });

  test.each(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', undefined])(
    "the explorer's sign-in refuses a body sent as %s with 415, even from its own page",
    async (type) => {
      const answer = await explorerPost('/sign-in', {
        'Sec-Fetch-Site': 'same-origin',
        ...(type ? { 'Content-Type': type } : {}),
      });
      expect(answer.status).toBe(415);
      expect(answer.headers.get('Set-Cookie')).toBeNull();
      expect(await answer.json()).toEqual({ error: `the body must be JSON, sent as 'Content-Type: application/json'` });
    },
  );

  test.each([
    ['its own page (Sec-Fetch-Site)', { 'Sec-Fetch-Site': 'same-origin', Origin: 'http://localhost' }],
    ['its own page, by a browser that sends only Origin', { Origin: 'http://localhost' }],
    ['a client that is no browser (neither header)', {}],
  ])("the explorer's sign-in answers JSON from %s", async (_, from) => {
    const answer = await explorerPost('/sign-in', { ...from, 'Content-Type': 'application/json; charset=utf-8' });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('Set-Cookie')).toMatch(/^sidelog_viewer=/);
  });

  test('the admin API takes only JSON, from no browser page or one on a served host, whatever its port', async () => {
    const post = (headers: Record<string, string>) =>
      service.app.request('/sidelog/admin/api/apps', {
        method: 'POST',
        headers: { Authorization: `Bearer ${ADMIN_TOKEN}`, ...headers },
        body: JSON.stringify({ key: 'cross-site-app' }),
      });
    expect((await post({ 'Content-Type': 'text/plain' })).status).toBe(415);
    expect((await post({ 'Content-Type': 'application/json', Origin: 'http://attacker.example' })).status).toBe(403);
    expect((await post({ 'Content-Type': 'application/json', Origin: 'http://localhost:5173' })).status).toBe(200);
    expect((await post({ 'Content-Type': 'application/json' })).status).toBe(200);
    // Reads change nothing, and stay open to the admin's scripts anywhere.
    const read = await service.app.request('/sidelog/admin/api/apps', {
      headers: { Authorization: `Bearer ${ADMIN_TOKEN}`, Origin: 'http://attacker.example' },
    });
    expect(read.status).toBe(200);
  });
});

// Revoking is the store's: on both.
describe.each(STORE_KINDS)('on %s', (kind) => {
  beforeEach(async () => {
    service = await createHarness({ store: kind });
  });

  /** Signs in as the admin; the session token. */
  async function signIn(): Promise<string> {
    const answer = await explorerPost('/sign-in', { 'Content-Type': 'application/json' });
    return /^sidelog_viewer=([^;]+)/.exec(answer.headers.get('Set-Cookie')!)![1]!;
  }
  const me = (token: string) =>
    service.app.request(`${EXPLORER_API}/me`, { headers: { Cookie: `sidelog_viewer=${token}` } });

  test('sign-out ends on the server the sign-in its cookie carries, and the one its body names', async () => {
    const [byCookie, byBody, other] = [await signIn(), await signIn(), await signIn()];
    const out = await explorerPost(
      '/sign-out',
      { 'Content-Type': 'application/json', Cookie: `sidelog_viewer=${byCookie}` },
      JSON.stringify({ token: byBody }),
    );
    expect(out.status).toBe(200);
    expect(out.headers.get('Set-Cookie')).toMatch(/^sidelog_viewer=;.*Max-Age=0/);
    expect((await me(byCookie)).status).toBe(401);
    expect((await me(byBody)).status).toBe(401);
    expect(await (await me(other)).json()).toEqual({ name: 'admin' });
  });
});
