// Where a log's text holds the search's hits (docs/explorer.md#search), computed on the page from the parsed query's
// terms, as the stores match them: a fragment anywhere, a word as a whole word (a short one as its words), a phrase
// as its words one after the other; all ignoring case. The server sends no markup.
import { highlightTerms, parseSearchQuery, wordsOf, type SearchTerm } from '../../explorer-contract/search-query.ts';

/** [start, end) in the text's UTF-16 units. */
type Range = [number, number];

/** Literal text as a pattern: RegExp.escape is too new for the browsers the explorer serves. */
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
/** Not inside a word: as the word indexes split words (letters, digits, underscore). */
const whole = (pattern: string) => `(?<![\\p{L}\\p{N}_])${pattern}(?![\\p{L}\\p{N}_])`;

function patternOf(term: SearchTerm): string | undefined {
  if (term.kind === 'fragment') return escape(term.text);
  if (term.kind === 'word')
    return (
      wordsOf(term.text)
        .map((word) => whole(escape(word)))
        .join('|') || undefined
    );
  if (term.kind === 'phrase') return whole(term.words.map(escape).join('[^\\p{L}\\p{N}_]+'));
  return undefined;
}

/** The patterns of a search box's query, or none when it does not parse (the page shows the API's error then). */
export function highlightPatterns(q: string): RegExp[] {
  let terms: SearchTerm[];
  try {
    terms = highlightTerms(parseSearchQuery(q));
  } catch {
    return [];
  }
  return terms.flatMap((term) => {
    const pattern = patternOf(term);
    return pattern ? [new RegExp(pattern, 'giu')] : [];
  });
}

/** The hits in `text`, in order, overlapping ones merged. */
export function highlightRanges(text: string, patterns: readonly RegExp[]): Range[] {
  const found: Range[] = [];
  for (const pattern of patterns)
    for (const match of text.matchAll(pattern))
      if (match[0].length > 0) found.push([match.index, match.index + match[0].length]);
  found.sort((a, b) => a[0] - b[0]);
  const merged: Range[] = [];
  for (const range of found) {
    const last = merged.at(-1);
    if (last && range[0] <= last[1]) last[1] = Math.max(last[1], range[1]);
    else merged.push([...range]);
  }
  return merged;
}
