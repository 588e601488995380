// The demo account and app the service is seeded with; the README names them and the portal uses the same app key.
import type { AppStore, PartnerStore } from '../stores/store.types.ts';
import { DEMO_VIEWS } from './demo-views.ts';
import { hashPassword } from '../http/passwords.ts';
import { PARTNER_DEVICE_KEY } from '../../portal/constants.ts';

export const DEMO_PARTNER = { email: 'partner@example.com', password: 'partner123' } as const;

/** The demo app's key: enabled, so a page served by the local service logs to it with no set-up, and named by the
 * device key the portal attaches after sign-in, so that the explorer says which partner a session is. */
export const DEMO_APP_KEY = 'sidelog-demo-key';

let demoHash: Promise<string> | undefined;
/** Hashed once per process (scrypt takes tens of milliseconds): tests seed many databases. */
const demoPasswordHash = () => (demoHash ??= hashPassword(DEMO_PARTNER.password));

/** Adds the demo partner and app when they are missing; leaves them alone otherwise (a restart keeps their state). */
export async function seedDemo(store: PartnerStore & AppStore): Promise<void> {
  if (!(await store.partnerByEmail(DEMO_PARTNER.email))) {
    // Several processes may start on one database together: one of them adds the partner.
    await store
      .addPartner({ email: DEMO_PARTNER.email, passwordHash: await demoPasswordHash() }, DEMO_VIEWS)
      .catch(async (error: unknown) => {
        if (!(await store.partnerByEmail(DEMO_PARTNER.email))) throw error;
      });
  }
  if (!(await store.app(DEMO_APP_KEY))) {
    await store.putApp(DEMO_APP_KEY, true);
    await store.setIdentityKey(DEMO_APP_KEY, PARTNER_DEVICE_KEY);
  }
}
