// Turns a log call as the page took it (RawLog) into a stored log record: the arguments formatted into
// text, the raw stack parsed for file, line and method, every sanitising rule applied and every text redacted. This
// is the work the page does not do per call; in modes A it runs in the worker.
import { formatParts, sanitiseLog, type LogRecord, type RawLog, type StoredLog } from '../protocol/index.ts';
import { keepText, type Redact } from '../protocol/redact/redactor.ts';

export { formatParts, formatValue } from '../protocol/index.ts';

interface CallSite {
  method?: string;
  file?: string;
  line?: number;
  column?: number;
}

// V8: "    at method (file:line:col)" or "    at file:line:col"; Firefox/Safari: "method@file:line:col".
const V8_FRAME = /^\s*at (?:(.+?) \()?(.+?):(\d+):(\d+)\)?$/;
const GECKO_FRAME = /^(.*?)@(.+?):(\d+):(\d+)$/;

/** The first frame of a stack taken at the call site (the logger's own frames already cut off). */
export function parseCallSite(stack: string): CallSite {
  for (const line of stack.split('\n')) {
    const match = V8_FRAME.exec(line) ?? GECKO_FRAME.exec(line);
    if (!match) continue;
    const [, method, file, lineNumber, column] = match;
    return { method: method || undefined, file, line: Number(lineNumber), column: Number(column) };
  }
  return {};
}

export function toStoredLog(raw: RawLog, sessionUUID: string, redact: Redact = keepText): StoredLog {
  const site = raw.s ? parseCallSite(raw.s) : {};
  const record = sanitiseLog(
    {
      x: new Date(Number.isFinite(raw.x) ? raw.x : raw.at).toISOString(),
      at: raw.at,
      t: raw.p ? formatParts(raw.p) : raw.t,
      tg: raw.tg,
      m: raw.m ?? site.method,
      f: raw.f ?? site.file,
      l: raw.l ?? site.line,
      // The stack's column only with its file and line: beside a file or line the call gave, it names nothing.
      lc: raw.f === undefined && raw.l === undefined ? site.column : undefined,
      ll: raw.ll,
      u: raw.u,
      v: raw.v,
    },
    redact,
  );
  return { ...record, sessionUUID };
}

/** A stored log as it goes on the wire: without its table keys. */
export function toLogRecord({ id: _id, sessionUUID: _session, ...record }: StoredLog): LogRecord {
  return record;
}
