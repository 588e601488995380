// The collector's ingest under load: `clients` concurrent clients, each with its own session, each sending its
// share of batches of 500 logs one after another (as Sidelog's uploader does: the next batch once the last was
// answered), each on a connection of its own (batch-client.ts). Bodies are made before the clock starts, so the figure
// is the service's, not the JSON writer's. A 503
// (back-pressure) is retried after its Retry-After, as both clients do; its time counts in the batch's. Before the
// clock starts every client sends one batch more, the warm round, and all of them are answered: every client's first
// batch, sent at once to a service just started and overtaken by the second batches of the clients answered first,
// was what the p99 at 32 clients measured (docs/benchmarks.md#the-first-round). Its slowest answer is reported apart,
// as `firstRound`.
import type { LogLevel } from '../../protocol/levels.ts';
import type { LogRecord } from '../../protocol/records.types.ts';
import { WIRE_PATHS } from '../../protocol/wire.ts';
import { WORDS } from '../explorer-seed.ts';
import { DEMO_APP_KEY } from '../../server/partner/demo.ts';
import { sessionPayload } from '../../fixtures/wire-bodies.ts';
import { openBatchClient } from './batch-client.ts';

export const BATCH = 500;

export interface BatchTiming {
  client: number;
  sent: number;
  answered: number;
}

export interface IngestResult {
  logsPerSecond: number;
  /** Per batch, from its first sending to its acknowledgement, retries included. */
  p50: number;
  p99: number;
  /** Per answer, an acknowledgement or a 503 with Retry-After, from its request's sending: how long a client waits to
   * hear what to do, the latency the collector promises (docs/local-service.md#back-pressure). */
  answerP99: number;
  /** The slowest answer of the warm round, ms: each client's first batch, all sent at once to the service as it
   * started. NaN without one. */
  firstRound: number;
  batches: number;
  /** Answers of 503 (back-pressure) that a batch was retried after. */
  refused: number;
  seconds: number;
}

/** Client `client`'s batch number `index`: BATCH logs of the last minute. */
export function batchLogs(client: number, index: number, texts?: readonly string[]): LogRecord[] {
  const start = Date.now() - 60_000 + index * BATCH;
  return Array.from({ length: BATCH }, (_, i) => ({
    x: new Date(start + i).toISOString(),
    at: start + i,
    t: texts
      ? texts[(index * BATCH + i) % texts.length]
      : `${WORDS[i % WORDS.length]} ${WORDS[(i * 7) % WORDS.length]} client ${client} batch ${index} line ${i}`,
    ll: (i % 20 === 0 ? 2 : i % 3 === 0 ? 4 : 0) as LogLevel,
    tg: ['ui', 'net', 'cart', 'auth'][i % 4],
    m: 'handle',
    f: 'app.ts',
    l: 10 + (i % 300),
    u: 'http://127.0.0.1:8080/sales',
  }));
}

function batchBody(sessionId: number, client: number, index: number, texts: readonly string[] | undefined): string {
  return JSON.stringify({ session_id: sessionId, logs: batchLogs(client, index, texts) });
}

export const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;

const post = (url: string, path: string, body: string) =>
  fetch(`${url}/sidelog/api${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-App-Token': DEMO_APP_KEY },
    body,
  });

/** A new session on the service, as a client registers one: its id. */
export async function registerSession(url: string, uid: string, udid: string): Promise<number> {
  const answer = await post(url, WIRE_PATHS.sendSession, JSON.stringify(sessionPayload(uid, DEMO_APP_KEY, udid)));
  return ((await answer.json()) as { id: number }).id;
}

/** `texts`: the logs' texts, in turn, instead of the default short words. */
export async function measureIngest(
  url: string,
  options: {
    clients: number;
    batches: number;
    label: string;
    texts?: readonly string[];
    /** Called as the clock starts, once the bodies are made and the warm round answered; the clock waits for it. */
    onStart?: () => void | Promise<void>;
    /** Each batch's first sending and its acknowledgement (performance.now()), for a timeline (timeline.ts). */
    timeline?: BatchTiming[];
    /** Send the warm round before the clock starts (true unless false). */
    warm?: boolean;
  },
): Promise<IngestResult> {
  const perClient = Math.ceil(options.batches / options.clients);
  const bodies: string[][] = [];
  /** Each client's batch for the warm round: the one past its measured ones, logs of their own, not a resend. */
  const warmBodies: string[] = [];
  for (let client = 0; client < options.clients; client++) {
    const id = await registerSession(url, `${options.label}-${client}-${Date.now()}`, `device-${client}`);
    bodies.push(Array.from({ length: perClient }, (_, index) => batchBody(id, client, index, options.texts)));
    if (options.warm !== false) warmBodies.push(batchBody(id, client, perClient, options.texts));
  }
  const connections = bodies.map(() => openBatchClient(url));
  let times: number[] = [];
  let answers: number[] = [];
  let refused = 0;
  let firstRound = NaN;
  if (warmBodies.length > 0) {
    await Promise.all(warmBodies.map((body, client) => send(client, [body])));
    firstRound = Math.max(...times);
    times = [];
    answers = [];
    refused = 0;
  }
  await options.onStart?.();
  const started = performance.now();
  await Promise.all(bodies.map((batches, client) => send(client, batches)));
  const seconds = (performance.now() - started) / 1000;
  for (const connection of connections) connection.close();
  times.sort((x, y) => x - y);
  answers.sort((x, y) => x - y);
  return {
    logsPerSecond: (times.length * BATCH) / seconds,
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    answerP99: percentile(answers, 99),
    firstRound,
    batches: times.length,
    refused,
    seconds,
  };

  /** Client `client`'s `batches`, one after another. */
  async function send(client: number, batches: string[]): Promise<void> {
    const connection = connections[client]!;
    for (const body of batches) {
      const sent = performance.now();
      for (;;) {
        const asked = performance.now();
        const answer = await connection.send(body);
        answers.push(performance.now() - asked);
        if (answer.status === 200) break;
        if (answer.status !== 503) throw new Error(`${options.label}: a batch answered ${answer.status}`);
        refused++;
        await new Promise((resolve) => setTimeout(resolve, answer.retryAfter * 1000));
      }
      const answered = performance.now();
      times.push(answered - sent);
      options.timeline?.push({ client, sent, answered });
    }
  }
}
