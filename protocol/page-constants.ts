// The constants of protocol/limits.ts that the page's first load holds (docs/limits.md#constants): the write queue's
// caps, the tag of its gap entry and the tags the captures write. limits.ts re-exports them; a module of their own, so
// that the others, which only the engine and the start-up use, stay out of the first load
// (docs/benchmarks.md#main-thread-cost).

export const IN_MEMORY_LOG_CAP = 3000;
/** Logs made before an engine exists (init not called yet, or no engine started) wait in the page, at most this
 * many: past it the oldest become one gap entry, as in mode C. */
export const WAITING_LOG_CAP = IN_MEMORY_LOG_CAP;
/** Logs the page keeps while its engine has not confirmed them stored, for a rescue should the page go: more
 * than localStorage could hold anyway (docs/durability.md). Past it the oldest are let go: they were sent. */
export const UNCONFIRMED_LOG_CAP = 100_000;
export const GAP_LOG_TAG = 'bf_gap_log';
/** An issue's own line in its session, its text the issue's uid, as Bugfender's SDK writes it: where and when (by the
 * device's clock) it happened among the session's logs (docs/api.md#issues-crashes-and-feedback). */
export const ISSUE_LOG_TAG = 'bf_issue';
export const BROWSER_EVENT_TAG = 'bf_browser_event';
export const UI_EVENT_TAG = 'bf_ui_event';
/** A request of the page's (logNetworkRequests): JSON { method, status?, url, duration, size?, error? }. */
export const NETWORK_TAG = 'bf_network';
/** A page view's Web Vitals (logWebVitals): JSON { lcp?, inp?, cls?, fcp?, ttfb?, and what they name }. */
export const WEB_VITALS_TAG = 'bf_web_vitals';
