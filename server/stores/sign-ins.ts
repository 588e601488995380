// "Keep the newest MAX_SIGN_INS sign-ins": the partners' tokens and the viewers' sessions hold the same bound, by
// the same statements (server/stores/partner-store.ts, server/stores/viewers.ts).
import { raw, sql, type Db } from './dialect.ts';
import { MAX_SIGN_INS } from './store.types.ts';

/** A table of sign-ins: their token's hash, whose they are, when they expire. */
interface SignIns {
  table: 'partner_tokens' | 'viewer_sessions';
  owner: 'partner_id' | 'viewer';
}

/** Keeps a new sign-in of `owner`'s: the expired ones are deleted on the way, and the owner's beyond its
 * MAX_SIGN_INS newest. */
export async function addSignIn(
  db: Db,
  { table, owner }: SignIns,
  sign: { tokenHash: string; of: string | number; expiresAt: Date; now: string },
): Promise<void> {
  const from = raw(table);
  const whose = raw(owner);
  await db.transaction(async (tx) => {
    await tx.run(sql`DELETE FROM ${from} WHERE expires_at <= ${sign.now}`);
    await tx.run(
      sql`INSERT INTO ${from} (token_hash, ${whose}, expires_at) VALUES (${sign.tokenHash}, ${sign.of}, ${sign.expiresAt.toISOString()})`,
    );
    await tx.run(
      sql`DELETE FROM ${from} WHERE ${whose} = ${sign.of} AND token_hash NOT IN
            (SELECT token_hash FROM ${from} WHERE ${whose} = ${sign.of} ORDER BY expires_at DESC${tx.newestInsertedFirst} LIMIT ${MAX_SIGN_INS})`,
    );
  });
}
