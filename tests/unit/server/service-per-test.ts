// A service of its own for each test of a file, but one for all the tests of a group that only read what the service
// was given: on PostgreSQL a service is a database copied from the template and dropped after (about 50 ms of the
// server's CPU, and each drop a checkpoint), and with the logs in ClickHouse a ClickHouse database too
// (docs/testing.md#budget).
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import type { Harness } from './service-harness.ts';

/**
 * Call in the file's describe: `make` makes a service before each test and closes it after, and `set` hands it to the
 * tests. Returns `readOnly`, to call in a describe whose tests change nothing another of them reads: that group gets one
 * service, made before its first test (then given what `seed` adds, which all its tests read) and closed after its last.
 */
export function servicePerTest(
  make: () => Promise<Harness>,
  set: (service: Harness) => void,
): (seed?: (service: Harness) => Promise<void>) => void {
  let shared = false;
  let current: Harness;
  beforeEach(async () => {
    if (!shared) set((current = await make()));
  });
  afterEach(async () => {
    if (!shared) await current.close();
  });
  return (seed) => {
    beforeAll(async () => {
      set((current = await make()));
      await seed?.(current);
      shared = true;
    });
    afterAll(async () => {
      shared = false;
      await current.close();
    });
  };
}
