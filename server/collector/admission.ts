// The collector's back-pressure: past a bound on the work it holds, it refuses a request at once (503 with
// Retry-After) rather than queue it behind seconds of others. Both clients retry on a 503: Sidelog's uploader keeps
// the batch and backs off, the Bugfender SDK sends again at its next tick; so do OTLP's exporters, whose /v1/logs
// shares the bound with the wire format's operations. docs/local-service.md#back-pressure
import type { Context, MiddlewareHandler } from 'hono';

export interface AdmissionLimits {
  /** Logs of batches received and not yet answered: past it, a new request is refused. At about 100,000 logs a second
   * a core, 20,000 are some 200 ms of work, so an accepted batch is answered within about that. */
  logs: number;
  /** Requests of any operation received and not yet answered (each holds its body in memory). */
  requests: number;
}

export const DEFAULT_ADMISSION_LIMITS: AdmissionLimits = { logs: 20_000, requests: 1_000 };
/** Seconds a refused client is asked to wait. */
export const RETRY_AFTER_SECONDS = 1;

type AdmissionEnv = { Variables: { heldLogs?: { count: number } } };

/** What a refusal says; the answer's form is the caller's (OTLP answers in its own encoding). */
export const BUSY_ERROR = 'the collector is busy: nothing was stored; retry after the time Retry-After gives';
const refuseAsJson = (c: Context) => c.json({ error: BUSY_ERROR }, 503);

export interface Admission {
  /** Refuses the request when the collector holds as much as the limits allow; else holds it until it is answered,
   * counting `logs` logs for it (the most its body may hold, since it is not read yet, or for OTLP's requests, whose
   * records are counted once read, a wire batch's); `refuse` writes the 503. */
  admit(logs: number, refuse?: (c: Context) => Response): MiddlewareHandler<AdmissionEnv>;
  /** Once the body is read: the request holds `count` logs rather than the number it was admitted with. More than
   * that only when they fit within the bound (or the request holds the only logs in flight, so that one larger than the
   * bound is not refused forever); false when they do not, and the request is to be refused as `admit` refuses. */
  holdLogs(c: Context<AdmissionEnv>, count: number): boolean;
}

export function createAdmission(limits: AdmissionLimits = DEFAULT_ADMISSION_LIMITS): Admission {
  let requests = 0;
  let logs = 0;
  return {
    admit:
      (most, refuse = refuseAsJson) =>
      async (c, next) => {
        if (requests >= limits.requests || (most > 0 && logs + most > limits.logs)) {
          c.header('Retry-After', String(RETRY_AFTER_SECONDS));
          return refuse(c);
        }
        const held = { count: most };
        requests++;
        logs += held.count;
        c.set('heldLogs', held);
        try {
          await next();
        } finally {
          requests--;
          logs -= held.count;
        }
      },
    holdLogs(c, count) {
      const held = c.get('heldLogs');
      if (!held) return true;
      if (count > held.count && logs + (count - held.count) > limits.logs && logs > held.count) return false;
      logs += count - held.count;
      held.count = count;
      return true;
    },
  };
}
