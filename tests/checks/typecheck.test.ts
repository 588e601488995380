// The typecheck: `tsc -b` over every runtime's project (tsconfig.json), with TypeScript's native compiler
// (docs/testing.md#the-checks). It prints nothing when every file checks. Started with the run (global-setup.ts).
import { expect, test } from 'vitest';
import { checkResult } from './check-result.ts';

test('TypeScript finds no error in any project', async () => {
  expect(await checkResult('typecheck')).toEqual({ code: 0, output: '' });
});
