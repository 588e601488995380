// An app using the unmodified OpenTelemetry browser SDK (@opentelemetry/sdk-logs) sends to the local collector's
// /v1/logs, with the OTLP/HTTP JSON exporter and then the protobuf one, from this page's origin (so through CORS and
// its preflight, X-App-Token being a header of its own): every record is stored once, with its severity, attributes
// and body, and the session's page in the explorer shows it (docs/opentelemetry.md#the-collector-takes-otlp).
import { SeverityNumber } from '@opentelemetry/api-logs';
import { OTLPLogExporter as JsonExporter } from '@opentelemetry/exporter-logs-otlp-http';
import { OTLPLogExporter as ProtobufExporter } from '@opentelemetry/exporter-logs-otlp-proto';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchLogRecordProcessor, LoggerProvider } from '@opentelemetry/sdk-logs';
import { describe, expect, inject, test } from 'vitest';
import { logsOf, newApp, requestsOf } from '../sidelog/collector.ts';

const admin = async <T>(path: string): Promise<T> =>
  (await (
    await fetch(`${inject('collectorURL')}/sidelog/admin/api/${path}`, {
      headers: { Authorization: `Bearer ${inject('adminToken')}` },
    })
  ).json()) as T;

const EXPORTERS = [
  ['JSON', JsonExporter],
  ['protobuf', ProtobufExporter],
] as const;

describe.each(EXPORTERS)('OTLP/HTTP %s from @opentelemetry/sdk-logs in the page', (_name, Exporter) => {
  test('every record is stored once, with severity, attributes and body, and the explorer shows it', async () => {
    const app = await newApp();
    const instance = crypto.randomUUID();
    const exporter = new Exporter({ url: `${inject('collectorURL')}/v1/logs`, headers: { 'X-App-Token': app } });
    const provider = new LoggerProvider({
      resource: resourceFromAttributes({
        'service.name': 'browser-shop',
        'service.version': '3.0.0',
        'service.instance.id': instance,
      }),
      processors: [new BatchLogRecordProcessor({ exporter, maxExportBatchSize: 100 })],
    });
    const logger = provider.getLogger('cart');
    const severities = [
      SeverityNumber.TRACE,
      SeverityNumber.DEBUG,
      SeverityNumber.INFO,
      SeverityNumber.WARN,
      SeverityNumber.ERROR,
      SeverityNumber.FATAL,
    ];
    for (let i = 0; i < 250; i++) {
      logger.emit({
        severityNumber: severities[i % severities.length],
        body: `line ${i}`,
        attributes: {
          tag: `tag${i % 4}`,
          'code.file.path': 'cart.ts',
          'code.line.number': i,
          'code.function.name': 'checkout',
          'url.full': location.href,
        },
      });
    }
    logger.emit({ severityNumber: SeverityNumber.WARN, body: 'with more', attributes: { 'user.id': 42 } });
    await provider.forceFlush();
    await provider.shutdown();

    const logs = await logsOf(app);
    const levels = [3, 0, 4, 1, 2, 5];
    expect(logs).toHaveLength(251);
    expect(logs.slice(0, 250)).toEqual(
      Array.from({ length: 250 }, (_, i) =>
        expect.objectContaining({
          t: `line ${i}`,
          ll: levels[i % levels.length],
          tg: `tag${i % 4}`,
          f: 'cart.ts',
          l: i,
          m: 'checkout',
          u: location.href,
        }),
      ),
    );
    expect(logs[250]).toMatchObject({ t: 'with more\n{"user.id":42}', ll: 1, tg: 'cart' });
    expect(new Set(logs.map((log) => log.session_uid))).toEqual(new Set([`otlp:browser-shop:instance:${instance}`]));
    // Three batches of at most 100, each one request, all accepted.
    expect((await requestsOf(app)).map((request) => [request.operation, request.status])).toEqual([
      ['otlpLogs', 200],
      ['otlpLogs', 200],
      ['otlpLogs', 200],
    ]);

    // The session's page in the explorer: the intent URL a link to it would open, read as JSON.
    const { appId } = (await admin<{ key: string; appId: string }[]>('apps')).find((known) => known.key === app)!;
    const view = await admin<{ logs: { t: string }[]; session: { payload: { app_version: { version: string } } } }>(
      `intent/${appId}/session/${encodeURIComponent(`otlp:browser-shop:instance:${instance}`)}`,
    );
    expect(view.session.payload.app_version.version).toBe('3.0.0');
    expect(view.logs.map((log) => log.t)).toEqual(logs.map((log) => log.t));
  });
});
