// The addresses an outbound request of the service (a webhook, forwarding) must not reach unless the operator allows
// it (docs/local-service.md#configuration): whoever sets a URL through the admin API would otherwise make the service
// call what only it can reach: itself, its database, the network behind it, the cloud's metadata service.
import { BlockList, isIP } from 'node:net';

const blocked = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network", 0.0.0.0 among it: the host itself on most systems
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT; Alibaba Cloud's metadata service (100.100.100.200) is in it
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local; the metadata service of AWS, Google Cloud, Azure (169.254.169.254)
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast address
] as const)
  blocked.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128],
  ['fc00::', 7], // unique local; AWS's IPv6 metadata service (fd00:ec2::254) is in it
  ['fe80::', 10],
  ['ff00::', 8], // multicast
] as const)
  blocked.addSubnet(network, prefix, 'ipv6');

/** Host names that always mean the host itself or a metadata service, whatever a resolver says. */
const BLOCKED_NAMES = new Set(['localhost', 'metadata', 'metadata.google.internal', 'metadata.goog']);

/** Whether `address`, an IP address, is loopback, private, link-local, CGNAT, unspecified, multicast or reserved.
 * An IPv4-mapped IPv6 address (::ffff:127.0.0.1) is judged as its IPv4 address. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  return family !== 0 && blocked.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** Whether a URL's host name (as `new URL()` gives it: IPv6 in brackets, IPv4 in any spelling normalised) is a
 * private address, or a name that always means one. */
export function isPrivateHost(hostname: string): boolean {
  const host = hostname
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '')
    .toLowerCase();
  return isPrivateAddress(host) || BLOCKED_NAMES.has(host) || host.endsWith('.localhost');
}
