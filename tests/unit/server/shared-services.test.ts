// docs/testing.md#budget lists the files whose tests that only read share a service (servicePerTest's `readOnly`):
// this keeps its list and the files the same, so that the doc names every file where tests share a database.
import { basename } from 'node:path';
import { expect, test } from 'vitest';
import { listedInTestingDoc, serverTestsUsing } from './doc-file-lists.ts';

test('the files that share a service among the tests that only read are the ones docs/testing.md#budget lists', () => {
  // The item of docs/testing.md#budget that lists them: "One service for a group of tests that only read, in … (".
  const listed = listedInTestingDoc(/^- One service for a group of tests that only read, in ([^(]+)\(/m);
  const files = serverTestsUsing('servicePerTest(', basename(import.meta.filename));
  expect(listed, 'the list in docs/testing.md#budget').toEqual(files);
  expect(files.length).toBeGreaterThan(0);
});
