// logWebVitals: the page view's Core Web Vitals, one Info line tagged WEB_VITALS_TAG whose text is JSON
// ({ lcp, lcpElement?, lcpURL?, inp?, inpElement?, cls, clsElement?, fcp, ttfb }: ms, CLS unitless), recorded once,
// when they are final: as the page is first hidden (a tab switched, a page left), after which the browser reports
// nothing new that counts. Everything comes from PerformanceObserver entries the browser makes anyway, buffered
// since the page's start; the page only keeps the largest of each and describes its element once, in the line.
// INP is the longest interaction's `event` entry (durationThreshold 40 ms, what web-vitals uses): web-vitals' own
// INP is the 98th percentile, the same as the longest below 50 interactions, which a page view seldom exceeds.
import { LogLevel, WEB_VITALS_TAG } from '../../../protocol/index.ts';
import { PRIVATE_ATTRIBUTE, selectorPath } from './describe-element.ts';
import type { InstallCapture } from './capture.types.ts';

/** An interaction's shortest event timing entry the browser reports, in ms (16 at the least). */
export const INP_DURATION_THRESHOLD = 40;
/** CLS: shifts less than 1 s apart, within 5 s, are one session window; the largest window is the page's CLS. */
const SESSION_GAP_MS = 1000;
const SESSION_MAX_MS = 5000;

interface LayoutShift extends PerformanceEntry {
  value: number;
  hadRecentInput: boolean;
  sources: readonly { node: Node | null }[];
}
interface LargestContentfulPaint extends PerformanceEntry {
  element: Element | null;
  url: string;
}
interface EventTiming extends PerformanceEntry {
  interactionId: number;
  target: Node | null;
}

/** What an element is named by: its selector path, or only that it is private. */
function named(node: Node | null | undefined): string | undefined {
  if (!(node instanceof Element)) return undefined;
  if (node.closest(`[${PRIVATE_ATTRIBUTE}]`)) return 'private';
  return selectorPath(node);
}

export const installWebVitals: InstallCapture = (target) => {
  let lcp: LargestContentfulPaint | undefined;
  let inp: EventTiming | undefined;
  let fcp: number | undefined;
  let cls = 0;
  let clsNode: Node | null = null;
  const session = { value: 0, first: 0, last: 0, largest: 0, node: null as Node | null };

  const onShift = (shift: LayoutShift) => {
    if (shift.hadRecentInput) return;
    const gap = shift.startTime - session.last >= SESSION_GAP_MS;
    if (session.value === 0 || gap || shift.startTime - session.first >= SESSION_MAX_MS) {
      Object.assign(session, { value: 0, first: shift.startTime, largest: 0, node: null });
    }
    session.value += shift.value;
    session.last = shift.startTime;
    if (shift.value > session.largest) {
      session.largest = shift.value;
      session.node = shift.sources.find((source) => source.node)?.node ?? null;
    }
    if (session.value > cls) {
      cls = session.value;
      clsNode = session.node;
    }
  };

  const handle = (entry: PerformanceEntry) => {
    switch (entry.entryType) {
      case 'largest-contentful-paint':
        lcp = entry as LargestContentfulPaint;
        break;
      case 'layout-shift':
        onShift(entry as LayoutShift);
        break;
      case 'event':
      case 'first-input':
        if ((entry as EventTiming).interactionId > 0 && entry.duration > (inp?.duration ?? -1))
          inp = entry as EventTiming;
        break;
      case 'paint':
        if (entry.name === 'first-contentful-paint') fcp = entry.startTime;
        break;
    }
  };

  const observers: PerformanceObserver[] = [];
  const observe = (type: string, extra: Record<string, unknown> = {}) => {
    try {
      const observer = new PerformanceObserver((list) => list.getEntries().forEach(handle));
      observer.observe({ type, buffered: true, ...extra } as PerformanceObserverInit);
      observers.push(observer);
    } catch {
      // This browser does not report it: the line goes without it.
    }
  };
  observe('largest-contentful-paint');
  observe('layout-shift');
  observe('event', { durationThreshold: INP_DURATION_THRESHOLD });
  observe('first-input');
  observe('paint');

  let recorded = false;
  const record = () => {
    if (recorded) return;
    recorded = true;
    for (const observer of observers) observer.takeRecords().forEach(handle);
    const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
    const ttfb = navigation && navigation.responseStart > 0 ? navigation.responseStart : undefined;
    const round = (ms: number | undefined) => (ms === undefined ? undefined : Math.round(ms));
    const line = {
      lcp: round(lcp?.startTime),
      lcpElement: named(lcp?.element),
      lcpURL: lcp?.url || undefined,
      inp: round(inp?.duration),
      inpElement: named(inp?.target),
      cls: Math.round(cls * 10_000) / 10_000,
      clsElement: named(clsNode),
      fcp: round(fcp),
      ttfb: round(ttfb),
    };
    target.recordEvent(LogLevel.Info, WEB_VITALS_TAG, JSON.stringify(line));
    stop();
  };

  // Capturing, so that the line is queued before the client's own listener sends what is queued as the page hides.
  const onHidden = () => document.visibilityState === 'hidden' && record();
  const stop = () => {
    document.removeEventListener('visibilitychange', onHidden, true);
    observers.splice(0).forEach((observer) => observer.disconnect());
  };
  document.addEventListener('visibilitychange', onHidden, true);
  return stop;
};
