// An OTLP request's records counted before it is decoded (server/collector/otlp/otlp-record-count.ts): the same count as the
// decoded request's, for requests as OpenTelemetry's serializers write them and for strings holding brackets and
// quotes; and the count stops one past the bound.
import { SeverityNumber } from '@opentelemetry/api-logs';
import { JsonLogsSerializer, ProtobufLogsSerializer } from '@opentelemetry/otlp-transformer';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { InMemoryLogRecordExporter, LoggerProvider, SimpleLogRecordProcessor } from '@opentelemetry/sdk-logs';
import { expect, test } from 'vitest';
import { jsonRecordCount, protobufRecordCount } from '../../../server/collector/otlp/otlp-record-count.ts';

function records(count: number) {
  const exporter = new InMemoryLogRecordExporter();
  const provider = new LoggerProvider({
    resource: resourceFromAttributes({ 'service.name': 'shop', logRecords: '[{"x": 1}]' }),
    processors: [new SimpleLogRecordProcessor({ exporter })],
  });
  for (let i = 0; i < count; i++)
    provider.getLogger(i % 2 ? 'a' : 'b').emit({
      severityNumber: SeverityNumber.INFO,
      body: i % 3 ? `line "${i}" {[}] \\"` : { nested: [{ logRecords: [{}, {}] }], quote: '\\"{' },
      attributes: { 'user.id': i, list: [1, 2], map: { logRecords: 'x' } as never },
    });
  return exporter.getFinishedLogRecords();
}

test.each([0, 1, 7, 40])('%i records, as the SDK serializes them in JSON and protobuf, are counted exactly', (n) => {
  const json = new TextDecoder().decode(JsonLogsSerializer.serializeRequest(records(n))!);
  expect(jsonRecordCount(json)).toBe(n);
  expect(protobufRecordCount(ProtobufLogsSerializer.serializeRequest(records(n))!)).toBe(n);
});

test('past the bound the count stops, one over it', () => {
  const json = new TextDecoder().decode(JsonLogsSerializer.serializeRequest(records(40))!);
  expect(jsonRecordCount(json, 10)).toBe(11);
  expect(protobufRecordCount(ProtobufLogsSerializer.serializeRequest(records(40))!, 10)).toBe(11);
});
