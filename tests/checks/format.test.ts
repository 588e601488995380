// The format check: every source file is as Prettier formats it (docs/testing.md#formatting). `npm run format` fixes
// what this finds. Started with the run (global-setup.ts), its files shared among a Prettier process per core.
import { expect, test } from 'vitest';
import { checkResult } from './check-result.ts';

test('every source file is formatted', async () => {
  expect(await checkResult('format')).toEqual({ code: 0, output: '' });
});
