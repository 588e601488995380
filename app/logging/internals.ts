// What Sidelog's own parts and the tests reach of a client that its public API does not show: the captures record
// calls without printing them and lines of Sidelog's own making; tests ask the engine how it stands. Kept out of SidelogClient so that a developer sees only the public API (docs/api.md).
import type { EngineStatus } from '../../protocol/index.ts';
import type { CaptureTarget } from './capture/capture.types.ts';

export interface SidelogInternals extends CaptureTarget {
  /** What the engine reports about itself. */
  status(): Promise<EngineStatus>;
}

const INTERNALS = new WeakMap<object, SidelogInternals>();

/** Called once by each client as it is made. */
export function registerInternals(client: object, internals: SidelogInternals): void {
  INTERNALS.set(client, internals);
}

export function internalsOf(client: object): SidelogInternals {
  const internals = INTERNALS.get(client);
  if (!internals) throw new Error('not a SidelogClient');
  return internals;
}
