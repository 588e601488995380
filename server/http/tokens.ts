// Partner tokens and the explorer's sign-in cookies: 32 random bytes handed to the client, kept in the database only
// as their SHA-256. A token is
// already high in entropy, so a plain hash (no salt, no slow hash) is enough to make a copy of the database
// useless for signing in, and looking a token up stays one indexed read.
import { createHash, randomBytes } from 'node:crypto';

/** How long a token is accepted: 30 days from sign-in, unless the partner signs out (which revokes it) first.
 * The portal's own 'Запомнить меня' date may run longer; past this the API answers 401 and the portal asks to sign in. */
export const TOKEN_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The token of an `Authorization: Bearer <token>` header. */
export function bearerToken(header: string | undefined): string | undefined {
  return /^Bearer\s+(\S+)$/i.exec(header ?? '')?.[1];
}
