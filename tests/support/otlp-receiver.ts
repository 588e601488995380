// An OTLP/HTTP logs receiver for the forwarder's tests: a real HTTP server that decodes each request with
// OpenTelemetry's own definitions (the .proto files in server/collector/otlp/vendor/, loaded here with protobufjs, not through
// the product's code), JSON through the same message type, and keeps every record it accepted. It can go down (its
// socket closed: connections are refused) and come back on the same port.
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import protobuf from 'protobufjs';

const PROTO_DIR = fileURLToPath(new URL('../../server/collector/otlp/vendor/', import.meta.url));
const root = new protobuf.Root();
root.resolvePath = (_origin, target) => (target.startsWith('google/protobuf/') ? target : `${PROTO_DIR}${target}`);
root.loadSync('opentelemetry/proto/collector/logs/v1/logs_service.proto');
const Request = root.lookupType('opentelemetry.proto.collector.logs.v1.ExportLogsServiceRequest');

type AnyValue = { stringValue?: string; intValue?: string; boolValue?: boolean; doubleValue?: number };
const valueOf = (value: AnyValue | undefined) =>
  value?.stringValue ??
  (value?.intValue !== undefined ? Number(value.intValue) : (value?.boolValue ?? value?.doubleValue));
const attributesOf = (list: { key: string; value?: AnyValue }[] | undefined) =>
  Object.fromEntries((list ?? []).map((kv) => [kv.key, valueOf(kv.value)]));

/** A record as the receiver got it: its resource's attributes and its own, flattened. */
interface ReceivedRecord {
  resource: Record<string, unknown>;
  timeUnixNano: string;
  severityNumber?: number;
  severityText?: string;
  body?: string;
  attributes: Record<string, unknown>;
}

export interface OtlpReceiver {
  url: string;
  records: ReceivedRecord[];
  /** Content types of the requests accepted. */
  contentTypes: Set<string>;
  down(): Promise<void>;
  up(): Promise<void>;
  close(): Promise<void>;
}

async function decode(request: IncomingMessage): Promise<protobuf.Message> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const bytes = Buffer.concat(chunks);
  if ((request.headers['content-type'] ?? '').includes('protobuf')) return Request.decode(bytes);
  // OTLP/JSON is the message's JSON mapping: read into the message type, 64-bit integers from their strings.
  return Request.fromObject(JSON.parse(bytes.toString('utf8')) as Record<string, unknown>);
}

/** `refuses`: a request holding a record it matches is answered 400, as a receiver answers data it will never take. */
export async function startOtlpReceiver(
  options: { refuses?: (record: ReceivedRecord) => boolean } = {},
): Promise<OtlpReceiver> {
  const records: ReceivedRecord[] = [];
  const contentTypes = new Set<string>();
  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    try {
      const message = Request.toObject(await decode(request), { longs: String, enums: Number }) as {
        resourceLogs?: { resource?: { attributes?: [] }; scopeLogs?: { logRecords?: Record<string, any>[] }[] }[];
      };
      const accepted: ReceivedRecord[] = [];
      for (const resourceLogs of message.resourceLogs ?? []) {
        const resource = attributesOf(resourceLogs.resource?.attributes);
        for (const scopeLogs of resourceLogs.scopeLogs ?? []) {
          for (const record of scopeLogs.logRecords ?? []) {
            accepted.push({
              resource,
              timeUnixNano: record.timeUnixNano,
              severityNumber: record.severityNumber,
              severityText: record.severityText,
              body: record.body?.stringValue,
              attributes: attributesOf(record.attributes),
            });
          }
        }
      }
      if (options.refuses && accepted.some(options.refuses)) throw new Error('a record this receiver refuses');
      records.push(...accepted);
      contentTypes.add(request.headers['content-type'] ?? '');
      response.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
    } catch (error) {
      response
        .writeHead(400, { 'Content-Type': 'application/json' })
        .end(JSON.stringify({ code: 3, message: String(error) }));
    }
  };
  let server: Server = createServer((request, response) => void handle(request, response));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  /** New connections are refused at once; a request in flight is answered first, so none is half-accepted. */
  const stop = async () => {
    const closed = once(server, 'close');
    server.close();
    const idle = setInterval(() => server.closeIdleConnections(), 5);
    await closed;
    clearInterval(idle);
  };
  return {
    url: `http://127.0.0.1:${port}/v1/logs`,
    records,
    contentTypes,
    down: stop,
    async up() {
      server = createServer((request, response) => void handle(request, response));
      server.listen(port, '127.0.0.1');
      await once(server, 'listening');
    },
    close: async () => {
      if (server.listening) await stop();
    },
  };
}
