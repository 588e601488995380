// What the connected server's version() has of the features the log store would use where it can, as the OpenTelemetry
// exporter gates its full-text index on the version (docs/clickhouse.md#version-aware-extras). Everything else the
// store sends is SQL that Debian's 18.16 and current servers both accept.
import type { ClickHouseClient } from '@clickhouse/client';
import { rowsOf } from './client.ts';

export interface ServerFeatures {
  version: string;
  /** LowCardinality(String) with no setting: production-ready in 19.3 (18.x wants an experimental setting, which 26.x
   * refuses as unknown, so 18.x gets plain String). */
  lowCardinality: boolean;
  /** Table TTL: 19.6. */
  ttl: boolean;
  /** An index of the text's words: `text` (GA in 26.2), else the token bloom filter `tokenbf_v1` (no setting needed
   * from 20.1), else none (18.16 has no skip indexes: a word is found by a scan). */
  wordIndex: 'text' | 'tokenbf' | undefined;
  /** Skip indexes (`minmax`, the bloom filters) with no setting: 20.1 (19.x wants an experimental setting; 18.16 has
   * none). The forwarder's read of arrival numbers uses a `minmax` one. */
  skipIndexes: boolean;
}

const atLeast = (version: number[], major: number, minor: number) =>
  version[0]! > major || (version[0] === major && version[1]! >= minor);

export function featuresOf(version: string): ServerFeatures {
  const parts = version.split('.').map(Number);
  return {
    version,
    lowCardinality: atLeast(parts, 19, 3),
    ttl: atLeast(parts, 19, 6),
    wordIndex: atLeast(parts, 26, 2) ? 'text' : atLeast(parts, 20, 1) ? 'tokenbf' : undefined,
    skipIndexes: atLeast(parts, 20, 1),
  };
}

export async function serverFeatures(client: ClickHouseClient): Promise<ServerFeatures> {
  const [row] = await rowsOf<{ version: string }>(client, 'SELECT version() AS version');
  return featuresOf(row!.version);
}
