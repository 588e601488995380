// logNetworkRequests in real Chromium: the page's fetch, XHR and sendBeacon against the local service's answers of any
// status (tests/support/answer-routes.ts), through a target that only collects what the capture hands it.
import { afterEach, describe, expect, inject, test } from 'vitest';
import { installNetworkRequests } from '../../../app/logging/capture/network-requests.ts';
import { LogLevel, NETWORK_TAG, type LogNetworkRequests } from '../../../protocol/index.ts';
import { captureOptions, createRecordingTarget } from './recording-target.ts';

const answer = (status: number | 'hang') => `${inject('collectorURL')}/sidelog/test/answer/${status}`;
/** A port nothing listens on: the request gets no answer at all. */
const UNREACHABLE = 'http://127.0.0.1:9/nothing-here';
const POLL = { timeout: 5_000, interval: 50 };

let undo: (() => void) | undefined;
afterEach(() => {
  undo?.();
  undo = undefined;
});

function install(logNetworkRequests: LogNetworkRequests = 'failures') {
  const recording = createRecordingTarget();
  undo = installNetworkRequests(recording.target, captureOptions({ logNetworkRequests }));
  return recording;
}

/** Each way a fetch ends: answered 200, 404, 502; the network failing; the app aborting. */
async function fetchEach() {
  await fetch(answer(200));
  await fetch(answer(404));
  await fetch(answer(502), { method: 'post', body: 'order=1' });
  await fetch(UNREACHABLE).catch(() => undefined);
  const controller = new AbortController();
  const hanging = fetch(answer('hang'), { signal: controller.signal }).catch(() => undefined);
  controller.abort();
  await hanging;
}

/** One XHR, settled once it has ended however it ends; `abort` aborts it at once. */
function xhr(url: string, method = 'GET', abort = false): Promise<XMLHttpRequest> {
  const request = new XMLHttpRequest();
  request.open(method, url);
  const ended = new Promise<XMLHttpRequest>((resolve) => request.addEventListener('loadend', () => resolve(request)));
  request.send();
  if (abort) request.abort();
  return ended;
}

async function xhrEach() {
  await xhr(answer(200));
  await xhr(answer(404));
  await xhr(answer(502), 'PUT');
  await xhr(UNREACHABLE);
  await xhr(answer('hang'), 'GET', true);
}

const shape = (line: Record<string, unknown>) => [line.method, line.status ?? line.error, line.url];

describe('logNetworkRequests', () => {
  test("by default only failures: a 4xx a Warning, a 5xx and no answer Errors, with the error's name", async () => {
    const recording = install();
    await fetchEach();
    await xhrEach();

    await expect.poll(() => recording.events.length, POLL).toBe(8);
    const lines = recording.parsed(NETWORK_TAG);
    expect(lines.map(shape)).toEqual(
      expect.arrayContaining([
        ['GET', 404, answer(404)],
        ['POST', 502, answer(502)],
        ['GET', 'TypeError', UNREACHABLE],
        ['GET', 'AbortError', answer('hang')],
        ['GET', 404, answer(404)],
        ['PUT', 502, answer(502)],
        ['GET', 'NetworkError', UNREACHABLE],
        ['GET', 'AbortError', answer('hang')],
      ]),
    );
    const levelOf = (status: unknown) =>
      recording.events.filter((event) => JSON.parse(event.text).status === status).map((event) => event.level);
    expect(levelOf(404)).toEqual([LogLevel.Warning, LogLevel.Warning]);
    expect(levelOf(502)).toEqual([LogLevel.Error, LogLevel.Error]);
    expect(levelOf(undefined)).toEqual([LogLevel.Error, LogLevel.Error, LogLevel.Error, LogLevel.Error]);
    for (const line of lines) expect(line.duration).toEqual(expect.any(Number));
    // The answered ones have their Resource Timing entry's transfer size (the service allows the page to read it).
    for (const line of lines.filter((line) => line.status !== undefined)) expect(line.size).toBeGreaterThan(0);
    for (const event of recording.events) expect(event.time).toEqual(expect.any(Number));
  });

  test("'all' records the answered ones too, as Info lines; false loads nothing", async () => {
    const recording = install('all');
    await fetchEach();
    await xhrEach();

    await expect.poll(() => recording.events.length, POLL).toBe(10);
    const ok = recording.events.filter((event) => JSON.parse(event.text).status === 200);
    expect(ok.map((event) => event.level)).toEqual([LogLevel.Info, LogLevel.Info]);
    expect(
      recording
        .parsed(NETWORK_TAG)
        .filter((line) => line.status === 200)
        .map(shape),
    ).toEqual([
      ['GET', 200, answer(200)],
      ['GET', 200, answer(200)],
    ]);
  });

  test('the app gets the very promise fetch made, and reads its body twice', async () => {
    const original = globalThis.fetch;
    const made: Promise<Response>[] = [];
    globalThis.fetch = (...args: Parameters<typeof fetch>) => {
      const promise = original(...args);
      made.push(promise);
      return promise;
    };
    try {
      install('all');
      const promise = fetch(answer(200));
      expect(promise).toBe(made[0]);
      const response = await promise;
      const copy = response.clone();
      expect(await response.text()).toBe('answer 200');
      expect(await copy.text()).toBe('answer 200');
    } finally {
      undo?.();
      undo = undefined;
      globalThis.fetch = original;
    }
  });

  test('the URL goes raw to the engine, whose rules mask it; a fragment is not sent and not recorded', async () => {
    const recording = install();
    await fetch(`${answer(404)}?access_token=abc123&page=2#top`);
    await expect.poll(() => recording.events.length, POLL).toBe(1);
    expect(recording.parsed(NETWORK_TAG)[0]).toMatchObject({
      url: `${answer(404)}?access_token=abc123&page=2`,
      // Its Resource Timing entry found, fragment and all.
      size: expect.any(Number),
    });
  });

  test("Sidelog's own collector and OTLP endpoint are never recorded", async () => {
    const recording = createRecordingTarget();
    const collector = `${inject('collectorURL')}/sidelog/test/answer`;
    const options = captureOptions({ logNetworkRequests: 'all' });
    undo = installNetworkRequests(recording.target, {
      ...options,
      apiURL: collector,
      otlp: { url: answer(503), headers: {}, compression: 'none', serviceName: 'test' },
    });
    await fetch(answer(502));
    await fetch(answer(503));
    await xhr(answer(404));
    navigator.sendBeacon(answer(200), 'x');
    await fetch(UNREACHABLE).catch(() => undefined);

    await expect.poll(() => recording.events.length, POLL).toBe(1);
    expect(recording.parsed(NETWORK_TAG).map(shape)).toEqual([['GET', 'TypeError', UNREACHABLE]]);
  });

  test("sendBeacon's result: a queued beacon with 'all', one the browser refused by default", async () => {
    const recording = install();
    expect(navigator.sendBeacon(answer(200), 'queued')).toBe(true);
    // Over the 64 KiB the browser queues for a page, refused.
    expect(navigator.sendBeacon(answer(200), 'x'.repeat(65_537))).toBe(false);
    expect(recording.parsed(NETWORK_TAG)).toEqual([
      { method: 'POST', url: answer(200), beacon: true, queued: false, error: 'NotQueued' },
    ]);
    expect(recording.events[0]!.level).toBe(LogLevel.Error);
    undo?.();
    const everything = install('all');
    navigator.sendBeacon(answer(200), 'queued');
    expect(everything.parsed(NETWORK_TAG)).toEqual([{ method: 'POST', url: answer(200), beacon: true, queued: true }]);
  });

  test('undo puts fetch, XMLHttpRequest and sendBeacon back', async () => {
    const { fetch: before } = globalThis;
    const { open, send } = XMLHttpRequest.prototype;
    const { sendBeacon } = navigator;
    const recording = install('all');
    expect(globalThis.fetch).not.toBe(before);
    undo!();
    undo = undefined;
    expect(globalThis.fetch).toBe(before);
    expect(XMLHttpRequest.prototype.open).toBe(open);
    expect(XMLHttpRequest.prototype.send).toBe(send);
    expect(navigator.sendBeacon).toBe(sendBeacon);
    await fetch(answer(404));
    expect(recording.events).toEqual([]);
  });

  test("a wrap the app made over Sidelog's stays after undo, and Sidelog's inside it records nothing more", async () => {
    const { fetch: before } = globalThis;
    const { open, send } = XMLHttpRequest.prototype;
    const { sendBeacon } = navigator;
    const recording = install();
    const sidelogs = {
      fetch: globalThis.fetch,
      open: XMLHttpRequest.prototype.open,
      send: XMLHttpRequest.prototype.send,
    };
    const beacon = navigator.sendBeacon;
    const apps = {
      fetch: (...args: Parameters<typeof fetch>) => sidelogs.fetch.apply(globalThis, args),
      open(this: XMLHttpRequest, ...args: Parameters<XMLHttpRequest['open']>) {
        return (sidelogs.open as (...rest: unknown[]) => void).apply(this, args);
      },
      send(this: XMLHttpRequest, body?: Document | XMLHttpRequestBodyInit | null) {
        return sidelogs.send.call(this, body);
      },
      sendBeacon: (url: string | URL, data?: BodyInit | null) => beacon.call(navigator, url, data),
    };
    globalThis.fetch = apps.fetch;
    XMLHttpRequest.prototype.open = apps.open as XMLHttpRequest['open'];
    XMLHttpRequest.prototype.send = apps.send;
    navigator.sendBeacon = apps.sendBeacon;
    try {
      undo!();
      undo = undefined;
      expect(globalThis.fetch).toBe(apps.fetch);
      expect(XMLHttpRequest.prototype.send).toBe(apps.send);
      expect(navigator.sendBeacon).toBe(apps.sendBeacon);
      await fetch(answer(404));
      await xhr(answer(404));
      navigator.sendBeacon(answer(200), 'x'.repeat(65_537));
      expect(recording.events).toEqual([]);
    } finally {
      globalThis.fetch = before;
      XMLHttpRequest.prototype.open = open;
      XMLHttpRequest.prototype.send = send;
      navigator.sendBeacon = sendBeacon;
    }
  });
});
