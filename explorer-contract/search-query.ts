// The search box's query language (docs/explorer.md#search), parsed once into a tree that the page (to highlight
// hits) and each store (to compile it: server/stores/sqlite/search-sql.ts, server/stores/postgres/search-sql.ts) share:
//   words  *fragment*  client.ts  "a phrase"  -word  -"a phrase"  timeout OR refused  level:error  tag:net  file:client.ts  method:send
//   url:/checkout  device:<udid>  session:<uid>  version:2.1.0  language:en-GB  key.email:ann@example.com
//   field:"a value with spaces"  status:502  status:5xx  -status:200  duration>800  duration<=50
//   @event:click  @status>=500  @user.id:7  @duration:[100 TO 800]  (fields parsed from the text: parsed-field.ts)
// Terms side by side must all match; OR (in capitals) joins the terms either side of it into one group, any of which
// may match, and binds tighter than the space: `a b OR c` is a AND (b OR c). Parentheses group, and nest:
// `(a OR b) -c`, `level:error (timeout OR refused)`, `(a b) OR c`, `-(a OR b)`. Whatever the nesting, the parse is
// one AND of ORs of terms, each maybe negated (the laws of De Morgan and distribution), so that the stores compile
// one shape only and give the same rows.
import { LogLevel } from '../protocol/levels.ts';
import { PARSED_TERM, parsedTerm, type ParsedFieldTerm } from './parsed-field.ts';
import { both, either, negation, type Conjunction as Clauses } from './search-boolean.ts';

type Conjunction = Clauses<SearchClause>;

/** The most terms a query may hold (a phrase counts its words): each is a lookup in an index, and a query of hundreds
 * of terms is an attack, not a search. */
export const MAX_SEARCH_TERMS = 8;
/** The shortest fragment (a term found inside words, by a scan): a one- or two-letter fragment would match most logs.
 * A shorter term is looked up as whole words. */
export const MIN_INFIX = 3;

/** The fields `field:value` may name, besides `key.<name>` (a device key). */
export const SEARCH_FIELDS = [
  'level',
  'tag',
  'file',
  'method',
  'url',
  'device',
  'session',
  'version',
  'language',
] as const;
type SearchField = (typeof SEARCH_FIELDS)[number];

/** The numbers of a network line's JSON text (docs/api.md#network-requests) a term may compare: `status:502`,
 * `status:5xx`, `duration>800` (milliseconds). They match network lines only (tag bf_network). */
export const NETWORK_FIELDS = ['status', 'duration'] as const;
type NetworkField = (typeof NETWORK_FIELDS)[number];
/** `class` is a status class: `status:5xx` is value 5, from 500 up to 599. */
type NetworkOp = '=' | '<' | '<=' | '>' | '>=' | 'class';

export type SearchTerm =
  /** Whole words of the log's text (letters, digits and underscores; in the word index): one word as typed, or, under
   * MIN_INFIX characters, the words it holds. */
  | { kind: 'word'; text: string }
  /** Text anywhere in the log's text, file, method, URL or tag, inside words too, ignoring case: a term of MIN_INFIX
   * characters or more that is not one whole word (`client.ts`, `/checkout`), or one written between stars
   * (`*artner*`, the stars dropped). No index holds it: it is found by reading logs (docs/explorer.md#fragments). */
  | { kind: 'fragment'; text: string }
  /** These words of the log's text, one after the other. */
  | { kind: 'phrase'; words: string[] }
  /** A level (a log without one is Debug, 0). */
  | { kind: 'level'; level: number }
  /** tag, device, session, version, language (the session's app version and language): equal; file, method, url:
   * contains (case-insensitive). */
  | { kind: 'field'; field: Exclude<SearchField, 'level'>; value: string }
  /** Logs of devices whose key `key` has this value now (as typed: "gold", 42, true). */
  | { kind: 'key'; key: string; value: string }
  /** A network line (tag bf_network) whose JSON text's `field` is a number that compares so with `value`. No index
   * holds it: it is tested on each network line read. */
  | { kind: 'network'; field: NetworkField; op: NetworkOp; value: number }
  /** A field parsed from the log's text at query time, `@name` (docs/explorer.md#parsed-fields). No index holds it: it
   * is tested on each log read. */
  | ParsedFieldTerm;

export interface SearchClause {
  negated: boolean;
  term: SearchTerm;
}

/** Every group must match; a group matches when any of its clauses does. */
export interface SearchQuery {
  groups: SearchClause[][];
}

/** A query the language cannot take; the API answers it 400 with its message (docs/errors.md). */
export class SearchQueryError extends Error {}

const LEVEL_BY_NAME: Record<string, number> = Object.fromEntries(
  Object.entries(LogLevel).map(([name, level]) => [name.toLowerCase(), level]),
);
const WORDS = /[\p{L}\p{N}_]+/gu;
/** The words of a text as the word indexes split it: letters, digits and underscores. */
export const wordsOf = (text: string): string[] => text.match(WORDS) ?? [];

/** One token of the query: a term (maybe negated), the OR between two, or a parenthesis (an opening one maybe
 * negated). */
type Token =
  | { kind: 'or' }
  | { kind: 'open'; negated: boolean }
  | { kind: 'close' }
  | { kind: 'term'; clause: SearchClause };

const UNOPENED = `A closing parenthesis has no opening one: add it, or remove the ')', as in (timeout OR refused)`;
const UNCLOSED = `A parenthesis is not closed: close it, as in (timeout OR refused)`;

/** How many of a term's trailing ')' close parentheses of the query rather than belong to the term: those its own '('
 * do not match (`foo()` is a term; in `(a OR b)`, b's ')' closes the group). */
function closers(text: string): number {
  let open = 0;
  let unmatched = 0;
  for (const char of text) {
    if (char === '(') open++;
    else if (char === ')') {
      if (open > 0) open--;
      else unmatched++;
    }
  }
  const trailing = text.length - text.replace(/\)+$/, '').length;
  return Math.min(trailing, unmatched);
}

/** Reads a quoted text starting at `at` (on the opening quote): the text and where reading goes on. */
function quoted(q: string, at: number): { text: string; end: number } {
  const close = q.indexOf('"', at + 1);
  if (close < 0) throw new SearchQueryError(`A quote in the search is not closed: close it, as in "bad gateway"`);
  return { text: q.slice(at + 1, close), end: close + 1 };
}

function fieldTerm(name: string, value: string): SearchTerm {
  if (value === '')
    throw new SearchQueryError(`'${name}:' needs a value, as in ${name}:${name === 'level' ? 'error' : 'value'}`);
  if (name.startsWith('key.')) return { kind: 'key', key: name.slice(4), value };
  if (name === 'level') {
    const level = LEVEL_BY_NAME[value.toLowerCase()];
    if (level === undefined)
      throw new SearchQueryError(`'level:' takes one of ${Object.keys(LEVEL_BY_NAME).join(', ')}`);
    return { kind: 'level', level };
  }
  return { kind: 'field', field: name as Exclude<SearchField, 'level'>, value };
}

const NETWORK_TERM = /^(status|duration)(:|>=|<=|>|<)/i;
const NUMBER = /^\d+(\.\d+)?$/;

/** `status:502`, `status:5xx`, `status>=400`, `duration>800`: a name, its comparison and the value after it. */
function networkTerm(name: NetworkField, written: string, value: string): SearchTerm {
  const op = (written === ':' ? '=' : written) as NetworkOp;
  if (name === 'status') {
    if (value === '' && written === ':') throw new SearchQueryError(`'status:' needs a value, as in status:502`);
    const statusClass = written === ':' && /^([1-5])xx$/i.exec(value);
    if (statusClass) return { kind: 'network', field: name, op: 'class', value: Number(statusClass[1]) };
    if (!NUMBER.test(value))
      throw new SearchQueryError(
        written === ':'
          ? `'status:' takes a number or a class, as in status:502 or status:5xx`
          : `'status${written}' needs a number, as in status${written}500`,
      );
    return { kind: 'network', field: name, op, value: Number(value) };
  }
  if (!NUMBER.test(value))
    throw new SearchQueryError(`'duration${written}' needs a number of milliseconds, as in duration${written}800`);
  return { kind: 'network', field: name, op, value: Number(value) };
}

/** A whole word when the text is one word as the word indexes split words (or shorter than a fragment may be), else a
 * fragment: stars at either end mark one and are dropped. */
function wordOrFragment(text: string): SearchTerm {
  const starred = text.startsWith('*') || text.endsWith('*');
  if (!starred && (text.length < MIN_INFIX || wordsOf(text).join('') === text)) return { kind: 'word', text };
  const inner = text.replace(/^\*+|\*+$/g, '');
  if (inner.length < MIN_INFIX)
    throw new SearchQueryError(
      `'${text}' is a fragment of under ${MIN_INFIX} characters: a fragment needs ${MIN_INFIX} or more, as in *artner*`,
    );
  return { kind: 'fragment', text: inner };
}

function tokens(q: string): Token[] {
  const found: Token[] = [];
  let at = 0;
  let depth = 0;
  /** A bare value, up to a space (or a quote): any ')' ending it that close open parentheses are taken off it. */
  const bare = (stop: RegExp): string => {
    const end = q.slice(at).search(stop);
    const text = end < 0 ? q.slice(at) : q.slice(at, at + end);
    const closing = depth > 0 ? Math.min(closers(text), depth) : 0;
    at += text.length - closing;
    return text.slice(0, text.length - closing);
  };
  while (at < q.length) {
    if (/\s/.test(q[at]!)) {
      at++;
      continue;
    }
    if (q[at] === ')') {
      if (depth === 0) throw new SearchQueryError(UNOPENED);
      depth--;
      at++;
      found.push({ kind: 'close' });
      continue;
    }
    const negated = q[at] === '-' && at + 1 < q.length && !/\s/.test(q[at + 1]!);
    if (negated) at++;
    if (q[at] === '(') {
      depth++;
      at++;
      found.push({ kind: 'open', negated });
      continue;
    }
    let term: SearchTerm;
    if (q[at] === '"') {
      const { text, end } = quoted(q, at);
      at = end;
      const words = wordsOf(text);
      if (words.length === 0) throw new SearchQueryError(`A phrase needs a letter or a digit, as in "bad gateway"`);
      term = { kind: 'phrase', words };
    } else {
      const field = /^([A-Za-z]+|key\.[^\s:"]+):/.exec(q.slice(at));
      const name = field?.[1]!.toLowerCase();
      const network = NETWORK_TERM.exec(q.slice(at));
      const parsed = PARSED_TERM.exec(q.slice(at));
      if (parsed) {
        at += parsed[0].length;
        let value: string;
        if (q[at] === '"') ({ text: value, end: at } = quoted(q, at));
        else {
          // A range `[100 TO 800]` holds spaces: it reads to its closing bracket.
          const end = q[at] === '[' && parsed[2] === ':' ? q.indexOf(']', at) + 1 : 0;
          if (end > 0) {
            value = q.slice(at, end);
            at = end;
          } else value = bare(/\s/);
        }
        const named = parsedTerm(parsed[1]!, parsed[2]!, value);
        if ('refused' in named) throw new SearchQueryError(named.refused);
        term = named;
      } else if (network) {
        at += network[0].length;
        const value = bare(/\s/);
        term = networkTerm(network[1]!.toLowerCase() as NetworkField, network[2]!, value);
      } else if (field && name && (name.startsWith('key.') || (SEARCH_FIELDS as readonly string[]).includes(name))) {
        at += field[0].length;
        let value: string;
        if (q[at] === '"') ({ text: value, end: at } = quoted(q, at));
        else value = bare(/\s/);
        term = fieldTerm(name.startsWith('key.') ? `key.${field[1]!.slice(4)}` : name, value);
      } else {
        const text = bare(/[\s"]/);
        if (text === 'OR' && !negated) {
          found.push({ kind: 'or' });
          continue;
        }
        // Unmatched ')' left on a term are more than the open parentheses.
        if (closers(text) > 0) throw new SearchQueryError(UNOPENED);
        if (text.length < MIN_INFIX && wordsOf(text).length === 0)
          throw new SearchQueryError(
            `'${text}' has no letter or digit: words under ${MIN_INFIX} characters must be letters or digits`,
          );
        term = wordOrFragment(text);
      }
    }
    found.push({ kind: 'term', clause: { negated, term } });
  }
  if (depth > 0) throw new SearchQueryError(UNCLOSED);
  return found;
}

const cost = (term: SearchTerm) =>
  term.kind === 'phrase'
    ? term.words.length
    : term.kind === 'word' && term.text.length < MIN_INFIX
      ? wordsOf(term.text).length
      : 1;

const NEEDS_SIDES = `OR needs a term on each side, as in timeout OR refused`;

/** Reads the tokens into one AND of ORs: a sequence of `or`s side by side, each of `unary`s joined by OR, each a term
 * or a parenthesised sequence, maybe negated. */
function conjunction(found: Token[]): Conjunction {
  let at = 0;
  const unary = (): Conjunction => {
    const token = found[at++];
    if (token === undefined || token.kind === 'or') throw new SearchQueryError(NEEDS_SIDES);
    if (token.kind === 'term') return [[token.clause]];
    if (token.kind === 'close')
      throw new SearchQueryError(`Parentheses need a term inside, as in (timeout OR refused)`);
    const inner = sequence();
    at++; // its ')': tokens() checked that each '(' is closed
    if (inner.length === 0) throw new SearchQueryError(`Parentheses need a term inside, as in (timeout OR refused)`);
    return token.negated ? negation(inner) : inner;
  };
  const alternatives = (): Conjunction => {
    let joined = unary();
    while (found[at]?.kind === 'or') {
      at++;
      if (found[at] === undefined || found[at]!.kind === 'close' || found[at]!.kind === 'or')
        throw new SearchQueryError(NEEDS_SIDES);
      joined = either(joined, unary());
    }
    return joined;
  };
  const sequence = (): Conjunction => {
    let all: Conjunction = [];
    while (at < found.length && found[at]!.kind !== 'close') {
      if (found[at]!.kind === 'or') throw new SearchQueryError(NEEDS_SIDES);
      all = both(all, alternatives());
    }
    return all;
  };
  return sequence();
}

/** The query `q` names; throws SearchQueryError. An empty query has no groups (it matches every log). */
export function parseSearchQuery(q: string): SearchQuery {
  // SQLite's full-text MATCH reads its string only up to a NUL, and PostgreSQL stores U+FFFD for one: no store could
  // find the text as typed, so neither is asked (docs/local-service.md#search-bounds).
  if (q.includes('\0')) throw new SearchQueryError('The search cannot hold the NUL character (U+0000): remove it');
  const found = tokens(q);
  // The bound counts terms as typed, before the parentheses are multiplied out.
  const terms = found.reduce((sum, token) => sum + (token.kind === 'term' ? cost(token.clause.term) : 0), 0);
  if (terms > MAX_SEARCH_TERMS)
    throw new SearchQueryError(
      `The search holds at most ${MAX_SEARCH_TERMS} terms (a phrase counts its words): search for fewer`,
    );
  return { groups: conjunction(found) };
}

/** The texts a row's text is searched for, to highlight them: the words, fragments and phrases not negated. */
export function highlightTerms(query: SearchQuery): Extract<SearchTerm, { kind: 'word' | 'fragment' | 'phrase' }>[] {
  return query.groups
    .flat()
    .flatMap((clause) =>
      !clause.negated &&
      (clause.term.kind === 'word' || clause.term.kind === 'fragment' || clause.term.kind === 'phrase')
        ? [clause.term]
        : [],
    );
}
