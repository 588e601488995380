// Throttling sign-in, the partner API's and the explorer's (docs/local-service.md#sign-in-throttling): failed attempts
// are counted per client address (hono-rate-limiter) and per account (the email or name tried, known or not), and
// past a limit the sign-in answers 429 with Retry-After until its window ends. An account's limit locks out only the
// addresses that have failed on it: once others have guessed past it, each address gets one try, so that guessers
// elsewhere can neither lock its owner out nor make more than one try an address. Successful sign-ins do not count.
// The counts live in this process's memory: a restart forgets them, and several processes would each count on their
// own.
import type { Context, MiddlewareHandler } from 'hono';
import { rateLimiter } from 'hono-rate-limiter';
import { clientAddress } from './client-address.ts';

export interface LoginLimits {
  /** Failed attempts one client address may make per window. */
  perAddress: number;
  /** Failed attempts on one account (email) per window: from one address, and from all together before an address
   * that has failed on it is refused (one that has not may still try). */
  perAccount: number;
  windowMs: number;
}

/** A partner who mistypes does not meet these; a guesser gets 10 tries an account and 30 an address per 15 minutes. */
export const DEFAULT_LOGIN_LIMITS: LoginLimits = { perAddress: 30, perAccount: 10, windowMs: 15 * 60 * 1000 };

/** What a sign-in route sets for the throttle: the account tried (before the per-account limiter) and, on success, signedIn. */
export type LoginEnv = { Variables: { loginAccount: string; signedIn: boolean; rateLimit: { resetTime?: Date } } };

export const THROTTLED_MESSAGE = (minutes: number) => `Слишком много попыток входа. Повторите через ${minutes} мин.`;

/** The 429's body, given the minutes until the window ends (Retry-After is set by the limiter). */
type ThrottledAnswer = (c: Context, minutes: number) => Response;

/** The partner portal reads `status` and shows `meta`, as for any refused sign-in; no field is to blame. */
const partnerAnswer: ThrottledAnswer = (c, minutes) =>
  c.json({ status: 'failure', data: null, meta: THROTTLED_MESSAGE(minutes) }, 429);

function limiter(
  limit: number,
  windowMs: number,
  key: (c: Context<LoginEnv>) => string,
  answer: ThrottledAnswer,
): MiddlewareHandler<LoginEnv> {
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

/** Failures counted per key in fixed windows (from each key's first failure), forgotten once their window is over. */
function failureCounts(windowMs: number) {
  const counts = new Map<string, { failures: number; resetAt: number }>();
  const live = (key: string, now: number) => {
    const count = counts.get(key);
    return count && count.resetAt > now ? count : undefined;
  };
  let nextSweep = Date.now() + windowMs;
  return {
    get: (key: string, now = Date.now()) => live(key, now),
    fail(key: string, now = Date.now()): void {
      const count = live(key, now);
      if (count) count.failures++;
      else counts.set(key, { failures: 1, resetAt: now + windowMs });
      // Made-up accounts and addresses cost memory only for a window.
      if (now >= nextSweep) {
        for (const [stale, { resetAt }] of counts) if (resetAt <= now) counts.delete(stale);
        nextSweep = now + windowMs;
      }
    },
  };
}

/** The per-account limit: an address that has failed on the account is refused once the account's failures, from
 * all addresses, reach the limit (and so once its own do); one that has not failed may try. */
function accountLimiter(limits: LoginLimits, answer: ThrottledAnswer): MiddlewareHandler<LoginEnv> {
  const counts = failureCounts(limits.windowMs);
  return async (c, next) => {
    // Cut to an email's longest legal length, so that made-up accounts cost the counts' memory little.
    const account = `account:${c.get('loginAccount').slice(0, 254)}`;
    const own = `${account} from:${clientAddress(c)}`;
    const now = Date.now();
    const [all, mine] = [counts.get(account, now), counts.get(own, now)];
    if (all && mine && all.failures >= limits.perAccount) {
      const seconds = Math.max(1, Math.ceil((Math.min(all.resetAt, mine.resetAt) - now) / 1000));
      c.header('Retry-After', String(seconds));
      return answer(c, Math.ceil(seconds / 60));
    }
    await next();
    if (c.get('signedIn') !== true) {
      counts.fail(account);
      counts.fail(own);
    }
  };
}

/** Two middlewares: the per-address one before the body is read, the per-account one after (it needs the
 * account, which the route sets as `loginAccount`). */
export function createLoginThrottle(
  limits: LoginLimits = DEFAULT_LOGIN_LIMITS,
  answer: ThrottledAnswer = partnerAnswer,
) {
  return {
    perAddress: limiter(limits.perAddress, limits.windowMs, (c) => `address:${clientAddress(c)}`, answer),
    perAccount: accountLimiter(limits, answer),
  };
}
