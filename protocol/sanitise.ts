// Sanitising before storage (docs/limits.md#sanitising): odd values are converted, never silently dropped
// unless they cannot be turned into text at all; every text is redacted (docs/privacy.md#redaction) before it is cut, so
// that a cut cannot leave half of what a rule would have found.
import { formatValue } from './format-value.ts';
import { isLogLevel, LogLevel } from './levels.ts';
import { FIELD_CAPS, LOG_TEXT_CAP, LOG_TEXT_ELLIPSIS } from './limits.ts';
import type { DeviceKeyValue, IssueData, LogRecord } from './records.types.ts';
import type { Redact } from './redact/redactor.ts';

/** No redaction: the default of the functions below, for callers without rules. */
const keepText: Redact = (text) => text;

/** Turns any value into text as a log argument would read (protocol/format-value.ts); undefined only if nothing
 * works (a value whose own text throws). */
export function stringify(value: unknown): string | undefined {
  try {
    return formatValue(value);
  } catch {
    return undefined;
  }
}

/** Cuts a text longer than `cap` characters to `cap`, with the ellipsis appended. */
export function capText(text: string, cap: number = LOG_TEXT_CAP): string {
  return text.length > cap ? text.slice(0, cap) + LOG_TEXT_ELLIPSIS : text;
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
function toLevel(value: unknown): LogLevel | undefined {
  if (isLogLevel(value)) return value;
  if (typeof value === 'string') {
    const named = LEVEL_BY_NAME[value.trim().toLowerCase()];
    if (named !== undefined) return named;
  }
  const number = Number(value);
  return isLogLevel(number) ? number : undefined;
}

/** A line is an integer on the wire: a number, or numeric text, is cut to its integer part; anything else
 * (or a number beyond the safe integers) is removed. */
function toLine(value: unknown): number | undefined {
  let number: number;
  if (typeof value === 'number') number = value;
  else if ((typeof value === 'string' && value.trim() !== '') || typeof value === 'bigint') number = Number(value);
  else return undefined;
  const line = Math.trunc(number);
  return Number.isSafeInteger(line) ? line + 0 : undefined;
}

/** The text fields of a log besides its text, each with its cap. */
const TEXT_FIELDS = [
  ['tg', FIELD_CAPS.tag],
  ['m', FIELD_CAPS.method],
  ['f', FIELD_CAPS.file],
  ['u', FIELD_CAPS.url],
] as const;

/** The page's URL stays the same over run after run of logs: it is redacted once for as long as it does. */
let lastURL: { redact: Redact; text: string; redacted: string } | undefined;
function redactURL(text: string, redact: Redact): string {
  if (lastURL?.redact !== redact || lastURL.text !== text) lastURL = { redact, text, redacted: redact(text) };
  return lastURL.redacted;
}

/** A log record as it may be stored: every rule of docs/limits.md#sanitising applied, and `redact` to every text but
 * one the app asked for verbatim (`v`: a field's value it unmasked, docs/privacy.md#typed-values). `x` and `at` are
 * taken as given. */
export function sanitiseLog(
  input: Record<string, unknown> & { at: number; x: string; v?: unknown },
  redact: Redact = keepText,
): LogRecord {
  const log: LogRecord = { x: input.x, at: input.at };
  for (const [field, cap] of TEXT_FIELDS) {
    if (input[field] === undefined || input[field] === null) continue;
    const text = stringify(input[field]);
    if (text !== undefined) log[field] = capText(field === 'u' ? redactURL(text, redact) : redact(text), cap);
  }
  if (input.t !== undefined && input.t !== null) {
    const text = stringify(input.t);
    if (text !== undefined) log.t = capText(input.v === true ? text : redact(text));
  }
  const line = toLine(input.l);
  if (line !== undefined) log.l = line;
  const column = toLine(input.lc);
  if (column !== undefined) log.lc = column;
  const level = toLevel(input.ll);
  if (level !== undefined) log.ll = level;
  return log;
}

/** Issue title and text are stringified, redacted and capped. */
export function sanitiseIssue(
  data: { title: unknown; text: unknown; type: IssueData['type']; uuid: string },
  redact: Redact = keepText,
): IssueData {
  return {
    title: capText(redact(stringify(data.title) ?? ''), FIELD_CAPS.issueTitle),
    text: capText(redact(stringify(data.text) ?? ''), FIELD_CAPS.issueText),
    type: data.type,
    uuid: data.uuid,
  };
}

/** Device key names are stringified; values stay if boolean or number, else are stringified; texts are redacted and
 * capped. A number a rule finds (a card number given as one) becomes the text that replaces it. */
export function sanitiseDeviceKey(
  key: unknown,
  value: unknown,
  redact: Redact = keepText,
): { key: string; value: DeviceKeyValue } {
  const name = capText(redact(stringify(key) ?? ''), FIELD_CAPS.deviceKeyName);
  if (typeof value === 'boolean') return { key: name, value };
  if (typeof value === 'number') {
    const redacted = redact(String(value));
    return { key: name, value: redacted === String(value) ? value : redacted };
  }
  const text = typeof value === 'string' ? value : (stringify(value) ?? '');
  return { key: name, value: capText(redact(text), FIELD_CAPS.deviceKeyValue) };
}
