// The explorer API's sign-in (docs/local-service.md#explorer): a viewer signs in with a name and password for a
// cookie, signs out, asks who is signed in, changes its own password; and the gate every other route of the API stands
// behind.
import type { Context, Hono, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { readJsonObject } from '../http/body-limits.ts';
import { secureCookies } from '../http/client-address.ts';
import { createLoginThrottle, type LoginLimits } from '../http/login-throttle.ts';
import type { ExplorerEnv } from './api-params.ts';
import { ADMIN_VIEWER, passwordProblem, VIEWER_SESSION_MS, type ViewerAccounts } from './viewer-accounts.ts';

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
      setViewerCookie(c, token);
      return c.json({ name });
    },
  );

  // An account's own new password (docs/local-service.md#viewer-accounts): the current one is checked as a sign-in
  // is, its failures counted with the sign-ins' against the account, so that a borrowed cookie cannot guess it faster.
  // Every other sign-in of the account ends; this browser stays signed in.
  api.post(
    '/me/password',
    signedIn(accounts),
    async (c, next) => {
      const name = c.get('viewer');
      if (name === ADMIN_VIEWER) return c.json({ error: "the admin's password is the admin token" }, 403);
      const body = await readJsonObject(c);
      if (typeof body?.password !== 'string' || typeof body.newPassword !== 'string')
        return c.json({ error: `'password' and 'newPassword' must be strings` }, 400);
      const problem = passwordProblem(body.newPassword, 'newPassword');
      if (problem) return c.json({ error: problem }, 400);
      c.set('loginAccount', name);
      c.set('password', body.password);
      c.set('newPassword', body.newPassword);
      return next();
    },
    throttle.perAccount,
    async (c) => {
      const name = c.get('loginAccount');
      const token = await accounts.changePassword(name, c.get('password'), c.get('newPassword'));
      // Not 401, which the page reads as signed out.
      if (!token) return c.json({ error: 'The current password is wrong.' }, 403);
      c.set('signedIn', true);
      setViewerCookie(c, token);
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

/** The sign-in's cookie, which only the explorer's pages send back (Strict) and no script reads. */
function setViewerCookie(c: Context<ExplorerEnv>, token: string): void {
  setCookie(c, VIEWER_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Strict',
    path: '/sidelog',
    secure: secureCookies(c),
    maxAge: VIEWER_SESSION_MS / 1000,
  });
}
