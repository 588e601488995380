// Whether the service may send to private addresses (docs/local-service.md#configuration): SIDELOG_ALLOW_PRIVATE_TARGETS=1
// allows webhooks and forwarding to reach loopback and private networks, for a receiver on the same host or network.
// Read where each request is checked rather than passed down: the webhooks and the forwarder are set from the admin
// API, the explorer and the start-up alike, and each of those checks the one setting.
import { isPrivateHost } from './private-addresses.ts';

const ALLOW_PRIVATE_TARGETS = 'SIDELOG_ALLOW_PRIVATE_TARGETS';

/** The setting's value: '1' allows, unset, '' or '0' does not; anything else is refused at start-up. */
export function privateTargetsAllowed(env: Record<string, string | undefined> = process.env): boolean {
  const value = env[ALLOW_PRIVATE_TARGETS]?.trim() ?? '';
  if (value !== '' && value !== '0' && value !== '1')
    throw new Error(`${ALLOW_PRIVATE_TARGETS} must be 1 (allow) or 0 (refuse, the default), not '${value}'`);
  return value === '1';
}

/** The refusal every private target gets, before any connection: the same text whatever listens there. */
export const privateTargetRefusal = (host: string) =>
  `${host} is a loopback, private, link-local or metadata address, refused (${ALLOW_PRIVATE_TARGETS}=1 allows it)`;

/** Why a target URL cannot be set, or undefined: its host is a private address (in any spelling `new URL()` normalises,
 * 2130706433 or 0x7f.1 as 127.0.0.1) or a name that always is one, unless allowed. Names that resolve to one are
 * refused when a request connects (outbound-lookup.ts). */
export function targetProblem(url: URL, allowPrivate = privateTargetsAllowed()): string | undefined {
  return !allowPrivate && isPrivateHost(url.hostname) ? privateTargetRefusal(url.hostname) : undefined;
}
