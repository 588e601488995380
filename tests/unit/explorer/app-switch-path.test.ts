// Choosing another app keeps the kind of view open (an issue group's page lost its view to the
// hyphen in `/issue-groups`); a page of one record (a group, an issue, a device) goes to its list, since the record
// is the other app's.
import { describe, expect, test } from 'vitest';
import { appSwitchPath } from '../../../explorer/app-switch-path.ts';

describe('the view another app opens in', () => {
  test.each([
    ['/logs', '/logs'],
    ['/patterns', '/patterns'],
    ['/sequences', '/sequences'],
    ['/sessions', '/sessions'],
    ['/settings', '/settings'],
    ['/account', '/account'],
    ['/issues', '/issues'],
    ['/issues/8c1b0d0e-5f7e', '/issues'],
    ['/issue-groups/6', '/issues'],
    ['/issue-groups/6/story', '/issues'],
    ['/devices', '/devices'],
    ['/devices/0d273b43-aa', '/devices'],
    ['/nowhere', '/logs'],
  ])('%s → %s', (from, to) => {
    expect(appSwitchPath(from)).toBe(to);
  });
});
