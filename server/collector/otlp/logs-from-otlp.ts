// The reverse mapping (docs/opentelemetry.md#the-collector-takes-otlp): an OTLP logs request, decoded from JSON or
// protobuf, as the sessions and wire-format logs that the collector then checks and stores exactly as it does the
// wire's (server/collector/wire-validation.ts, server/collector/log-ingest.ts). The body's structure is checked here: a malformed one is
// refused whole (400); a record that cannot be read is rejected alone, by its index in the request.
import type { LogLevel } from '../../../protocol/levels.ts';
import type { SkippedLog } from '../../../protocol/wire.ts';
import {
  RECORD_UID_ATTRIBUTE,
  SDK_NAME,
  SESSION_ATTRIBUTE,
  SIDELOG_RESOURCE_ATTRIBUTES,
} from '../../../protocol/otlp-names.ts';
import { OTLP_COLUMNS } from '../../stores/log-columns.ts';
import { levelOfSeverity, levelOfSeverityText } from './otlp-mapping.ts';

/** Nesting of attribute values (arrays and maps in each other) deeper than this rejects the record. */
const MAX_VALUE_DEPTH = 16;
/** Records naming more sessions than this in one request are rejected: each new session is a write of its own. */
const MAX_SESSIONS_PER_REQUEST = 100;

/** The records of one session: its registration as a wire client sends it, and its logs as wire logs. */
export interface SessionGroup {
  session: Record<string, unknown>;
  /** The session's device keys are those of its registration, whole (a resource Sidelog's engine sent): the device's
   * other keys were removed. */
  keysWhole: boolean;
  logs: { index: number; log: Record<string, unknown> }[];
}

interface MappedRequest {
  groups: SessionGroup[];
  /** Records that cannot be stored, by their index in the request (resources, scopes and records in order). */
  rejected: SkippedLog[];
  /** How many records the request held. */
  total: number;
}

type Mapped = { ok: true; value: MappedRequest } | { ok: false; reason: string };

class Refused extends Error {}
type Fields = Record<string, unknown>;
type Value = string | number | boolean | null | Value[] | { [key: string]: Value };

const isObject = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function listOf(value: unknown, name: string): unknown[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw new Refused(`'${name}' must be an array`);
  return value;
}

function objectOf(value: unknown, name: string): Fields {
  if (value === undefined || value === null) return {};
  if (!isObject(value)) throw new Refused(`'${name}' must be an object`);
  return value;
}

const base64Of = (value: unknown) =>
  value instanceof Uint8Array ? Buffer.from(value).toString('base64') : String(value);
const hexOf = (value: unknown) =>
  value instanceof Uint8Array ? Buffer.from(value).toString('hex') : typeof value === 'string' ? value : '';

/** An int64 as OTLP/JSON or protobufjs gives it: a number when it fits exactly, else its decimal text. */
function int64(value: unknown): number | string {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return value;
  if (typeof value === 'string' && /^-?\d{1,20}$/.test(value))
    return Number.isSafeInteger(Number(value)) ? Number(value) : value;
  throw new Refused(`'intValue' must be an integer`);
}

/** An AnyValue as the JavaScript value it holds; an empty one is null. */
function anyValue(value: unknown, depth: number): Value {
  if (depth > MAX_VALUE_DEPTH) throw new Refused(`a value nests deeper than ${MAX_VALUE_DEPTH} levels`);
  if (!isObject(value)) throw new Refused('a value must be an AnyValue object');
  if (value.stringValue !== undefined && value.stringValue !== null) return String(value.stringValue);
  if (typeof value.boolValue === 'boolean') return value.boolValue;
  if (value.intValue !== undefined && value.intValue !== null) return int64(value.intValue);
  // OTLP/JSON writes NaN and the infinities as strings; they are kept as their text.
  if (typeof value.doubleValue === 'number' || typeof value.doubleValue === 'string') return value.doubleValue;
  if (isObject(value.arrayValue))
    return listOf(value.arrayValue.values, 'arrayValue.values').map((item) => anyValue(item, depth + 1));
  if (isObject(value.kvlistValue)) return attributes(value.kvlistValue.values, 'kvlistValue.values', depth + 1);
  if (value.bytesValue !== undefined && value.bytesValue !== null) return base64Of(value.bytesValue);
  return null;
}

/** A list of KeyValue as a plain object (a repeated key keeps its last value). */
function attributes(list: unknown, name: string, depth = 0): { [key: string]: Value } {
  const result: { [key: string]: Value } = {};
  for (const entry of listOf(list, name)) {
    if (!isObject(entry) || typeof entry.key !== 'string')
      throw new Refused(`each of '${name}' must be a KeyValue with a string key`);
    result[entry.key] = entry.value === undefined || entry.value === null ? null : anyValue(entry.value, depth + 1);
  }
  return result;
}

/** A value as a log's text field: strings as they are, anything else as JSON; null is absent. */
function text(value: Value | undefined): string | undefined {
  if (value === undefined || value === null) return undefined;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The latest time a JavaScript Date holds, in milliseconds: a later one is no date a log's `x` or its session's day
 * can be written as (the wire's logs are bounded the same way, server/collector/wire-validation.ts). */
const MAX_DATE_MS = 8.64e15;

/** Nanoseconds since the epoch (decimal text or a number) as milliseconds, keeping microseconds; 0 is "not given",
 * and so is a time past MAX_DATE_MS (OTLP/JSON may write 1e30 as a number). */
function millis(nanos: unknown): number | undefined {
  let ns: bigint;
  if (typeof nanos === 'string' && /^\d{1,20}$/.test(nanos)) ns = BigInt(nanos);
  else if (typeof nanos === 'number' && Number.isFinite(nanos) && nanos >= 0) ns = BigInt(Math.round(nanos));
  else return undefined;
  const ms = Number(ns / 1000n) / 1000;
  return ns === 0n || ms > MAX_DATE_MS ? undefined : ms;
}

/** Whether a time field holds something other than OTLP's "not given" (absent, or zero). */
const givenTime = (nanos: unknown) => nanos !== undefined && nanos !== null && nanos !== 0 && nanos !== '0';

/** Takes the first of `names` that `attrs` holds out of it. */
function take(attrs: { [key: string]: Value }, names: readonly string[]): Value | undefined {
  let found: Value | undefined;
  for (const name of names) {
    if (name in attrs) {
      found ??= attrs[name];
      delete attrs[name];
    }
  }
  return found;
}

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** What a resource says about the session and device its records belong to, when they name no session. */
interface ResourceFacts {
  attrs: { [key: string]: Value };
  service: string;
  instance: string | undefined;
  session: string | undefined;
}

function resourceFacts(resource: unknown): ResourceFacts {
  const attrs = attributes(objectOf(resource, 'resource').attributes, 'resource.attributes');
  return {
    attrs,
    service: text(attrs['service.name']) || 'unknown_service',
    instance: text(attrs['service.instance.id']) || undefined,
    session: text(attrs[SESSION_ATTRIBUTE]) || undefined,
  };
}

/** The session of a record (docs/opentelemetry.md#sessions): the one it or its resource names, else one per
 * service instance, else one per service and UTC day of the record's time. */
function sessionUid(facts: ResourceFacts, recordSession: string | undefined, at: number): string {
  if (recordSession) return recordSession;
  if (facts.session) return facts.session;
  if (facts.instance) return `otlp:${facts.service}:instance:${facts.instance}`;
  return `otlp:${facts.service}:day:${day(at)}`;
}

/** Whether Sidelog's engine sent the resource: then it carries the device's keys, whole
 * (docs/opentelemetry.md#device-keys-read-back); another exporter's carries none. */
const fromSidelog = (attrs: { [key: string]: Value }) => attrs['telemetry.sdk.name'] === SDK_NAME;

/** The device keys a resource carries: every attribute of Sidelog's resource but Sidelog's own names. */
function deviceKeysOf(attrs: { [key: string]: Value }): { [key: string]: Value } {
  if (!fromSidelog(attrs)) return {};
  return Object.fromEntries(
    Object.entries(attrs).filter(([key]) => !SIDELOG_RESOURCE_ATTRIBUTES.includes(key) && key !== SESSION_ATTRIBUTE),
  );
}

/** The session's registration, as a wire client would send it (checked afterwards as one). */
function sessionPayload(facts: ResourceFacts, uid: string, at: number, appKey: string): Record<string, unknown> {
  const { attrs, service, instance } = facts;
  const version = text(attrs['service.version']) ?? '';
  const language = text(attrs['browser.language']) ?? '';
  const sdkVersion = text(attrs['telemetry.sdk.version']) ?? '';
  const os = [text(attrs['os.name']), text(attrs['os.version'])].filter(Boolean).join(' ');
  return {
    session_uid: uid,
    time: new Date(at).toISOString(),
    language,
    sdk_type: 'otlp',
    sdk_version: sdkVersion,
    device: {
      udid: text(attrs['device.id']) || (instance ? `otlp:${service}:instance:${instance}` : `otlp:${service}`),
      name: service,
      language,
      os_version: os,
      sdk_type: 'otlp',
      sdk_version: sdkVersion,
      version,
      build: '',
      key_values: deviceKeysOf(attrs),
    },
    app_version: { app: { key: appKey }, version, build: '' },
    // The resource whole, for whoever reads the session.
    resource: attrs,
  };
}

interface Scope {
  name: string | undefined;
}

/** One record as a wire log, and its session; or why it cannot be stored. */
function mapRecord(
  record: unknown,
  scope: Scope,
  facts: ResourceFacts,
): { log: Record<string, unknown>; session: string; at: number } {
  if (!isObject(record)) throw new Refused('a log record must be an object');
  const time = millis(record.timeUnixNano);
  const at = time ?? millis(record.observedTimeUnixNano);
  if (at === undefined)
    throw new Refused('timeUnixNano and observedTimeUnixNano are both missing, zero or out of range');
  const attrs = attributes(record.attributes, 'attributes');
  const extras: { [key: string]: Value } = {};
  // A time that could not be read gave way to the observed one; what was sent is kept after the body.
  if (time === undefined && givenTime(record.timeUnixNano)) extras.time_unix_nano = record.timeUnixNano as Value;
  const log: Record<string, unknown> = { at };

  const severity = typeof record.severityNumber === 'number' ? levelOfSeverity(record.severityNumber) : undefined;
  const severityText = typeof record.severityText === 'string' ? record.severityText : '';
  const level: LogLevel | undefined = severity ?? levelOfSeverityText(severityText);
  if (level !== undefined) log.ll = level;
  else if (severityText) extras.severity_text = severityText;

  // Numbers stay numbers for the collector's coercion (server/collector/wire-validation.ts) to round.
  for (const { name, otlp, kind } of OTLP_COLUMNS) {
    const value = take(attrs, otlp);
    if (value !== undefined && value !== null) log[name] = kind === 'integer' ? value : text(value);
  }
  if (log.tg === undefined && scope.name) log.tg = scope.name;
  const session = text(take(attrs, [SESSION_ATTRIBUTE]) ?? null) || undefined;
  // A forwarder's id for dropping its own resends: the collector drops them by content already
  // (docs/opentelemetry.md#one-table-both-ways), and kept after the body it would make each copy a log of its own.
  take(attrs, [RECORD_UID_ATTRIBUTE]);

  // What has no field of its own is kept after the body, as JSON: nothing the client sent is dropped.
  Object.assign(extras, attrs);
  if (typeof record.eventName === 'string' && record.eventName) extras.event_name = record.eventName;
  const traceId = hexOf(record.traceId);
  const spanId = hexOf(record.spanId);
  if (traceId) extras.trace_id = traceId;
  if (spanId) extras.span_id = spanId;
  const body = text(record.body === undefined || record.body === null ? null : anyValue(record.body, 0));
  const more = Object.keys(extras).length > 0 ? JSON.stringify(extras) : undefined;
  const t = body !== undefined && more !== undefined ? `${body}\n${more}` : (body ?? more);
  if (t !== undefined) log.t = t;
  return { log, session: sessionUid(facts, session, at), at };
}

/** Maps a decoded request for the app `appKey`: its records grouped by session, and the ones rejected. */
export function logsFromOtlp(request: unknown, appKey: string): Mapped {
  const groups = new Map<string, SessionGroup>();
  const rejected: SkippedLog[] = [];
  let index = 0;
  try {
    if (!isObject(request)) throw new Refused('the body must be an ExportLogsServiceRequest object');
    for (const resourceLogs of listOf(request.resourceLogs, 'resourceLogs')) {
      if (!isObject(resourceLogs)) throw new Refused(`each of 'resourceLogs' must be an object`);
      const scopes = listOf(resourceLogs.scopeLogs, 'scopeLogs');
      // A resource that cannot be read costs its own records only.
      let facts: ResourceFacts | Refused;
      try {
        facts = resourceFacts(resourceLogs.resource);
      } catch (error) {
        if (!(error instanceof Refused)) throw error;
        facts = error;
      }
      for (const scopeLogs of scopes) {
        if (!isObject(scopeLogs)) throw new Refused(`each of 'scopeLogs' must be an object`);
        const scopeName = objectOf(scopeLogs.scope, 'scope').name;
        const scope = { name: typeof scopeName === 'string' ? scopeName : undefined };
        for (const record of listOf(scopeLogs.logRecords, 'logRecords')) {
          const at = index++;
          try {
            if (facts instanceof Refused) throw facts;
            const mapped = mapRecord(record, scope, facts);
            let group = groups.get(mapped.session);
            if (!group) {
              if (groups.size >= MAX_SESSIONS_PER_REQUEST)
                throw new Refused(`the request names more than ${MAX_SESSIONS_PER_REQUEST} sessions`);
              group = {
                session: sessionPayload(facts, mapped.session, mapped.at, appKey),
                keysWhole: fromSidelog(facts.attrs),
                logs: [],
              };
              groups.set(mapped.session, group);
            }
            group.logs.push({ index: at, log: mapped.log });
          } catch (error) {
            if (!(error instanceof Refused)) throw error;
            rejected.push({ index: at, reason: error.message });
          }
        }
      }
    }
  } catch (error) {
    if (error instanceof Refused) return { ok: false, reason: error.message };
    throw error;
  }
  return { ok: true, value: { groups: [...groups.values()], rejected, total: index } };
}
