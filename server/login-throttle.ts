// Throttling sign-in (hono-rate-limiter): failed attempts are counted per client address and per account (the
// email tried, known or not), and past either limit the sign-in answers 429 with Retry-After until the window
// ends. Successful sign-ins do not count. The counts live in this process's memory: a restart forgets them, and
// several processes behind one address would each count on their own.
import type { Context, MiddlewareHandler } from 'hono';
import { rateLimiter } from 'hono-rate-limiter';
import { clientAddress } from './client-address.ts';

export interface LoginLimits {
  /** Failed attempts one client address may make per window. */
  perAddress: number;
  /** Failed attempts on one account (email) per window, whatever the address. */
  perAccount: number;
  windowMs: number;
}

/** A partner who mistypes does not meet these; a guesser gets 10 tries an account and 30 an address per 15 minutes. */
export const DEFAULT_LOGIN_LIMITS: LoginLimits = { perAddress: 30, perAccount: 10, windowMs: 15 * 60 * 1000 };

export type LoginEnv = { Variables: { loginEmail: string; signedIn: boolean; rateLimit: { resetTime?: Date } } };

export const THROTTLED_MESSAGE = (minutes: number) => `Слишком много попыток входа. Повторите через ${minutes} мин.`;

function limiter(limit: number, windowMs: number, key: (c: Context<LoginEnv>) => string): MiddlewareHandler<LoginEnv> {
  return rateLimiter<LoginEnv>({
    windowMs,
    limit,
    keyGenerator: key,
    skipSuccessfulRequests: true,
    requestWasSuccessful: (c) => c.get('signedIn') === true,
    // The portal reads `status` and shows `meta`, as for any refused sign-in; no field is to blame.
    handler: (c) => {
      const reset = c.get('rateLimit').resetTime;
      const seconds = reset ? (reset.getTime() - Date.now()) / 1000 : windowMs / 1000;
      return c.json({ status: 'failure', data: null, meta: THROTTLED_MESSAGE(Math.max(1, Math.ceil(seconds / 60))) }, 429);
    },
  });
}

/** Two middlewares: the per-address one before the body is read, the per-account one after (it needs the email). */
export function createLoginThrottle(limits: LoginLimits = DEFAULT_LOGIN_LIMITS) {
  return {
    perAddress: limiter(limits.perAddress, limits.windowMs, (c) => `address:${clientAddress(c)}`),
    // Cut to an email's longest legal length, so that made-up emails cost the counts' memory little.
    perAccount: limiter(limits.perAccount, limits.windowMs, (c) => `account:${c.get('loginEmail').slice(0, 254)}`),
  };
}
