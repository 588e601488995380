// Notes on a query whose view found nothing, where the query is likely not what was meant (docs/explorer.md#search):
// a lowercase `or`, a name before a colon that is no field, words that may have been meant as pieces of words, a
// device key with no value. The language reads each of these as something valid, so the search answers no error,
// only no line. The page shows the notes beside "No logs match", rather than zero results with no reason.
import type { FilterParams } from './log-filters.ts';
import { NETWORK_FIELDS, SEARCH_FIELDS } from './search-query.ts';

const NAMES: readonly string[] = [...SEARCH_FIELDS, ...NETWORK_FIELDS];
const FIELDS = `${NAMES.join(', ')}, key.<name> and @<name>`;
/** One word as the word indexes hold it: letters, digits and underscores, in any script (docs/explorer.md#search). */
const WORD = /^[\p{L}\p{N}_]+$/u;

/** The notes on the view `params` names (its `q`, `key` and `value`), each a sentence; none for a query as meant. */
export function searchNotes(params: Pick<FilterParams, 'get'>): string[] {
  const notes: string[] = [];
  // Quoted text is text as meant: its words and colons are left out of the checks.
  // Parentheses group terms: `(timeout or refused)` holds the word "or" all the same.
  const bare = (params.get('q') ?? '').replace(/"[^"]*"?/g, ' ').replace(/(^|\s)-?\(+|\)+(?=\s|$)/g, ' ');
  const tokens = bare.split(/\s+/).filter(Boolean);
  if (tokens.includes('or'))
    notes.push(
      '“or” in lowercase is searched as a word: to find lines with either side, write OR in capitals (timeout OR refused).',
    );
  for (const token of tokens) {
    // A name of letters before a colon and a value: `https://…` (a URL) and `12:30` (a time) are words as meant.
    const field = /^-?([A-Za-z]+):(?!\/\/)(.+)$/.exec(token);
    if (!field || NAMES.includes(field[1]!.toLowerCase())) continue;
    const [, name, value] = field;
    notes.push(
      `“${name}:” is not a field, so “${name}:${value}” is searched as text. The fields are ${FIELDS} (a device key: key.${name}:${value}; a field of the log's text: @${name}:${value}).`,
    );
  }
  // Nothing but words ("ойт", "ushSta"): each is found whole, and a piece of a longer word is what was likely meant.
  const words = (params.get('q') ?? '').split(/\s+/).filter(Boolean);
  if (words.length > 0 && words.every((word) => WORD.test(word) && word !== 'or' && word !== 'OR'))
    notes.push(
      `Words are found whole, so ${words.map((word) => `“${word}”`).join(' ')} finds only lines holding ${words.length > 1 ? 'those words' : 'that word'}: to find ${words.length > 1 ? 'them' : 'it'} inside longer words, write ${words.map((word) => `*${word}*`).join(' ')}.`,
    );
  const key = params.get('key');
  if (key && (params.get('value') ?? '') === '')
    notes.push(
      `The device key “${key}” has no value, so only devices whose ${key} is empty match: type a value, or clear the key.`,
    );
  return notes;
}
