// The explorer API's sign-in (docs/local-service.md#explorer): a viewer signs in with a name and password for a
// cookie, signs out, asks who is signed in; and the gate every other route of the API stands behind.
import type { Hono, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { readJsonObject } from '../http/body-limits.ts';
import { secureCookies } from '../http/client-address.ts';
import { createLoginThrottle, type LoginLimits } from '../http/login-throttle.ts';
import type { ExplorerEnv } from './api-params.ts';
import { VIEWER_SESSION_MS, type ViewerAccounts } from './viewer-accounts.ts';

const VIEWER_COOKIE = 'sidelog_viewer';
const THROTTLED = 'Too many sign-in attempts. Try again later.';

/** `POST sign-in`, `POST sign-out` and `GET viewer`, each open to anyone. */
export function signInRoutes(api: Hono<ExplorerEnv>, accounts: ViewerAccounts, limits: LoginLimits): void {
  const throttle = createLoginThrottle(limits, (c) => c.json({ error: THROTTLED }, 429));
  api.post(
    '/sign-in',
    throttle.perAddress,
    async (c, next) => {
      const body = await readJsonObject(c);
      if (typeof body?.name !== 'string' || typeof body.password !== 'string')
        return c.json({ error: `'name' and 'password' must be strings` }, 400);
      c.set('loginAccount', body.name.trim());
      c.set('password', body.password);
      return next();
    },
    throttle.perAccount,
    async (c) => {
      const name = c.get('loginAccount');
      const token = await accounts.signIn(name, c.get('password'));
      if (!token) return c.json({ error: 'Wrong name or password.' }, 401);
      c.set('signedIn', true);
      setCookie(c, VIEWER_COOKIE, token, {
        httpOnly: true,
        sameSite: 'Strict',
        path: '/sidelog',
        secure: secureCookies(c),
        maxAge: VIEWER_SESSION_MS / 1000,
      });
      return c.json({ name });
    },
  );

  // Ends on the server the sign-in the request carries, in its cookie or as `{ token }` in its body, and only then
  // clears the cookie: a cleared cookie never leaves its token valid.
  api.post('/sign-out', async (c) => {
    const body = await readJsonObject(c);
    const tokens = [getCookie(c, VIEWER_COOKIE), body?.token].filter(
      (token): token is string => typeof token === 'string' && token !== '',
    );
    for (const token of tokens) await accounts.signOut(token);
    deleteCookie(c, VIEWER_COOKIE, { path: '/sidelog' });
    return c.json({ signedOut: true });
  });

  // Who is signed in, if anyone: the page asks it before it knows, so that no one is an answer, not a 401 (which the
  // browser's console reports as an error on every sign-in page). A signed-in viewer's requests are answered below.
  api.get('/viewer', async (c) => {
    const token = getCookie(c, VIEWER_COOKIE);
    c.header('Cache-Control', 'no-store');
    return c.json({ name: (token && (await accounts.viewerOf(token))) || null });
  });
}

/** The gate: a request without a signed-in viewer's cookie is answered 401; past it, the viewer and the apps it may
 * read are the request's. */
export function signedIn(accounts: ViewerAccounts): MiddlewareHandler<ExplorerEnv> {
  return async (c, next) => {
    const token = getCookie(c, VIEWER_COOKIE);
    const viewer = token && (await accounts.viewerOf(token));
    if (!viewer) return c.json({ error: 'sign-in required' }, 401);
    c.set('viewer', viewer);
    c.set('allowedApps', await accounts.appsOf(viewer));
    c.header('Cache-Control', 'no-store');
    await next();
  };
}
