// The collector takes OTLP (docs/opentelemetry.md#the-collector-takes-otlp): bodies made by OpenTelemetry's own SDK and
// serializers, JSON and protobuf, are stored as Sidelog logs by the mapping table, in the session the table names; a
// record that cannot be stored is named in partialSuccess while the others are stored; the refusals follow OTLP/HTTP; a
// resource Sidelog's engine sent gives the device its keys.
import { gzipSync } from 'node:zlib';
import { SeverityNumber } from '@opentelemetry/api-logs';
import { JsonLogsSerializer, ProtobufLogsSerializer } from '@opentelemetry/otlp-transformer';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  InMemoryLogRecordExporter,
  LoggerProvider,
  SimpleLogRecordProcessor,
  type ReadableLogRecord,
} from '@opentelemetry/sdk-logs';
import protobuf from 'protobufjs';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import type { LogPage } from '../../../explorer-contract/api.types.ts';
import { appIdOf } from '../../../server/stores/app-id.ts';
import { DEMO_APP_KEY } from '../../../server/partner/demo.ts';
import { createHarness, type Harness } from './service-harness.ts';

let h: Harness;
beforeEach(async () => {
  h = await createHarness();
});
afterEach(() => h.close());

const AT = Date.UTC(2026, 10, 20, 9, 30, 0, 125);

/** Records as the unmodified OpenTelemetry SDK makes them, for a shop's service instance `i-1`. */
function sdkRecords(
  emit: (logger: ReturnType<LoggerProvider['getLogger']>) => void,
  resource: Record<string, string> = {
    'service.name': 'shop',
    'service.version': '2.1.0',
    'service.instance.id': 'i-1',
  },
): ReadableLogRecord[] {
  const exporter = new InMemoryLogRecordExporter();
  const provider = new LoggerProvider({
    resource: resourceFromAttributes(resource),
    processors: [new SimpleLogRecordProcessor({ exporter })],
  });
  emit(provider.getLogger('checkout'));
  return exporter.getFinishedLogRecords();
}

const post = (body: BodyInit, headers: Record<string, string> = {}) =>
  h.app.request('/v1/logs', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-App-Token': DEMO_APP_KEY, ...headers },
    body,
  });

const json = (records: ReadableLogRecord[]) => new TextDecoder().decode(JsonLogsSerializer.serializeRequest(records)!);
const stored = () => h.admin<Record<string, unknown>[]>(`logs?app=${DEMO_APP_KEY}`);

/** OpenTelemetry's definitions, for reading protobuf answers as a client does. */
const root = new protobuf.Root();
root.resolvePath = (_origin, target) =>
  target.startsWith('google/protobuf/')
    ? target
    : new URL(`../../../server/collector/otlp/vendor/${target}`, import.meta.url).pathname;
root.loadSync(['opentelemetry/proto/collector/logs/v1/logs_service.proto', 'google/rpc/status.proto']);
const Response = root.lookupType('opentelemetry.proto.collector.logs.v1.ExportLogsServiceResponse');
const Status = root.lookupType('google.rpc.Status');
const decoded = async (answer: Response, type: protobuf.Type) =>
  type.toObject(type.decode(new Uint8Array(await answer.arrayBuffer())), { longs: Number });

describe('the mapping table', () => {
  test('each severity range, the attributes that are fields, the rest after the body, the scope as tag: the docs example', async () => {
    const records = sdkRecords((logger) => {
      logger.emit({
        timestamp: AT,
        severityNumber: SeverityNumber.ERROR2,
        severityText: 'ERROR',
        body: 'payment declined',
        attributes: {
          tag: 'payments',
          'code.file.path': 'cart.ts',
          'code.line.number': 42,
          'code.function.name': 'pay',
          'url.full': 'https://shop.example/cart',
          'user.id': 7,
        },
      });
      logger.emit({ timestamp: AT + 1, severityNumber: SeverityNumber.TRACE, body: 'a trace' });
      logger.emit({ timestamp: AT + 2, severityNumber: SeverityNumber.DEBUG3, body: 'a debug' });
      logger.emit({ timestamp: AT + 3, severityNumber: SeverityNumber.INFO, body: { items: 3 } });
      logger.emit({
        timestamp: AT + 4,
        severityNumber: SeverityNumber.WARN4,
        body: 'a warning',
        eventName: 'cart.stale',
      });
      logger.emit({ timestamp: AT + 5, severityText: 'fatal', body: 'text only' });
      logger.emit({
        timestamp: AT + 6,
        body: 'no severity',
        attributes: { 'code.filepath': 'old.ts', 'code.lineno': 7, 'code.function': 'legacy' },
      });
    });
    const answer = await post(json(records));
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({});

    const session = 'otlp:shop:instance:i-1';
    const x = (ms: number) => new Date(ms).toISOString();
    expect(await stored()).toEqual([
      {
        x: x(AT),
        at: AT,
        ll: 2,
        t: 'payment declined\n{"user.id":7}',
        tg: 'payments',
        f: 'cart.ts',
        l: 42,
        m: 'pay',
        u: 'https://shop.example/cart',
        session_uid: session,
      },
      { x: x(AT + 1), at: AT + 1, ll: 3, t: 'a trace', tg: 'checkout', session_uid: session },
      { x: x(AT + 2), at: AT + 2, ll: 0, t: 'a debug', tg: 'checkout', session_uid: session },
      { x: x(AT + 3), at: AT + 3, ll: 4, t: '{"items":3}', tg: 'checkout', session_uid: session },
      {
        x: x(AT + 4),
        at: AT + 4,
        ll: 1,
        t: 'a warning\n{"event_name":"cart.stale"}',
        tg: 'checkout',
        session_uid: session,
      },
      { x: x(AT + 5), at: AT + 5, ll: 5, t: 'text only', tg: 'checkout', session_uid: session },
      {
        x: x(AT + 6),
        at: AT + 6,
        t: 'no severity',
        tg: 'checkout',
        f: 'old.ts',
        l: 7,
        m: 'legacy',
        session_uid: session,
      },
    ]);

    // The session and its device, as the explorer shows them.
    const [registered] = await h.admin<{ session_uid: string; udid: string; payload: Record<string, any> }[]>(
      `sessions?app=${DEMO_APP_KEY}`,
    );
    expect(registered).toMatchObject({ session_uid: session, udid: 'otlp:shop:instance:i-1' });
    expect(registered!.payload).toMatchObject({
      sdk_type: 'otlp',
      app_version: { version: '2.1.0' },
      resource: { 'service.name': 'shop', 'service.instance.id': 'i-1' },
    });
    const page = await h.explorerGet(`/apps/${appIdOf(DEMO_APP_KEY)}/logs?session=${encodeURIComponent(session)}`);
    expect(page.status).toBe(200);
    expect((JSON.parse(page.body) as LogPage).logs.map((log) => log.t)).toContain('payment declined\n{"user.id":7}');
  });

  test('protobuf in, protobuf out; a resend is stored once', async () => {
    const records = sdkRecords((logger) =>
      logger.emit({
        timestamp: AT,
        severityNumber: SeverityNumber.INFO,
        body: 'over protobuf',
        attributes: { tag: 'proto' },
      }),
    );
    const body = ProtobufLogsSerializer.serializeRequest(records)!;
    for (let i = 0; i < 2; i++) {
      const answer = await post(body as Uint8Array<ArrayBuffer>, { 'Content-Type': 'application/x-protobuf' });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('Content-Type')).toBe('application/x-protobuf');
      expect(await decoded(answer, Response)).toEqual({});
    }
    expect((await stored()).map((log) => [log.t, log.tg, log.ll])).toEqual([['over protobuf', 'proto', 4]]);
  });

  test("a forwarder's log.record.uid is not kept after the body, and its resend is stored once", async () => {
    const forwarded = (uid: string) =>
      sdkRecords((logger) =>
        logger.emit({ timestamp: AT, body: 'forwarded', attributes: { 'sidelog.tag': 'shop', 'log.record.uid': uid } }),
      );
    expect((await post(json(forwarded('app-41')))).status).toBe(200);
    expect((await post(json(forwarded('app-41')))).status).toBe(200);
    expect((await stored()).map((log) => [log.t, log.tg])).toEqual([['forwarded', 'shop']]);
  });

  test('without a session or an instance id, one session per service and UTC day of the record', async () => {
    const records = sdkRecords(
      (logger) => {
        logger.emit({ timestamp: Date.UTC(2026, 10, 20, 23, 59), body: 'late' });
        logger.emit({ timestamp: Date.UTC(2026, 10, 21, 0, 1), body: 'early' });
        logger.emit({
          timestamp: Date.UTC(2026, 10, 21, 0, 2),
          body: 'its own',
          attributes: { 'session.id': 'web-session-9' },
        });
      },
      { 'service.name': 'kiosk' },
    );
    expect((await post(json(records))).status).toBe(200);
    expect((await stored()).map((log) => [log.t, log.session_uid])).toEqual([
      ['late', 'otlp:kiosk:day:2026-11-20'],
      ['early', 'otlp:kiosk:day:2026-11-21'],
      ['its own', 'web-session-9'],
    ]);
  });
});

describe("a resource Sidelog's engine sent: the device's keys", () => {
  const value = (item: string | number) =>
    typeof item === 'string' ? { stringValue: item } : { intValue: String(item) };
  const request = (resource: Record<string, string | number>, body: string) =>
    JSON.stringify({
      resourceLogs: [
        {
          resource: { attributes: Object.entries(resource).map(([key, item]) => ({ key, value: value(item) })) },
          scopeLogs: [
            {
              scope: { name: 'sidelog' },
              logRecords: [{ timeUnixNano: String(AT * 1e6), body: { stringValue: body } }],
            },
          ],
        },
      ],
    });
  const sidelogResource = {
    'service.name': 'shop',
    'telemetry.sdk.name': 'sidelog',
    'device.id': 'udid-7',
    'browser.language': 'ru-RU',
  };
  const changes = async () =>
    (await h.admin<{ device_id: string; key: string; value: unknown }[]>(`device-keys?app=${DEMO_APP_KEY}`)).map(
      (row) => [row.device_id, row.key, row.value],
    );

  test('are set from it, written only when they change, and removed when it no longer carries them', async () => {
    expect((await post(request({ ...sidelogResource, plan: 'gold', visits: 3 }, 'first'))).status).toBe(200);
    expect((await post(request({ ...sidelogResource, plan: 'gold', visits: 3 }, 'second'))).status).toBe(200);
    expect(await changes()).toEqual([
      ['udid-7', 'plan', 'gold'],
      ['udid-7', 'visits', 3],
    ]);
    expect((await post(request({ ...sidelogResource, visits: 4 }, 'third'))).status).toBe(200);
    expect((await changes()).slice(2)).toEqual([
      ['udid-7', 'visits', 4],
      ['udid-7', 'plan', null],
    ]);
  });

  test("another exporter's resource gives no keys", async () => {
    expect(
      (await post(request({ 'service.name': 'shop', 'device.id': 'udid-8', 'host.name': 'kiosk-1' }, 'line'))).status,
    ).toBe(200);
    expect(await changes()).toEqual([]);
  });
});

describe('records refused alone, and refusals', () => {
  const record = (fields: Record<string, unknown>) => ({
    timeUnixNano: `${AT}000000`,
    body: { stringValue: 'ok' },
    ...fields,
  });
  const request = (...records: unknown[]) =>
    JSON.stringify({ resourceLogs: [{ resource: { attributes: [] }, scopeLogs: [{ logRecords: records }] }] });
  let deep: unknown = { stringValue: 'bottom' };
  for (let i = 0; i < 17; i++) deep = { arrayValue: { values: [deep] } };

  test('200 with partialSuccess naming each, the others stored, and the request recorded with them', async () => {
    const answer = await post(
      request(
        record({}),
        record({ timeUnixNano: '0', observedTimeUnixNano: undefined }),
        record({ timeUnixNano: `${AT + 1}000000`, body: deep }),
        'not a record',
      ),
    );
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({
      partialSuccess: {
        rejectedLogRecords: 3,
        errorMessage:
          'record 1: timeUnixNano and observedTimeUnixNano are both missing, zero or out of range; record 2: a value nests deeper than 16 levels; record 3: a log record must be an object',
      },
    });
    expect((await stored()).map((log) => log.t)).toEqual(['ok']);
    const requests = await h.admin<{ operation: string; status: number; skipped?: unknown[] }[]>(
      `requests?app=${DEMO_APP_KEY}`,
    );
    expect(requests.at(-1)).toMatchObject({
      operation: 'otlpLogs',
      status: 200,
      skipped: [{ index: 1 }, { index: 2 }, { index: 3 }],
    });
  });

  test('400 for a malformed body (a Status, protobuf for protobuf), 401, 415', async () => {
    expect(await (await post('{"resourceLogs": [')).json()).toEqual({ code: 3, message: 'malformed JSON' });
    expect((await post('{"resourceLogs": {}}')).status).toBe(400);
    const badProtobuf = await post(new Uint8Array([0x0a, 0xff, 0xff, 0xff, 0x0f]), {
      'Content-Type': 'application/x-protobuf',
    });
    expect(badProtobuf.status).toBe(400);
    expect(await decoded(badProtobuf, Status)).toEqual({
      code: 3,
      message: 'malformed protobuf: not an ExportLogsServiceRequest',
    });
    expect((await post(request(record({})), { 'X-App-Token': 'no-such-key' })).status).toBe(401);
    expect((await post(request(record({})), { 'X-App-Token': '' })).status).toBe(401);
    expect((await post(request(record({})), { 'Content-Type': 'text/plain' })).status).toBe(415);
    expect(await stored()).toEqual([]);
  });

  test('503 with Retry-After when the store cannot take the write, a full disk included (OTLP clients retry 503, not 507)', async () => {
    h.store.addLogs = () => Promise.reject(Object.assign(new Error('no space left'), { code: 'SQLITE_FULL' }));
    const answer = await post(request(record({})));
    expect(answer.status).toBe(503);
    expect(answer.headers.get('Retry-After')).toBe('5');
    expect(await answer.json()).toEqual({ code: 14, message: 'the disk is full: nothing was stored; retry later' });
  });

  test('a browser exporter’s preflight is answered, with the headers it sends allowed', async () => {
    const answer = await h.app.request('/v1/logs', {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://shop.example',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type,content-encoding,x-app-token',
      },
    });
    expect(answer.status).toBe(204);
    expect(answer.headers.get('Access-Control-Allow-Origin')).toBe('*');
    expect(answer.headers.get('Access-Control-Allow-Headers')?.toLowerCase()).toContain('x-app-token');
    expect(answer.headers.get('Access-Control-Allow-Headers')?.toLowerCase()).toContain('content-encoding');
  });

  test('gzip-encoded, as exporters send with compression on', async () => {
    const records = sdkRecords((logger) => logger.emit({ timestamp: AT, body: 'compressed' }));
    expect((await post(gzipSync(json(records)), { 'Content-Encoding': 'gzip' })).status).toBe(200);
    expect((await stored()).map((log) => log.t)).toEqual(['compressed']);
  });
});
