// The content half of a log's dedupe key. Delivery is at least once, so a resent log must be recognised; `at` alone
// does not name a log (two tabs sharing a session, or a page reloaded while `at` ran ahead of the clock, give two
// different logs the same `at`), so the key is (session, at, this hash of everything else the log holds).
import { hash } from 'node:crypto';
import type { StoredLogFields } from '../../explorer-contract/api.types.ts';
import type { LogRecord } from '../../protocol/records.types.ts';
import { COLUMNS } from '../stores/log-columns.ts';

/** The fields the hash covered before the columns were described (server/stores/log-columns.ts), in its order then:
 * frozen, as every stored hash was made with it. */
const FIRST_HASHED = ['x', 't', 'm', 'tg', 'f', 'l', 'll', 'u'] as const;
/** Then each hashed column described since, in the description's order. */
const HASHED: readonly (keyof StoredLogFields)[] = [
  ...FIRST_HASHED,
  ...COLUMNS.filter((column) => column.hashed && !(FIRST_HASHED as readonly string[]).includes(column.name)).map(
    (column) => column.name as keyof StoredLogFields,
  ),
];
const STORED = COLUMNS.filter((column) => column.name !== 'at').map((column) => column.name as keyof StoredLogFields);

/** The fields of a log that the hash covers and the stores keep, an absent one as null. */
export function storedFields(log: LogRecord): StoredLogFields {
  const fields: Record<string, unknown> = {};
  for (const name of STORED) fields[name] = log[name] ?? null;
  return fields as unknown as StoredLogFields;
}

/** A log's hashed values in the hash's order, absent ones null; a column described later counts only when it holds a
 * value (trailing nulls past the first eight are left out), so that a log without it hashes as it did before the column
 * existed and its resend is still recognised. */
function hashedValues(fields: Partial<Record<keyof StoredLogFields, unknown>>): unknown[] {
  // A loop, not `map`: under tsx (how the service runs) an arrow made per call is also named, a cost per log.
  const values = new Array<unknown>(HASHED.length);
  for (let i = 0; i < HASHED.length; i++) values[i] = fields[HASHED[i]!] ?? null;
  while (values.length > FIRST_HASHED.length && values[values.length - 1] === null) values.pop();
  return values;
}

/** The hashed fields' names, in the hash's order: a SQLite row's columns follow it (server/stores/sqlite/log-batch.ts),
 * so that the text hashed is the row's own. */
export const HASHED_FIELDS: readonly (keyof StoredLogFields)[] = HASHED;

/** 128 bits of SHA-256 over the log's fields other than `at`, in a fixed order (hashedValues). */
export function logContentHash(fields: StoredLogFields): string {
  return hashOfText(JSON.stringify(hashedValues(fields)));
}

/** What the hash is of, written straight from the record, without the object `storedFields` makes: the JSON array of
 * hashedValues, and how many values it holds (fewer than HASHED_FIELDS when a later column's trailing nulls were left
 * out). The SQLite store sends this text on to its writer thread as the row's parameters, so that a log's fields are
 * written as JSON once, not twice. */
export function hashedText(log: LogRecord): { text: string; count: number } {
  const values = hashedValues(log as Partial<Record<keyof StoredLogFields, unknown>>);
  return { text: JSON.stringify(values), count: values.length };
}

/** The content hash of a log's `hashedText`. Measured against the other hashes `crypto.hash` offers, on a batch of
 * 500 logs: SHA-1 costs the same, MD5 more (docs/benchmarks.md#the-collectors-cost-per-request); a different hash
 * would also need every stored log's hash made again, or a resend from before it would be stored twice. A column
 * described later changes no stored hash: see hashedValues. `crypto.hash`, one call, costs less than a Hash object per
 * log; the value is the same. */
export function hashOfText(text: string): string {
  return hash('sha256', text, 'base64url').slice(0, 22);
}
