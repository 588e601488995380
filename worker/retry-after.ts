// How long a service asked to be left alone (docs/uploader.md#targets-and-outcomes): both targets read it.

/** `Retry-After` in milliseconds: a number of seconds, or an HTTP date. */
export function retryAfterOf(response: Response): number | undefined {
  const value = response.headers.get('Retry-After')?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const when = Date.parse(value);
  return Number.isNaN(when) ? undefined : Math.max(0, when - Date.now());
}
