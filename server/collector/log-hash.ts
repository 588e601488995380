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
  return hashOfText(JSON.stringify([x, t, m, tg, f, l, ll, u]));
}

/** What the hash is of, written straight from the record: the JSON array of the fields `logContentHash` covers, the
 * same text, without the object `storedFields` makes. The SQLite store sends this text on to its writer thread as the
 * row's parameters (server/stores/sqlite/collector-store.ts), so that a log's fields are written as JSON once, not twice. */
export function hashedText(log: LogRecord): string {
  return JSON.stringify([
    log.x,
    log.t ?? null,
    log.m ?? null,
    log.tg ?? null,
    log.f ?? null,
    log.l ?? null,
    log.ll ?? null,
    log.u ?? null,
  ]);
}

/** The content hash of a log's `hashedText`. Measured against the other hashes `crypto.hash` offers, on a batch of
 * 500 logs: SHA-1 costs the same, MD5 more (docs/benchmarks.md#the-collectors-cost-per-request); a different hash
 * would also need every stored log's hash made again, or a resend from before it would be stored twice. */
export function hashOfText(text: string): string {
  return hash('sha256', text, 'base64url').slice(0, 22);
}
