// The resolver of the service's outbound requests: it refuses a name any of whose addresses is private, unless allowed
// (private-addresses.ts). It runs when the connection is made, on the addresses the socket will use, so a name that
// resolved to a public address when it was set and to 127.0.0.1 now (DNS rebinding) is refused all the same; a name
// with a public and a private address is refused too, since the socket could fall back to either.
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { isPrivateAddress } from './private-addresses.ts';
import { privateTargetRefusal } from './target-policy.ts';

/** The code of the error a refused name fails its request with. */
export const PRIVATE_TARGET = 'EPRIVATETARGET';

export type Resolver = (
  hostname: string,
  options: LookupOptions & { all: true },
  callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;

export function privateTargetError(host: string): NodeJS.ErrnoException {
  return Object.assign(new Error(privateTargetRefusal(host)), { code: PRIVATE_TARGET });
}

/** A `lookup` for node:net that resolves with `resolve` (dns.lookup by default) and filters what it finds. */
export function guardedLookup(allowPrivate: boolean, resolve: Resolver = dnsLookup as Resolver): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 4);
      if (!allowPrivate && addresses.some((found) => isPrivateAddress(found.address)))
        return callback(privateTargetError(hostname), '', 4);
      // As dns.lookup answers: every address when asked for all (net's autoSelectFamily does), else the first.
      if ((options as LookupOptions).all)
        return (callback as unknown as (error: null, all: LookupAddress[]) => void)(null, addresses);
      const first = addresses[0];
      if (!first) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '', 4);
      callback(null, first.address, first.family);
    });
  };
}
