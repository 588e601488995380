// The logging service's five operations (docs/wire-format.md#requests). Every call has a timeout; only 200 and 304
// count as success, and an answer that is not the JSON the operation promises is a failure too, so
// that a lying server never makes the uploader delete what it has not really accepted. Bodies are gzipped once the
// service says it takes them (worker/request-body.ts).
import { WIRE_PATHS, userAgent, type WireAnswers, type WireOperation, type WireRequests } from '../protocol/index.ts';
import { createBodyEncoder, fetchEncoded } from './request-body.ts';
import { retryAfterOf } from './retry-after.ts';
import { REQUEST_TIMEOUT_MS } from './tuning.ts';

export interface ServiceClient {
  call<Op extends WireOperation>(
    operation: Op,
    body: WireRequests[Op],
    init?: { keepalive?: boolean },
  ): Promise<WireAnswers[Op]>;
}

interface ServiceClientOptions {
  apiURL: string;
  appKey: string;
  sdkVersion: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** Rejected calls carry no detail of the service's answer (docs/errors.md#sidelog-at-run-time), only what went wrong for debug output,
 * and, for an answer with an error status, that status, the service's own reason (its `error` text) and how long it
 * asked to be left alone (`Retry-After`). What they mean is the wire target's to say (worker/wire-target.ts). */
export class ServiceError extends Error {
  override name = 'ServiceError';
  constructor(
    message: string,
    readonly status?: number,
    readonly reason?: string,
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

/** The most of a service's reason kept: it goes into a log of its own (the refused-log marker). */
const REASON_CHARS = 200;

/** The `error` text of a JSON answer such as `{ "error": "body too large" }`, if there is one. */
async function reasonOf(response: Response): Promise<string | undefined> {
  try {
    const answer: unknown = JSON.parse(await response.text());
    const error = isObject(answer) ? answer.error : undefined;
    return typeof error === 'string' ? error.slice(0, REASON_CHARS) : undefined;
  } catch {
    return undefined;
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The shape each operation's answer must have to count as accepted. */
const ANSWER_CHECKS: Record<WireOperation, (answer: unknown) => boolean> = {
  getDeviceStatus: isObject,
  sendSession: (answer) => isObject(answer) && typeof answer.id === 'number',
  sendIssue: isObject,
  sendLogs: isObject,
  setDeviceKey: isObject,
};

export function createServiceClient({
  apiURL,
  appKey,
  sdkVersion,
  timeoutMs = REQUEST_TIMEOUT_MS,
  fetch: fetchImpl = (...args) => fetch(...args),
}: ServiceClientOptions): ServiceClient {
  // Bugfender's own service may not take gzip: only once this one says it does.
  const encoder = createBodyEncoder('when-offered');
  return {
    async call(operation, body, init) {
      const response = await fetchEncoded(fetchImpl, encoder, apiURL + WIRE_PATHS[operation], JSON.stringify(body), {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json;charset=UTF-8',
          'X-App-Token': appKey,
          'X-User-Agent': userAgent(sdkVersion),
        },
        signal: AbortSignal.timeout(timeoutMs),
        keepalive: init?.keepalive,
      });
      if (response.status !== 200 && response.status !== 304) {
        const reason = await reasonOf(response);
        const message = `${operation} answered ${response.status}${reason ? ` (${reason})` : ''}`;
        throw new ServiceError(message, response.status, reason, retryAfterOf(response));
      }
      const text = await response.text();
      let answer: unknown = {};
      try {
        // A 304 has no body.
        if (text.trim() !== '' || response.status === 200) answer = JSON.parse(text);
      } catch {
        throw new ServiceError(`${operation} answered with something other than JSON`);
      }
      if (!ANSWER_CHECKS[operation](answer)) throw new ServiceError(`${operation} answered with unexpected JSON`);
      return answer as WireAnswers[typeof operation];
    },
  };
}
