// appID: the short id of an app key that the URLs handed to pages carry. Sidelog derives it as the first 10
// characters of the URL-safe base64 form of SHA-256 of the app key (docs/wire-format.md#appid-and-intent-urls), the same value the page computes
// with crypto.subtle.digest. The Bugfender SDK derives it from the same hash in base58 (Bitcoin's alphabet, as its
// bundled encoder), so a URL it returns names the app differently; the viewer accepts both.
import { createHash } from 'node:crypto';

const sha256 = (appKey: string) => createHash('sha256').update(appKey, 'utf8').digest();

export function appIdOf(appKey: string): string {
  return sha256(appKey).toString('base64url').slice(0, 10);
}

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/** Base58 as Bitcoin writes it: the bytes as one big number in base 58, each leading zero byte as a '1'. */
function base58(bytes: Uint8Array): string {
  let number = BigInt(`0x${Buffer.from(bytes).toString('hex') || '0'}`);
  let digits = '';
  while (number > 0n) {
    digits = BASE58[Number(number % 58n)] + digits;
    number /= 58n;
  }
  const zeros = bytes.findIndex((byte) => byte !== 0);
  return '1'.repeat(zeros === -1 ? bytes.length : zeros) + digits;
}

/** The appID that @bugfender/sdk 2.4.0 puts in its URLs for `appKey`. */
export function bugfenderAppIdOf(appKey: string): string {
  return base58(sha256(appKey)).slice(0, 10);
}
