// The constants the page and the engine share, and those of the browser storage they keep compatible with
// @bugfender/sdk (docs/limits.md#constants). What the wire allows is in wire.ts; the engine's tuning, in
// worker/tuning.ts.

export const DATABASE_NAME = 'bf_sdk';
/** Dexie versions: V1 stored an issue's text under `markdown`; V2 renamed it to `text`. */
export const DATABASE_VERSION_V1 = 10;
export const DATABASE_VERSION_V2 = 20;

export const IN_MEMORY_LOG_CAP = 3000;
/** Logs made before an engine exists (init not called yet, or no engine started) wait in the page, at most this
 * many: past it the oldest become one gap entry, as in mode C. */
export const WAITING_LOG_CAP = IN_MEMORY_LOG_CAP;
/** Logs the page keeps while its engine has not confirmed them stored, for a rescue should the page go: more
 * than localStorage could hold anyway (docs/durability.md). Past it the oldest are let go: they were sent. */
export const UNCONFIRMED_LOG_CAP = 100_000;
export const IN_MEMORY_QUOTA_MESSAGE = 'InMemory storage quota exceeded';
export const GAP_CLEANUP_COUNT = 10;
export const GAP_LOG_TAG = 'bf_gap_log';
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
export const BROWSER_EVENT_TAG = 'bf_browser_event';
export const UI_EVENT_TAG = 'bf_ui_event';
/** A request of the page's (logNetworkRequests): JSON { method, status?, url, duration, size?, error? }. */
export const NETWORK_TAG = 'bf_network';
/** A page view's Web Vitals (logWebVitals): JSON { lcp?, inp?, cls?, fcp?, ttfb?, and what they name }. */
export const WEB_VITALS_TAG = 'bf_web_vitals';
