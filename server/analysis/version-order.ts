// App versions in order (docs/explorer.md#resolved-in-a-version), semver-ish: `2.4.1` is read as its numeric segments
// (2, 4, 1), compared one by one, a missing one as 0 (`2.4` is `2.4.0`); at equal numbers a pre-release (`2.4.1-beta`,
// `2.4.1-rc.2`: text after a `-`) comes before the release, and two pre-releases compare by their text; build metadata
// (after a `+`) is left out. A version that does not start with a number (`dev`, `latest`) is in no order.

/** The numeric segments and pre-release text of `version`, or undefined when it has no order. */
function parts(version: string): { numbers: number[]; pre: string } | undefined {
  const found = /^v?(\d{1,15}(?:\.\d{1,15})*)(?:-([^+]*))?(?:\+.*)?$/.exec(version.trim());
  if (!found) return undefined;
  return { numbers: found[1]!.split('.').map(Number), pre: found[2] ?? '' };
}

/** Negative when `a` comes before `b`, positive after, 0 the same; undefined when either has no order. */
export function compareVersions(a: string, b: string): number | undefined {
  const [x, y] = [parts(a), parts(b)];
  if (!x || !y) return undefined;
  for (let i = 0; i < Math.max(x.numbers.length, y.numbers.length); i++) {
    const difference = (x.numbers[i] ?? 0) - (y.numbers[i] ?? 0);
    if (difference !== 0) return Math.sign(difference);
  }
  if (x.pre === y.pre) return 0;
  if (x.pre === '') return 1;
  if (y.pre === '') return -1;
  return x.pre < y.pre ? -1 : 1;
}

/** Whether an occurrence from `version` leaves a group resolved in `resolvedIn` resolved: only one from an earlier
 * version does; a later or the same one, or one of a version in no order (or none), reopens it. */
export const olderThanFix = (version: string | null | undefined, resolvedIn: string): boolean =>
  version != null && (compareVersions(version, resolvedIn) ?? 0) < 0;
