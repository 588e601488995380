// What a check of an alert does with its window's count (docs/explorer.md#alerts): fire when the condition starts
// holding, at most once per window; clear when it stops holding; else nothing. Pure, so that its rule reads in one place.
import { alertHolds } from '../../explorer-contract/view-alert.ts';
import type { DueAlert } from '../stores/store.types.ts';

const MINUTE = 60_000;

/** `atLeast`: the count is a lower bound (a scan that stopped before covering the window, or the count's cap). It then
 * decides only what it can: "more than N" holds once N+1 are found, and "none" stops holding once one is; whether
 * "more than N" stops holding, or "none" starts, it cannot tell, and the alert stays as it was. */
export function alertStep(
  due: Pick<DueAlert, 'alert' | 'firingId' | 'lastFiredAt'>,
  count: number,
  now: number,
  atLeast = false,
): 'fire' | 'clear' | null {
  const holds = alertHolds(due.alert, count);
  if (atLeast && holds !== (due.alert.kind === 'above')) return null;
  // Firing: no repeat while it keeps holding.
  if (due.firingId !== null) return holds ? null : 'clear';
  if (!holds) return null;
  // Cleared and holding again within a window of its last firing: it waits for the window to pass.
  if (due.lastFiredAt !== null && now - due.lastFiredAt < due.alert.minutes * MINUTE) return null;
  return 'fire';
}
