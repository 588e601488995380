// Vitest 5 reports failures with Map.groupBy, which Node 20 lacks (it came in Node 21): without this,
// a failing test crashes the reporter instead of being shown. Remove once Node 22 is the floor.
const withGroupBy = Map as MapConstructor & { groupBy?: unknown };
if (typeof withGroupBy.groupBy !== 'function') {
  Object.defineProperty(Map, 'groupBy', {
    configurable: true,
    writable: true,
    value<K, T>(items: Iterable<T>, keyOf: (item: T, index: number) => K): Map<K, T[]> {
      const groups = new Map<K, T[]>();
      let index = 0;
      for (const item of items) {
        const key = keyOf(item, index++);
        const group = groups.get(key);
        if (group) group.push(item);
        else groups.set(key, [item]);
      }
      return groups;
    },
  });
}
