// What an app's webhook may be (docs/explorer.md#the-webhook), set through the admin API or the explorer by the admin.
import { targetProblem } from '../outbound/target-policy.ts';

const MAX_WEBHOOK_URL = 2_000;

/** Why `url` cannot be a webhook, or undefined when it can: an absolute http or https URL, with no credentials in it,
 * not to a private address unless allowed (server/outbound/target-policy.ts). */
export function webhookUrlProblem(url: unknown): string | undefined {
  if (typeof url !== 'string' || url.length > MAX_WEBHOOK_URL)
    return `'url' must be a URL of at most ${MAX_WEBHOOK_URL} characters, or null to remove the webhook`;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return `'url' must be an absolute URL`;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return `'url' must be an http or https URL`;
  if (parsed.username || parsed.password) return `'url' must not hold a user name or password`;
  const refused = targetProblem(parsed);
  return refused && `'url': ${refused}`;
}
