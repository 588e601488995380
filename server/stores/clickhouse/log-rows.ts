// A log as a row of ClickHouse's `logs` (schema.ts): the fields the other stores keep, its dedupe key and an id; and a
// batch of them as the writer inserts it (PreparedBatch), made where the batch arrived.
import { randomUUID } from 'node:crypto';
import type { LogRecord } from '../../../protocol/records.types.ts';
import type { LogField } from '../log-columns.ts';
import { hashedText, hashOfText, logContentHash, storedFields } from '../log-hash.ts';

export interface LogRow {
  app: string;
  session_id: number;
  id: number;
  at: number;
  /** Seconds since 1970: when the group holding the row was written (set by the writer). */
  received: number;
  /** The row's place in arrival order (arrival.ts; set by the writer). */
  arrival: number;
  x: string;
  t: string | null;
  m: string | null;
  tg: string | null;
  f: string | null;
  l: number | null;
  ll: number | null;
  u: string | null;
  content_hash: string;
}

/** Base64url's characters by their 6-bit values. */
const SIX_BITS = new Uint8Array(128);
[...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'].forEach(
  (char, value) => (SIX_BITS[char.charCodeAt(0)] = value),
);
/** murmur3's finaliser: a bijection of 32-bit words that spreads each bit over all. */
function mix32(word: number): number {
  word ^= word >>> 16;
  word = Math.imul(word, 0x85ebca6b);
  word ^= word >>> 13;
  word = Math.imul(word, 0xc2b2ae35);
  return (word ^ (word >>> 16)) >>> 0;
}
/** `at`'s 64 bits, read as two words. */
const atBits = new Float64Array(1);
const atWords = new Uint32Array(atBits.buffer);

/** A row's id: 52 bits of its content hash (itself SHA-256's: log-hash.ts), each half XORed with a mix of the session
 * and `at`'s bits. A resend gets the same id; the explorer's cursor (at, id), which needs ids that differ among logs of
 * one `at`, gets numbers JavaScript holds exactly: two logs of one `at` and one content in two sessions differ in the
 * low word (a bijection of the session for a given `at`), and logs of different content differ as their hashes do.
 * Until 5 December 2026 the id was 52 bits of a second SHA-256, of the dedupe key's text; rows stored before keep theirs
 * (nothing recomputes an id, and a resend is recognised by its dedupe key, not its id): docs/clickhouse.md#schema. */
export function rowId(sessionId: number, at: number, contentHash: string): number {
  // Written out, with no function made per call: under tsx (how the service runs) each arrow made is also named,
  // which cost this function ten times its own work.
  let high = 0;
  for (let i = 0; i < 4; i++) high = (high << 6) | SIX_BITS[contentHash.charCodeAt(i) & 127]!;
  // The next 36 bits, of which the 32-bit arithmetic keeps the last 32.
  let low = 0;
  for (let i = 4; i < 10; i++) low = (low << 6) | SIX_BITS[contentHash.charCodeAt(i) & 127]!;
  atBits[0] = at;
  const when = mix32(atWords[0]! ^ mix32(atWords[1]!));
  const highWord = ((high >>> 4) ^ (mix32(when + 0x9e3779b9) >>> 12)) >>> 0;
  const lowWord = (low ^ mix32(sessionId ^ when)) >>> 0;
  return highWord * 2 ** 32 + lowWord;
}

/** A row as JSONEachRow's line, without the `received` and `arrival` its writer puts first: one object literal, of one
 * shape for every row, which JSON.stringify writes a fifth faster than the object `rowOf` makes field by field and
 * spreads (bench/collector/request-steps.ts). Every stored column is listed: its type names them all, so that a field
 * added to LogRecord and not here fails to compile. */
function rowLine(appKey: string, sessionId: number, log: LogRecord, content_hash: string): string {
  const row = {
    app: appKey,
    session_id: sessionId,
    id: rowId(sessionId, log.at, content_hash),
    at: log.at,
    x: log.x ?? null,
    t: log.t ?? null,
    m: log.m ?? null,
    tg: log.tg ?? null,
    f: log.f ?? null,
    l: log.l ?? null,
    ll: log.ll ?? null,
    u: log.u ?? null,
    lc: log.lc ?? null,
    content_hash,
  } satisfies Record<LogField | 'app' | 'session_id' | 'id' | 'content_hash', unknown>;
  return JSON.stringify(row);
}

/** The row but what its writer gives it (`received`, `arrival`). */
function rowOf(appKey: string, sessionId: number, log: LogRecord): Omit<LogRow, 'received' | 'arrival'> {
  const fields = storedFields(log);
  const content_hash = logContentHash(fields);
  return {
    app: appKey,
    session_id: sessionId,
    id: rowId(sessionId, log.at, content_hash),
    at: log.at,
    ...fields,
    content_hash,
  };
}

export const toLogRow = (appKey: string, sessionId: number, log: LogRecord): LogRow => ({
  ...rowOf(appKey, sessionId, log),
  received: 0,
  arrival: 0,
});

/** One session's batch as the writer reads and inserts it (log-writer.ts), plain data that crosses from a worker to
 * the host's inserter (host-inserter.ts) as one string and three arrays: per row, the dedupe key's time and hash and
 * the level (for the session's counts), and all rows as JSONEachRow text, one line each, without the `received` and
 * `arrival` the writer puts first in each line. JSON escapes a newline within a string, so a line holds no newline. */
export interface PreparedBatch {
  app: string;
  session: number;
  /** This sending's token, in each of its rows (`batch`) and in SIDELOG_DB's record of its counts
   * (docs/clickhouse.md#counts-of-a-batch-once). */
  token: string;
  at: number[];
  hash: string[];
  level: (number | null)[];
  lines: string;
}

export function prepareBatch(appKey: string, sessionId: number, logs: LogRecord[]): PreparedBatch {
  const count = logs.length;
  const batch: PreparedBatch = {
    app: appKey,
    session: sessionId,
    token: randomUUID(),
    at: new Array<number>(count),
    hash: new Array<string>(count),
    level: new Array<number | null>(count),
    lines: '',
  };
  const lines = new Array<string>(count);
  for (let i = 0; i < count; i++) {
    const log = logs[i]!;
    const hash = hashOfText(hashedText(log).text);
    batch.at[i] = log.at;
    batch.hash[i] = hash;
    batch.level[i] = log.ll ?? null;
    lines[i] = rowLine(appKey, sessionId, log, hash);
  }
  batch.lines = lines.join('\n');
  return batch;
}

/** A prepared line with the writer's fields put first: `{"received":…,"arrival":…,"batch":"…",` and the line's own
 * fields. The batch's token is a UUID: nothing in it to escape. */
export const numberedLine = (line: string, received: number, arrival: number, batch: string) =>
  `{"received":${received},"arrival":${arrival},"batch":"${batch}",${line.slice(1)}`;
