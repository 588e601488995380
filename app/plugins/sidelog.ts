// Sidelog, the remote logging service, started with the portal's app key and release. Never awaited: the page
// renders at once, and a failed start is reported without stopping the portal.
import { Sidelog } from 'sidelog';

/** A blank build is dropped by Sidelog, which then sends its default. */
export function startSidelog(appKey: string, release: { version: string; build: string }): void {
  try {
    Sidelog.init({ appKey, ...release }).catch((error: unknown) => console.warn('Sidelog did not start', error));
  } catch (error) {
    // Invalid options throw at once.
    console.warn('Sidelog did not start', error);
  }
}
