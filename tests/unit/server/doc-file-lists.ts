// What the tests that keep docs/testing.md's lists of test files true compare (two-store-cases.test.ts,
// shared-services.test.ts): the files an item of the doc names, and the files of this folder that use a helper.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../../..');

/** The test files named in backquotes in the part of docs/testing.md that `item`'s first group matches. */
export function listedInTestingDoc(item: RegExp): string[] {
  const doc = readFileSync(join(ROOT, 'docs/testing.md'), 'utf8');
  const line = item.exec(doc)?.[1] ?? '';
  return [...line.matchAll(/`([\w-]+\.test\.ts)`/g)].map((match) => match[1]!).sort();
}

/** The test files of tests/unit/server/ whose source holds `use`, but for `except` (the test that asks). */
export function serverTestsUsing(use: string, except: string): string[] {
  return readdirSync(import.meta.dirname)
    .filter(
      (name) =>
        name.endsWith('.test.ts') &&
        name !== except &&
        readFileSync(join(import.meta.dirname, name), 'utf8').includes(use),
    )
    .sort();
}
