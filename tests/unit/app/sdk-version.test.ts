// The version Sidelog reports (sdk_version, X-User-Agent) and names its worker after is its package's
// (docs/package.md#the-worker-across-deploys).
import { expect, test } from 'vitest';
import { SDK_VERSION } from '../../../app/logging/sdk-version.ts';
import { WORKER_NAME } from '../../../app/logging/engines/worker-engine.ts';
import { packageVersion } from '../../../scripts/build-sdk.ts';

test("Sidelog's version is its package's, and names its worker", () => {
  expect(SDK_VERSION).toBe(packageVersion());
  expect(WORKER_NAME).toBe(`sidelog-${packageVersion()}`);
});
