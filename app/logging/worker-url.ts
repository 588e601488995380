// The `workerURL` option (docs/api.md#options): the worker's script where the host serves it itself. Browsers start a
// worker only from the page's own origin, so another is refused at init, where the mistake is made, rather than found
// once no worker would start and the engine ran in the page.

/** The option's value resolved against the page's address; throws unless it is of the page's origin. */
export function resolveWorkerURL(value: string, pageURL: string): string {
  let url: URL | undefined;
  try {
    url = new URL(value, pageURL);
  } catch {
    url = undefined;
  }
  if (url?.origin !== new URL(pageURL).origin)
    throw new Error("'workerURL' option must be a URL of the page's own origin.");
  return url.href;
}
