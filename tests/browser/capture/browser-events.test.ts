import { afterEach, describe, expect, test, vi } from 'vitest';
import { installBrowserEvents } from '../../../app/logging/capture/browser-events.ts';
import { BROWSER_EVENT_TAG, LogLevel } from '../../../protocol/index.ts';
import { captureOptions, createRecordingTarget } from './recording-target.ts';

const startURL = location.href;
let undo: (() => void) | undefined;
afterEach(() => {
  undo?.();
  undo = undefined;
  vi.restoreAllMocks();
  history.replaceState(history.state, '', startURL);
});

function install() {
  const recording = createRecordingTarget();
  undo = installBrowserEvents(recording.target, captureOptions());
  return recording;
}

const nextEvent = (type: string) => new Promise((resolve) => addEventListener(type, resolve, { once: true }));

describe('logBrowserEvents', () => {
  test('load and DOMContentLoaded that fired before install are recorded with the times the browser measured', () => {
    const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
    const recording = install();

    expect(recording.events.slice(0, 2)).toEqual([
      {
        level: LogLevel.Info,
        tag: BROWSER_EVENT_TAG,
        text: JSON.stringify({ event: 'DOMContentLoaded', url: location.href }),
        time: Math.round(performance.timeOrigin + navigation!.domContentLoadedEventStart),
      },
      {
        level: LogLevel.Info,
        tag: BROWSER_EVENT_TAG,
        text: JSON.stringify({ event: 'load', url: location.href }),
        time: Math.round(performance.timeOrigin + navigation!.loadEventStart),
      },
    ]);
  });

  test('when Sidelog starts before the page has loaded, load and DOMContentLoaded are recorded as they fire', () => {
    // The navigation timing of a page still loading: neither event has started yet.
    const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
    const loading = { ...navigation!.toJSON(), domContentLoadedEventStart: 0, loadEventStart: 0 };
    vi.spyOn(performance, 'getEntriesByType').mockReturnValue([loading]);
    const recording = install();
    expect(recording.events).toEqual([]);

    document.dispatchEvent(new Event('DOMContentLoaded', { bubbles: true }));
    dispatchEvent(new Event('load'));

    expect(recording.events.map(({ time }) => time)).toEqual([undefined, undefined]);
    expect(recording.parsed(BROWSER_EVENT_TAG)).toEqual([
      { event: 'DOMContentLoaded', url: location.href },
      { event: 'load', url: location.href },
    ]);
  });

  test('pushState and replaceState are recorded with the URL they led to', () => {
    const recording = install();
    recording.events.length = 0;

    history.pushState({ step: 2 }, '', '?checkout=2');
    history.replaceState({ step: 3 }, '', '?checkout=3');

    expect(recording.events.every((event) => event.tag === BROWSER_EVENT_TAG && event.level === LogLevel.Info)).toBe(
      true,
    );
    expect(recording.parsed(BROWSER_EVENT_TAG)).toEqual([
      { event: 'pushState', url: expect.stringContaining('?checkout=2') },
      { event: 'replaceState', url: expect.stringContaining('?checkout=3') },
    ]);
    expect(history.state).toEqual({ step: 3 });
  });

  test('going back is recorded as popstate, and a new hash as popstate then hashchange', async () => {
    const recording = install();
    history.pushState(null, '', '?orders');
    recording.events.length = 0;

    const popped = nextEvent('popstate');
    history.back();
    await popped;
    const hashChanged = nextEvent('hashchange');
    location.hash = 'details';
    await hashChanged;

    expect(recording.parsed(BROWSER_EVENT_TAG)).toEqual([
      { event: 'popstate', url: startURL },
      { event: 'popstate', url: `${startURL}#details` },
      { event: 'hashchange', url: `${startURL}#details`, oldURL: startURL, newURL: `${startURL}#details` },
    ]);
  });

  test('undo gives history its own methods back and records nothing more', async () => {
    const { pushState, replaceState } = history;
    const recording = install();
    expect(history.pushState).not.toBe(pushState);
    recording.events.length = 0;

    undo!();
    undo = undefined;
    history.pushState(null, '', '?after-undo');
    const hashChanged = nextEvent('hashchange');
    location.hash = 'after-undo';
    await hashChanged;

    expect(history.pushState).toBe(pushState);
    expect(history.replaceState).toBe(replaceState);
    expect(recording.events).toEqual([]);
  });
});
