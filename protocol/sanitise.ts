// Sanitising before storage (spec §5): odd values are converted, never silently dropped
// unless they cannot be turned into text at all.
import { isLogLevel, LogLevel } from './levels.ts';
import { LOG_TEXT_CAP, LOG_TEXT_ELLIPSIS } from './limits.ts';
import type { DeviceKeyValue, IssueData, LogRecord } from './records.types.ts';

/** Turns any value into text: strings as they are, objects as JSON where they can be, else String(value);
 * undefined only if nothing works. */
export function stringify(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'object' && value !== null && !(value instanceof Error)) {
    try {
      const json = JSON.stringify(value);
      if (json !== undefined) return json;
    } catch {
      // Cycles, BigInts, a throwing toJSON: fall back to the value's own text.
    }
  }
  try {
    return String(value);
  } catch {
    return undefined;
  }
}

export function capText(text: string): string {
  return text.length > LOG_TEXT_CAP ? text.slice(0, LOG_TEXT_CAP) + LOG_TEXT_ELLIPSIS : text;
}

const LEVEL_BY_NAME: Record<string, LogLevel> = {
  debug: LogLevel.Debug,
  log: LogLevel.Debug,
  warning: LogLevel.Warning,
  warn: LogLevel.Warning,
  error: LogLevel.Error,
  trace: LogLevel.Trace,
  info: LogLevel.Info,
  fatal: LogLevel.Fatal,
};

/** A level outside the six known values is converted (from a number in any form, or a level's name) or removed. */
export function toLevel(value: unknown): LogLevel | undefined {
  if (isLogLevel(value)) return value;
  if (typeof value === 'string') {
    const named = LEVEL_BY_NAME[value.trim().toLowerCase()];
    if (named !== undefined) return named;
  }
  const number = Number(value);
  return isLogLevel(number) ? number : undefined;
}

/** A non-numeric line is converted to a number or removed. */
export function toLine(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string' && typeof value !== 'bigint') return undefined;
  const number = Number(value);
  return Number.isFinite(number) && String(value).trim() !== '' ? number : undefined;
}

const TEXT_FIELDS = ['tg', 'm', 'f', 'u'] as const;

/** A log record as it may be stored: every rule of spec §5 applied. `x` and `at` are taken as given. */
export function sanitiseLog(input: Record<string, unknown> & { at: number; x: string }): LogRecord {
  const log: LogRecord = { x: input.x, at: input.at };
  for (const field of TEXT_FIELDS) {
    if (input[field] === undefined || input[field] === null) continue;
    const text = stringify(input[field]);
    if (text !== undefined) log[field] = text;
  }
  if (input.t !== undefined && input.t !== null) {
    const text = stringify(input.t);
    if (text !== undefined) log.t = capText(text);
  }
  const line = toLine(input.l);
  if (line !== undefined) log.l = line;
  const level = toLevel(input.ll);
  if (level !== undefined) log.ll = level;
  return log;
}

/** Issue title and text are stringified. */
export function sanitiseIssue(data: { title: unknown; text: unknown; type: IssueData['type']; uuid: string }): IssueData {
  return { title: stringify(data.title) ?? '', text: stringify(data.text) ?? '', type: data.type, uuid: data.uuid };
}

/** Device key names are stringified; values stay if boolean, number or string, else are stringified. */
export function sanitiseDeviceKey(key: unknown, value: unknown): { key: string; value: DeviceKeyValue } {
  const name = stringify(key) ?? '';
  if (typeof value === 'boolean' || typeof value === 'number' || typeof value === 'string') return { key: name, value };
  return { key: name, value: stringify(value) ?? '' };
}
