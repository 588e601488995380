// The format check: every source file is as Prettier formats it (docs/testing.md#formatting). `npm run format` fixes
// what this finds.
import { expect, test } from 'vitest';
import { packageBin, runAtLowPriority } from './low-priority.ts';
import { formatShares } from './format-shares.ts';

test('every source file is formatted', async () => {
  const prettier = packageBin('prettier', 'prettier');
  // Prettier checks one file after another, on one core: the files are shared among a process per core, so that the
  // check does not run on alone once the browser files beside it are done (docs/testing.md#the-checks).
  const results = await Promise.all(
    formatShares().map((files) =>
      runAtLowPriority(prettier, ['--check', '--ignore-unknown', '--log-level', 'warn', ...files]),
    ),
  );
  expect({
    code: Math.max(...results.map((result) => result.code ?? 1)),
    output: results.map((result) => result.output).join(''),
  }).toEqual({ code: 0, output: '' });
});
