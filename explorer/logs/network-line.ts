// A network line's text (docs/api.md#network-requests: JSON { method, status?, url, duration, size?, error?, beacon? })
// read as the stream's columns. Any other text, or one that does not read so, is shown as it is.
import { NETWORK_TAG } from '../../protocol/limits.ts';
import { lineObject } from './line-object.ts';

export interface NetworkColumns {
  method: string;
  /** The status, the name of the error for a request that got no answer, or 'beacon'. */
  outcome: string;
  url: string;
  duration?: string;
}

export function networkColumns(tag: string | null | undefined, text: string): NetworkColumns | undefined {
  if (tag !== NETWORK_TAG) return undefined;
  const line = lineObject(text);
  if (!line) return undefined;
  const { method, url, status, error, beacon, duration } = line;
  if (typeof method !== 'string' || typeof url !== 'string') return undefined;
  const outcome =
    typeof status === 'number' ? String(status) : typeof error === 'string' ? error : beacon ? 'beacon' : '';
  return { method, outcome, url, duration: typeof duration === 'number' ? `${duration} ms` : undefined };
}
