// The constants the page and the engine share, and those of the browser storage they keep compatible with
// @bugfender/sdk (docs/limits.md#constants). What the wire allows is in wire.ts; the engine's tuning, in
// worker/tuning.ts.

export const DATABASE_NAME = 'bf_sdk';
/** Dexie versions: V1 stored an issue's text under `markdown`; V2 renamed it to `text`. */
export const DATABASE_VERSION_V1 = 10;
export const DATABASE_VERSION_V2 = 20;

// What the page's first load holds of these is a module of its own (the write queue's caps, the tags the captures
// write): the rest comes with the chunks that use it (docs/benchmarks.md#main-thread-cost).
export { IN_MEMORY_LOG_CAP, UNCONFIRMED_LOG_CAP, WAITING_LOG_CAP } from './page-constants.ts';
export const IN_MEMORY_QUOTA_MESSAGE = 'InMemory storage quota exceeded';
export const GAP_CLEANUP_COUNT = 10;
export { GAP_LOG_TAG } from './page-constants.ts';
/** The tag of the marker that stands for a log the service refused (400 or 413), in its place. */
export const REFUSED_LOG_TAG = 'bf_refused_log';

export const LOG_TEXT_CAP = 32_000;
export const LOG_TEXT_ELLIPSIS = '…';
/** Every other text field is capped too (characters; a cut text ends with the ellipsis), so that no single
 * log, issue or device key can make a request the service refuses for its size (docs/durability.md). */
export const FIELD_CAPS = {
  /** A log's tag, method and file. */
  tag: 256,
  method: 512,
  file: 1_024,
  /** The page's URL. */
  url: 2_048,
  deviceKeyName: 256,
  /** A device key's value, when it is text. */
  deviceKeyValue: 4_096,
  issueTitle: 1_024,
  issueText: 100_000,
} as const;

/** A worker that has not answered its first call by then is abandoned for the next mode down. */
export const WORKER_START_DEADLINE_MS = 4_000;

/** Browser storage keys (docs/storage.md#browser-storage-keys): persistent ones in localStorage, per-tab ones in sessionStorage. */
export const STORAGE_KEYS = {
  appId: 'bf_app_id',
  deviceData: 'bf_device_data',
  deviceUdid: 'bf_device_udid',
  sessionUdid: 'bf_session_udid',
  sessionUuid: 'bf_session_uuid',
} as const;

/** Web Locks: a tab holds `SESSION_LOCK_PREFIX + sessionUUID` while its session lives; the uploader
 * deletes only sessions nobody holds. The leader lock is `LEADER_LOCK_PREFIX + appID`. */
export const SESSION_LOCK_PREFIX = 'bf_session_';
export const LEADER_LOCK_PREFIX = 'bf_sdk_leader_';

/** Tags of the logs Sidelog writes itself. */
export { BROWSER_EVENT_TAG, ISSUE_LOG_TAG, NETWORK_TAG, UI_EVENT_TAG, WEB_VITALS_TAG } from './page-constants.ts';
