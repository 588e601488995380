// The version Sidelog reports (sdk_version, X-User-Agent) and names its worker after is its package's
// (docs/package.md#the-worker-across-deploys).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test } from 'vitest';
import { SDK_VERSION } from '../../../app/logging/sdk-version.ts';
import { WORKER_NAME } from '../../../app/logging/engines/worker-engine.ts';

const { version } = JSON.parse(
  readFileSync(resolve(import.meta.dirname, '../../../packages/sidelog/package.json'), 'utf8'),
) as { version: string };

test("Sidelog's version is its package's, and names its worker", () => {
  expect(SDK_VERSION).toBe(version);
  expect(WORKER_NAME).toBe(`sidelog-${version}`);
});
