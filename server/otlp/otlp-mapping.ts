// The table between a Sidelog log and an OTLP log record, read in both directions: the collector storing OTLP
// (server/otlp/logs-from-otlp.ts) and the forwarder exporting what it stored (server/otlp/otlp-from-logs.ts).
// docs/opentelemetry.md#the-collector-takes-otlp shows it.
import { LogLevel } from '../../protocol/levels.ts';

/** Each level's severity: the first number of its range in OpenTelemetry's log data model, and its short name. */
export const SEVERITY_OF_LEVEL: Record<LogLevel, { number: number; text: string }> = {
  [LogLevel.Trace]: { number: 1, text: 'TRACE' },
  [LogLevel.Debug]: { number: 5, text: 'DEBUG' },
  [LogLevel.Info]: { number: 9, text: 'INFO' },
  [LogLevel.Warning]: { number: 13, text: 'WARN' },
  [LogLevel.Error]: { number: 17, text: 'ERROR' },
  [LogLevel.Fatal]: { number: 21, text: 'FATAL' },
};

/** A severity number's level: each range of four (TRACE to TRACE4, …) is one level; 0 and others have none. */
export function levelOfSeverity(severity: number): LogLevel | undefined {
  if (!Number.isInteger(severity) || severity < 1 || severity > 24) return undefined;
  return [LogLevel.Trace, LogLevel.Debug, LogLevel.Info, LogLevel.Warning, LogLevel.Error, LogLevel.Fatal][Math.floor((severity - 1) / 4)];
}

/** A severity text's level, for records that give no number: the data model's short names and their common spellings. */
export function levelOfSeverityText(text: string): LogLevel | undefined {
  const name = /^[a-z]+/i.exec(text.trim())?.[0]?.toLowerCase();
  const levels: Record<string, LogLevel> = {
    trace: LogLevel.Trace,
    debug: LogLevel.Debug,
    info: LogLevel.Info,
    information: LogLevel.Info,
    warn: LogLevel.Warning,
    warning: LogLevel.Warning,
    error: LogLevel.Error,
    err: LogLevel.Error,
    fatal: LogLevel.Fatal,
    critical: LogLevel.Fatal,
  };
  return name === undefined ? undefined : levels[name];
}

/** The log record attributes that are a Sidelog log's fields; the first name of each is what the forwarder writes,
 * the others (older semantic conventions) are read too. */
export const FIELD_ATTRIBUTES = {
  tg: ['tag'],
  f: ['code.file.path', 'code.filepath'],
  l: ['code.line.number', 'code.lineno'],
  m: ['code.function.name', 'code.function'],
  u: ['url.full'],
} as const;

/** The session a record belongs to, on the record or on its resource (semantic conventions' `session.id`). */
export const SESSION_ATTRIBUTE = 'session.id';
/** A stable id for a forwarded record, so that a receiver can drop the copies at-least-once delivery may send. */
export const RECORD_UID_ATTRIBUTE = 'log.record.uid';
