// The engine's tuning stays within the wire's contract (docs/limits.md#the-engines-tuning): a batch the engine
// makes is one any collector of the wire accepts.
import { expect, test } from 'vitest';
import { MAX_LOGS_PER_BATCH } from '../../../protocol/wire.ts';
import { UPLOAD_BATCH_SIZE } from '../../../worker/tuning.ts';

test('the upload batch size is at least one log and at most what the wire allows', () => {
  expect(UPLOAD_BATCH_SIZE).toBeGreaterThanOrEqual(1);
  expect(UPLOAD_BATCH_SIZE).toBeLessThanOrEqual(MAX_LOGS_PER_BATCH);
});
