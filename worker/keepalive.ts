// Mode C keeps its data in memory, so what is not uploaded when the page is hidden would be lost with
// the page: it goes out through the keepalive flavour of the upload target (fetch keepalive, which outlives the
// page but allows under 64 KiB of bodies in flight), so logs go in chunks, one after another, each deleted once
// accepted. Anything the target does not accept stops the send; the rest stays for the ordinary uploader.
import type { StoredLog } from '../protocol/index.ts';
import { toLogRecord } from './format.ts';
import type { Guard } from './guard.ts';
import type { SidelogStorage } from './storage/storage.types.ts';
import { KEEPALIVE_CHUNK_BYTES, UPLOAD_BATCH_SIZE } from './tuning.ts';
import type { Setback, UploadTarget } from './upload-target.types.ts';

export interface KeepaliveDeps {
  storage: SidelogStorage;
  /** The keepalive flavour of the upload target: its requests outlive the page. */
  target: UploadTarget;
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

export async function sendKeepalive({ storage, target, guard, debug }: KeepaliveDeps): Promise<void> {
  // Only what the ordinary uploader would send too: a device the service has not enabled keeps its logs.
  if (!guard.canUpload()) return;
  const stop = (setback: Setback) => debug(`Sidelog could not send logs as the page was hidden: ${setback.reason}`);
  try {
    for (const session of await storage.sessions()) {
      const logs = await storage.oldestLogs(session.uuid, Number.MAX_SAFE_INTEGER);
      if (logs.length === 0) continue;
      let id = session.id;
      if (id === undefined) {
        const registered = await target.registerSession(session.payload);
        if (registered.outcome !== 'accepted') return stop(registered);
        id = registered.sessionId;
        await storage.setSessionId(session.uuid, id);
      }
      for (const chunk of chunkLogs(logs)) {
        const sent = await target.sendLogs(
          { id, uuid: session.uuid, payload: session.payload },
          chunk.map(toLogRecord),
        );
        // Whatever was not taken stays stored for the ordinary uploader, should the page live on.
        if (sent.outcome !== 'accepted') return stop(sent);
        await storage.deleteLogs(chunk.map((log) => log.id!));
      }
    }
  } catch (error) {
    debug(
      `Sidelog could not send logs as the page was hidden: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}
