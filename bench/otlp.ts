// `npm run bench:otlp`: OTLP on the collector (docs/opentelemetry.md), on SQLite, the service as the command line in
// a child process. 1. Ingest of the same 10,000 logs over the wire format and over OTLP/HTTP (JSON and protobuf, plain
// and gzip): one client, batches of 500 one after another, the rounds interleaved; the time to store them all and the
// bytes sent. 2. Forwarding's cost to ingest: the collector bench's load (bench/collector/ingest.ts) with and without
// SIDELOG_FORWARD_OTLP pointing at a receiver in this process, and how far forwarding had got when the load ended.
// A measurement: nothing in it passes or fails.
//   npm run bench:otlp -- --rounds 5 --batches 160
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import type { LogRecord } from '../protocol/records.types.ts';
import { WIRE_PATHS } from '../protocol/wire.ts';
import { appIdOf } from '../server/stores/app-id.ts';
import { DEMO_APP_KEY } from '../server/partner/demo.ts';
import { otlpRequestOf } from '../server/collector/otlp/otlp-from-logs.ts';
import { encodeLogsRequest } from '../server/collector/otlp/otlp-proto.ts';
import { startServiceProcess, type ServiceProcess } from '../scripts/service-process.ts';
import { sessionPayload } from '../fixtures/wire-bodies.ts';
import { measureIngest } from './collector/ingest.ts';

const { values } = parseArgs({
  options: { rounds: { type: 'string', default: '5' }, batches: { type: 'string', default: '160' } },
});
const ROUNDS = Number(values.rounds);
const LOGS = 10_000;
const BATCH = 500;
const app = { key: DEMO_APP_KEY, appId: appIdOf(DEMO_APP_KEY), enabled: true };

function logsOf(round: number, format: string): LogRecord[] {
  const start = Date.now() - 60_000;
  return Array.from({ length: LOGS }, (_, i) => ({
    x: new Date(start + i).toISOString(),
    at: start + i,
    t: `${format} round ${round} request answered line ${i}`,
    ll: i % 20 === 0 ? 2 : 4,
    tg: ['ui', 'net', 'cart', 'auth'][i % 4],
    m: 'handle',
    f: 'app.ts',
    l: 10 + (i % 300),
    u: 'http://127.0.0.1:8080/sales',
  }));
}

type Format =
  | 'wire JSON'
  | 'wire JSON, gzip'
  | 'OTLP JSON'
  | 'OTLP JSON, gzip'
  | 'OTLP protobuf'
  | 'OTLP protobuf, gzip';
const FORMATS: Format[] = [
  'wire JSON',
  'wire JSON, gzip',
  'OTLP JSON',
  'OTLP JSON, gzip',
  'OTLP protobuf',
  'OTLP protobuf, gzip',
];

/** The requests that carry the 10,000 logs in one format, made before the clock starts. */
async function requestsOf(
  url: string,
  format: Format,
  round: number,
): Promise<{ path: string; headers: Record<string, string>; body: Uint8Array | string }[]> {
  const logs = logsOf(round, format);
  const gzip = format.endsWith('gzip');
  const encode = (body: Uint8Array | string): Uint8Array | string => (gzip ? gzipSync(body) : body);
  const extra: Record<string, string> = gzip ? { 'Content-Encoding': 'gzip' } : {};
  const batches = Array.from({ length: LOGS / BATCH }, (_, i) => logs.slice(i * BATCH, (i + 1) * BATCH));
  if (format.startsWith('wire')) {
    const session = await fetch(`${url}/sidelog/api${WIRE_PATHS.sendSession}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-App-Token': DEMO_APP_KEY },
      body: JSON.stringify(sessionPayload(`bench-${format}-${round}-${Date.now()}`)),
    });
    const { id } = (await session.json()) as { id: number };
    return batches.map((batch) => ({
      path: `/sidelog/api${WIRE_PATHS.sendLogs}`,
      headers: { 'Content-Type': 'application/json', ...extra },
      body: encode(JSON.stringify({ session_id: id, logs: batch })),
    }));
  }
  // The same logs as OTLP records (the forwarder's mapping), under a session of their own.
  const session = {
    id: 0,
    session_uid: `bench-${format}-${round}-${Date.now()}`,
    udid: 'bench-device',
    time: '',
    received_at: '',
    payload: sessionPayload('x'),
  };
  return batches.map((batch) => {
    const request = otlpRequestOf(
      app,
      batch.map((log, i) => ({ ...log, id: i, session_id: 0 })),
      [session],
    );
    const protobuf = format.includes('protobuf');
    return {
      path: '/v1/logs',
      headers: { 'Content-Type': protobuf ? 'application/x-protobuf' : 'application/json', ...extra },
      body: encode(protobuf ? encodeLogsRequest(request) : JSON.stringify(request)),
    };
  });
}

async function deliver(url: string, requests: Awaited<ReturnType<typeof requestsOf>>): Promise<number> {
  const started = performance.now();
  for (const request of requests) {
    const answer = await fetch(`${url}${request.path}`, {
      method: 'POST',
      headers: { ...request.headers, 'X-App-Token': DEMO_APP_KEY },
      body: request.body as BodyInit,
    });
    const text = await answer.text();
    if (answer.status !== 200 || text.includes('partialSuccess') || text.includes('skipped'))
      throw new Error(`${request.path}: ${answer.status} ${text}`);
  }
  return performance.now() - started;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const bytes = (requests: Awaited<ReturnType<typeof requestsOf>>) =>
  requests.reduce(
    (sum, request) => sum + (typeof request.body === 'string' ? Buffer.byteLength(request.body) : request.body.length),
    0,
  );

/** A receiver that takes every request and counts the records in it. */
async function startSink() {
  let records = 0;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      records += (
        Buffer.concat(chunks)
          .toString('utf8')
          .match(/"timeUnixNano"/g) ?? []
      ).length;
      response.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/logs`,
    records: () => records,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

const dir = mkdtempSync(join(tmpdir(), 'otlp-bench-'));
let service: ServiceProcess | undefined;
try {
  console.log(`${availableParallelism()} cores (${cpus()[0]?.model.trim()}), Node ${process.version}, SQLite\n`);
  service = await startServiceProcess({ SIDELOG_DB: join(dir, 'ingest.db'), SIDELOG_RETENTION_DAYS: '0' });
  const times = new Map<Format, number[]>(FORMATS.map((format) => [format, []]));
  const sizes = new Map<Format, number>();
  // One round to warm up, not counted.
  for (let round = 0; round <= ROUNDS; round++) {
    for (const format of FORMATS) {
      const requests = await requestsOf(service.url, format, round);
      sizes.set(format, bytes(requests));
      const ms = await deliver(service.url, requests);
      if (round > 0) times.get(format)!.push(ms);
    }
  }
  await service.stop();
  service = undefined;
  console.log(
    `Ingest of the same ${LOGS.toLocaleString('en')} logs, batches of ${BATCH} one after another, median of ${ROUNDS} rounds:\n`,
  );
  console.log('| format | bytes sent | ms to store all | logs/s |');
  console.log('|---|--:|--:|--:|');
  for (const format of FORMATS) {
    const ms = median(times.get(format)!);
    console.log(
      `| ${format} | ${sizes.get(format)!.toLocaleString('en')} | ${ms.toFixed(0)} | ${Math.round((LOGS / ms) * 1000).toLocaleString('en')} |`,
    );
  }

  const batches = Number(values.batches);
  console.log(
    `\nForwarding's cost to ingest: ${(batches * 500).toLocaleString('en')} logs from 8 clients, SQLite, 1 process:\n`,
  );
  console.log(
    '| forwarding | logs/s | p50 ms per batch | p99 ms per batch | forwarded when the load ended | drained after |',
  );
  console.log('|---|--:|--:|--:|--:|--:|');
  for (let round = 0; round < 2; round++) {
    for (const forwarding of [false, true]) {
      const sink = await startSink();
      const env: Record<string, string> = {
        SIDELOG_DB: join(dir, `forward-${round}-${forwarding}.db`),
        SIDELOG_RETENTION_DAYS: '0',
      };
      // The sink listens on 127.0.0.1, a private target the service refuses unless allowed.
      if (forwarding) Object.assign(env, { SIDELOG_FORWARD_OTLP: sink.url, SIDELOG_ALLOW_PRIVATE_TARGETS: '1' });
      service = await startServiceProcess(env);
      // No warm round: the sink counts every log the service forwards, and waits for `batches` × 500 of them.
      const result = await measureIngest(service.url, {
        clients: 8,
        batches,
        label: `forward-${forwarding}-${round}`,
        warm: false,
      });
      const atEnd = sink.records();
      const ended = performance.now();
      while (forwarding && sink.records() < batches * 500) await new Promise((resolve) => setTimeout(resolve, 50));
      const drained = forwarding ? `${((performance.now() - ended) / 1000).toFixed(1)} s` : '';
      console.log(
        `| ${forwarding ? 'on' : 'off'} | ${Math.round(result.logsPerSecond).toLocaleString('en')} | ${result.p50.toFixed(0)} | ${result.p99.toFixed(0)} | ${forwarding ? atEnd.toLocaleString('en') : ''} | ${drained} |`,
      );
      await service.stop();
      service = undefined;
      await sink.close();
    }
  }
} finally {
  await service?.stop();
  rmSync(dir, { recursive: true, force: true });
}
