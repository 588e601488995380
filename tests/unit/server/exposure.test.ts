// The service exposed: security headers on real responses of every part, and the Host allow-list. (Faults answering
// JSON without a stack trace: service-errors.test.ts.)
import { request } from 'node:http';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PARTNER_API } from '../../../portal/api.types.ts';
import { allowedHosts, hostAllowed } from '../../../server/http/allowed-hosts.ts';
import { DEMO_APP_KEY } from '../../../server/partner/demo.ts';
import { EXPLORER_CSP } from '../../../server/explorer/static.ts';
import { startService, type RunningService } from '../../../server/service.ts';
import { device } from '../../../fixtures/wire-bodies.ts';

const POLICY = "default-src 'self'; script-src 'self' https://cdn.example; frame-ancestors 'none'";
let service: RunningService;
let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'sidelog-exposure-'));
  const dist = join(dir, 'dist');
  mkdirSync(join(dist, 'assets'), { recursive: true });
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>portal</title>');
  writeFileSync(join(dist, 'explorer.html'), '<!doctype html><title>explorer</title>');
  writeFileSync(join(dist, 'assets', 'app.js'), 'console.log(1)');
  writeFileSync(join(dist, 'csp.json'), JSON.stringify({ policy: POLICY }));
  service = await startService({ dbPath: join(dir, 'sidelog.db'), distDir: dist, adminToken: 'admin' });
});
afterAll(async () => {
  await service.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A GET with the Host header given (fetch will not send another Host than the URL's). */
function get(path: string, host: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const url = new URL(service.url);
    const req = request({ host: url.hostname, port: url.port, path, headers: { Host: host } }, (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, body }));
    });
    req.on('error', reject).end();
  });
}

describe('security headers', () => {
  const responses: [string, () => Promise<Response>][] = [
    ['the portal page', () => fetch(`${service.url}/sales`)],
    ['a portal asset', () => fetch(`${service.url}/assets/app.js`)],
    ['the partner API', () => fetch(`${service.url}${PARTNER_API.profile}`)],
    [
      'the collector',
      () =>
        fetch(`${service.url}/sidelog/api/app/device-status`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-App-Token': DEMO_APP_KEY },
          body: JSON.stringify({ app_token: DEMO_APP_KEY, device: device() }),
        }),
    ],
    ['the viewer', () => fetch(`${service.url}/sidelog/`)],
    ['the admin API, refused', () => fetch(`${service.url}/sidelog/admin/api/apps`)],
    ['a miss', () => fetch(`${service.url}/sidelog/no-such-page`)],
  ];
  test.each(responses)('%s carries nosniff, frame protection and Referrer-Policy', async (_name, send) => {
    const answer = await send();
    expect(answer.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(answer.headers.get('X-Frame-Options')).toBe('DENY');
    expect(answer.headers.get('Content-Security-Policy')).toContain("frame-ancestors 'none'");
    expect(answer.headers.get('Referrer-Policy')).toBe('no-referrer');
  });

  test("the portal's pages carry the policy its build wrote, the explorer's its own; the APIs only frame-ancestors", async () => {
    expect((await fetch(`${service.url}/`)).headers.get('Content-Security-Policy')).toBe(POLICY);
    for (const page of ['/sidelog/', '/sidelog/logs', '/sidelog/sign-in']) {
      expect((await fetch(`${service.url}${page}`)).headers.get('Content-Security-Policy')).toBe(EXPLORER_CSP);
    }
    expect((await fetch(`${service.url}${PARTNER_API.profile}`)).headers.get('Content-Security-Policy')).toBe(
      "frame-ancestors 'none'",
    );
  });
});

describe('the Host allow-list', () => {
  test('a foreign Host is refused with 421 before any route answers', async () => {
    const port = new URL(service.url).port;
    const refused = await get('/sidelog/', `attacker.example:${port}`);
    expect(refused.status).toBe(421);
    expect(JSON.parse(refused.body)).toEqual({ error: expect.stringContaining('attacker.example') });
    expect((await get('/sidelog/admin/api/apps', `rebind.attacker.example`)).status).toBe(421);
  });

  test('the bound address, localhost and *.localhost are served', async () => {
    const port = new URL(service.url).port;
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `r2-bugfender.localhost:${port}`]) {
      expect((await get('/sidelog/', host)).status).toBe(200);
    }
  });

  test('SIDELOG_ALLOWED_HOSTS replaces the defaults; *.name allows subdomains', () => {
    expect(allowedHosts(undefined, '127.0.0.1')).toEqual(['127.0.0.1', 'localhost', '*.localhost', '[::1]']);
    const list = allowedHosts(' logs.example.com, *.corp.example ', '0.0.0.0');
    expect(list).toEqual(['logs.example.com', '*.corp.example']);
    expect(hostAllowed('logs.example.com', list)).toBe(true);
    expect(hostAllowed('a.corp.example', list)).toBe(true);
    expect(hostAllowed('corp.example.evil', list)).toBe(false);
    expect(hostAllowed('localhost', list)).toBe(false);
  });
});
