// The logging service's wire format (docs/wire-format.md) as an upload target: each step of the uploader as one
// request of the service client, and each answer read as an outcome (docs/uploader.md#targets-and-outcomes). This is
// the one place that knows what the wire's statuses mean.
import { UNKNOWN_SESSION_REASON } from '../protocol/index.ts';
import { ServiceError, type ServiceClient } from './service-client.ts';
import type { Dropped, Setback, UploadTarget } from './upload-target.types.ts';

interface WireTargetDeps {
  client: ServiceClient;
  appKey: string;
  /** This device's udid, which device keys are set on. */
  udid: string;
  /** The service's page of an issue, sent with it. */
  issueURL: (uuid: string) => string;
  /** Requests that outlive the page (fetch keepalive): the flavour for mode C's send as the page is hidden. */
  keepalive?: boolean;
}

/** Statuses that refuse the request's body itself (400, or 413 for its size), not the service being unwell. */
const REFUSING_STATUSES = new Set([400, 413]);

/** What a call that failed means. A 400 naming a session the service no longer holds is about the session, not the
 * data. Anything else (a 5xx, 401, 429, a timeout, the network, an answer that is not the JSON promised) may pass. */
function setbackOf(error: unknown): Setback {
  const message = error instanceof Error ? error.message : String(error);
  if (!(error instanceof ServiceError) || error.status === undefined)
    return { outcome: 'retry-later', reason: message };
  const { status, reason } = error;
  if (status === 400 && reason === UNKNOWN_SESSION_REASON) return { outcome: 'unknown-session', reason: message };
  if (REFUSING_STATUSES.has(status))
    return { outcome: 'refused', reason: reason ? `${status}: ${reason}` : String(status) };
  return {
    outcome: 'retry-later',
    reason: message,
    ...(error.retryAfterMs !== undefined && { afterMs: error.retryAfterMs }),
  };
}

/** The call's answer made into what the step gives back once accepted; its failure, into a setback. */
async function outcomeOf<Answer, Given extends object>(call: () => Promise<Answer>, given: (answer: Answer) => Given) {
  try {
    return { outcome: 'accepted' as const, ...given(await call()) };
  } catch (error) {
    return setbackOf(error);
  }
}

/** Logs the service answered it could not store (`skipped`), in a batch it took. */
function droppedOf(answer: { skipped?: unknown }): { dropped?: Dropped } {
  const skipped = Array.isArray(answer.skipped) ? (answer.skipped as { reason?: unknown }[]) : [];
  if (skipped.length === 0) return {};
  const reason = skipped.find((log) => typeof log?.reason === 'string')?.reason as string | undefined;
  return { dropped: { count: skipped.length, reason: reason ?? 'not stored' } };
}

const nothing = () => ({});

export function createWireTarget({ client, appKey, udid, issueURL, keepalive }: WireTargetDeps): UploadTarget {
  const init = keepalive ? { keepalive } : undefined;
  return {
    registerSession: (payload) =>
      outcomeOf(
        () => client.call('sendSession', payload, init),
        (answer) => ({ sessionId: answer.id }),
      ),
    sendIssue: (session, { uuid, title, text, type }) =>
      outcomeOf(
        () =>
          client.call(
            'sendIssue',
            { uid: uuid, url: issueURL(uuid), title, text, app: { key: appKey }, type, session_id: session.id },
            init,
          ),
        nothing,
      ),
    sendLogs: (session, logs) =>
      outcomeOf(() => client.call('sendLogs', { session_id: session.id, logs }, init), droppedOf),
    sendKey: (key, value) =>
      outcomeOf(() => client.call('setDeviceKey', { app_key: appKey, device_id: udid, key, value }, init), nothing),
  };
}
