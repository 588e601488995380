// What every page of `npm run bench:network` does around its contender (docs/benchmarks.md#network-requests): start
// it as its documentation says, wait until it is quiet, tell the bench it is ready (the bench reads Chromium's
// main-thread task time and answers), make `n` requests one after the other as an app would (fetch, then read the
// answer's text), wait for what the contender does after them, and tell the bench (which reads the task time again).
const params = new URLSearchParams(location.search);
const page = params.get('page')!;
const control = params.get('control')!;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** After start-up the contender gets this long to finish its own work. */
const QUIET_MS = 500;
/** After the requests, what a contender does later is counted too: Sidelog's line waits up to 1 s for its Resource
 * Timing entry (docs/api.md#network-requests). */
const AFTER_REQUESTS_MS = 1500;

async function report(step: string, body: Record<string, unknown> = {}): Promise<void> {
  await fetch(`${control}/step/${page}/${step}`, { method: 'POST', body: JSON.stringify(body) });
}

export async function runNetworkBench(start: (params: URLSearchParams) => Promise<unknown> | void): Promise<void> {
  try {
    await start(params);
  } catch (error) {
    await report('ready', { error: String(error) });
    return;
  }
  const url = `${location.origin}/bench/answer/${params.get('status')}`;
  const count = Number(params.get('n'));
  await sleep(QUIET_MS);
  await report('ready');
  const begin = performance.now();
  for (let i = 0; i < count; i++) {
    const response = await fetch(`${url}?i=${i}`);
    await response.text();
  }
  const requestsMs = performance.now() - begin;
  await sleep(AFTER_REQUESTS_MS);
  await report('burst', { requestsMs });
}
