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

/** 128 bits of SHA-256 over the log's fields other than `at`, in a fixed order. A column described later counts only
 * when it holds a value (trailing nulls past the first eight are left out), so that a log without it hashes as it did
 * before the column existed and its resend is still recognised. `crypto.hash`, one call, costs less than a Hash object
 * per log; the value is the same. */
export function logContentHash(fields: StoredLogFields): string {
  const values: unknown[] = HASHED.map((name) => fields[name] ?? null);
  while (values.length > FIRST_HASHED.length && values[values.length - 1] === null) values.pop();
  return hash('sha256', JSON.stringify(values), 'base64url').slice(0, 22);
}
