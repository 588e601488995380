// `npm run test:bench`: the bench harness run once in quick mode (tests/bench/), apart from `npm test`: it runs every
// contender in Chromium for about a minute, and measures rather than tests the product
// (docs/testing.md#the-bench-harness).
import { defineConfig } from 'vitest/config';
import './scripts/node20-polyfills.ts';

export default defineConfig({
  test: {
    name: 'bench',
    environment: 'node',
    include: ['tests/bench/**/*.test.ts'],
    testTimeout: 600_000,
  },
});
