// The demo account and app the service is seeded with; the README names them and the portal uses the same app key.
import type { AppStore, PartnerStore } from './store.types.ts';
import { DEMO_VIEWS } from './demo-views.ts';
import { hashPassword } from './passwords.ts';

export const DEMO_PARTNER = { email: 'partner@example.com', password: 'partner123' } as const;

/** The demo app's key: enabled, so a page served by the local service logs to it with no set-up. */
export const DEMO_APP_KEY = 'sidelog-demo-key';

/** Adds the demo partner and app when they are missing; leaves them alone otherwise (a restart keeps their state). */
export function seedDemo(store: PartnerStore & AppStore): void {
  if (!store.partnerByEmail(DEMO_PARTNER.email)) {
    store.addPartner({ email: DEMO_PARTNER.email, passwordHash: hashPassword(DEMO_PARTNER.password) }, DEMO_VIEWS);
  }
  if (!store.app(DEMO_APP_KEY)) store.putApp(DEMO_APP_KEY, true);
}
