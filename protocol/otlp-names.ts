// The names a Sidelog log takes in OTLP, one table for both directions: the engine's OTLP target
// (protocol/otlp-logs.ts) and the service's forwarder write them, the service's collector reads them
// (server/collector/otlp/logs-from-otlp.ts), so that a line Sidelog sends over OTLP reads back in a Sidelog service as it was
// (docs/opentelemetry.md#one-table-both-ways).
import { LogLevel } from './levels.ts';

/** Each level's severity: the first number of its range in OpenTelemetry's log data model, and its short name. */
export const SEVERITIES: Record<LogLevel, { number: number; text: string }> = {
  [LogLevel.Trace]: { number: 1, text: 'TRACE' },
  [LogLevel.Debug]: { number: 5, text: 'DEBUG' },
  [LogLevel.Info]: { number: 9, text: 'INFO' },
  [LogLevel.Warning]: { number: 13, text: 'WARN' },
  [LogLevel.Error]: { number: 17, text: 'ERROR' },
  [LogLevel.Fatal]: { number: 21, text: 'FATAL' },
};

/** The log record attributes that are a Sidelog log's fields. The first name of each is the one Sidelog writes; the
 * others (older semantic conventions, or a plain `tag` from other exporters) are read too. */
export const FIELD_ATTRIBUTES = {
  tg: ['sidelog.tag', 'tag'],
  f: ['code.file.path', 'code.filepath'],
  l: ['code.line.number', 'code.lineno'],
  lc: ['code.column.number', 'code.column'],
  m: ['code.function.name', 'code.function'],
  u: ['url.full'],
} as const;

/** The session a record belongs to, on the record or on its resource (the semantic conventions' `session.id`). */
export const SESSION_ATTRIBUTE = 'session.id';
/** A stable id for a forwarded record, so that a receiver can drop the copies at-least-once delivery may send. */
export const RECORD_UID_ATTRIBUTE = 'log.record.uid';

/** The instrumentation scope of Sidelog's records, and the `telemetry.sdk.name` of its resource. */
export const SDK_NAME = 'sidelog';
/** What Sidelog's own resource says (protocol/otlp-logs.ts): every other attribute of a resource whose
 * `telemetry.sdk.name` is Sidelog's is one of the device's keys (docs/opentelemetry.md#device-keys-read-back). */
export const SIDELOG_RESOURCE_ATTRIBUTES: readonly string[] = [
  'service.name',
  'service.version',
  'app.build_id',
  'device.id',
  'sidelog.device.name',
  'browser.language',
  'browser.brands',
  'browser.platform',
  'browser.mobile',
  'user_agent.original',
  'telemetry.sdk.name',
  'telemetry.sdk.language',
  'telemetry.sdk.version',
];
