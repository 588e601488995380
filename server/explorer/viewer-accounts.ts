// Who may read the explorer: viewer accounts (made through the admin API) and the admin token itself, signed in
// as "admin". A sign-in makes a random token for an HttpOnly cookie; the database keeps only its SHA-256, so a
// copy of the database signs no one in.
import { timingSafeEqual } from 'node:crypto';
import { ADMIN_VIEWER } from '../../explorer-contract/insight.types.ts';
import { hashPassword, verifyPassword } from '../http/passwords.ts';
import { MIN_VIEWER_PASSWORD, type ViewerAccount } from '../../explorer-contract/api.types.ts';
import type { ViewerStore } from '../stores/store.types.ts';
import { hashToken, newToken } from '../http/tokens.ts';

/** The name the admin token signs in as; no account may take it. */
export { ADMIN_VIEWER };
/** How long a sign-in lasts. */
export const VIEWER_SESSION_MS = 7 * 24 * 60 * 60 * 1000;

/** Checked against when the name is unknown, so that an unknown name takes as long as a wrong password. */
let unknownNameHash: Promise<string> | undefined;
/** Compares in constant time: the hashes have one length whatever the texts'. */
function sameSecret(a: string, b: string): boolean {
  return timingSafeEqual(Buffer.from(hashToken(a)), Buffer.from(hashToken(b)));
}

/** Why an account cannot be made, or undefined when it can. */
export function accountProblem(name: unknown, password: unknown): string | undefined {
  if (typeof name !== 'string' || !/^[\p{L}\p{N}._@-]{1,64}$/u.test(name))
    return `'name' must be 1 to 64 letters, digits or . _ @ -`;
  if (name.toLowerCase() === ADMIN_VIEWER) return `'${ADMIN_VIEWER}' is the admin token's name`;
  return passwordProblem(password);
}

/** Why a password cannot be an account's (`field`: its name in the request), or undefined when it can. */
export function passwordProblem(password: unknown, field = 'password'): string | undefined {
  if (typeof password !== 'string' || password.length < MIN_VIEWER_PASSWORD)
    return `'${field}' must be a string of at least ${MIN_VIEWER_PASSWORD} characters`;
  return undefined;
}

export function createViewerAccounts(store: ViewerStore, adminToken: string) {
  return {
    /** Adds the account, or sets a new password for it (which ends its sign-ins); the caller has checked accountProblem(). */
    async put(name: string, password: string): Promise<{ name: string; created: boolean }> {
      return { name, created: await store.putViewer(name, await hashPassword(password), new Date()) };
    },

    /** The account's own change of its password: with the current one right, the new one is set, every sign-in of
     * the account ends, and a new one is made for the caller's browser (its token); undefined when the current password
     * is wrong, or the account was removed meanwhile (which this does not make again). The caller has checked
     * passwordProblem() for the new one. */
    async changePassword(name: string, current: string, next: string, now = new Date()): Promise<string | undefined> {
      const hash = await store.viewerPasswordHash(name);
      if (!hash || !(await verifyPassword(current, hash))) return undefined;
      if (!(await store.setViewerPassword(name, await hashPassword(next)))) return undefined;
      const token = newToken();
      await store.addViewerSession(hashToken(token), name, new Date(now.getTime() + VIEWER_SESSION_MS), now);
      return token;
    },

    /** A new session token when the credentials are right. */
    async signIn(name: string, password: string, now = new Date()): Promise<string | undefined> {
      let ok: boolean;
      if (name === ADMIN_VIEWER) ok = sameSecret(password, adminToken);
      else {
        const hash = await store.viewerPasswordHash(name);
        // Hash anyway, so an unknown name takes as long as a wrong password.
        ok = hash
          ? await verifyPassword(password, hash)
          : (await verifyPassword(password, await (unknownNameHash ??= hashPassword(''))), false);
      }
      if (!ok) return undefined;
      const token = newToken();
      await store.addViewerSession(hashToken(token), name, new Date(now.getTime() + VIEWER_SESSION_MS), now);
      return token;
    },

    /** The viewer a session token belongs to, while it lasts. */
    viewerOf(token: string, now = new Date()): Promise<string | undefined> {
      return store.viewerOfSession(hashToken(token), now);
    },

    /** The app keys the viewer may read, or undefined for every app (the admin's, and an account's by default). */
    async appsOf(viewer: string): Promise<ReadonlySet<string> | undefined> {
      if (viewer === ADMIN_VIEWER) return undefined;
      const apps = await store.viewerApps(viewer);
      return apps && new Set(apps);
    },

    /** Limits the account to these app keys, or with null lifts the limit; false when there is no such account. */
    limitApps(name: string, apps: string[] | null): Promise<boolean> {
      return store.setViewerApps(name, apps);
    },

    /** Every account, by name, with the apps it may read (null: every app). */
    list(): Promise<ViewerAccount[]> {
      return store.viewers();
    },

    /** Removes the account: its sign-ins end at once, its own saved views go; false when there is no such account. */
    remove(name: string): Promise<boolean> {
      return store.deleteViewer(name);
    },

    signOut(token: string): Promise<void> {
      return store.deleteViewerSession(hashToken(token));
    },
  };
}

export type ViewerAccounts = ReturnType<typeof createViewerAccounts>;
