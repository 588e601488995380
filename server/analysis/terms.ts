// A term of a sequence search (docs/explorer.md#sessions-by-sequence): search words, as the stream's search box takes
// them, or a pattern from the Patterns view (its tokens, `<*>` for what varies). A pattern is looked up in the store
// by its plain words, then each line found is checked against the pattern's tokens as Drain reads the line.
import { parseSearchQuery, SearchQueryError, type SearchQuery } from '../../explorer-contract/search-query.ts';
import type { ExplorerLog } from '../explorer-queries.types.ts';
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
  const words = plainWords(trimmed);
  if (words.length === 0) return 'is a pattern with no plain word to look its lines up by';
  const q = words.join(' ');
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
