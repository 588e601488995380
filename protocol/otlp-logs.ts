// Sidelog's records as OpenTelemetry log records, in OTLP/HTTP's JSON encoding (docs/opentelemetry.md#sidelog-uploads-otlp,
// whose tables tests/unit/protocol/otlp-logs.test.ts checks against this file). The names follow the OpenTelemetry
// log data model and the semantic conventions; where these have no name for a Sidelog field, it goes under `sidelog.`.
// Pure data: the engine's OTLP target (worker/otlp-target.ts) sends it.
import { IssueType, LogLevel } from './levels.ts';
import {
  FIELD_ATTRIBUTES,
  SDK_NAME,
  SESSION_ATTRIBUTE,
  SEVERITIES,
  SIDELOG_RESOURCE_ATTRIBUTES,
} from './otlp-names.ts';
import type { DeviceData, DeviceKeyValue, IssueData, LogRecord, SessionPayload } from './records.types.ts';

// OTLP/JSON (opentelemetry/proto/logs/v1/logs.proto): camelCase fields, 64-bit integers as decimal strings, enums as
// numbers, every value wrapped in an AnyValue.
type AnyValue =
  | { stringValue: string }
  | { boolValue: boolean }
  | { intValue: string }
  | { doubleValue: number }
  | { arrayValue: { values: AnyValue[] } };
interface KeyValue {
  key: string;
  value: AnyValue;
}
export interface OtlpLogRecord {
  timeUnixNano?: string;
  observedTimeUnixNano: string;
  severityNumber?: number;
  severityText?: string;
  body: AnyValue;
  attributes: KeyValue[];
  eventName?: string;
}
interface ExportLogsRequest {
  resourceLogs: {
    resource: { attributes: KeyValue[] };
    scopeLogs: { scope: { name: string; version: string }; logRecords: OtlpLogRecord[] }[];
  }[];
}

/** Issues, crashes and feedback are events: their event name, and the level they are shown at. */
const ISSUE_EVENTS: Record<IssueType, { name: string; level: LogLevel }> = {
  [IssueType.Issue]: { name: 'sidelog.issue', level: LogLevel.Warning },
  [IssueType.Crash]: { name: 'sidelog.crash', level: LogLevel.Error },
  [IssueType.UserFeedback]: { name: 'sidelog.user_feedback', level: LogLevel.Info },
};

/** What the engine knows of the browser it runs in (navigator.userAgentData, where the browser has it). */
export interface BrowserFacts {
  brands?: string[];
  platform?: string;
  mobile?: boolean;
  userAgent?: string;
}

const string = (value: string): AnyValue => ({ stringValue: value });

function anyValue(value: Exclude<DeviceKeyValue, null> | string[]): AnyValue {
  if (Array.isArray(value)) return { arrayValue: { values: value.map(string) } };
  if (typeof value === 'boolean') return { boolValue: value };
  if (typeof value === 'number')
    return Number.isSafeInteger(value) ? { intValue: String(value) } : { doubleValue: value };
  return string(value);
}

/** The attributes of the entries whose value is given, in order. */
function attributes(entries: [string, DeviceKeyValue | string[] | undefined][]): KeyValue[] {
  return entries.flatMap(([key, value]) =>
    value === undefined || value === null ? [] : [{ key, value: anyValue(value) }],
  );
}

/** Epoch milliseconds as nanoseconds, exactly (a double holds neither the product nor its digits past 2^53). */
function unixNano(ms: number): string {
  const whole = Math.floor(ms);
  const nanos = Math.round((ms - whole) * 1e6);
  return (BigInt(whole) * 1_000_000n + BigInt(nanos)).toString();
}

function severity(level: LogLevel | undefined): Pick<OtlpLogRecord, 'severityNumber' | 'severityText'> {
  const known = level === undefined ? undefined : SEVERITIES[level];
  return known ? { severityNumber: known.number, severityText: known.text } : {};
}

/** A log: `at` (strictly increasing) is its time, `x` (the clock when the page made the call) when it was observed. */
export function otlpLog(log: LogRecord, sessionUUID: string): OtlpLogRecord {
  const observed = Date.parse(log.x);
  return {
    timeUnixNano: unixNano(log.at),
    observedTimeUnixNano: unixNano(Number.isNaN(observed) ? log.at : observed),
    ...severity(log.ll),
    body: string(log.t ?? ''),
    attributes: attributes([
      ...Object.entries(FIELD_ATTRIBUTES).map(
        ([field, [name]]) =>
          [name, log[field as keyof typeof FIELD_ATTRIBUTES]] as [string, string | number | undefined],
      ),
      [SESSION_ATTRIBUTE, sessionUUID],
    ]),
  };
}

/** An issue, crash or feedback, as an event. Sidelog keeps no time for it: it was observed when it is sent, `now`.
 * The event name goes in the record's field, and in the `event.name` attribute too, which the semantic conventions
 * now deprecate but backends on protocol versions before 1.5 (which drop the field) still show. */
export function otlpIssue(issue: IssueData, sessionUUID: string, now: number): OtlpLogRecord {
  const event = ISSUE_EVENTS[issue.type];
  const crash = issue.type === IssueType.Crash;
  return {
    observedTimeUnixNano: unixNano(now),
    ...severity(event.level),
    body: string(issue.text),
    attributes: attributes([
      ['event.name', event.name],
      [crash ? 'exception.message' : 'sidelog.issue.title', issue.title],
      ['sidelog.issue.id', issue.uuid],
      [SESSION_ATTRIBUTE, sessionUUID],
    ]),
    eventName: event.name,
  };
}

/** The resource: the app and the device as the session registered them, the browser, and the device's keys as they
 * stand when sent (under their own names; Sidelog's names, SIDELOG_RESOURCE_ATTRIBUTES, win a clash). */
export function otlpResource(
  session: SessionPayload,
  serviceName: string,
  browser: BrowserFacts,
  deviceKeys: DeviceData,
): KeyValue[] {
  const own = attributes([
    ['service.name', serviceName],
    ['service.version', session.app_version.version],
    ['app.build_id', session.app_version.build],
    ['device.id', session.device.udid],
    ['sidelog.device.name', session.device.name],
    ['browser.language', session.language],
    ['browser.brands', browser.brands],
    ['browser.platform', browser.platform],
    ['browser.mobile', browser.mobile],
    ['user_agent.original', browser.userAgent],
    ['telemetry.sdk.name', SDK_NAME],
    ['telemetry.sdk.language', 'webjs'],
    ['telemetry.sdk.version', session.sdk_version],
  ]);
  // A key under one of Sidelog's names is never sent, whether or not this browser gives that name a value: a Sidelog
  // service reads every other attribute of this resource back as a device key.
  return [
    ...own,
    ...attributes(Object.entries(deviceKeys).filter(([key]) => !SIDELOG_RESOURCE_ATTRIBUTES.includes(key))),
  ];
}

/** One request: one resource (a session's), one scope, the records in order. */
export function otlpRequest(resource: KeyValue[], sdkVersion: string, logRecords: OtlpLogRecord[]): ExportLogsRequest {
  return {
    resourceLogs: [
      {
        resource: { attributes: resource },
        scopeLogs: [{ scope: { name: SDK_NAME, version: sdkVersion }, logRecords }],
      },
    ],
  };
}
