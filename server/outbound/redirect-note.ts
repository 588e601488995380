// What an outbound request's 3xx says in a status or an error: where it pointed, without credentials. Redirects are
// not followed (outbound-post.ts); the receiver's URL is what the admin set, and the note shows what to set instead.
import type { OutboundAnswer } from './outbound-post.ts';
import { withoutCredentials } from './without-credentials.ts';

/** "redirected to … (redirects are not followed)" for a 3xx answer to a request to `url`; undefined otherwise. */
export function redirectNote(answer: OutboundAnswer, url: string): string | undefined {
  if (answer.status < 300 || answer.status >= 400) return undefined;
  const location = answer.headers.location;
  const to = location && URL.canParse(location, url) ? withoutCredentials(new URL(location, url).href) : 'nowhere';
  return `redirected to ${to} (redirects are not followed)`;
}
