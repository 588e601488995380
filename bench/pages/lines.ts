// The burst's log lines: short varied text, numbered so the bench can tell which arrived, and one small object each.
// Made before the burst, so that building them is not part of any logger's cost.
const VERBS = ['opened', 'closed', 'saved', 'loaded', 'clicked', 'sorted', 'printed'];
const NOUNS = [
  'cart',
  'order',
  'sales table',
  'stats view',
  'warehouse row',
  'support form',
  'invoice',
  'filter',
  'page',
  'toast',
  'menu',
];

export interface BurstLines {
  texts: string[];
  objects: { id: number; sku: string; qty: number; ok: boolean }[];
}

export function makeLines(count: number): BurstLines {
  const texts: string[] = [];
  const objects: BurstLines['objects'] = [];
  for (let i = 0; i < count; i++) {
    texts.push(`${NOUNS[i % NOUNS.length]} ${VERBS[i % VERBS.length]} #${i}`);
    objects.push({ id: i, sku: `SKU-${i % 97}`, qty: i % 5, ok: i % 2 === 0 });
  }
  return { texts, objects };
}
