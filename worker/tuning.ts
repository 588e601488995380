// The engine's tuning: how much it sends at once and how often, and how long it waits on the service
// (docs/limits.md#the-engines-tuning). What the wire allows is the contract's, in protocol/wire.ts: tuning stays
// within it (tests/unit/worker/tuning.test.ts), and changing it changes nothing any service accepts.

/** Logs in one upload batch: at most the wire's MAX_LOGS_PER_BATCH. */
export const UPLOAD_BATCH_SIZE = 500;
/** A batch also stays under this many bytes of JSON: 500 logs near the text cap would be ~50 MB, which
 * services refuse (the local one answers 413 over 5 MB) and which would then be retried for ever. */
export const UPLOAD_BATCH_MAX_BYTES = 4_000_000;
export const UPLOAD_INTERVAL_MS = 15_000;
/** Consecutive upload failures double the interval up to this. */
export const UPLOAD_MAX_BACKOFF_MS = 300_000;
export const DEVICE_STATUS_INTERVAL_MS = 300_000;
/** Every request to the logging service gives up after this. */
export const REQUEST_TIMEOUT_MS = 10_000;
/** fetch keepalive bodies must stay under 64 KiB in total; one chunk stays well below. */
export const KEEPALIVE_CHUNK_BYTES = 60_000;
