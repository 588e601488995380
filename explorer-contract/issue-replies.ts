// A reply's text (docs/explorer.md#replies): plain text of 1 to REPLY_MAX_CHARS characters once the white space around
// it is trimmed. The page checks it before sending and the API again on arrival, with the same words.

export const REPLY_MAX_CHARS = 5_000;

/** The text as kept, or why it is refused. Characters are Unicode code points, as PostgreSQL counts them. */
export function replyText(text: unknown): { text: string } | { error: string } {
  if (typeof text !== 'string') return { error: `'text' must be a string` };
  const trimmed = text.trim();
  if (trimmed === '') return { error: 'A reply cannot be empty: write something first.' };
  const length = [...trimmed].length;
  if (length > REPLY_MAX_CHARS)
    return {
      error: `A reply is at most ${REPLY_MAX_CHARS.toLocaleString('en')} characters; this one has ${length.toLocaleString('en')}.`,
    };
  // PostgreSQL's text cannot hold it; no one types it, but a pasted binary can carry it.
  if (trimmed.includes('\0')) return { error: 'A reply cannot hold the NUL character (U+0000).' };
  return { text: trimmed };
}
