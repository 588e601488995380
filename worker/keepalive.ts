// Mode C keeps its data in memory, so what is not uploaded when the page is hidden would be lost with
// the page: it goes out with fetch keepalive, which outlives the page but allows under 64 KiB of
// bodies in flight, so logs go in chunks, one after another, each deleted once accepted.
import type { StoredLog } from '../protocol/index.ts';
import { toLogRecord } from './format.ts';
import type { Guard } from './guard.ts';
import type { ServiceClient } from './service-client.ts';
import type { SidelogStorage } from './storage/storage.types.ts';
import { KEEPALIVE_CHUNK_BYTES, UPLOAD_BATCH_SIZE } from './tuning.ts';

export interface KeepaliveDeps {
  storage: SidelogStorage;
  client: ServiceClient;
  guard: Pick<Guard, 'canUpload'>;
  debug: (message: string) => void;
}

const encoder = new TextEncoder();

/** Splits logs into chunks whose JSON stays under `maxBytes`. A log larger than that on its own is left
 * out: it stays stored for the ordinary uploader, should the page live on. */
export function chunkLogs(logs: StoredLog[], maxBytes = KEEPALIVE_CHUNK_BYTES): StoredLog[][] {
  const chunks: StoredLog[][] = [];
  let chunk: StoredLog[] = [];
  let size = 0;
  for (const log of logs) {
    const bytes = encoder.encode(JSON.stringify(toLogRecord(log))).length + 1;
    if (chunk.length > 0 && (size + bytes > maxBytes || chunk.length === UPLOAD_BATCH_SIZE)) {
      chunks.push(chunk);
      chunk = [];
      size = 0;
    }
    if (bytes > maxBytes) continue;
    chunk.push(log);
    size += bytes;
  }
  if (chunk.length > 0) chunks.push(chunk);
  return chunks;
}

export async function sendKeepalive({ storage, client, guard, debug }: KeepaliveDeps): Promise<void> {
  // Only what the ordinary uploader would send too: a device the service has not enabled keeps its logs.
  if (!guard.canUpload()) return;
  try {
    for (const session of await storage.sessions()) {
      const logs = await storage.oldestLogs(session.uuid, Number.MAX_SAFE_INTEGER);
      if (logs.length === 0) continue;
      let id = session.id;
      if (id === undefined) {
        ({ id } = await client.call('sendSession', session.payload, { keepalive: true }));
        await storage.setSessionId(session.uuid, id);
      }
      for (const chunk of chunkLogs(logs)) {
        await client.call('sendLogs', { session_id: id, logs: chunk.map(toLogRecord) }, { keepalive: true });
        await storage.deleteLogs(chunk.map((log) => log.id!));
      }
    }
  } catch (error) {
    debug(`Sidelog could not send logs as the page was hidden: ${error instanceof Error ? error.message : String(error)}`);
  }
}
