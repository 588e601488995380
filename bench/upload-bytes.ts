// Bytes a contender's uploads put on the wire (docs/benchmarks.md#main-thread-cost): what was sent, and the same
// uncompressed and gzipped, whichever of the two was sent (the other is worked out here with zlib at its default
// level, the level of CompressionStream's gzip in Chromium). Counted for the wire format by a middleware ahead of the local service's
// routes, per app key, and for OTLP at the bench's intake (bench/control-server.ts).
import type { Hono } from 'hono';
import { gunzipSync, gzipSync } from 'node:zlib';
import { COLLECTOR_BASE } from '../server/collector/collector.ts';

export interface UploadBytes {
  /** Request bodies as sent. */
  sent: number;
  /** The same uncompressed. */
  plain: number;
  /** The same gzipped. */
  gzip: number;
}

export const noBytes = (): UploadBytes => ({ sent: 0, plain: 0, gzip: 0 });

/** Adds one request body, as it came with its Content-Encoding, to `into`; returns it uncompressed. */
export function countBody(into: UploadBytes, body: Buffer, encoding: string | null | undefined): Buffer {
  const plain = encoding === 'gzip' ? gunzipSync(body) : body;
  into.sent += body.length;
  into.plain += plain.length;
  into.gzip += encoding === 'gzip' ? body.length : gzipSync(plain).length;
  return plain;
}

/** Counts the bodies of the requests to the collector per app key (X-App-Token); mount with startService's beforeRoutes. */
export function countCollectorBytes(): { mount: (app: Hono) => void; of: (appKey: string) => UploadBytes } {
  const counted = new Map<string, UploadBytes>();
  const of = (appKey: string) => {
    let found = counted.get(appKey);
    if (!found) counted.set(appKey, (found = noBytes()));
    return found;
  };
  return {
    mount(app) {
      app.use(`${COLLECTOR_BASE}/*`, async (c, next) => {
        const appKey = c.req.header('X-App-Token');
        if (c.req.method === 'POST' && appKey)
          countBody(of(appKey), Buffer.from(await c.req.raw.clone().arrayBuffer()), c.req.header('Content-Encoding'));
        await next();
      });
    },
    of,
  };
}
