// The bench's own loopback server, beside the local service: the pages report each step here (with fetch,
// so nothing needs the DevTools Runtime domain) and wait for the answer, which is how the bench tells a page
// to go on; and it is the intake for contenders whose wire format differs from the collector's (Datadog's at
// `/dd/{page}`, Sentry's envelopes at `/sentry/{page}/api/{project}/envelope/`, and OTLP/HTTP's JSON at
// `/otlp/{page}/v1/logs`, gzipped or not), which it counts line by line, with the bytes of their bodies.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sentryLogBodies } from './sentry-envelope.ts';
import { countBody, noBytes, type UploadBytes } from './upload-bytes.ts';

interface Step<T> {
  /** What the page posted. */
  body: T;
  /** Answers the page's request: the page goes on. */
  reply(): void;
}

export interface Intake {
  /** Each distinct message with the epoch ms it first arrived. */
  firstArrival: Map<string, number>;
  /** Lines received, duplicates included. */
  lines: number;
  /** Its request bodies' bytes. */
  bytes: UploadBytes;
}

export interface ControlServer {
  url: string;
  /** The next time the page posts this step (already posted, or still to come). */
  step<T>(page: string, step: string, timeoutMs: number): Promise<Step<T>>;
  intake(page: string): Intake;
  close(): Promise<void>;
}

const CORS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': '*',
  'Access-Control-Allow-Methods': 'POST, OPTIONS',
};

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

/** The bodies of an OTLP/JSON logs request's records. */
function otlpBodies(request: {
  resourceLogs?: { scopeLogs?: { logRecords?: { body?: { stringValue?: string } }[] }[] }[];
}): string[] {
  return (request.resourceLogs ?? []).flatMap((resource) =>
    (resource.scopeLogs ?? []).flatMap((scope) =>
      (scope.logRecords ?? []).map((record) => String(record.body?.stringValue)),
    ),
  );
}

export async function startControlServer(): Promise<ControlServer> {
  const posted = new Map<string, Step<unknown>>();
  const awaited = new Map<string, (step: Step<unknown>) => void>();
  const intakes = new Map<string, Intake>();
  const intake = (page: string) => {
    let found = intakes.get(page);
    if (!found) intakes.set(page, (found = { firstArrival: new Map(), lines: 0, bytes: noBytes() }));
    return found;
  };
  const arrived = (into: Intake, message: string, now: number) => {
    into.lines++;
    if (!into.firstArrival.has(message)) into.firstArrival.set(message, now);
  };

  async function handle(request: IncomingMessage, response: ServerResponse) {
    if (request.method === 'OPTIONS') return response.writeHead(204, CORS).end();
    const [, kind, page, step] = new URL(request.url ?? '/', 'http://x').pathname.split('/');
    const body = await readBody(request);
    const text = body.toString('utf8');
    if (kind === 'dd' && page) {
      // Datadog's intake format: one JSON log per line.
      const now = Date.now();
      countBody(intake(page).bytes, body, request.headers['content-encoding']);
      for (const line of text.split('\n')) {
        if (line.trim()) arrived(intake(page), String((JSON.parse(line) as { message?: unknown }).message), now);
      }
      return response.writeHead(202, CORS).end('{}');
    }
    if (kind === 'sentry' && page) {
      // Sentry's envelope endpoint; it answers 200 with no rate-limit headers, so the SDK sends all it will.
      const now = Date.now();
      const plain = countBody(intake(page).bytes, body, request.headers['content-encoding']);
      for (const message of sentryLogBodies(plain)) arrived(intake(page), message, now);
      return response.writeHead(200, { ...CORS, 'Content-Type': 'application/json' }).end('{}');
    }
    if (kind === 'otlp' && page) {
      const now = Date.now();
      const plain = countBody(intake(page).bytes, body, request.headers['content-encoding']);
      for (const message of otlpBodies(JSON.parse(plain.toString('utf8')))) arrived(intake(page), message, now);
      return response.writeHead(200, { ...CORS, 'Content-Type': 'application/json' }).end('{}');
    }
    if (kind === 'step' && page && step) {
      const key = `${page}/${step}`;
      const reported: Step<unknown> = {
        body: text ? JSON.parse(text) : undefined,
        reply: () => response.writeHead(200, CORS).end('{}'),
      };
      const waiter = awaited.get(key);
      if (waiter) {
        awaited.delete(key);
        waiter(reported);
      } else posted.set(key, reported);
      return;
    }
    response.writeHead(404, CORS).end();
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => response.writeHead(400, CORS).end(String(error)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    step<T>(page: string, step: string, timeoutMs: number) {
      const key = `${page}/${step}`;
      const already = posted.get(key);
      if (already) {
        posted.delete(key);
        return Promise.resolve(already as Step<T>);
      }
      return new Promise<Step<T>>((resolve, reject) => {
        const timer = setTimeout(() => {
          awaited.delete(key);
          reject(new Error(`page ${page} did not report '${step}' within ${timeoutMs} ms`));
        }, timeoutMs);
        awaited.set(key, (reported) => {
          clearTimeout(timer);
          resolve(reported as Step<T>);
        });
      });
    },
    intake,
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
