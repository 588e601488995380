// The contenders: the no-op floor, the bare logger (the physical floor of a logger with a worker; once more storing
// each line in IndexedDB, the floor of durability), the console, Sidelog in each mode and with call sites, and the
// three peers.
// Each names its page (bench/pages/<page>.ts, in the HTML shell bench/build-pages.ts makes), the query that configures it, and how the bench sees its
// lines stored and delivered.
export type PageName = 'noop' | 'bare' | 'console' | 'sidelog' | 'bugfender' | 'datadog' | 'sentry' | 'closed-tab';

export interface ContenderSpec {
  id: string;
  label: string;
  page: PageName;
  query?: Record<string, string>;
  /** Where a stored line is seen: its IndexedDB ('bf_sdk' logs), the intake it sends to, or nowhere (not stored). */
  durable: 'indexeddb' | 'intake' | 'none';
  /** Where delivered lines are counted: the local collector (after a forced send), the bench's intake (from the
   * burst on), its OTLP intake (after a forced send), or nowhere. */
  delivery: 'collector' | 'intake' | 'otlp' | 'none';
  /**
   * Whether, once the wait for delivery is over, a line not delivered is lost: true where the forced send (or
   * leaving the page) sends everything there is. @bugfender/sdk's forced send sends one 500-line batch at its
   * next 15 s tick; what it has not sent yet is still stored, not lost.
   */
  deliveryIsFinal: boolean;
  /** Whether the page also loads Sidelog's in-page engine chunk on the main thread (modes B and C). */
  inPageEngine?: boolean;
  /** Calls in its burst, when not the run's (the 100,000-line row: delivery and durability at scale). */
  count?: number;
}

export const FLOOR = 'noop';
/** The least a logger that hands raw arguments to a worker can cost: the time, a push, one post per 1,000 calls. */
export const BARE = 'bare';
export const PEER = 'bugfender';

export const CONTENDERS: ContenderSpec[] = [
  {
    id: 'noop',
    label: 'no-op function (floor)',
    page: 'noop',
    durable: 'none',
    delivery: 'none',
    deliveryIsFinal: false,
  },
  {
    id: 'bare',
    label: 'bare logger to a worker (physical floor)',
    page: 'bare',
    durable: 'none',
    delivery: 'none',
    deliveryIsFinal: false,
  },
  {
    id: 'bare-port',
    label: 'bare logger to a worker through a MessageChannel',
    page: 'bare',
    query: { via: 'port' },
    durable: 'none',
    delivery: 'none',
    deliveryIsFinal: false,
  },
  {
    id: 'bare-shared',
    label: 'bare logger to a SharedWorker',
    page: 'bare',
    query: { via: 'shared' },
    durable: 'none',
    delivery: 'none',
    deliveryIsFinal: false,
  },
  {
    id: 'bare-idb',
    label: 'bare logger storing to IndexedDB (durability floor)',
    page: 'bare',
    query: { store: '1' },
    durable: 'indexeddb',
    delivery: 'none',
    deliveryIsFinal: false,
  },
  {
    id: 'console',
    label: 'console.log, no DevTools attached',
    page: 'console',
    durable: 'none',
    delivery: 'none',
    deliveryIsFinal: false,
  },
  {
    id: 'sidelog-a-shared',
    label: 'Sidelog A, SharedWorker',
    page: 'sidelog',
    durable: 'indexeddb',
    delivery: 'collector',
    deliveryIsFinal: true,
  },
  {
    id: 'sidelog-a-dedicated',
    label: 'Sidelog A, dedicated Worker',
    page: 'sidelog',
    query: { hide: 'shared' },
    durable: 'indexeddb',
    delivery: 'collector',
    deliveryIsFinal: true,
  },
  {
    id: 'sidelog-b',
    label: 'Sidelog B, in the page',
    page: 'sidelog',
    query: { hide: 'workers' },
    durable: 'indexeddb',
    delivery: 'collector',
    deliveryIsFinal: true,
    inPageEngine: true,
  },
  {
    id: 'sidelog-c',
    label: 'Sidelog C, in memory',
    page: 'sidelog',
    query: { hide: 'locks' },
    durable: 'none',
    delivery: 'collector',
    deliveryIsFinal: true,
    inPageEngine: true,
  },
  {
    id: 'sidelog-a-callsite',
    label: 'Sidelog A, SharedWorker, captureCallSite',
    page: 'sidelog',
    query: { callsite: '1' },
    durable: 'indexeddb',
    delivery: 'collector',
    deliveryIsFinal: true,
  },
  {
    id: 'sidelog-a-otlp',
    label: 'Sidelog A, SharedWorker, OTLP',
    page: 'sidelog',
    query: { otlp: '1' },
    durable: 'indexeddb',
    delivery: 'otlp',
    deliveryIsFinal: true,
  },
  {
    id: 'sidelog-a-shared-100k',
    label: 'Sidelog A, SharedWorker, 100,000 lines',
    page: 'sidelog',
    durable: 'indexeddb',
    delivery: 'collector',
    deliveryIsFinal: true,
    count: 100_000,
  },
  {
    id: 'bugfender',
    label: '@bugfender/sdk 2.4.0',
    page: 'bugfender',
    durable: 'indexeddb',
    delivery: 'collector',
    deliveryIsFinal: false,
  },
  {
    id: 'datadog',
    label: '@datadog/browser-logs',
    page: 'datadog',
    durable: 'intake',
    delivery: 'intake',
    deliveryIsFinal: true,
  },
  {
    // No store of its own either: its log buffer sends an envelope per 100 lines, its fetch transport drops an
    // envelope while 40 are in flight, and what it still buffers it sends when the page is hidden.
    id: 'sentry',
    label: '@sentry/browser, logs',
    page: 'sentry',
    durable: 'intake',
    delivery: 'intake',
    deliveryIsFinal: true,
  },
];

/** The Sidelog mode each Sidelog contender must have started in; a page that fell to another mode is an error. */
export const EXPECTED_MODE: Record<string, string> = {
  'sidelog-a-shared': 'A-shared',
  'sidelog-a-dedicated': 'A-dedicated',
  'sidelog-b': 'B',
  'sidelog-c': 'C',
  'sidelog-a-callsite': 'A-shared',
  'sidelog-a-otlp': 'A-shared',
  'sidelog-a-shared-100k': 'A-shared',
};
