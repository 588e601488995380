// Pairs a finished request with its Resource Timing entry, for the transfer size and the time to its last byte. The
// browser adds the entry at the response's end and hands it to observers in a later task, so an answered request
// waits for it here (never in the app's own promise chain), at most ENTRY_WAIT_MS; an entry that came first waits
// for its request among the last EARLY_ENTRIES.
const ENTRY_WAIT_MS = 1000;
const EARLY_ENTRIES = 32;

/** How a Resource Timing entry names who asked: 'fetch', 'xmlhttprequest'. */
export type Initiator = 'fetch' | 'xmlhttprequest';

interface TimedRequest {
  initiator: Initiator;
  /** Absolute, without its fragment: as the entry names it. */
  url: string;
  /** performance.now() as the request started. */
  start: number;
}

export interface Timing {
  /** From the request's start to its response's last byte, in ms. */
  duration: number;
  /** Bytes over the network, headers included; absent where the entry gives none (cache, another origin without
   * Timing-Allow-Origin). */
  size?: number;
}

interface ResourceTimings<R extends TimedRequest> {
  /** Calls back with the request and its entry's timing once the entry comes, or without one after ENTRY_WAIT_MS. */
  wait(request: R): void;
  /** Calls back at once for every request still waiting (the page is going away); stays usable. */
  flush(): void;
  stop(): void;
}

/** The entry's name without its fragment, which Chromium keeps there. */
const withoutFragment = (url: string) => {
  const hash = url.indexOf('#');
  return hash < 0 ? url : url.slice(0, hash);
};

const matches = (entry: PerformanceResourceTiming, request: TimedRequest) =>
  withoutFragment(entry.name) === request.url &&
  entry.initiatorType === request.initiator &&
  // Both on the page's clock; the entry starts as the browser takes the request, after the wrap has.
  entry.startTime >= request.start - 1;

const timingOf = (entry: PerformanceResourceTiming): Timing => ({
  duration: Math.round(entry.duration),
  ...(entry.transferSize > 0 && { size: entry.transferSize }),
});

export function observeResourceTimings<R extends TimedRequest>(
  done: (request: R, timing?: Timing) => void,
): ResourceTimings<R> {
  const waiting: { request: R; timer: ReturnType<typeof setTimeout> }[] = [];
  const early: PerformanceResourceTiming[] = [];

  const settle = (index: number, timing?: Timing) => {
    const [{ request, timer }] = waiting.splice(index, 1);
    clearTimeout(timer);
    done(request, timing);
  };

  const onEntry = (entry: PerformanceResourceTiming) => {
    if (entry.initiatorType !== 'fetch' && entry.initiatorType !== 'xmlhttprequest') return;
    const index = waiting.findIndex(({ request }) => matches(entry, request));
    if (index >= 0) return settle(index, timingOf(entry));
    early.push(entry);
    if (early.length > EARLY_ENTRIES) early.shift();
  };

  let observer: PerformanceObserver | undefined;
  try {
    observer = new PerformanceObserver((list) =>
      list.getEntries().forEach((entry) => onEntry(entry as PerformanceResourceTiming)),
    );
    observer.observe({ type: 'resource' });
  } catch {
    // No Resource Timing here: every request is recorded with the wrap's own clock.
    observer = undefined;
  }

  return {
    wait(request) {
      const index = early.findIndex((entry) => matches(entry, request));
      if (index >= 0) return done(request, timingOf(early.splice(index, 1)[0]));
      if (!observer) return done(request);
      const timer = setTimeout(() => {
        const at = waiting.findIndex((item) => item.request === request);
        if (at >= 0) settle(at);
      }, ENTRY_WAIT_MS);
      waiting.push({ request, timer });
    },
    flush() {
      while (waiting.length > 0) settle(0);
    },
    stop() {
      observer?.disconnect();
      this.flush();
    },
  };
}
