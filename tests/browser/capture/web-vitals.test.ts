// logWebVitals in real Chromium: a page with a layout shift and a slow interaction, then hidden; its one line, first
// through a target that only collects what the capture hands it, then through the whole of Sidelog in every mode.
import { afterEach, describe, expect, test } from 'vitest';
import { userEvent } from 'vitest/browser';
import { installWebVitals } from '../../../app/logging/capture/web-vitals.ts';
import { internalsOf } from '../../../app/logging/internals.ts';
import { LogLevel, WEB_VITALS_TAG } from '../../../protocol/index.ts';
import { logsOf, newApp } from '../sidelog/collector.ts';
import { cleanUp, MODES, startSidelog } from '../sidelog/sidelog.ts';
import { captureOptions, createRecordingTarget } from './recording-target.ts';

let undo: (() => void) | undefined;
afterEach(async () => {
  undo?.();
  undo = undefined;
  showPage();
  await cleanUp();
  document.getElementById('shop')?.remove();
});

const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));

/** Text on the page, then a block pushed in above it: a layout shift with no input before it. */
async function shiftLayout() {
  document.body.insertAdjacentHTML('afterbegin', `<main id="shop"><p class="price">Total: 42 €</p></main>`);
  await nextFrame();
  await nextFrame();
  const banner = document.createElement('div');
  banner.className = 'banner';
  banner.style.height = '200px';
  banner.textContent = 'Sale';
  document.getElementById('shop')!.prepend(banner);
  await nextFrame();
}

/** One button for the whole file: the browser's buffer keeps each test's interactions with it, and a removed
 * element would leave an earlier test's entry naming nothing. */
const button = document.createElement('button');
button.id = 'pay';
button.textContent = 'Pay';
button.addEventListener('click', () => {
  const until = performance.now() + 120;
  while (performance.now() < until);
});

/** A click whose handler keeps the main thread busy, so that its interaction lasts past INP's threshold. */
async function slowClick() {
  document.body.append(button);
  const seen = new Promise<void>((resolve) => {
    const observer = new PerformanceObserver((list) => {
      if (list.getEntries().some((entry) => (entry as PerformanceEntry & { interactionId: number }).interactionId)) {
        observer.disconnect();
        resolve();
      }
    });
    observer.observe({ type: 'event', durationThreshold: 40 } as PerformanceObserverInit);
  });
  await userEvent.click(button);
  await seen;
}

function hidePage() {
  Object.defineProperty(document, 'visibilityState', { get: () => 'hidden', configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
}

function showPage() {
  delete (document as { visibilityState?: unknown }).visibilityState;
}

describe('logWebVitals', () => {
  test('one line as the page is first hidden: LCP, INP, CLS, FCP and TTFB, with the elements they name', async () => {
    const recording = createRecordingTarget();
    undo = installWebVitals(recording.target, captureOptions());
    await shiftLayout();
    await slowClick();
    expect(recording.events).toEqual([]);

    hidePage();
    hidePage();

    expect(recording.events).toHaveLength(1);
    expect(recording.events[0]).toMatchObject({ level: LogLevel.Info, tag: WEB_VITALS_TAG });
    const [line] = recording.parsed(WEB_VITALS_TAG);
    expect(line).toMatchObject({
      lcp: expect.any(Number),
      fcp: expect.any(Number),
      ttfb: expect.any(Number),
      inp: expect.any(Number),
      inpElement: 'button#pay',
      // The largest shift's element of the largest session window: the test page's own shifts may be in it too.
      clsElement: expect.any(String),
    });
    expect(line!.inp).toBeGreaterThanOrEqual(40);
    expect(line!.cls).toBeGreaterThan(0);
  });

  test.each(MODES)('through Sidelog, mode %s', async (mode, hide) => {
    hide();
    const app = await newApp();
    const sidelog = await startSidelog(app, { logWebVitals: true });
    expect(sidelog.mode).toBe(mode);
    if (mode === 'C') await expect.poll(async () => (await internalsOf(sidelog).status()).isDeviceEnabled).toBe(true);
    await shiftLayout();
    await slowClick();
    hidePage();
    showPage();

    const vitals = async () => {
      await sidelog.forceSendOnce();
      return (await logsOf(app)).filter((log) => log.tg === WEB_VITALS_TAG);
    };
    await expect.poll(async () => (await vitals()).length, { timeout: 20_000, interval: 200 }).toBe(1);
    const [log] = await vitals();
    expect(JSON.parse(log!.t!)).toMatchObject({ inpElement: 'button#pay', cls: expect.any(Number) });
  });
});
