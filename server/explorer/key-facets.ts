// The facet of device keys (docs/facets.md#device-keys): the keys of the view's devices as they stand now, each value
// counting the logs of the devices that have it. The devices' counts come from the other facets (server/explorer/facets.ts).
import type { FacetValue, KeyFacet } from '../../explorer-contract/api.types.ts';
import type { DeviceKeyValue } from '../../protocol/records.types.ts';
import type { ExplorerQueries } from '../stores/explorer-queries.types.ts';

/** Keys beyond this many (those covering the fewest logs) are left out; each key lists at most `top` values. */
const TOP_KEYS = 5;

/** A stored value (JSON) as the search box's `key.<name>:` takes it; undefined for a removal. */
export function typedValue(json: string): string | undefined {
  const value = JSON.parse(json) as DeviceKeyValue;
  return value === null ? undefined : String(value);
}

const byCount = (a: [string, number], b: [string, number]) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);

/** `devices`: each device's count of the view's logs. */
export async function keyFacets(
  queries: ExplorerQueries,
  appKey: string,
  devices: Map<string, number>,
  top: number,
): Promise<KeyFacet[]> {
  if (devices.size === 0) return [];
  const byKey = new Map<string, { logs: number; values: Map<string, number> }>();
  for (const row of await queries.deviceKeys(appKey, [...devices.keys()])) {
    const value = typedValue(row.value);
    const n = devices.get(row.udid) ?? 0;
    if (value === undefined || n === 0) continue;
    const key = byKey.get(row.key) ?? { logs: 0, values: new Map<string, number>() };
    key.logs += n;
    key.values.set(value, (key.values.get(value) ?? 0) + n);
    byKey.set(row.key, key);
  }
  return [...byKey]
    .map(([key, { logs }]) => [key, logs] as [string, number])
    .sort(byCount)
    .slice(0, TOP_KEYS)
    .map(([key]) => ({
      key,
      values: [...byKey.get(key)!.values]
        .sort(byCount)
        .slice(0, top)
        .map(([value, count]): FacetValue => ({ value, count })),
    }));
}
