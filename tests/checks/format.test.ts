// The format check: every source file is as Prettier formats it (docs/testing.md#formatting). `npm run format` fixes
// what this finds.
import { expect, test } from 'vitest';
import { packageBin, runAtLowPriority } from './low-priority.ts';

test('every source file is formatted', async () => {
  const result = await runAtLowPriority(packageBin('prettier', 'prettier'), ['--check', '.', '--log-level', 'warn']);
  expect(result).toEqual({ code: 0, output: '' });
});
