// How many log records an OTLP request holds, counted before it is decoded, so that a request of millions is refused
// having cost a scan of its bytes rather than an object per record (12,000,000 records decoded and stored took
// 139 s and 3.5 GB while every other request waited). docs/opentelemetry.md#the-collector-takes-otlp
/** The most records one request may hold: twenty wire batches, above what exporters send by default (the SDKs'
 * batch processors 512, the OpenTelemetry Collector's batch processor 8,192). A request of more answers 413. */
export const MAX_OTLP_RECORDS = 10_000;

/** Reads a varint at `at` within `end`: its value and where reading goes on, or undefined when it runs past `end`. */
function varint(bytes: Uint8Array, at: number, end: number): { value: number; next: number } | undefined {
  let value = 0;
  for (let scale = 1, i = at; i < end && scale <= 2 ** 63; i++, scale *= 0x80) {
    const byte = bytes[i]!;
    value += (byte & 0x7f) * scale;
    if (byte < 0x80) return { value, next: i + 1 };
  }
  return undefined;
}

/** Calls `field` for each length-delimited field of the message in [at, end) with its number and body's bounds;
 * stops at the first thing that is not protobuf (the decoder refuses it afterwards) or when `field` returns true. */
function eachField(
  bytes: Uint8Array,
  at: number,
  end: number,
  field: (number: number, start: number, stop: number) => boolean,
): boolean {
  while (at < end) {
    const tag = varint(bytes, at, end);
    if (!tag) return false;
    at = tag.next;
    const type = tag.value % 8;
    if (type === 0) {
      const skipped = varint(bytes, at, end);
      if (!skipped) return false;
      at = skipped.next;
    } else if (type === 1) at += 8;
    else if (type === 5) at += 4;
    else if (type === 2) {
      const length = varint(bytes, at, end);
      if (!length || length.next + length.value > end) return false;
      if (field(Math.floor(tag.value / 8), length.next, length.next + length.value)) return true;
      at = length.next + length.value;
    } else return false;
  }
  return false;
}

/** The records of a protobuf ExportLogsServiceRequest (resourceLogs = 1, its scopeLogs = 2, their logRecords = 2),
 * counted up to `max + 1` at most: past `max` it stops reading. */
export function protobufRecordCount(bytes: Uint8Array, max = MAX_OTLP_RECORDS): number {
  let count = 0;
  eachField(bytes, 0, bytes.length, (resourceLogs, start, stop) =>
    resourceLogs === 1
      ? eachField(bytes, start, stop, (scopeLogs, start, stop) =>
          scopeLogs === 2 ? eachField(bytes, start, stop, (record) => record === 2 && ++count > max) : false,
        )
      : false,
  );
  return count;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OBJECT = 0;
const ARRAY = 1;
const RECORDS = 2;

/** The objects in OTLP/JSON's `logRecords` arrays, counted up to `max + 1` at most: past `max` it stops reading. A
 * scan of the text's brackets and strings, one character code at a time, with no value built (about half of what
 * JSON.parse takes); the exact count is the decoded request's (a record that is not an object, or a key written with
 * escapes, is counted there). */
export function jsonRecordCount(text: string, max = MAX_OTLP_RECORDS): number {
  let count = 0;
  // Whether the key just read is `logRecords`, and where the last string was.
  let recordsKey = false;
  let stringStart = 0;
  let stringEnd = 0;
  // Each open bracket: OBJECT, ARRAY, or RECORDS (a `logRecords` array).
  const open: number[] = [];
  for (let at = 0; at < text.length; at++) {
    const code = text.charCodeAt(at);
    if (code === QUOTE) {
      stringStart = at + 1;
      for (at++; at < text.length; at++) {
        const inner = text.charCodeAt(at);
        if (inner === BACKSLASH) at++;
        else if (inner === QUOTE) break;
      }
      stringEnd = at;
    } else if (code === COLON) {
      recordsKey = stringEnd - stringStart === 10 && text.startsWith('logRecords', stringStart);
    } else if (code === OPEN_ARRAY) {
      // In an object a bracket is always the value of the key just read. Only the `logRecords` of a scopeLogs entry
      // of a resourceLogs entry, the fifth bracket open, holds records: an unknown field elsewhere is ignored, as the
      // decoder ignores it.
      open.push(open.length === 5 && open[4] === OBJECT && recordsKey ? RECORDS : ARRAY);
    } else if (code === OPEN_OBJECT) {
      if (open[open.length - 1] === RECORDS && ++count > max) return count;
      open.push(OBJECT);
    } else if (code === CLOSE_ARRAY || code === CLOSE_OBJECT) open.pop();
  }
  return count;
}
