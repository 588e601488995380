// What the search box suggests as one types (docs/explorer.md#suggestions): at the caret, a field's name while the
// term has no colon yet (`le` → `level:`), and once it has one, that field's common values among the facets the view
// already counted (`tag:n` → `tag:net`), most common first. Pure: the box (SearchSuggest.tsx) shows and applies them.
import { LEVELS } from '../format.ts';
import { NETWORK_FIELDS, SEARCH_FIELDS } from '../../explorer-contract/search-query.ts';
import type { FacetValue, LogFacets } from '../api.ts';

/** The most suggestions shown at once. */
export const MAX_SUGGESTIONS = 8;

export interface Suggestion {
  /** What replaces the term at the caret. */
  insert: string;
  /** What the option shows: the text, and a hint beside it (a count, a device's name). */
  label: string;
  hint?: string;
}

/** The facets each field's values come from. */
const FACET_OF: Partial<Record<string, keyof Pick<LogFacets, 'tag' | 'file' | 'device' | 'version' | 'language'>>> = {
  tag: 'tag',
  file: 'file',
  device: 'device',
  version: 'version',
  language: 'language',
};

const NAMES = [...SEARCH_FIELDS, ...NETWORK_FIELDS, 'key.'];

/** The term the caret is at: where it starts (after a space, a `-` or a `(`), and its text up to the caret. */
export function termAt(q: string, caret: number): { start: number; text: string } {
  let start = caret;
  while (start > 0 && !/[\s(]/.test(q[start - 1]!)) start--;
  if (q[start] === '-') start++;
  return { start, text: q.slice(start, caret) };
}

const quotedIfSpaced = (value: string) => (/[\s"()]/.test(value) ? `"${value.replaceAll('"', '')}"` : value);

/** The suggestions for the term at `caret` in `q`, given the view's facets (none yet: names only). */
export function suggestions(q: string, caret: number, facets: LogFacets | undefined): Suggestion[] {
  const { text } = termAt(q, caret);
  if (text === '' || text.startsWith('"')) return [];
  const colon = text.indexOf(':');
  if (colon < 0) {
    const typed = text.toLowerCase();
    return NAMES.filter((name) => name.startsWith(typed) && name !== typed)
      .slice(0, MAX_SUGGESTIONS)
      .map((name) => ({
        insert: name.endsWith('.') ? name : `${name}:`,
        label: name.endsWith('.') ? `${name}<name>:` : `${name}:`,
      }));
  }
  const name = text.slice(0, colon).toLowerCase();
  const typed = text.slice(colon + 1).toLowerCase();
  let values: FacetValue[];
  if (name === 'level') values = LEVELS.map((level) => ({ value: level.name, count: 0, label: level.label }));
  else {
    const facet = FACET_OF[name];
    if (!facet || !facets) return [];
    values = facets[facet];
  }
  return values
    .filter(
      (value) =>
        value.value.toLowerCase().startsWith(typed) ||
        // A device is found by who it is, too (its label: docs/explorer.md#identity).
        (name === 'device' && value.label !== undefined && typed !== '' && value.label.toLowerCase().includes(typed)),
    )
    .filter((value) => value.value.toLowerCase() !== typed)
    .slice(0, MAX_SUGGESTIONS)
    .map((value) => ({
      insert: `${name}:${quotedIfSpaced(value.value)} `,
      label: `${name}:${value.value}`,
      hint:
        name === 'level' ? undefined : `${value.label ? `${value.label}, ` : ''}${value.count.toLocaleString('en')}`,
    }));
}

/** `q` with the term at `caret` replaced by the suggestion, and where the caret goes after it. */
export function applySuggestion(q: string, caret: number, suggestion: Suggestion): { q: string; caret: number } {
  const { start } = termAt(q, caret);
  let end = caret;
  while (end < q.length && !/\s/.test(q[end]!)) end++;
  const next =
    q.slice(0, start) + suggestion.insert + q.slice(end).replace(/^\s+/, suggestion.insert.endsWith(' ') ? '' : ' ');
  return { q: next, caret: start + suggestion.insert.length };
}
