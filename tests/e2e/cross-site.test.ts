// Cross-site request forgery against the explorer's sign-in and sign-out, in real Chromium: pages of
// another origin (another site, and another port on 127.0.0.1, which is the same site) post forms of each kind a
// form can send (text/plain, form-encoded, multipart) and background fetches to the running service, at a viewer
// who is signed in as the admin. The service refuses them all (403), and the admin stays signed in as the admin.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EXPLORER_API } from '../../explorer-contract/api.types.ts';
import { useProductPage } from './product.ts';
import { adminPost } from './admin-client.ts';

const e2e = useProductPage();

const ATTACKER = { name: 'attacker', password: 'attacker-password' } as const;
const api = (path: string) => `${e2e.product.url}${EXPLORER_API}${path}`;

/** The attacker's own server: a blank page on every path, on loopback (so that Chromium lets its pages reach the
 * service's loopback address, as it lets a page of another local service). */
let elsewhere: Server;
beforeAll(async () => {
  elsewhere = createServer((_, response) =>
    response.writeHead(200, { 'Content-Type': 'text/html' }).end('<!doctype html><title>elsewhere</title>'),
  );
  await new Promise<void>((resolve) => elsewhere.listen(0, resolve));
  const made = await adminPost(e2e.product.url, e2e.product.adminToken, 'viewers', ATTACKER);
  expect(made.status).toBe(201);
});
afterAll(() => new Promise<void>((resolve) => elsewhere.close(() => resolve())));

/** The attacker's hosts: another site, and the service's own address (the same site: even a SameSite=Strict cookie
 * goes with requests from another port of it). Both reach the attacker's server, whose port is not the service's. */
const ATTACKER_HOSTS = [
  ['another site', 'attacker.localhost'],
  ['another port on 127.0.0.1', '127.0.0.1'],
] as const;

/** How a page of the attacker's sends the request: a form of each encoding (a top-level navigation), or fetch. */
type Sender = 'text/plain form' | 'form-encoded form' | 'multipart form' | 'background fetch';
const SENDERS: Sender[] = ['text/plain form', 'form-encoded form', 'multipart form', 'background fetch'];

/** Sends `fields` to `url` as `sender` does, from `page`; resolves to the status the service answered. A text/plain
 * form carries a JSON body: its one field's name holds the JSON up to a string's opening quote, its value ends it. */
async function send(page: Page, sender: Sender, url: string, fields: Record<string, string>): Promise<number> {
  const answered = page.waitForResponse((response) => response.url() === url);
  await page.evaluate(
    ({ sender, url, fields }) => {
      const json = JSON.stringify({ ...fields, padding: '' });
      if (sender === 'background fetch') {
        void fetch(url, {
          method: 'POST',
          mode: 'no-cors',
          credentials: 'include',
          headers: { 'Content-Type': 'text/plain' },
          body: json,
        });
        return;
      }
      const form = document.createElement('form');
      form.method = 'POST';
      form.action = url;
      form.enctype =
        sender === 'text/plain form'
          ? 'text/plain'
          : sender === 'multipart form'
            ? 'multipart/form-data'
            : 'application/x-www-form-urlencoded';
      const entries = sender === 'text/plain form' ? [[json.slice(0, -2), '"}']] : Object.entries(fields);
      for (const [name, value] of entries) {
        const input = document.createElement('input');
        input.type = 'hidden';
        input.name = name!;
        input.value = value!;
        form.append(input);
      }
      document.body.append(form);
      form.submit();
    },
    { sender, url, fields },
  );
  return (await answered).status();
}

describe.each(ATTACKER_HOSTS)('from %s (%s)', (_, host) => {
  // One browser context, the victim's, and a page of the attacker's in it, for all the attacks from this host.
  let victim: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    victim = await e2e.product.browser.newContext();
    page = await victim.newPage();
  });
  afterAll(() => victim.close());
  beforeEach(async () => {
    // The admin signs in to the explorer in this browser (again: an attack that worked leaves no trace on the next).
    const signedIn = await victim.request.post(api('/sign-in'), {
      data: { name: 'admin', password: e2e.product.adminToken },
    });
    expect(signedIn.status()).toBe(200);
    // and has a page of the attacker's open (a form sent from it has navigated it away).
    await page.goto(`http://${host}:${(elsewhere.address() as AddressInfo).port}/`);
  });

  /** Who the browser is signed in as, by its cookie, and whether the cookie's token still signs in anyone. */
  async function signedInAs(): Promise<string | undefined> {
    const me = await victim.request.get(api('/me'));
    return me.status() === 200 ? ((await me.json()) as { name: string }).name : undefined;
  }

  it.each(SENDERS)("a %s cannot sign the admin in as the attacker's account", async (sender) => {
    expect(await send(page, sender, api('/sign-in'), ATTACKER)).toBe(403);
    expect(await signedInAs()).toBe('admin');
  });

  it.each(SENDERS)('a %s cannot sign the admin out, nor end the sign-in on the server', async (sender) => {
    const [cookie] = (await victim.cookies()).filter((entry) => entry.name === 'sidelog_viewer');
    expect(cookie).toBeDefined();
    expect(await send(page, sender, api('/sign-out'), {})).toBe(403);
    expect(await signedInAs()).toBe('admin');
    // The same token still signs in, whatever the browser did with its cookie.
    const again = await fetch(api('/me'), { headers: { Cookie: `sidelog_viewer=${cookie!.value}` } });
    expect(await again.json()).toEqual({ name: 'admin' });
  });
});

it("the explorer's own page signs in and out (same origin, JSON)", async () => {
  await e2e.page.goto(`${e2e.product.url}/sidelog/`);
  await e2e.page.getByLabel('Name').fill('admin');
  await e2e.page.getByLabel('Password').fill(e2e.product.adminToken);
  await e2e.page.getByRole('button', { name: 'Sign in' }).click();
  await e2e.page.getByRole('button', { name: 'Sign out' }).waitFor();
  const [cookie] = (await e2e.page.context().cookies()).filter((entry) => entry.name === 'sidelog_viewer');
  await e2e.page.getByRole('button', { name: 'Sign out' }).click();
  await e2e.page.getByRole('button', { name: 'Sign in' }).waitFor();
  // Signed out on the server too: the token the cookie held signs in no one.
  expect((await fetch(api('/me'), { headers: { Cookie: `sidelog_viewer=${cookie!.value}` } })).status).toBe(401);
});
