// An OTLP/HTTP logs receiver for the browser tests, as an OpenTelemetry backend a page sends to would be one, with its
// own CORS (the forwarder's tests have theirs, tests/support/otlp-receiver.ts): `POST /{bucket}/v1/logs` takes a
// JSON request, gzipped or not, decodes it with OpenTelemetry's own definitions (tests/support/otlp-decode.ts) and
// keeps its records; what does not decode is answered 400 with a Status, as OTLP has it. Buckets keep tests apart.
// A test sets a bucket down (`POST /{bucket}/control { down: true }`: 503 with `Retry-After: 1`, as an overloaded
// collector answers), or has its CORS refuse `Content-Encoding` (`{ refuseContentEncoding: true }`, as the OpenTelemetry
// collector's default CORS does), and reads what it got with `GET /{bucket}/received`. Open to any origin: the browser
// tests call it from their page.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import type { Received, ReceivedRecord } from '../helpers/otlp-received.types.ts';
import { attributeMap, decodeLogsRequest, plain } from './otlp-decode.ts';

interface Bucket extends Received {
  down: boolean;
  refuseContentEncoding: boolean;
}

interface OtlpReceiver {
  url: string;
  close(): Promise<void>;
}

async function bodyOf(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function recordsOf(json: unknown): ReceivedRecord[] {
  return (decodeLogsRequest(json).resourceLogs ?? []).flatMap(({ resource, scopeLogs }) =>
    (scopeLogs ?? []).flatMap(({ scope, logRecords }) =>
      (logRecords ?? []).map(({ attributes, body, ...fields }) => ({
        ...fields,
        body: plain(body),
        attributes: attributeMap(attributes),
        resource: attributeMap(resource?.attributes),
        scope: scope ?? {},
      })),
    ),
  );
}

export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const buckets = new Map<string, Bucket>();
  const bucketOf = (name: string) => {
    let bucket = buckets.get(name);
    if (!bucket) buckets.set(name, (bucket = { down: false, refuseContentEncoding: false, records: [], requests: [] }));
    return bucket;
  };

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const [, name, ...rest] = (request.url ?? '').split('?')[0].split('/');
    const path = rest.join('/');
    const bucket = bucketOf(name);
    response.setHeader('Access-Control-Allow-Origin', '*');
    const answer = (status: number, body?: unknown, headers: Record<string, string> = {}) => {
      response.writeHead(status, { 'Content-Type': 'application/json', ...headers });
      response.end(body === undefined ? undefined : JSON.stringify(body));
    };
    if (request.method === 'OPTIONS') {
      const headers = ['Content-Type', 'Authorization', ...(bucket.refuseContentEncoding ? [] : ['Content-Encoding'])];
      return answer(204, undefined, {
        'Access-Control-Allow-Methods': 'POST, GET',
        'Access-Control-Allow-Headers': headers.join(', '),
      });
    }
    if (request.method === 'POST' && path === 'control') {
      Object.assign(bucket, JSON.parse((await bodyOf(request)).toString()) as Partial<Bucket>);
      return answer(200, {});
    }
    if (request.method === 'GET' && path === 'received')
      return answer(200, { records: bucket.records, requests: bucket.requests });
    if (request.method !== 'POST' || path !== 'v1/logs') return answer(404, { message: 'not found' });

    const encoding = request.headers['content-encoding'] ?? null;
    const raw = await bodyOf(request);
    const reply = (status: number, body?: unknown, headers?: Record<string, string>) => {
      bucket.requests.push({ status, encoding });
      answer(status, body, headers);
    };
    if (bucket.down) return reply(503, { code: 14, message: 'receiver down' }, { 'Retry-After': '1' });
    let records: ReceivedRecord[];
    try {
      const text = (encoding === 'gzip' ? gunzipSync(raw) : raw).toString('utf8');
      records = recordsOf(JSON.parse(text));
    } catch (error) {
      return reply(400, { code: 3, message: error instanceof Error ? error.message : String(error) });
    }
    bucket.records.push(...records);
    reply(200, { partialSuccess: {} });
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(500).end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
