// What the folded filters say of the ones they hide (docs/explorer.md#the-screen): each set filter beyond the search
// box and the levels, in words, so that a folded bar still tells what the view is narrowed to.
import { absoluteTime, type Zone } from '../format.ts';

export function foldedSummary(params: URLSearchParams, zone: Zone): string {
  const parts: string[] = [];
  const tags = params.getAll('tag').filter(Boolean);
  if (tags.length > 0) parts.push(`${tags.length === 1 ? 'Tag' : 'Tags'} ${tags.join(', ')}`);
  const key = params.get('key');
  if (key) parts.push(`Key ${key} = ${params.get('value') ?? ''}`);
  const time = (name: string) => {
    const value = params.get(name);
    const ms = value === null ? NaN : Date.parse(value);
    return Number.isFinite(ms) ? absoluteTime(ms, zone).slice(0, 19) : undefined;
  };
  const from = time('from');
  const to = time('to');
  if (from) parts.push(`From ${from}`);
  if (to) parts.push(`To ${to}`);
  return parts.join(' · ');
}
