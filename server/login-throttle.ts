// Throttling sign-in (hono-rate-limiter), the partner API's and the explorer's: failed attempts are counted per
// client address and per account (the email or name tried, known or not), and past either limit the sign-in answers
// 429 with Retry-After until the window ends. Successful sign-ins do not count. The counts live in this process's memory: a restart forgets them, and
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

/** What a sign-in route sets for the throttle: the account tried (before the per-account limiter) and, on success, signedIn. */
export type LoginEnv = { Variables: { loginAccount: string; signedIn: boolean; rateLimit: { resetTime?: Date } } };

export const THROTTLED_MESSAGE = (minutes: number) => `Слишком много попыток входа. Повторите через ${minutes} мин.`;

/** The 429's body, given the minutes until the window ends (Retry-After is set by the limiter). */
export type ThrottledAnswer = (c: Context, minutes: number) => Response;

/** The partner portal reads `status` and shows `meta`, as for any refused sign-in; no field is to blame. */
const partnerAnswer: ThrottledAnswer = (c, minutes) => c.json({ status: 'failure', data: null, meta: THROTTLED_MESSAGE(minutes) }, 429);

function limiter(limit: number, windowMs: number, key: (c: Context<LoginEnv>) => string, answer: ThrottledAnswer): MiddlewareHandler<LoginEnv> {
  return rateLimiter<LoginEnv>({
    windowMs,
    limit,
    keyGenerator: key,
    skipSuccessfulRequests: true,
    requestWasSuccessful: (c) => c.get('signedIn') === true,
    handler: (c) => {
      const reset = c.get('rateLimit').resetTime;
      const seconds = reset ? (reset.getTime() - Date.now()) / 1000 : windowMs / 1000;
      return answer(c, Math.max(1, Math.ceil(seconds / 60)));
    },
  });
}

/** Two middlewares: the per-address one before the body is read, the per-account one after (it needs the
 * account, which the route sets as `loginAccount`). */
export function createLoginThrottle(limits: LoginLimits = DEFAULT_LOGIN_LIMITS, answer: ThrottledAnswer = partnerAnswer) {
  return {
    perAddress: limiter(limits.perAddress, limits.windowMs, (c) => `address:${clientAddress(c)}`, answer),
    // Cut to an email's longest legal length, so that made-up accounts cost the counts' memory little.
    perAccount: limiter(limits.perAccount, limits.windowMs, (c) => `account:${c.get('loginAccount').slice(0, 254)}`, answer),
  };
}
