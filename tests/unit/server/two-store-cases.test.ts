// docs/testing.md#budget lists the four-store contract files (LOG_STORE_KINDS) with cases that run on SQLite and
// PostgreSQL only (isDatabaseKind): this keeps its list and the files the same, so that the doc names every file where
// a ClickHouse store skips a case.
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { expect, test } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../../..');
/** The item of docs/testing.md#budget that lists them: "Cases on SQLite and PostgreSQL only, in … (". */
const LIST = /^- Cases on SQLite and PostgreSQL only, in ([^(]+)\(/m;

test('the files with cases on SQLite and PostgreSQL only are the ones docs/testing.md#budget lists', () => {
  const doc = readFileSync(join(ROOT, 'docs/testing.md'), 'utf8');
  const line = LIST.exec(doc)?.[1] ?? '';
  const listed = [...line.matchAll(/`([\w-]+\.test\.ts)`/g)].map((match) => match[1]!);
  const files = readdirSync(import.meta.dirname).filter(
    (name) =>
      name.endsWith('.test.ts') &&
      name !== basename(import.meta.filename) &&
      readFileSync(join(import.meta.dirname, name), 'utf8').includes('isDatabaseKind('),
  );
  expect(listed.sort(), 'the list in docs/testing.md#budget').toEqual(files.sort());
  expect(files.length).toBeGreaterThan(0);
});
