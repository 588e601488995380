// The content half of a log's dedupe key. Delivery is at least once, so a resent log must be recognised; `at` alone
// does not name a log (two tabs sharing a session, or a page reloaded while `at` ran ahead of the clock, give two
// different logs the same `at`), so the key is (session, at, this hash of everything else the log holds).
import { hash } from 'node:crypto';
import type { StoredLogFields } from '../../explorer-contract/api.types.ts';
import type { LogRecord } from '../../protocol/records.types.ts';

/** The fields of a log that the hash covers and the stores keep, an absent one as null. */
export function storedFields(log: LogRecord): StoredLogFields {
  return {
    x: log.x,
    t: log.t ?? null,
    m: log.m ?? null,
    tg: log.tg ?? null,
    f: log.f ?? null,
    l: log.l ?? null,
    ll: log.ll ?? null,
    u: log.u ?? null,
  };
}

/** 128 bits of SHA-256 over the log's fields other than `at`, in a fixed order. `crypto.hash`, one call, costs less
 * than a Hash object per log; the value is the same. */
export function logContentHash({ x, t, m, tg, f, l, ll, u }: StoredLogFields): string {
  return hash('sha256', JSON.stringify([x, t, m, tg, f, l, ll, u]), 'base64url').slice(0, 22);
}
