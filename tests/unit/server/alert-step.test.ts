// An alert's rule on a count that is only a lower bound (a scan stopped short of the window: docs/explorer.md#alerts):
// it decides only what such a count can tell.
import { expect, test } from 'vitest';
import { alertStep } from '../../../server/alerts/alert-step.ts';

const NOW = Date.UTC(2026, 10, 26, 11, 0);
const above = { kind: 'above', count: 20, minutes: 5 } as const;
const none = { kind: 'none', minutes: 10 } as const;
const quiet = { firingId: null, lastFiredAt: null };
const firing = { firingId: 7, lastFiredAt: NOW - 60_000 };

test.each([
  // [alert, state, count, at least, step]
  ['above, 21 found of a scan cut short: fires', above, quiet, 21, true, 'fire'],
  ['above, 3 found of a scan cut short: cannot tell, stays quiet', above, quiet, 3, true, null],
  ['above, firing, 3 found of a scan cut short: cannot tell, keeps firing', above, firing, 3, true, null],
  ['above, firing, 3 counted exactly: clears', above, firing, 3, false, 'clear'],
  ['none, 0 found of a scan cut short: cannot tell, does not fire', none, quiet, 0, true, null],
  ['none, 0 counted exactly: fires', none, quiet, 0, false, 'fire'],
  ['none, firing, 1 found of a scan cut short: clears', none, firing, 1, true, 'clear'],
  ['none, firing, 0 found of a scan cut short: keeps firing', none, firing, 0, true, null],
] as const)('%s', (_, alert, state, count, atLeast, step) => {
  expect(alertStep({ alert, ...state }, count, NOW, atLeast)).toBe(step);
});
