// appID: the first 10 characters of the URL-safe base64 form of SHA-256 of the app key (design.md §3),
// the same value the page computes with crypto.subtle.digest.
import { createHash } from 'node:crypto';

export function appIdOf(appKey: string): string {
  return createHash('sha256').update(appKey, 'utf8').digest('base64url').slice(0, 10);
}
