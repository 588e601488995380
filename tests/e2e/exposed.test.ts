// The portal under its Content-Security-Policy in real Chromium: signing in, every view, Sidelog's worker and its
// uploads run without a single violation, while a script the portal did not ship is refused. The security
// headers are on the real responses, other sites cannot frame the service, and a page whose name is rebound to the
// service (DNS rebinding) reads nothing from it.
import { chromium } from 'playwright-core';
import { expect, it } from 'vitest';
import { CHROMIUM_ARGS, findTestChromium } from '../../scripts/chromium.ts';
import { VIEWS } from '../../app/views/views.ts';
import { PARTNER_API } from '../../portal/api.types.ts';
import { cspViolations, watchCspViolations } from './csp-violations.ts';
import { signInAsDemo } from './portal.ts';
import { useProductPage } from './product.ts';

declare global {
  interface Window {
    inlineRan?: boolean;
  }
}

const e2e = useProductPage();

it("serves the portal and the explorer as `npm start` does: React's production build", async () => {
  // The run builds the portal inside Vitest, whose NODE_ENV would have made it React's development build
  // (tests/support/production-build.ts). Only the production build carries React's minified error messages.
  for (const path of ['/', '/sidelog/']) {
    const html = await (await fetch(`${e2e.product.url}${path}`)).text();
    const scripts = [...html.matchAll(/<(?:script|link)[^>]+(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
    expect(scripts.length, path).toBeGreaterThan(0);
    const code = await Promise.all(scripts.map(async (src) => (await fetch(`${e2e.product.url}${src}`)).text()));
    expect(code.join('\n'), path).toContain('Minified React error');
  }
});

it('signs in and shows every view with no CSP violation, and refuses a script the portal did not ship', async () => {
  await watchCspViolations(e2e.page);
  const first = await e2e.page.goto(`${e2e.product.url}/`);
  const headers = first!.headers();
  expect(headers['content-security-policy']).toContain("script-src 'self'");
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['referrer-policy']).toBe('no-referrer');

  await signInAsDemo(e2e.page, e2e.product.url);
  for (const view of VIEWS) {
    await e2e.page.getByRole('link', { name: view.label }).click();
    await e2e.page.getByRole('heading', { level: 1, name: view.label }).waitFor();
  }
  // Sidelog started in its worker and reached the collector (a connection the policy must allow).
  await expect.poll(async () => (await e2e.product.admin.requests()).length, { timeout: 20_000 }).toBeGreaterThan(0);
  expect(await cspViolations(e2e.page)).toEqual([]);

  // The policy is in force: an inline script, as an injection would add, does not run.
  await e2e.page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.inlineRan = true';
    document.head.append(script);
  });
  await expect.poll(() => cspViolations(e2e.page).then((seen) => seen.length)).toBeGreaterThan(0);
  expect(await e2e.page.evaluate(() => window.inlineRan)).toBeUndefined();
  expect((await cspViolations(e2e.page))[0]).toMatch(/^script-src/);
});

it('is served on a *.localhost name (it resolves to loopback), and another origin cannot frame it', async () => {
  const port = new URL(e2e.product.url).port;
  const other = `http://other-site.localhost:${port}`;
  const answer = await e2e.page.goto(`${other}/`);
  expect(answer!.status()).toBe(200);
  // A page of another origin puts the portal in a frame: the browser refuses to show it.
  await e2e.page.evaluate((src) => {
    const frame = document.createElement('iframe');
    frame.src = src;
    document.body.append(frame);
  }, `${e2e.product.url}/`);
  await expect.poll(() => e2e.page.frames().length).toBe(2);
  const framed = e2e.page.frames()[1]!;
  await expect.poll(() => framed.url()).not.toBe('about:blank');
  // Chromium replaces a refused frame's document with its error page; the portal's form never appears.
  await expect.poll(() => framed.url()).toMatch(/^chrome-error:/);
});

it("refuses a page whose name was rebound to the service's address (DNS rebinding): its reads answer 421", async () => {
  const port = new URL(e2e.product.url).port;
  const attacker = `http://rebind.attacker.test:${port}`;
  // The attacker's name resolves to the service's loopback address, as it does once rebound.
  const browser = await chromium.launch({
    executablePath: findTestChromium(),
    args: [...CHROMIUM_ARGS, '--host-resolver-rules=MAP rebind.attacker.test 127.0.0.1'],
  });
  try {
    const page = await browser.newPage();
    // A page at the attacker's name, now rebound: the service refuses to serve it anything, the page included. (The
    // attacker's own page, loaded before the rebinding, would run in this same origin; Chromium's own checks on
    // public pages reaching loopback are not what this tests, so the page here is the refusal.)
    const opened = await page.goto(`${attacker}/sidelog/`);
    expect(opened!.status()).toBe(421);
    // A script in that origin reads its "own" origin, which is now the service: the explorer, the portal, the APIs.
    const paths = ['/sidelog/', '/sidelog/explorer/api/apps', '/sales', PARTNER_API.profile];
    const reads = await page.evaluate(
      (list) =>
        Promise.all(
          list.map(async (path) => {
            const answer = await fetch(path);
            return { path, status: answer.status, body: await answer.text() };
          }),
        ),
      paths,
    );
    for (const read of reads) {
      expect(read.status, read.path).toBe(421);
      expect(JSON.parse(read.body), read.path).toEqual({ error: expect.stringContaining('rebind.attacker.test') });
    }
    // The same reads from the service's own address are answered (so the refusal is the Host's doing).
    expect((await fetch(`${e2e.product.url}/sidelog/`)).status).toBe(200);
    expect((await fetch(`${e2e.product.url}/sales`)).status).toBe(200);
  } finally {
    await browser.close();
  }
});
