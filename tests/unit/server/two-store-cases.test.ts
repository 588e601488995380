// docs/testing.md#budget lists the four-store contract files (LOG_STORE_KINDS) with cases that run on SQLite and
// PostgreSQL only (isDatabaseKind): this keeps its list and the files the same, so that the doc names every file where
// a ClickHouse store skips a case.
import { basename } from 'node:path';
import { expect, test } from 'vitest';
import { listedInTestingDoc, serverTestsUsing } from './doc-file-lists.ts';

test('the files with cases on SQLite and PostgreSQL only are the ones docs/testing.md#budget lists', () => {
  // The item of docs/testing.md#budget that lists them: "Cases on SQLite and PostgreSQL only, in … (".
  const listed = listedInTestingDoc(/^- Cases on SQLite and PostgreSQL only, in ([^(]+)\(/m);
  const files = serverTestsUsing('isDatabaseKind(', basename(import.meta.filename));
  expect(listed, 'the list in docs/testing.md#budget').toEqual(files);
  expect(files.length).toBeGreaterThan(0);
});
