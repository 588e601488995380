// Sidelog's OTLP target in real Chromium, with the engine in its SharedWorker and IndexedDB, against an OTLP receiver
// that decodes with OpenTelemetry's own definitions (tests/support/otlp-browser-receiver.ts): every line once across the
// receiver's outage, a reload and a closed tab; the records as docs/opentelemetry.md maps them, gzipped; and plain when
// the receiver's CORS refuses Content-Encoding. Each page is an iframe of its own document (tests/browser/sidelog/tab.html),
// so that it can be reloaded and taken away as a tab is (pagehide, its worker connection gone); no fixed waits: sends
// are forced.
import { afterEach, describe, expect, inject, test } from 'vitest';
import type { SidelogClient, SidelogOptions } from '../../../app/logging/index.ts';
import type { internalsOf } from '../../../app/logging/internals.ts';
import type { EngineStatus } from '../../../protocol/index.ts';
import { LEADER_LOCK_PREFIX, STORAGE_KEYS } from '../../../protocol/limits.ts';
import type { Received } from '../../helpers/otlp-received.types.ts';
import { quiet } from './sidelog.ts';

const POLL = { timeout: 30_000, interval: 200 };
const receiverURL = (bucket: string) => `${inject('otlpReceiverURL')}/${bucket}`;

async function received(bucket: string): Promise<Received> {
  return (await fetch(`${receiverURL(bucket)}/received`)).json() as Promise<Received>;
}

async function setReceiver(bucket: string, state: { down?: boolean; refuseContentEncoding?: boolean }): Promise<void> {
  await fetch(`${receiverURL(bucket)}/control`, { method: 'POST', body: JSON.stringify(state) });
}

/** A page that loads Sidelog, on this page's origin. */
const TAB_PAGE = new URL('./tab.html', import.meta.url).href;

type TabWindow = Window & {
  SidelogClient?: typeof SidelogClient;
  sidelog?: SidelogClient;
  internalsOf?: typeof internalsOf;
};

interface Tab {
  sidelog(): SidelogClient;
  /** The engine's status, as the page's Sidelog reads it. */
  status(): Promise<EngineStatus>;
  /** Reloads the page and starts Sidelog again with the same options. */
  reload(): Promise<void>;
  /** Takes the page away, as a tab closing does, without closing Sidelog. */
  close(): void;
}

const opened: HTMLIFrameElement[] = [];

/** A page of its own that starts Sidelog with `options`, as an app would. */
async function openTab(options: SidelogOptions): Promise<Tab> {
  const frame = document.createElement('iframe');
  opened.push(frame);
  const start = async () => {
    const view = frame.contentWindow as TabWindow;
    await expect.poll(() => view.SidelogClient, POLL).toBeDefined();
    view.sidelog = new view.SidelogClient!();
    await view.sidelog.init(options);
    expect(view.sidelog.mode).toBe('A-shared');
  };
  const loaded = () => new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
  const loading = loaded();
  frame.src = TAB_PAGE;
  document.body.append(frame);
  await loading;
  await start();
  return {
    sidelog: () => (frame.contentWindow as TabWindow).sidelog!,
    status: () => {
      const view = frame.contentWindow as TabWindow;
      return view.internalsOf!(view.sidelog!).status();
    },
    async reload() {
      const reloading = loaded();
      frame.contentWindow!.location.reload();
      await reloading;
      await start();
    },
    close: () => frame.remove(),
  };
}

afterEach(async () => {
  for (const frame of opened.splice(0)) {
    await (frame.contentWindow as TabWindow | null)?.sidelog?.close();
    frame.remove();
  }
});

/** The engines' leader locks held in this origin (worker/leadership.ts), by name. */
async function leaderLocks(): Promise<string[]> {
  const { held = [] } = await navigator.locks.query();
  return held.flatMap((lock) => (lock.name?.startsWith(LEADER_LOCK_PREFIX) ? [lock.name] : []));
}

/** Logs `${prefix} 1` … `${prefix} ${count}`. */
function logLines(sidelog: SidelogClient, prefix: string, count: number): string[] {
  const lines = Array.from({ length: count }, (_, i) => `${prefix} ${i + 1}`);
  for (const line of lines) sidelog.log(line);
  return lines;
}

const otlpOptions = (bucket: string, otlp: Partial<NonNullable<SidelogOptions['otlp']>> = {}): SidelogOptions => ({
  appKey: `otlp-${bucket}`,
  ...quiet,
  otlp: { url: `${receiverURL(bucket)}/v1/logs`, serviceName: 'shop-web', ...otlp },
});

describe('Sidelog uploading OTLP', () => {
  test('every line arrives once across the receiver being down, a reload in a burst and a tab closed in one', async () => {
    const bucket = crypto.randomUUID();
    await setReceiver(bucket, { down: true });
    const options = otlpOptions(bucket);
    const tab = await openTab(options);
    const lines = logLines(tab.sidelog(), 'while down', 300);
    await tab.sidelog().forceSendOnce();
    // The receiver answered 503: nothing was taken, and everything is kept for later. The test worker's short upload
    // interval (quick-worker.ts) may have sent on its own beside the forced send: each request was refused alike.
    const whileDown = await received(bucket);
    expect(whileDown.records).toEqual([]);
    expect(whileDown.requests.length).toBeGreaterThan(0);
    expect(new Set(whileDown.requests.map(({ status, encoding }) => `${status} ${encoding}`))).toEqual(
      new Set(['503 gzip']),
    );

    lines.push(...logLines(tab.sidelog(), 'reloaded', 200));
    await tab.reload();
    lines.push(...logLines(tab.sidelog(), 'closed', 200));
    const leaders = await leaderLocks();
    expect(leaders).toHaveLength(1);
    tab.close();
    // The closed tab's engine gone, its leader lock with it, before the receiver is back. Were it back while that
    // engine still ran, the engine could send a batch, see it taken and end before deleting it, and the next tab's
    // engine would send it again: delivery is at least once (docs/opentelemetry.md), and a CI run under load once
    // received the 300 lines logged while down twice. What this test holds to once is the outage, the reload and the
    // closed tab's rescue.
    await expect.poll(async () => (await leaderLocks()).filter((name) => leaders.includes(name)), POLL).toEqual([]);

    await setReceiver(bucket, { down: false });
    const next = await openTab(options);
    await next.sidelog().forceSendOnce();
    await expect.poll(async () => (await received(bucket)).records.length, POLL).toBeGreaterThanOrEqual(lines.length);
    const { records, requests } = await received(bucket);
    expect(records.map((record) => record.body).sort()).toEqual([...lines].sort());
    // Each page's lines in the order they were logged, whatever order the pages' sends took.
    for (const prefix of ['while down', 'reloaded', 'closed']) {
      const ofPrefix = records.filter((record) => String(record.body).startsWith(`${prefix} `));
      expect(ofPrefix.map((record) => record.body)).toEqual(lines.filter((line) => line.startsWith(`${prefix} `)));
    }
    expect(requests.filter((request) => request.status === 200).every((request) => request.encoding === 'gzip')).toBe(
      true,
    );
  });

  test('the records carry what docs/opentelemetry.md maps, the browser included, with the device keys on the resource', async () => {
    const bucket = crypto.randomUUID();
    const tab = await openTab({ ...otlpOptions(bucket), version: '2.4.1', build: '311' });
    // No device status to wait for: naming an OTLP endpoint enables the device.
    expect(await tab.status()).toMatchObject({ isAppValid: true, isDeviceEnabled: true });
    const sidelog = tab.sidelog();
    sidelog.setDeviceKey('plan', 'gold');
    sidelog.sendLog({
      level: 1,
      tag: 'shop',
      text: 'cart opened',
      file: 'app.js',
      line: 42,
      method: 'openCart',
      url: 'https://shop.example/cart',
    });
    await sidelog.sendCrash('TypeError: cart is undefined', 'Error: cart is undefined');
    await expect.poll(async () => (await received(bucket)).records.length, POLL).toBe(2);
    const [crash, log] = (await received(bucket)).records.sort(
      (a, b) => Number(a.eventName === undefined) - Number(b.eventName === undefined),
    );
    // The frame's session is this tab's: sessionStorage belongs to the top-level page.
    const session = sessionStorage.getItem(STORAGE_KEYS.sessionUuid);
    expect(log.attributes['session.id']).toBe(session);
    expect(log).toMatchObject({
      severityNumber: 13,
      severityText: 'WARN',
      body: 'cart opened',
      attributes: {
        'sidelog.tag': 'shop',
        'code.file.path': 'app.js',
        'code.line.number': '42',
        'code.function.name': 'openCart',
        'url.full': 'https://shop.example/cart',
      },
      scope: { name: 'sidelog' },
    });
    expect(crash).toMatchObject({
      eventName: 'sidelog.crash',
      severityNumber: 17,
      body: 'Error: cart is undefined',
      attributes: { 'exception.message': 'TypeError: cart is undefined', 'session.id': session },
    });
    expect(log.resource).toMatchObject({
      'service.name': 'shop-web',
      'service.version': '2.4.1',
      'app.build_id': '311',
      'browser.language': navigator.language,
      'browser.mobile': false,
      'user_agent.original': navigator.userAgent,
      'telemetry.sdk.name': 'sidelog',
      plan: 'gold',
    });
    expect(log.resource['browser.brands']).toEqual(expect.arrayContaining([expect.stringMatching(/^Chromium \d+$/)]));
  });

  test('a receiver whose CORS refuses Content-Encoding gets plain bodies, and every line', async () => {
    const bucket = crypto.randomUUID();
    await setReceiver(bucket, { refuseContentEncoding: true });
    const tab = await openTab(otlpOptions(bucket));
    const lines = logLines(tab.sidelog(), 'line', 50);
    // The gzipped request's preflight is refused: no answer, the next one goes plain.
    await tab.sidelog().forceSendOnce();
    await tab.sidelog().forceSendOnce();
    await expect.poll(async () => (await received(bucket)).records.map((record) => record.body), POLL).toEqual(lines);
    expect((await received(bucket)).requests).toEqual([{ status: 200, encoding: null }]);
  });
});
