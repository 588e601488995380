// Sidelog, the remote logging service, started with the portal's app key. Never awaited: the page
// renders at once, and a failed start is reported without stopping the portal.
import { Sidelog } from 'sidelog';

export function startSidelog(appKey: string): void {
  try {
    Sidelog.init({ appKey }).catch((error: unknown) => console.warn('Sidelog did not start', error));
  } catch (error) {
    // Invalid options throw at once.
    console.warn('Sidelog did not start', error);
  }
}
