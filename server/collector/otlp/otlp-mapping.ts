// How the collector reads an OTLP record's severity as a level (docs/opentelemetry.md#the-reverse-mapping); the names
// both directions share, and the levels' severities, are protocol/otlp-names.ts's.
import { LogLevel } from '../../../protocol/levels.ts';

/** A severity number's level: each range of four (TRACE to TRACE4, …) is one level; 0 and others have none. */
export function levelOfSeverity(severity: number): LogLevel | undefined {
  if (!Number.isInteger(severity) || severity < 1 || severity > 24) return undefined;
  return [LogLevel.Trace, LogLevel.Debug, LogLevel.Info, LogLevel.Warning, LogLevel.Error, LogLevel.Fatal][
    Math.floor((severity - 1) / 4)
  ];
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
