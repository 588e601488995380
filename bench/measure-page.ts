// One contender, one round: a fresh page on a fresh origin (so its IndexedDB, workers and storage are its own),
// driven step by step through the control server, with Chromium's main-thread task time read around the burst.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BenchBrowser } from './browser.ts';
import { summariseBurstTrace, type BurstTrace } from './burst-trace.ts';
import { createCollectorAdmin, intakeDelivery, type Delivery } from './collector-admin.ts';
import { EXPECTED_MODE, type ContenderSpec } from './contenders.ts';
import type { ControlServer } from './control-server.ts';
import { AFTER_MS } from './pages/window.ts';
import type { UploadBytes } from './upload-bytes.ts';

/** Long enough for the 100,000-line row's result step: its wait to be durable (up to 30 s) and then its whole upload. */
const STEP_TIMEOUT_MS = 180_000;

export interface PageRun {
  /** Milliseconds the burst's calls took, measured on the page around them. */
  callMs: number;
  /** Chromium's main-thread task time of the page from just before the burst to AFTER_MS after it, in ms. */
  taskMs: number;
  /** The main thread's CPU time over the same window, in ms. */
  cpuMs: number;
  tbtMs: number;
  durableMs: number | null;
  deliveredMs: number | null;
  /** Lines accepted by the collector (or intake) by the end of the wait. */
  delivered: number | null;
  /** Lines that will never arrive (where the forced send sends all there is), else null. */
  lost: number | null;
  duplicated: number | null;
  /** What its uploads put on the wire, where the bench sees them (the collector, or the bench's intakes). */
  uploadBytes: UploadBytes | null;
  mode?: string;
  /** With `--trace DIR`: the burst's task, the collections in it and the page's other tasks (bench/burst-trace.ts). */
  trace?: BurstTrace;
}

interface BenchContext {
  browser: BenchBrowser;
  control: ControlServer;
  serviceURL: string;
  collector: ReturnType<typeof createCollectorAdmin>;
  /** The bytes the collector has received from an app (bench/upload-bytes.ts). */
  collectorBytes: (appKey: string) => UploadBytes;
  count: number;
  /** With `--profile DIR`: each page's CPU profile over the burst and the window after it is written there. */
  profileDir?: string;
  /** With `--trace DIR`: each page's Chromium trace over the same window is written there, and summarised. */
  traceDir?: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Result {
  mode?: string;
  tbtMs: number;
  burstStartEpoch: number;
  durableMs: number | null;
  forcedAtEpoch: number;
  forceError?: string;
}

export async function measurePage(context: BenchContext, spec: ContenderSpec, round: number): Promise<PageRun> {
  const { browser, control, collector } = context;
  const count = spec.count ?? context.count;
  const page = `r${round}-${spec.id}`;
  const appKey = `bench-${page}-${Date.now().toString(36)}`;
  if (spec.delivery === 'collector') await collector.createApp(appKey);
  // *.localhost is loopback and a secure context in Chromium: a new origin per page, on the same server.
  const service = new URL(context.serviceURL);
  const query = new URLSearchParams({
    page,
    n: String(count),
    control: control.url,
    appKey,
    storage: spec.durable === 'indexeddb' ? 'indexeddb' : 'none',
    ...spec.query,
  });
  const tab = await browser.open(`http://${page}.localhost:${service.port}/${spec.page}.html?${query}`);
  try {
    const ready = await control.step<{ error?: string }>(page, 'ready', STEP_TIMEOUT_MS);
    if (ready.body?.error) throw new Error(`${spec.id} did not start: ${ready.body.error}`);
    if (context.profileDir) await tab.startProfile();
    if (context.traceDir) await browser.startTrace();
    const before = await tab.mainThreadSeconds();
    ready.reply();
    const burst = await control.step<{ callMs: number }>(page, 'burst', STEP_TIMEOUT_MS);
    await sleep(AFTER_MS);
    const after = await tab.mainThreadSeconds();
    if (context.profileDir)
      writeFileSync(join(context.profileDir, `${page}.cpuprofile`), JSON.stringify(await tab.stopProfile()));
    let trace: BurstTrace | undefined;
    if (context.traceDir) {
      const traceEvents = await browser.stopTrace();
      // As DevTools and Perfetto open a trace.
      writeFileSync(join(context.traceDir, `${page}.json`), JSON.stringify({ traceEvents }));
      trace = summariseBurstTrace(traceEvents);
    }
    burst.reply();

    const result = await control.step<Result>(page, 'result', STEP_TIMEOUT_MS);
    result.reply();
    const { body } = result;
    if (body.forceError) throw new Error(`${spec.id}: forced send failed: ${body.forceError}`);
    const expected = EXPECTED_MODE[spec.id];
    if (expected && body.mode !== expected) throw new Error(`${spec.id} started in mode ${body.mode}, not ${expected}`);

    let delivery: Delivery | undefined;
    let sentFrom = body.forcedAtEpoch;
    if (spec.delivery === 'collector') delivery = await collector.delivery(appKey, count);
    if (spec.delivery === 'otlp') delivery = await intakeDelivery(control.intake(page), count);
    if (spec.delivery === 'intake') {
      // It sends on its own, from the burst on: there is no forced send to count from.
      sentFrom = body.burstStartEpoch;
      delivery = await intakeDelivery(control.intake(page), count);
      if (delivery.doneAt === null) {
        // What it still holds it sends when the page is left; only then is a missing line lost for good.
        await tab.leave();
        delivery = { ...(await intakeDelivery(control.intake(page), count)), doneAt: null };
      }
    }
    const deliveredMs = delivery?.doneAt != null ? delivery.doneAt - sentFrom : null;
    const durableMs =
      spec.durable === 'intake'
        ? delivery?.doneAt != null
          ? delivery.doneAt - body.burstStartEpoch
          : null
        : body.durableMs;
    return {
      callMs: burst.body.callMs,
      taskMs: (after.task - before.task) * 1000,
      cpuMs: (after.cpu - before.cpu) * 1000,
      tbtMs: body.tbtMs,
      durableMs: spec.durable === 'none' ? null : durableMs,
      deliveredMs,
      delivered: delivery ? delivery.delivered : null,
      lost: delivery && spec.deliveryIsFinal ? delivery.missing : null,
      duplicated: delivery ? delivery.duplicated : null,
      uploadBytes:
        spec.delivery === 'collector'
          ? context.collectorBytes(appKey)
          : spec.delivery === 'otlp' || spec.delivery === 'intake'
            ? control.intake(page).bytes
            : null,
      mode: body.mode,
      trace,
    };
  } finally {
    // A page that failed before its trace was read leaves it running, and the next page could not start one.
    if (context.traceDir) await browser.stopTrace().catch(() => {});
    await tab.close();
  }
}
