// Where the app picker goes: the same kind of view for the other app. A page of one record (an issue group, an
// issue, a device) opens its list instead, since the record belongs to the app left behind.
const LISTS: Record<string, string> = {
  logs: '/logs',
  patterns: '/patterns',
  sequences: '/sequences',
  sessions: '/sessions',
  settings: '/settings',
  account: '/account',
  issues: '/issues',
  'issue-groups': '/issues',
  devices: '/devices',
};

/** The path to open for another app from `location` (a path under the explorer's base, without its query). */
export function appSwitchPath(location: string): string {
  // The first segment whole, hyphens included: `/issue-groups/6` is an issue group's page, not `/issue`.
  const first = location.split('/')[1] ?? '';
  return LISTS[first] ?? '/logs';
}
