// logNetworkRequests: the page's fetch, XMLHttpRequest and navigator.sendBeacon calls, as lines tagged NETWORK_TAG
// whose text is JSON ({ method, status?, url, duration, size?, error? }). A failure (a status of 400 and above, or no
// answer) is a Warning for a 4xx and an Error otherwise; with 'all' the others are Info lines. The cost on the main
// thread is one wrap per request and one message: no body is read or cloned, and the app's fetch gets its very own
// promise back, with nothing awaited in its chain. The URL goes to the engine raw; the engine's redaction rules mask
// it as every other text (docs/privacy.md#network-requests). Sidelog's own requests (its collector, its OTLP
// endpoint) are never recorded.
import { LogLevel, NETWORK_TAG, type ResolvedOptions } from '../../../protocol/index.ts';
import { observeResourceTimings, type Initiator, type Timing } from './resource-timings.ts';
import type { InstallCapture } from './capture.types.ts';

interface Request {
  initiator: Initiator;
  method: string;
  url: string;
  start: number;
}

interface Finished extends Request {
  end: number;
  status?: number;
  /** The error's name for a request that got no answer: TypeError (the network), AbortError, TimeoutError. */
  error?: string;
}

/** Warning for a 4xx, Error for a 5xx or no answer, Info for the rest (status 0 is an opaque answer, a no-cors
 * fetch's, whose status the browser keeps from the page). */
export function levelOf(status: number | undefined): LogLevel {
  if (status === undefined || status >= 500) return LogLevel.Error;
  return status >= 400 ? LogLevel.Warning : LogLevel.Info;
}

/** Absolute and without its fragment, as the request goes and as its Resource Timing entry names it. */
function absolute(url: string): string {
  try {
    const parsed = new URL(url, document.baseURI);
    parsed.hash = '';
    return parsed.href;
  } catch {
    return url;
  }
}

/** Sidelog's own requests: its collector's API and its OTLP endpoint. */
function ownRequests(options: ResolvedOptions): (url: string) => boolean {
  const prefixes = [options.apiURL + '/', options.otlp?.url].filter((prefix): prefix is string => !!prefix);
  return (url) => url === options.apiURL || prefixes.some((prefix) => url.startsWith(prefix));
}

export const installNetworkRequests: InstallCapture = (target, options) => {
  const all = options.logNetworkRequests === 'all';
  const isOwn = ownRequests(options);
  let active = true;

  const record = (request: Finished, timing?: Timing) => {
    const { method, status, url, error } = request;
    const line = {
      method,
      ...(status !== undefined && { status }),
      url,
      duration: timing?.duration ?? Math.round(request.end - request.start),
      ...(timing?.size !== undefined && { size: timing.size }),
      ...(error !== undefined && { error }),
    };
    target.recordEvent(
      levelOf(status),
      NETWORK_TAG,
      JSON.stringify(line),
      Math.round(performance.timeOrigin + request.end),
    );
  };
  const timings = observeResourceTimings<Finished>(record);

  /** A request ended: answered, it waits for its timing; with no answer, it has none to wait for. */
  const finish = (request: Request, status?: number, error?: string) => {
    // A success under 'failures' costs no more than the wrap: nothing is kept or sent for it.
    if (!active || (!all && levelOf(status) === LogLevel.Info)) return;
    const finished: Finished = { ...request, end: performance.now(), status, error };
    if (status === undefined) record(finished);
    else timings.wait(finished);
  };

  const begin = (initiator: Initiator, method: string, url: string): Request | undefined => {
    if (!active) return undefined;
    const absoluteURL = absolute(url);
    if (isOwn(absoluteURL)) return undefined;
    return { initiator, method: method.toUpperCase(), url: absoluteURL, start: performance.now() };
  };

  const undo: (() => void)[] = [];
  if (typeof fetch === 'function') undo.push(wrapFetch(begin, finish));
  if (typeof XMLHttpRequest === 'function') undo.push(wrapXHR(begin, finish));
  if (typeof navigator.sendBeacon === 'function')
    undo.push(wrapBeacon((url) => !active || isOwn(url), all, target.recordEvent.bind(target)));

  // A request still waiting for its timing when the page is hidden is recorded then, while the page may still send;
  // capturing, so that it is queued before the client's own listener sends what is queued.
  const onHidden = () => document.visibilityState === 'hidden' && timings.flush();
  document.addEventListener('visibilitychange', onHidden, true);

  return () => {
    document.removeEventListener('visibilitychange', onHidden, true);
    undo.splice(0).forEach((fn) => fn());
    timings.stop();
    active = false;
  };
};

type Begin = (initiator: Initiator, method: string, url: string) => Request | undefined;
type Finish = (request: Request, status?: number, error?: string) => void;

const errorName = (error: unknown) =>
  (typeof error === 'object' && error !== null && typeof (error as Error).name === 'string'
    ? (error as Error).name
    : undefined) ?? 'Error';

function describeFetch(input: RequestInfo | URL, init?: RequestInit): { method: string; url: string } {
  const isRequest = typeof Request === 'function' && input instanceof Request;
  return {
    method: init?.method ?? (isRequest ? input.method : 'GET'),
    url: isRequest ? input.url : String(input),
  };
}

/** fetch, wrapped: the app gets the very promise fetch returned; Sidelog watches it from a branch of its own. A
 * rejection the app leaves unhandled is therefore handled by that branch: it becomes the request's Error line. */
function wrapFetch(begin: Begin, finish: Finish): () => void {
  const original = globalThis.fetch;
  const wrapper = function fetch(this: unknown, input: RequestInfo | URL, init?: RequestInit) {
    let request: Request | undefined;
    try {
      const { method, url } = describeFetch(input, init);
      request = begin('fetch', method, url);
    } catch {
      // What fetch itself would refuse: it says so to the app.
    }
    const promise: Promise<Response> = original.apply(this, arguments as unknown as [RequestInfo | URL, RequestInit?]);
    if (request) {
      const started = request;
      promise.then(
        (response) => finish(started, response.status),
        (error: unknown) => finish(started, undefined, errorName(error)),
      );
    }
    return promise;
  };
  globalThis.fetch = wrapper;
  return () => {
    if (globalThis.fetch === wrapper) globalThis.fetch = original;
  };
}

const XHR_ENDS: Record<string, string | undefined> = {
  load: undefined,
  error: 'NetworkError',
  abort: 'AbortError',
  timeout: 'TimeoutError',
};

/** XMLHttpRequest's open (method and URL) and send (the start, and one listener for however it ends). */
function wrapXHR(begin: Begin, finish: Finish): () => void {
  const prototype = XMLHttpRequest.prototype;
  const { open, send } = prototype;
  const opened = new WeakMap<XMLHttpRequest, { method: string; url: string }>();
  const wrappedOpen = function (this: XMLHttpRequest, method: string, url: string | URL) {
    opened.set(this, { method: String(method), url: String(url) });
    return open.apply(this, arguments as unknown as Parameters<XMLHttpRequest['open']>);
  } as XMLHttpRequest['open'];
  const wrappedSend = function (this: XMLHttpRequest, body?: Document | XMLHttpRequestBodyInit | null) {
    const asked = opened.get(this);
    const request = asked && begin('xmlhttprequest', asked.method, asked.url);
    if (request) {
      // Exactly one of load, error, abort and timeout ends a request.
      const onEnd = (event: Event) => {
        for (const type of Object.keys(XHR_ENDS)) this.removeEventListener(type, onEnd);
        if (event.type === 'load') finish(request, this.status);
        else finish(request, undefined, XHR_ENDS[event.type]);
      };
      for (const type of Object.keys(XHR_ENDS)) this.addEventListener(type, onEnd);
    }
    return send.call(this, body);
  };
  prototype.open = wrappedOpen;
  prototype.send = wrappedSend;
  // A wrap of another's made over Sidelog's stays; Sidelog's then only passes through (begin refuses once undone).
  return () => {
    if (prototype.open === wrappedOpen) prototype.open = open;
    if (prototype.send === wrappedSend) prototype.send = send;
  };
}

/** sendBeacon has no answer to wait for: its line says whether the browser queued it (false is the failure). */
function wrapBeacon(
  /** Sidelog's own beacons, and every one once undone. */
  skip: (url: string) => boolean,
  all: boolean,
  recordEvent: (level: LogLevel, tag: string, text: string) => void,
): () => void {
  const original = navigator.sendBeacon;
  const wrapper = function sendBeacon(this: Navigator, url: string | URL, _data?: BodyInit | null) {
    const queued = original.apply(this, arguments as unknown as [string | URL, BodyInit?]);
    const absoluteURL = absolute(String(url));
    if ((all || !queued) && !skip(absoluteURL)) {
      const line = { method: 'POST', url: absoluteURL, beacon: true, queued, ...(!queued && { error: 'NotQueued' }) };
      recordEvent(queued ? LogLevel.Info : LogLevel.Error, NETWORK_TAG, JSON.stringify(line));
    }
    return queued;
  };
  navigator.sendBeacon = wrapper;
  return () => {
    if (navigator.sendBeacon === wrapper) navigator.sendBeacon = original;
  };
}
