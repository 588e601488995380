// The portal under its Content-Security-Policy in real Chromium: signing in, every view, Sidelog's worker and its
// uploads run without a single violation, while a script the portal did not ship is refused. The security
// headers are on the real responses, and other sites cannot frame the service.
import { expect, it } from 'vitest';
import { VIEWS } from '../../app/routes/views.ts';
import { signInAsDemo } from './portal.ts';
import { useProductPage } from './product.ts';

declare global {
  interface Window {
    cspViolations?: string[];
    inlineRan?: boolean;
  }
}

const e2e = useProductPage();

/** Records every CSP violation in every document of the page, from before its first script. */
async function watchViolations() {
  await e2e.page.addInitScript(() => {
    window.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => window.cspViolations!.push(`${event.violatedDirective} ${event.blockedURI}`));
  });
}

it('signs in and shows every view with no CSP violation, and refuses a script the portal did not ship', async () => {
  await watchViolations();
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
  expect(await e2e.page.evaluate(() => window.cspViolations)).toEqual([]);

  // The policy is in force: an inline script, as an injection would add, does not run.
  await e2e.page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.inlineRan = true';
    document.head.append(script);
  });
  await expect.poll(() => e2e.page.evaluate(() => window.cspViolations!.length)).toBeGreaterThan(0);
  expect(await e2e.page.evaluate(() => window.inlineRan)).toBeUndefined();
  expect((await e2e.page.evaluate(() => window.cspViolations!))[0]).toMatch(/^script-src/);
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
