// The format check: every source file is as Prettier formats it (docs/testing.md#formatting). `npm run format` fixes
// what this finds.
import { expect, test } from 'vitest';
import { packageBin, runAtLowPriority } from './low-priority.ts';
import { formatShares } from './format-shares.ts';

/** Under node_modules, which git ignores and `npm ci` deletes. */
const CACHE = 'node_modules/.cache/format-check';

test('every source file is formatted', async () => {
  const prettier = packageBin('prettier', 'prettier');
  // Prettier checks one file after another, on one core: the files are shared among a process per core, so that the
  // check does not run on alone once the browser files beside it are done (docs/testing.md#the-checks).
  // Each share with a cache of its own (two processes writing one would lose each other's entries), where a fresh
  // clone has none: there every file is checked, as before; a working copy's next run checks only the files whose
  // content changed since they were last found formatted (Prettier keys the cache on each file's content, its own
  // version and the options).
  const shares = formatShares();
  const results = await Promise.all(
    shares.map((files, share) =>
      runAtLowPriority(prettier, [
        '--check',
        '--ignore-unknown',
        '--log-level',
        'warn',
        '--cache',
        '--cache-strategy',
        'content',
        '--cache-location',
        `${CACHE}/share-${share + 1}-of-${shares.length}.json`,
        ...files,
      ]),
    ),
  );
  expect({
    code: Math.max(...results.map((result) => result.code ?? 1)),
    output: results.map((result) => result.output).join(''),
  }).toEqual({ code: 0, output: '' });
});
