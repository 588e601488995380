// The typecheck: `tsc -b` over every runtime's project (tsconfig.json), with TypeScript's native compiler
// (docs/testing.md#the-checks). It prints nothing when every file checks.
import { expect, test } from 'vitest';
import { packageBin, runAtLowPriority } from './low-priority.ts';

test('TypeScript finds no error in any project', async () => {
  const result = await runAtLowPriority(packageBin('typescript-native', 'tsc'), ['-b']);
  expect(result).toEqual({ code: 0, output: '' });
});
