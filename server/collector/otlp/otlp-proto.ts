// OTLP's protobuf encoding, from OpenTelemetry's own .proto files (server/collector/otlp/vendor/, unmodified), loaded with
// protobufjs when the module is first imported: the collector decodes requests and encodes answers with it, the
// forwarder encodes requests and decodes answers.
import { fileURLToPath } from 'node:url';
import protobuf from 'protobufjs';
import type { OtlpLogsRequest, OtlpLogsResponse, OtlpStatus } from './otlp.types.ts';

const PROTO_DIR = fileURLToPath(new URL('./vendor/', import.meta.url));

const root = new protobuf.Root();
// google/protobuf/*.proto are protobufjs's own copies (the "common" types); the rest are the files beside this module.
root.resolvePath = (_origin, target) => (target.startsWith('google/protobuf/') ? target : `${PROTO_DIR}${target}`);
root.loadSync(['opentelemetry/proto/collector/logs/v1/logs_service.proto', 'google/rpc/status.proto']);

const Request = root.lookupType('opentelemetry.proto.collector.logs.v1.ExportLogsServiceRequest');
const Response = root.lookupType('opentelemetry.proto.collector.logs.v1.ExportLogsServiceResponse');
const Status = root.lookupType('google.rpc.Status');

/** 64-bit integers as decimal strings (exact, as OTLP/JSON writes them), enums as numbers, bytes as Uint8Array. */
const AS_OBJECT: protobuf.IConversionOptions = { longs: String, enums: Number };

/** A protobuf ExportLogsServiceRequest as the OTLP/JSON-shaped object; throws on bytes that are not one. */
export function decodeLogsRequest(bytes: Uint8Array): OtlpLogsRequest {
  return Request.toObject(Request.decode(bytes), AS_OBJECT) as OtlpLogsRequest;
}

export function encodeLogsRequest(request: OtlpLogsRequest): Uint8Array {
  return Request.encode(Request.fromObject(request)).finish();
}

export function encodeLogsResponse(response: OtlpLogsResponse): Uint8Array {
  return Response.encode(Response.fromObject(response)).finish();
}

/** A receiver's protobuf answer; throws on bytes that are not one. */
export function decodeLogsResponse(bytes: Uint8Array): OtlpLogsResponse {
  return Response.toObject(Response.decode(bytes), AS_OBJECT) as OtlpLogsResponse;
}

export function encodeStatus(status: OtlpStatus): Uint8Array {
  return Status.encode(Status.fromObject(status)).finish();
}
