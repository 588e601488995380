// `npm run bench -- --closed-tab` (docs/durability.md#measured): the largest burst that survives its tab closing
// in the very task that logged it. Each trial is a fresh origin and app: a tab logs n lines (as the main bench's
// burst: short text and a small object) and closes itself; a tab of the same origin opened after it starts Sidelog
// and forces a send; the trial survives if every line arrives. n doubles from 2,000 until a trial loses lines,
// then the bench halves the interval between the last n that survived and the first that did not.
import type { BenchBrowser } from './browser.ts';
import type { createCollectorAdmin } from './collector-admin.ts';
import type { ControlServer } from './control-server.ts';

const STEP_TIMEOUT_MS = 90_000;
/** After the logger closed itself, before the next tab opens: the close has surely happened by then. */
const CLOSE_SETTLE_MS = 1_000;
const FIRST_N = 2_000;
/** No trial beyond this: localStorage (about 5 M characters an origin, some 44,000 of these lines) holds far fewer. */
const MAX_N = 512_000;
/** Halvings of the interval once a trial has lost lines. */
const REFINE_STEPS = 4;

interface ClosedTabContext {
  browser: BenchBrowser;
  control: ControlServer;
  serviceURL: string;
  collector: ReturnType<typeof createCollectorAdmin>;
}

interface ClosedTabTrial {
  n: number;
  mode?: string;
  delivered: number;
  duplicated: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function trial(context: ClosedTabContext, n: number, index: number): Promise<ClosedTabTrial> {
  const { browser, control, collector } = context;
  const page = `ct${index}-${n}`;
  const appKey = `bench-${page}-${Date.now().toString(36)}`;
  await collector.createApp(appKey);
  const port = new URL(context.serviceURL).port;
  const query = (role: string) => new URLSearchParams({ role, page, n: String(n), control: control.url, appKey });
  const origin = `http://${page}.localhost:${port}`;
  const opener = await browser.open(`${origin}/closed-tab.html?${query('opener')}`);
  const ready = await control.step<{ mode?: string }>(page, 'ready', STEP_TIMEOUT_MS);
  ready.reply();
  await sleep(CLOSE_SETTLE_MS);
  await opener.close();
  const reopened = await browser.open(`${origin}/closed-tab.html?${query('reopen')}`);
  try {
    const sent = await control.step(page, 'sent', STEP_TIMEOUT_MS);
    sent.reply();
    const delivery = await collector.delivery(appKey, n);
    return { n, mode: ready.body?.mode, delivered: delivery.delivered, duplicated: delivery.duplicated };
  } finally {
    await reopened.close();
  }
}

/** Runs the trials; reports each as it ends. Returns them all, and the largest n that survived. */
export async function findLargestSurvivingBurst(
  context: ClosedTabContext,
  progress: (message: string) => void,
): Promise<{ trials: ClosedTabTrial[]; largest: number | null }> {
  const trials: ClosedTabTrial[] = [];
  const run = async (n: number) => {
    const result = await trial(context, n, trials.length);
    trials.push(result);
    const survived = result.delivered === n && result.duplicated === 0;
    progress(
      `bench: closed tab, ${n.toLocaleString('en-US')} lines: ${result.delivered.toLocaleString('en-US')} delivered, ${result.duplicated} duplicated${survived ? '' : ' (lost lines)'}`,
    );
    return survived;
  };
  let good: number | null = null;
  let bad: number | null = null;
  for (let n = FIRST_N; n <= MAX_N; n *= 2) {
    if (await run(n)) good = n;
    else {
      bad = n;
      break;
    }
  }
  if (good === null || bad === null) return { trials, largest: good };
  let [low, high]: number[] = [good, bad];
  for (let step = 0; step < REFINE_STEPS; step++) {
    const n: number = Math.round((low + high) / 2 / 100) * 100;
    if (n <= low || n >= high) break;
    if (await run(n)) low = n;
    else high = n;
  }
  return { trials, largest: low };
}
