// The order a run starts its files in (tests/support/sequencer.ts, docs/testing.md#order).
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import type { Durations } from '../../scripts/test-durations.ts';
import { compareFiles, type FileFacts } from '../support/sequencer.ts';

const file = (name: string, facts: Partial<FileFacts>): FileFacts & { name: string } => ({
  name,
  group: 1,
  project: 'unit',
  isolate: false,
  bytes: 1000,
  ...facts,
});
const order = (files: (FileFacts & { name: string })[]) => [...files].sort(compareFiles).map((f) => f.name);

describe('compareFiles', () => {
  test('on a fresh clone, a small file that takes long starts before a large quick one, by its committed duration', () => {
    expect(
      order([
        file('large and quick', { bytes: 40_000, seeded: 0.5 }),
        file('small, waits on a timeout', { bytes: 3_000, seeded: 11.5 }),
        file('new, not in durations.json', { bytes: 90_000 }),
        file('new and small', { bytes: 500 }),
      ]),
    ).toEqual(['small, waits on a timeout', 'large and quick', 'new, not in durations.json', 'new and small']);
  });

  test("this machine's last run goes before the committed durations, and a file that failed in it first", () => {
    expect(
      order([
        file('long in durations.json, quick here', { seeded: 30, last: { failed: false, seconds: 1 } }),
        file('middling', { seeded: 5 }),
        file('failed last time', { seeded: 0.1, last: { failed: true, seconds: 0.1 } }),
      ]),
    ).toEqual(['failed last time', 'middling', 'long in durations.json, quick here']);
  });

  test('groups, then projects, keep their order whatever the durations', () => {
    expect(
      order([
        file('browser, long', { group: 2, project: 'browser (chromium)', seeded: 60 }),
        file('unit, short', { seeded: 1 }),
        file('e2e, short', { project: 'e2e', seeded: 1 }),
      ]),
    ).toEqual(['e2e, short', 'unit, short', 'browser, long']);
  });
});

test('tests/durations.json names test files that exist, in each project', () => {
  const root = resolve(import.meta.dirname, '../..');
  const durations = JSON.parse(readFileSync(resolve(root, 'tests/durations.json'), 'utf8')) as Durations;
  expect(Object.keys(durations)).toEqual(expect.arrayContaining(['unit', 'e2e', 'browser (chromium)']));
  const missing = Object.values(durations)
    .flatMap(Object.keys)
    .filter((path) => !existsSync(resolve(root, path)));
  expect(missing).toEqual([]);
});
