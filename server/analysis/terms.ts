// A term of a sequence search (docs/explorer.md#sessions-by-sequence): search words, as the stream's search box takes
// them, or a pattern from the Patterns view (its tokens, `<*>` for what varies). A pattern is looked up in the store
// by its plain words, then each line found is checked against the pattern's tokens as Drain reads the line.
import {
  MAX_SEARCH_TERMS,
  parseSearchQuery,
  SearchQueryError,
  type SearchQuery,
} from '../../explorer-contract/search-query.ts';
import type { ExplorerLog } from '../stores/explorer-queries.types.ts';
import { drainTokens } from './drain.ts';
import { WILDCARD } from './variables.ts';

export interface Term {
  /** What the store's search is asked for (docs/explorer.md#search): every line of the term matches it. */
  q: string;
  search: SearchQuery;
  matches(log: ExplorerLog): boolean;
}

/** The words of a template that both stores' full-text indexes hold as words: tokens of letters and digits only
 * (punctuation around them aside), none holding a wildcard. */
export function plainWords(template: string): string[] {
  return template
    .split(/\s+/)
    .filter((token) => !token.includes(WILDCARD))
    .map((token) => token.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''))
    .filter((word) => /^[\p{L}\p{N}]+$/u.test(word));
}

/** The words of a token that holds what varies (a JSON line is one token, `{"event":<*>,"tag":<*>}`): each piece
 * between wildcards that punctuation other than `_` parts from them, trimmed of that punctuation, when only letters and
 * digits are left, as plainWords takes a token. A piece glued to a wildcard (`<*>ms`, `user_<*>`) is part of a longer
 * word in the line, which no index holds as this one. */
function wordsBetweenWildcards(token: string): string[] {
  const pieces = token.split(WILDCARD);
  return pieces.flatMap((piece, i) => {
    if (i > 0 && /^[\p{L}\p{N}_]/u.test(piece)) return [];
    if (i < pieces.length - 1 && /[\p{L}\p{N}_]$/u.test(piece)) return [];
    const word = piece.replace(/^[^\p{L}\p{N}_]+|[^\p{L}\p{N}_]+$/gu, '');
    return /^[\p{L}\p{N}]+$/u.test(word) ? [word] : [];
  });
}

/** The search that looks up a pattern's lines (the stream's "Show lines", a sequence's term): each run of plain
 * words side by side in the template as a phrase, since they stand side by side in every line of the pattern (a lone
 * word as a word). Within the search box's bound (MAX_SEARCH_TERMS, a phrase counting its words): the longest runs
 * first, a run cut to what is left, so that a long pattern asks for what a search can hold. Empty with no plain word. */
export function patternSearch(template: string): string {
  const runs: string[][] = [[]];
  for (const token of template.split(/\s+/).filter(Boolean)) {
    if (token.includes(WILDCARD)) {
      // A value stands between each of its words and the next: none side by side.
      runs.push(...wordsBetweenWildcards(token).map((word) => [word]), []);
      continue;
    }
    const word = plainWords(token)[0];
    if (word === undefined) runs.push([]);
    else runs.at(-1)!.push(word);
  }
  const found = runs.filter((run) => run.length > 0);
  const chars = (run: string[]) => run.join(' ').length;
  const kept = new Map<string[], string[]>();
  let left = MAX_SEARCH_TERMS;
  for (const run of [...found].sort((a, b) => chars(b) - chars(a))) {
    if (left === 0) break;
    kept.set(run, run.slice(0, left));
    left -= kept.get(run)!.length;
  }
  return found
    .flatMap((run) => {
      const words = kept.get(run);
      if (!words) return [];
      return [words.length === 1 ? words[0]! : `"${words.join(' ')}"`];
    })
    .join(' ');
}

/** A pattern's token against a line's (masked) token: `<*>` matches any token, and inside a token (`user_<*>`,
 * `<*>ms`) any characters; the rest must be equal. */
function tokenMatcher(token: string): (lineToken: string) => boolean {
  if (token === WILDCARD) return () => true;
  if (!token.includes(WILDCARD)) return (lineToken) => lineToken === token;
  const glob = new RegExp(
    `^${token
      .split(WILDCARD)
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*')}$`,
    's',
  );
  return (lineToken) => glob.test(lineToken);
}

/** The term `text` names, or why it cannot be searched for. */
export function termOf(text: string): Term | string {
  const trimmed = text.trim();
  if (trimmed === '') return 'is empty';
  if (!trimmed.includes(WILDCARD)) return searchOf(trimmed);
  const q = patternSearch(trimmed);
  if (q === '') return 'is a pattern with no plain word to look its lines up by';
  const search = searchOf(q);
  if (typeof search === 'string') return search;
  const tokens = trimmed.split(/\s+/).map(tokenMatcher);
  return {
    ...search,
    matches(log) {
      const line = drainTokens(log.t ?? '');
      return line.length === tokens.length && tokens.every((matches, i) => matches(line[i]!));
    },
  };
}

/** A search's term with every line matching, or why the search box's language refuses it. */
function searchOf(q: string): Term | string {
  try {
    return { q, search: parseSearchQuery(q), matches: () => true };
  } catch (error) {
    if (error instanceof SearchQueryError) return `is not a search the search box takes: ${error.message}`;
    throw error;
  }
}
