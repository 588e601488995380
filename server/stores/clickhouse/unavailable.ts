// ClickHouse down, overloaded or slow, as the collector must see it: a 503 with Retry-After, nothing stored
// (docs/clickhouse.md#when-clickhouse-is-down). server/http/errors.ts answers 503 to PostgreSQL's connection_failure
// SQLSTATE already, so the error carries that code and the collector needs no case of its own.
import type { ClickHouseClient } from '@clickhouse/client';

/** 18.16's errors are `Code: 47, e.displayText() = …`, current ones `Code: 47. DB::Exception: …`; the client parses
 * only the second into a code, so the number is read from the message for both. chdb's error says it in its message
 * only where it has none of its own: the code is then the parsed one, or its cause's. */
export function clickHouseCode(error: unknown): number | undefined {
  const found = error as { message?: string; code?: unknown; cause?: unknown } | null;
  const match = /Code: (\d+)/.exec(found?.message ?? '');
  if (match) return Number(match[1]);
  if (typeof found?.code === 'string' && /^\d+$/.test(found.code)) return Number(found.code);
  return found?.cause ? clickHouseCode(found.cause) : undefined;
}

/** ClickHouse's codes that mean "not now" rather than "not this": TIMEOUT_EXCEEDED, TOO_MANY_SIMULTANEOUS_QUERIES,
 * SOCKET_TIMEOUT, NETWORK_ERROR, MEMORY_LIMIT_EXCEEDED, TOO_MANY_PARTS, QUERY_WAS_CANCELLED, TABLE_IS_READ_ONLY,
 * NOT_ENOUGH_SPACE, ABORTED. */
const RETRYABLE_CODES = new Set([159, 202, 209, 210, 241, 252, 394, 242, 243, 236]);
/** Node's and the client's words for a connection that failed or an answer that did not come in time. */
const RETRYABLE_NETWORK =
  /ECONNREFUSED|ECONNRESET|EPIPE|ETIMEDOUT|EHOSTUNREACH|ENOTFOUND|socket hang up|Timeout error/i;

export class ClickHouseUnavailable extends Error {
  /** PostgreSQL's connection_failure: server/http/errors.ts's storageFault answers it 503 with Retry-After. */
  readonly code = '08006';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ClickHouseUnavailable';
  }
}

/** The error as the collector should see it: ClickHouseUnavailable when it means ClickHouse is down or slow, else
 * itself (a fault of ours, which stays a 500). */
export function asUnavailable(error: unknown): unknown {
  if (error instanceof ClickHouseUnavailable) return error;
  const code = clickHouseCode(error);
  const message = (error as Error | null)?.message ?? String(error);
  const causeCode = (error as { code?: unknown; cause?: { code?: unknown } } | null)?.cause?.code;
  const ownCode = (error as { code?: unknown } | null)?.code;
  if (
    (code !== undefined && RETRYABLE_CODES.has(code)) ||
    RETRYABLE_NETWORK.test(message) ||
    RETRYABLE_NETWORK.test(String(ownCode ?? '')) ||
    RETRYABLE_NETWORK.test(String(causeCode ?? ''))
  )
    return new ClickHouseUnavailable(`ClickHouse is unavailable or busy: ${message}`, { cause: error });
  return error;
}

/** The client's calls that reach the server; a query's answer is read later, by its `json` or `text`. */
const CALLS = new Set<string | symbol>(['query', 'command', 'insert', 'exec']);

/** `client`, whose every call (and a query's reading of its answer) fails as asUnavailable says: a read that meets
 * ClickHouse down, or past REQUEST_TIMEOUT_MS, is then answered 503 with Retry-After as a write is, not 500. */
export function unavailableWhenDown(client: ClickHouseClient): ClickHouseClient {
  const guarded =
    (call: (...args: unknown[]) => Promise<unknown>) =>
    async (...args: unknown[]) => {
      try {
        return await call(...args);
      } catch (error) {
        throw asUnavailable(error);
      }
    };
  return new Proxy(client, {
    get(target, name) {
      const value: unknown = Reflect.get(target, name, target);
      if (typeof value !== 'function' || !CALLS.has(name)) return value;
      const call = guarded(value.bind(target) as (...args: unknown[]) => Promise<unknown>);
      if (name !== 'query') return call;
      return async (...args: unknown[]) => {
        const answer = (await call(...args)) as { json: () => Promise<unknown>; text: () => Promise<string> };
        answer.json = guarded(answer.json.bind(answer));
        answer.text = guarded(answer.text.bind(answer)) as () => Promise<string>;
        return answer;
      };
    },
  });
}
