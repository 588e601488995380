// The partner API (docs/local-service.md#partner-api): sign-in (throttled), sign-out (revokes the token), and the views' data for a
// signed-in partner.
import { Hono, type Context } from 'hono';
import { cors } from 'hono/cors';
import type { AuthAnswer, AuthFailureField, PartnerAnswer } from '../../portal/api.types.ts';
import { PARTNER_API } from '../../portal/api.types.ts';
import { limitBody, PARTNER_BODY_BYTES, readJson } from '../http/body-limits.ts';
import type { PartnerStore, PartnerView } from '../stores/store.types.ts';
import { createLoginThrottle, DEFAULT_LOGIN_LIMITS, type LoginEnv, type LoginLimits } from '../http/login-throttle.ts';
import { verifyPassword } from '../http/passwords.ts';
import { bearerToken, hashToken, newToken, TOKEN_LIFETIME_MS } from '../http/tokens.ts';

/** No partner's password is shorter, so a shorter one is wrong whatever the email. */
const MIN_PASSWORD_LENGTH = 6;

export const AUTH_MESSAGES: Record<AuthFailureField, string> = {
  email: 'Партнер с таким адресом email не найден.',
  password: 'Неверный пароль.',
  both: 'Неверный адрес email и пароль.',
};
const BAD_REQUEST = 'Некорректный запрос.';
const TOO_LARGE = 'Слишком большой запрос.';
const UNAUTHORIZED = 'Требуется вход в кабинет партнера.';

const failure = (field: AuthFailureField, meta = AUTH_MESSAGES[field]): AuthAnswer => ({
  status: 'failure',
  data: field,
  meta,
});

/** Which field a sign-in got wrong, or the partner it signs in. */
async function checkCredentials(
  store: PartnerStore,
  email: string,
  password: string,
): Promise<AuthFailureField | number> {
  const partner = email ? await store.partnerByEmail(email) : undefined;
  const passwordImpossible = password.length < MIN_PASSWORD_LENGTH;
  if (!partner) return passwordImpossible ? 'both' : 'email';
  return (await verifyPassword(password, partner.passwordHash)) ? partner.id : 'password';
}

const VIEWS: Record<Exclude<keyof typeof PARTNER_API, 'auth' | 'logout'>, PartnerView> = {
  profile: 'profile',
  sales: 'sales',
  stats: 'stats',
  warehouse: 'warehouse',
  support: 'support',
};

interface PartnerApiOptions {
  loginLimits?: LoginLimits;
}

type PartnerEnv = { Variables: LoginEnv['Variables'] & { password: string } };

export function createPartnerApi(store: PartnerStore, options: PartnerApiOptions = {}): Hono<PartnerEnv> {
  const api = new Hono<PartnerEnv>();
  const throttle = createLoginThrottle(options.loginLimits ?? DEFAULT_LOGIN_LIMITS);
  // The portal is served from the same origin; CORS lets a dev server on another port use this API too.
  api.use(
    '/mobile/api/*',
    cors({ origin: '*', allowHeaders: ['Content-Type', 'Authorization'], allowMethods: ['GET', 'POST', 'OPTIONS'] }),
  );
  api.use(
    '/mobile/api/*',
    limitBody(PARTNER_BODY_BYTES, (c) => c.json(failure('both', TOO_LARGE), 413)),
  );

  const partnerOf = async (c: Context) => {
    const token = bearerToken(c.req.header('Authorization'));
    return token ? store.partnerOfToken(hashToken(token), new Date()) : undefined;
  };
  const unauthorized = (c: Context) => c.json<PartnerAnswer<never>>({ status: 'failure', meta: UNAUTHORIZED }, 401);

  api.post(
    PARTNER_API.auth,
    throttle.perAddress,
    async (c, next) => {
      const body = await readJson(c);
      const { email, password } = (
        body.ok && typeof body.value === 'object' && body.value !== null ? body.value : {}
      ) as Record<string, unknown>;
      if (!body.ok) return c.json(failure('both', BAD_REQUEST), 400);
      c.set('loginAccount', typeof email === 'string' ? email.trim().toLowerCase() : '');
      c.set('password', typeof password === 'string' ? password : '');
      return next();
    },
    throttle.perAccount,
    async (c) => {
      const result = await checkCredentials(store, c.get('loginAccount'), c.get('password'));
      // Failures answer 200: the portal reads `status` and shows `meta`; a non-2xx answer means the server failed.
      if (typeof result === 'string') return c.json(failure(result));
      const token = newToken();
      await store.addToken(hashToken(token), result, new Date(Date.now() + TOKEN_LIFETIME_MS));
      c.set('signedIn', true);
      return c.json<AuthAnswer>({ status: 'success', data: { token, id: result } });
    },
  );

  // Sign-out: the token stops working at once, here and in every other tab or copy that holds it.
  api.post(PARTNER_API.logout, async (c) => {
    const token = bearerToken(c.req.header('Authorization'));
    if (!token || !(await store.revokeToken(hashToken(token)))) return unauthorized(c);
    return c.json({ status: 'success' });
  });

  for (const [name, view] of Object.entries(VIEWS) as [keyof typeof VIEWS, PartnerView][]) {
    api.get(PARTNER_API[name], async (c) => {
      const partnerId = await partnerOf(c);
      if (partnerId === undefined) return unauthorized(c);
      const data = await store.partnerView(partnerId, view);
      return c.json<PartnerAnswer<unknown>>({
        status: 'success',
        data: view === 'profile' ? { id: partnerId, ...(data as object) } : data,
      });
    });
  }
  return api;
}
