// Rounds to figures: the median of each figure with its spread (min and max), and ratios to the peer and the floor.
export interface Summary {
  median: number | null;
  min: number | null;
  max: number | null;
  /** One value per round; null where the round had no such figure (not stored, not all delivered, failed). */
  values: (number | null)[];
}

export function summarise(values: (number | null)[]): Summary {
  const present = values
    .filter((value): value is number => value !== null && Number.isFinite(value))
    .sort((a, b) => a - b);
  if (present.length === 0) return { median: null, min: null, max: null, values };
  const middle = present.length >> 1;
  const median = present.length % 2 ? present[middle]! : (present[middle - 1]! + present[middle]!) / 2;
  return { median, min: present[0]!, max: present[present.length - 1]!, values };
}

/** a / b, or null where either is missing or b is zero. */
export function ratio(a: number | null | undefined, b: number | null | undefined): number | null {
  if (a == null || b == null || b === 0) return null;
  return a / b;
}
