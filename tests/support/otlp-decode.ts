// OTLP/HTTP JSON log requests decoded with OpenTelemetry's own definitions: the .proto files of opentelemetry-proto
// (the collector's copy in server/collector/otlp/vendor/, as released) loaded with protobufjs. Decoding is strict where a lenient
// reader would hide a mistake: every key must be a field of its message in lowerCamelCase, 64-bit integers decimal strings, enums
// integers, at most one member of a oneof (AnyValue) set (docs/opentelemetry.md#sidelog-uploads-otlp). The message
// then goes through protobufjs (to the binary encoding and back), and comes out as protobufjs reads it.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import protobuf from 'protobufjs';

const PROTO_DIR = join(dirname(fileURLToPath(import.meta.url)), '../../server/collector/otlp/vendor');

function loadRequestType(): protobuf.Type {
  const root = new protobuf.Root();
  root.resolvePath = (_origin, target) => join(PROTO_DIR, target);
  root.loadSync('opentelemetry/proto/collector/logs/v1/logs_service.proto');
  root.resolveAll();
  return root.lookupType('opentelemetry.proto.collector.logs.v1.ExportLogsServiceRequest');
}

const requestType = loadRequestType();

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const INTEGER_32 = new Set(['int32', 'uint32', 'sint32', 'fixed32', 'sfixed32']);
const INTEGER_64 = new Set(['int64', 'uint64', 'sint64', 'fixed64', 'sfixed64']);

/** What is wrong with `json` as the JSON encoding of `type`, one line per problem. */
function problemsOf(json: unknown, type: protobuf.Type, path: string): string[] {
  if (!isObject(json)) return [`${path}: not an object`];
  const problems: string[] = [];
  for (const [key, value] of Object.entries(json)) {
    const field = type.fields[key];
    if (!field) {
      problems.push(`${path}.${key}: ${type.fullName} has no such field`);
      continue;
    }
    if (!field.repeated) problems.push(...valueProblems(value, field, `${path}.${key}`));
    else if (!Array.isArray(value)) problems.push(`${path}.${key}: not an array`);
    else value.forEach((item, i) => problems.push(...valueProblems(item, field, `${path}.${key}[${i}]`)));
  }
  for (const oneof of type.oneofsArray) {
    const set = oneof.fieldsArray.filter((field) => json[field.name] !== undefined);
    if (set.length > 1)
      problems.push(`${path}: more than one of ${oneof.name} (${set.map((field) => field.name).join(', ')})`);
  }
  return problems;
}

function valueProblems(value: unknown, field: protobuf.Field, path: string): string[] {
  const resolved = field.resolvedType;
  if (resolved instanceof protobuf.Type) return problemsOf(value, resolved, path);
  if (resolved instanceof protobuf.Enum) {
    return Number.isInteger(value) && Object.values(resolved.values).includes(value as number)
      ? []
      : [`${path}: not one of ${resolved.name}'s numbers`];
  }
  const ok =
    field.type === 'string'
      ? typeof value === 'string'
      : field.type === 'bool'
        ? typeof value === 'boolean'
        : field.type === 'double' || field.type === 'float'
          ? typeof value === 'number'
          : INTEGER_32.has(field.type)
            ? Number.isInteger(value)
            : INTEGER_64.has(field.type)
              ? typeof value === 'string' && /^-?\d+$/.test(value)
              : field.type === 'bytes'
                ? typeof value === 'string'
                : false;
  return ok
    ? []
    : [
        `${path}: ${JSON.stringify(value)} is not a ${field.type}${INTEGER_64.has(field.type) ? ' as a decimal string' : ''}`,
      ];
}

/** A decoded request as protobufjs reads it: 64-bit integers as decimal strings, enums as numbers, unset fields absent. */
export type DecodedRequest = {
  resourceLogs?: {
    resource?: { attributes?: DecodedKeyValue[] };
    scopeLogs?: { scope?: { name?: string; version?: string }; logRecords?: DecodedLogRecord[] }[];
  }[];
};
type DecodedAnyValue = {
  stringValue?: string;
  boolValue?: boolean;
  intValue?: string;
  doubleValue?: number;
  arrayValue?: { values?: DecodedAnyValue[] };
  kvlistValue?: { values?: DecodedKeyValue[] };
};
export type DecodedKeyValue = { key: string; value: DecodedAnyValue };
export type DecodedLogRecord = {
  timeUnixNano?: string;
  observedTimeUnixNano?: string;
  severityNumber?: number;
  severityText?: string;
  body?: DecodedAnyValue;
  attributes?: DecodedKeyValue[];
  eventName?: string;
};

/** Decodes an ExportLogsServiceRequest's JSON; throws with every problem found. */
export function decodeLogsRequest(json: unknown): DecodedRequest {
  const problems = problemsOf(json, requestType, 'ExportLogsServiceRequest');
  if (problems.length > 0) throw new Error(`not an OTLP logs request:\n${problems.join('\n')}`);
  const binary = requestType.encode(requestType.fromObject(json as Record<string, unknown>)).finish();
  return requestType.toObject(requestType.decode(binary), {
    longs: String,
    enums: Number,
    bytes: String,
  }) as DecodedRequest;
}

/** An AnyValue as a plain value (an array's values as an array). */
export function plain(value: DecodedAnyValue | undefined): unknown {
  if (!value) return undefined;
  if (value.arrayValue) return (value.arrayValue.values ?? []).map(plain);
  return value.stringValue ?? value.boolValue ?? value.intValue ?? value.doubleValue;
}

/** Attributes as a plain object. */
export const attributeMap = (attributes: DecodedKeyValue[] = []) =>
  Object.fromEntries(attributes.map(({ key, value }) => [key, plain(value)]));
