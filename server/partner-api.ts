// The partner API (design.md §6): sign-in, and the views' data for a signed-in partner.
import { randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import { cors } from 'hono/cors';
import type { AuthAnswer, AuthFailureField, PartnerAnswer } from '../protocol/portal.types.ts';
import { PARTNER_API } from '../protocol/portal.types.ts';
import type { PartnerView, Store } from './db.ts';
import { verifyPassword } from './passwords.ts';

/** A token lives as long as the longest session marker the portal stores ('Запомнить меня': one year). */
const TOKEN_LIFETIME_MS = 365 * 24 * 60 * 60 * 1000;
/** No partner's password is shorter, so a shorter one is wrong whatever the email. */
const MIN_PASSWORD_LENGTH = 6;

export const AUTH_MESSAGES: Record<AuthFailureField, string> = {
  email: 'Партнер с таким адресом email не найден.',
  password: 'Неверный пароль.',
  both: 'Неверный адрес email и пароль.',
};
const BAD_REQUEST = 'Некорректный запрос.';
const UNAUTHORIZED = 'Требуется вход в кабинет партнера.';

const failure = (field: AuthFailureField, meta = AUTH_MESSAGES[field]): AuthAnswer => ({ status: 'failure', data: field, meta });

/** Which field a sign-in got wrong, or the partner it signs in. */
function checkCredentials(store: Store, email: string, password: string): AuthFailureField | number {
  const partner = email ? store.partnerByEmail(email) : undefined;
  const passwordImpossible = password.length < MIN_PASSWORD_LENGTH;
  if (!partner) return passwordImpossible ? 'both' : 'email';
  return verifyPassword(password, partner.passwordHash) ? partner.id : 'password';
}

const VIEWS: Record<Exclude<keyof typeof PARTNER_API, 'auth'>, PartnerView> = {
  profile: 'profile',
  sales: 'sales',
  stats: 'stats',
  warehouse: 'warehouse',
  support: 'support',
};

export function createPartnerApi(store: Store): Hono {
  const api = new Hono();
  // The portal is served from the same origin; CORS lets a dev server on another port use this API too.
  api.use('/mobile/api/*', cors({ origin: '*', allowHeaders: ['Content-Type', 'Authorization'], allowMethods: ['GET', 'POST', 'OPTIONS'] }));

  api.post(PARTNER_API.auth, async (c) => {
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      return c.json(failure('both', BAD_REQUEST), 400);
    }
    const { email, password } = (body ?? {}) as Record<string, unknown>;
    const result = checkCredentials(store, typeof email === 'string' ? email.trim() : '', typeof password === 'string' ? password : '');
    // Failures answer 200: the portal reads `status` and shows `meta`; a non-2xx answer means the server failed.
    if (typeof result === 'string') return c.json(failure(result));
    const token = randomBytes(32).toString('base64url');
    store.addToken(token, result, new Date(Date.now() + TOKEN_LIFETIME_MS));
    return c.json<AuthAnswer>({ status: 'success', data: { token, id: result } });
  });

  for (const [name, view] of Object.entries(VIEWS) as [keyof typeof VIEWS, PartnerView][]) {
    api.get(PARTNER_API[name], (c) => {
      const token = /^Bearer\s+(.+)$/i.exec(c.req.header('Authorization') ?? '')?.[1];
      const partnerId = token ? store.partnerOfToken(token, new Date()) : undefined;
      if (partnerId === undefined) return c.json<PartnerAnswer<never>>({ status: 'failure', meta: UNAUTHORIZED }, 401);
      const data = store.partnerView(partnerId, view);
      return c.json<PartnerAnswer<unknown>>({ status: 'success', data: view === 'profile' ? { id: partnerId, ...(data as object) } : data });
    });
  }
  return api;
}
