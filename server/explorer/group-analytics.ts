// An issue group's analytics (docs/explorer.md#an-issue-groups-analytics): its occurrences per day, by app version,
// OS and browser (as their sessions named them; a browser from the device's default name where it named none:
// protocol/device-browser.ts), when it was first seen (by the collector's clock, by the device's own, and the earliest
// version it occurred in), and the version it was resolved in. Read from the store's counts by
// version, OS, browser and day (IssueGroupStore.groupBreakdown), exact over the occurrences kept.
import { compareVersions } from '../analysis/version-order.ts';
import { deviceBrowser } from '../../protocol/device-browser.ts';
import type { GroupAnalytics } from '../../explorer-contract/group-analytics.types.ts';
import type { IssueGroupStore } from '../stores/store.types.ts';

export type { GroupAnalytics };

const DAY = 86_400_000;
/** What a session that named no version, OS or browser counts as. */
export const UNKNOWN = '(unknown)';

const byCount = (counts: Map<string, number>) =>
  [...counts]
    .sort(([a, m], [b, n]) => n - m || (a < b ? -1 : a > b ? 1 : 0))
    .map(([value, count]) => ({ value, count }));

/** Newest first; a version in no order after every ordered one, by name; the unknown last. */
function versionOrder(a: string, b: string): number {
  if (a === UNKNOWN || b === UNKNOWN) return Number(a === UNKNOWN) - Number(b === UNKNOWN);
  const order = compareVersions(b, a);
  if (order !== undefined) return order;
  const [x, y] = [compareVersions(a, a) === undefined, compareVersions(b, b) === undefined];
  return x !== y ? Number(x) - Number(y) : a < b ? -1 : a > b ? 1 : 0;
}

export async function groupAnalytics(store: IssueGroupStore, appKey: string, id: number): Promise<GroupAnalytics> {
  const { rows, firstLogged, resolvedIn } = await store.groupBreakdown(appKey, id);
  const days = new Map<string, number>();
  const versions = new Map<string, { count: number; first_seen: string }>();
  const os = new Map<string, number>();
  const browsers = new Map<string, number>();
  let occurrences = 0;
  let received: string | null = null;
  for (const row of rows) {
    occurrences += row.n;
    days.set(row.day, (days.get(row.day) ?? 0) + row.n);
    const version = row.version || UNKNOWN;
    const seen = versions.get(version);
    versions.set(version, {
      count: (seen?.count ?? 0) + row.n,
      first_seen: seen && seen.first_seen < row.first_received ? seen.first_seen : row.first_received,
    });
    os.set(row.os || UNKNOWN, (os.get(row.os || UNKNOWN) ?? 0) + row.n);
    const browser = deviceBrowser({ type: row.browser, name: row.device, os: row.os }) ?? UNKNOWN;
    browsers.set(browser, (browsers.get(browser) ?? 0) + row.n);
    if (received === null || row.first_received < received) received = row.first_received;
  }
  const known = [...days.keys()].sort();
  const allDays: { day: string; count: number }[] = [];
  if (known.length > 0)
    for (let at = Date.parse(known[0]!); at <= Date.parse(known.at(-1)!); at += DAY) {
      const day = new Date(at).toISOString().slice(0, 10);
      allDays.push({ day, count: days.get(day) ?? 0 });
    }
  const ordered = [...versions.keys()].sort(versionOrder);
  const oldest = ordered.filter((version) => compareVersions(version, version) !== undefined).at(-1) ?? null;
  return {
    occurrences,
    days: allDays,
    versions: ordered.map((value) => ({ value, ...versions.get(value)! })),
    os: byCount(os),
    browsers: byCount(browsers),
    first_seen: { received, logged: firstLogged, version: oldest },
    resolved_in: resolvedIn,
  };
}
