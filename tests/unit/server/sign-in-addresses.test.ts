// Sign-in from several client addresses, over real sockets: guessers at one address cannot lock the admin
// (or a partner) out of another, while guessing from one address stays bounded; behind a trusted proxy the client's
// address and scheme are the ones the proxy forwards, and the session cookie is Secure when the browser came over TLS.
// Loopback answers from every 127.x.y.z, so each request picks the address it comes from.
import { request } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { EXPLORER_API } from '../../../explorer-contract/api.types.ts';
import { PARTNER_API } from '../../../portal/api.types.ts';
import type { ProxySettings } from '../../../server/http/client-address.ts';
import { DEMO_PARTNER } from '../../../server/partner/demo.ts';
import { EXPLORER_LOGIN_LIMITS } from '../../../server/explorer/api.ts';
import { DEFAULT_LOGIN_LIMITS } from '../../../server/http/login-throttle.ts';
import { startService, type RunningService } from '../../../server/service.ts';

let service: RunningService | undefined;
let dir: string | undefined;
afterEach(async () => {
  await service?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
  service = undefined;
});

async function start(proxies?: ProxySettings): Promise<RunningService> {
  dir = mkdtempSync(join(tmpdir(), 'sidelog-addresses-'));
  service = await startService({ db: join(dir, 'sidelog.db'), proxies });
  return service;
}

/** A JSON POST to the service from the loopback address `from`, with `headers`. */
function post(
  path: string,
  body: unknown,
  from: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; setCookie: string | undefined; retryAfter: string | undefined; body: string }> {
  const { hostname, port } = new URL(service!.url);
  return new Promise((resolve, reject) => {
    const sent = request(
      {
        host: hostname,
        port,
        path,
        method: 'POST',
        localAddress: from,
        headers: { 'Content-Type': 'application/json', ...headers },
      },
      (answer) => {
        let text = '';
        answer.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
        answer.on('end', () =>
          resolve({
            status: answer.statusCode!,
            setCookie: answer.headers['set-cookie']?.[0],
            retryAfter: answer.headers['retry-after'],
            body: text,
          }),
        );
      },
    );
    sent.on('error', reject).end(JSON.stringify(body));
  });
}

const adminSignIn = (token: string, from: string, headers?: Record<string, string>) =>
  post(`${EXPLORER_API}/sign-in`, { name: 'admin', password: token }, from, headers);
const partnerSignIn = (password: string, from: string) =>
  post(PARTNER_API.auth, { email: DEMO_PARTNER.email, password }, from);

describe('the admin sign-in', () => {
  test(`${EXPLORER_LOGIN_LIMITS.perAccount} wrong tokens from one address do not lock the admin out of another`, async () => {
    const { adminToken } = await start();
    for (let i = 0; i < EXPLORER_LOGIN_LIMITS.perAccount; i++)
      expect((await adminSignIn(`guess-${i}`, '127.0.0.2')).status).toBe(401);
    // The admin, at an address that has not failed, signs in.
    const admin = await adminSignIn(adminToken, '127.0.0.3');
    expect(admin.status).toBe(200);
    expect(admin.setCookie).toMatch(/^sidelog_viewer=/);
  });

  test('guessing stays bounded: from one address past the limit, and from any address that fails once the account is past it', async () => {
    const { adminToken } = await start();
    for (let i = 0; i < EXPLORER_LOGIN_LIMITS.perAccount; i++)
      expect((await adminSignIn(`guess-${i}`, '127.0.0.2')).status).toBe(401);
    // The guesser's address is refused, even the right token.
    expect((await adminSignIn(adminToken, '127.0.0.2')).status).toBe(429);
    // Another address of the guesser's gets one try, then is refused too.
    expect((await adminSignIn('guess-next', '127.0.0.4')).status).toBe(401);
    const refused = await adminSignIn(adminToken, '127.0.0.4');
    expect(refused.status).toBe(429);
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    expect(Number(refused.retryAfter)).toBeLessThanOrEqual(EXPLORER_LOGIN_LIMITS.windowMs / 1000);
    // Past the per-address limit, every name is refused from that address.
    for (let i = EXPLORER_LOGIN_LIMITS.perAccount; i < EXPLORER_LOGIN_LIMITS.perAddress; i++)
      await post(`${EXPLORER_API}/sign-in`, { name: `someone-${i}`, password: 'whatever-1' }, '127.0.0.2');
    expect(
      (await post(`${EXPLORER_API}/sign-in`, { name: 'someone-else', password: 'whatever-1' }, '127.0.0.2')).status,
    ).toBe(429);
  });
});

test(`${DEFAULT_LOGIN_LIMITS.perAccount} wrong passwords from one address do not lock a partner out of another`, async () => {
  await start();
  for (let i = 0; i < DEFAULT_LOGIN_LIMITS.perAccount; i++)
    expect(JSON.parse((await partnerSignIn(`wrong-${i}-password`, '127.0.0.2')).body)).toMatchObject({
      data: 'password',
    });
  expect((await partnerSignIn(DEMO_PARTNER.password, '127.0.0.2')).status).toBe(429);
  expect(JSON.parse((await partnerSignIn(DEMO_PARTNER.password, '127.0.0.3')).body)).toMatchObject({
    status: 'success',
  });
});

describe('behind a TLS proxy', () => {
  const forwarded = (client: string, proto = 'https') => ({ 'X-Forwarded-For': client, 'X-Forwarded-Proto': proto });

  test("the cookie is Secure when the trusted proxy says the browser came over TLS, and the forwarded address is the client's", async () => {
    const { adminToken } = await start({ trustedProxies: ['127.0.0.0/30'] });
    expect((await adminSignIn(adminToken, '127.0.0.1', forwarded('203.0.113.9'))).setCookie).toMatch(/; Secure/);
    expect((await adminSignIn(adminToken, '127.0.0.1', forwarded('203.0.113.9', 'http'))).setCookie).not.toMatch(
      /Secure/,
    );
    // Guesses through the proxy count at the guesser's address, not the proxy's: the admin behind the same proxy signs in.
    for (let i = 0; i < EXPLORER_LOGIN_LIMITS.perAccount; i++)
      expect((await adminSignIn(`guess-${i}`, '127.0.0.2', forwarded('198.51.100.7'))).status).toBe(401);
    expect((await adminSignIn(adminToken, '127.0.0.2', forwarded('198.51.100.7'))).status).toBe(429);
    expect((await adminSignIn(adminToken, '127.0.0.2', forwarded('203.0.113.9'))).status).toBe(200);
  });

  test('from an address not trusted, X-Forwarded-* count for nothing', async () => {
    const { adminToken } = await start({ trustedProxies: ['10.0.0.1'] });
    expect((await adminSignIn(adminToken, '127.0.0.1', forwarded('203.0.113.9'))).setCookie).not.toMatch(/Secure/);
    // A guesser cannot pass for other clients by naming them.
    for (let i = 0; i < EXPLORER_LOGIN_LIMITS.perAccount; i++)
      expect((await adminSignIn(`guess-${i}`, '127.0.0.2', forwarded(`198.51.100.${i}`))).status).toBe(401);
    expect((await adminSignIn(adminToken, '127.0.0.2', forwarded('198.51.100.99'))).status).toBe(429);
  });

  test('SIDELOG_SECURE_COOKIES=true makes the cookie Secure whatever the request says', async () => {
    const { adminToken } = await start({ secureCookies: true });
    expect((await adminSignIn(adminToken, '127.0.0.1')).setCookie).toMatch(/; Secure/);
  });
});
