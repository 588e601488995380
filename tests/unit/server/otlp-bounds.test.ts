// What one OTLP request may hold (docs/opentelemetry.md#the-collector-takes-otlp), on both stores: at most
// MAX_OTLP_RECORDS records, counted before the body is decoded (a request of more answers 413, which exporters do not
// retry, and nothing of it is stored); back-pressure counts a request by its records (server/collector/admission.ts); and a
// record's time past the dates a log can hold is no time, as a missing one is (the observed time stands in, the
// original kept after the body; with neither, the record alone is rejected).
import pg from 'pg';
import { setTimeout as sleep } from 'node:timers/promises';
import protobuf from 'protobufjs';
import { describe, expect, test } from 'vitest';
import { DEMO_APP_KEY, seedDemo } from '../../../server/partner/demo.ts';
import { MAX_OTLP_RECORDS } from '../../../server/collector/otlp/otlp-record-count.ts';
import { createServiceApp } from '../../../server/service.ts';
import { ADMIN_TOKEN, createHarness, type Harness } from './service-harness.ts';
import { logs, sessionPayload } from '../../../fixtures/wire-bodies.ts';
import { countRows, openTestStore, STORE_KINDS } from './test-databases.ts';

const AT = Date.UTC(2026, 10, 20, 9, 30, 0, 125);
const nanos = (ms: number) => `${ms}000000`;

const post = (h: Pick<Harness, 'app'>, body: string | Uint8Array) =>
  h.app.request('/v1/logs', {
    method: 'POST',
    headers: {
      'Content-Type': typeof body === 'string' ? 'application/json' : 'application/x-protobuf',
      'X-App-Token': DEMO_APP_KEY,
    },
    body: body as BodyInit,
  });

/** An OTLP/JSON request of `records` (each written as JSON text, so that a number such as 1e30 is sent as written). */
const request = (records: string[]) =>
  `{"resourceLogs":[{"resource":{"attributes":[{"key":"service.name","value":{"stringValue":"shop"}}]},` +
  `"scopeLogs":[{"logRecords":[${records.join(',')}]}]}]}`;

/** `count` records of one line each, `n` from `from`, as OTLP/JSON text. */
const jsonRecords = (count: number, from = 0) =>
  Array.from(
    { length: count },
    (_, i) => `{"timeUnixNano":"${nanos(AT + from + i)}","body":{"stringValue":"line ${from + i}"}}`,
  );

/** A protobuf ExportLogsServiceRequest of `count` empty records, written by hand (field 1 resourceLogs, its field 2
 * scopeLogs, its field 2 logRecords), then `tail`. */
function protobufRecords(count: number, tail: number[] = []): Uint8Array {
  const varint = (n: number) => {
    const bytes: number[] = [];
    for (; n >= 0x80; n = Math.floor(n / 0x80)) bytes.push((n % 0x80) | 0x80);
    return [...bytes, n];
  };
  const scope = new Uint8Array(count * 2).fill(0).map((_, i) => (i % 2 === 0 ? 0x12 : 0));
  const resource = [0x12, ...varint(scope.length)];
  const request = [0x0a, ...varint(resource.length + scope.length)];
  return new Uint8Array([...request, ...resource, ...scope, ...tail]);
}

/** OpenTelemetry's Status, to read a protobuf refusal as a client does. */
const Status = protobuf
  .loadSync(new URL('../../../server/collector/otlp/vendor/google/rpc/status.proto', import.meta.url).pathname)
  .lookupType('google.rpc.Status');

const TOO_MANY = `the request holds more than ${MAX_OTLP_RECORDS.toLocaleString('en')} log records: send them in smaller requests`;

describe.each(STORE_KINDS)('on %s', (kind) => {
  test(`a request of more than ${MAX_OTLP_RECORDS} records answers 413, nothing of it stored; one of ${MAX_OTLP_RECORDS} is stored`, async () => {
    const h = await createHarness({ store: kind });
    try {
      const json = await post(h, request(jsonRecords(MAX_OTLP_RECORDS + 1)));
      expect(json.status).toBe(413);
      expect(await json.json()).toEqual({ code: 8, message: TOO_MANY });
      const binary = await post(h, protobufRecords(MAX_OTLP_RECORDS + 1));
      expect(binary.status).toBe(413);
      expect(Status.toObject(Status.decode(new Uint8Array(await binary.arrayBuffer())))).toEqual({
        code: 8,
        message: TOO_MANY,
      });
      expect(await countRows(h.db, 'logs')).toBe(0);

      const taken = await post(h, request(jsonRecords(MAX_OTLP_RECORDS)));
      expect(taken.status).toBe(200);
      expect(await countRows(h.db, 'logs')).toBe(MAX_OTLP_RECORDS);
    } finally {
      await h.close();
    }
  });

  test('a time past the dates a log can hold (1e30 ns) is no time: the observed time stands in, else the record alone is rejected', async () => {
    const h = await createHarness({ store: kind });
    try {
      const answer = await post(
        h,
        request([
          `{"timeUnixNano":1e30,"observedTimeUnixNano":"${nanos(AT)}","body":{"stringValue":"far"}}`,
          `{"timeUnixNano":1e30,"body":{"stringValue":"nowhere"}}`,
          `{"timeUnixNano":"${nanos(AT + 1)}","body":{"stringValue":"near"}}`,
        ]),
      );
      expect(answer.status).toBe(200);
      expect(await answer.json()).toEqual({
        partialSuccess: {
          rejectedLogRecords: 1,
          errorMessage: 'record 1: timeUnixNano and observedTimeUnixNano are both missing, zero or out of range',
        },
      });
      const stored = await h.admin<{ at: number; t: string }[]>(`logs?app=${DEMO_APP_KEY}`);
      expect(stored.map(({ at, t }) => ({ at, t })).sort((a, b) => a.at - b.at)).toEqual([
        { at: AT, t: 'far\n{"time_unix_nano":1e+30}' },
        { at: AT + 1, t: 'near' },
      ]);
    } finally {
      await h.close();
    }
  });
});

test('the records are counted before the body is decoded: past the bound, what follows is not read', async () => {
  const h = await createHarness();
  try {
    // Malformed after the bound: decoded whole, either would answer 400.
    const json = await post(h, request(jsonRecords(MAX_OTLP_RECORDS + 1)).slice(0, -10) + '{"broken');
    expect(json.status).toBe(413);
    const binary = await post(h, protobufRecords(MAX_OTLP_RECORDS + 1, [0x0a, 0xff, 0xff, 0xff, 0x0f]));
    expect(binary.status).toBe(413);
  } finally {
    await h.close();
  }
});

/** What is sent while an OTLP request of `held` records is held (its write waiting), and what refuses it. */
const WHILE_HELD = {
  'a wire batch, admitted as 500 logs': {
    held: 1_600,
    send: (app: Harness['app'], session_id: number) =>
      app.request('/sidelog/api/log/batch', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-App-Token': DEMO_APP_KEY },
        body: JSON.stringify({ session_id, logs: logs(1) }),
      }),
    refusal: { error: expect.stringContaining('busy') },
  },
  'an OTLP request of 900 records, admitted as 500 and refused once counted': {
    held: 1_200,
    send: (app: Harness['app']) => post({ app }, request(jsonRecords(900, 10_000))),
    refusal: { code: 14, message: expect.stringContaining('busy') },
  },
};

test.each(Object.keys(WHILE_HELD) as (keyof typeof WHILE_HELD)[])(
  'back-pressure holds an OTLP request by its records: with 2,000 logs of room, %s is refused',
  async (what) => {
    const { held, send, refusal } = WHILE_HELD[what];
    const { store, database, close } = await openTestStore('postgres');
    const lock = new pg.Client(database.db);
    let otlp: Promise<Response> | undefined;
    try {
      await seedDemo(store);
      const app = createServiceApp(store, {
        adminToken: ADMIN_TOKEN,
        distDir: database.dir,
        collectorLimits: { logs: 2_000, requests: 1_000 },
      });
      const session = await app.request('/sidelog/api/session', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-App-Token': DEMO_APP_KEY },
        body: JSON.stringify(sessionPayload('pressed')),
      });
      const { id: session_id } = (await session.json()) as { id: number };

      // The OTLP request's device is being written by the test's own transaction: its write waits there, holding its
      // records (the wire batch's session and device are others).
      await lock.connect();
      await lock.query('BEGIN');
      await lock.query(
        `INSERT INTO devices (app_key, udid, name, first_seen, last_seen) VALUES ($1, 'otlp:shop', '', '', '')`,
        [DEMO_APP_KEY],
      );
      const sent = Promise.resolve(post({ app }, request(jsonRecords(held))));
      otlp = sent;
      for (;;) {
        await lock.query('SELECT pg_stat_clear_snapshot()');
        const waiting = `SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`;
        if ((await lock.query(waiting)).rowCount) break;
        await sleep(5);
      }
      const refused = await send(app, session_id);
      await lock.query('ROLLBACK');

      expect(refused.status).toBe(503);
      expect(refused.headers.get('Retry-After')).toBe('1');
      expect(await refused.json()).toEqual(refusal);
      expect((await sent).status).toBe(200);
      expect(await countRows(database.db, 'logs')).toBe(held);
    } finally {
      await lock.end();
      await otlp?.catch(() => undefined);
      await close();
    }
  },
);
