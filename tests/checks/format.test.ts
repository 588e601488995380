// The format check: every source file is as oxfmt formats it (docs/testing.md#formatting). `npm run format` fixes
// what this finds; the failure names each file. Started with the run (global-setup.ts).
import { expect, test } from 'vitest';
import { checkResult } from './check-result.ts';

test('every source file is formatted', async () => {
  expect(await checkResult('format')).toEqual({ code: 0, output: '' });
});
