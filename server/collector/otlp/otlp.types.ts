// OTLP's logs messages as JavaScript objects: the shape of OTLP/JSON (lowerCamelCase keys, 64-bit integers as strings
// or numbers, trace and span ids as hex), which is also what server/collector/otlp/otlp-proto.ts makes of a protobuf body
// (bytes fields as Uint8Array there). Only the fields Sidelog reads or writes; a received body is checked against
// them field by field (server/collector/otlp/logs-from-otlp.ts), never trusted to match.

export interface OtlpAnyValue {
  stringValue?: string;
  boolValue?: boolean;
  /** int64: a decimal string (protobuf's and OTLP/JSON's usual form) or a number. */
  intValue?: string | number;
  doubleValue?: number;
  arrayValue?: { values?: OtlpAnyValue[] };
  kvlistValue?: { values?: OtlpKeyValue[] };
  /** base64 in OTLP/JSON, bytes in protobuf. */
  bytesValue?: string | Uint8Array;
}

export interface OtlpKeyValue {
  key: string;
  value?: OtlpAnyValue;
}

export interface OtlpLogRecord {
  /** fixed64 nanoseconds since the epoch, as a decimal string or a number. */
  timeUnixNano?: string | number;
  observedTimeUnixNano?: string | number;
  /** 1–4 trace, 5–8 debug, 9–12 info, 13–16 warn, 17–20 error, 21–24 fatal; 0 unspecified. */
  severityNumber?: number;
  severityText?: string;
  body?: OtlpAnyValue;
  attributes?: OtlpKeyValue[];
  /** 16 bytes: hex in OTLP/JSON, bytes in protobuf. */
  traceId?: string | Uint8Array;
  spanId?: string | Uint8Array;
  eventName?: string;
}

interface OtlpScopeLogs {
  scope?: { name?: string; version?: string; attributes?: OtlpKeyValue[] };
  logRecords?: OtlpLogRecord[];
}

export interface OtlpResourceLogs {
  resource?: { attributes?: OtlpKeyValue[] };
  scopeLogs?: OtlpScopeLogs[];
}

/** opentelemetry.proto.collector.logs.v1.ExportLogsServiceRequest */
export interface OtlpLogsRequest {
  resourceLogs?: OtlpResourceLogs[];
}

/** opentelemetry.proto.collector.logs.v1.ExportLogsServiceResponse: empty when every record was accepted. */
export interface OtlpLogsResponse {
  partialSuccess?: { rejectedLogRecords?: string | number; errorMessage?: string };
}

/** google.rpc.Status, the body of an OTLP/HTTP answer of 4xx or 5xx. */
export interface OtlpStatus {
  code: number;
  message: string;
}

/** The two encodings of OTLP/HTTP. */
export type OtlpEncoding = 'json' | 'protobuf';

export const OTLP_CONTENT_TYPES: Record<OtlpEncoding, string> = {
  json: 'application/json',
  protobuf: 'application/x-protobuf',
};
