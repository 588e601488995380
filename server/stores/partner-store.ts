// The partner API's data: partners, their tokens (only a hash of each) and their views' data, on both databases over
// the dialect (server/stores/dialect.ts).
import { sql, type Db, type Split } from './dialect.ts';
import { addSignIn } from './sign-ins.ts';
import { now } from './store-rows.ts';
import type { PartnerStore } from './store.types.ts';

export function partnerStore(db: Db): Split<PartnerStore, 'addPartner' | 'addToken' | 'revokeToken'> {
  return {
    reads: {
      async partnerByEmail(email) {
        const row = await db.one<{ id: number; email: string; password_hash: string }>(
          sql`SELECT id, email, password_hash FROM partners WHERE email = ${email.trim().toLowerCase()}`,
        );
        return row && { id: row.id, email: row.email, passwordHash: row.password_hash };
      },
      async partnerOfToken(tokenHash, at) {
        const row = await db.one<{ partner_id: number }>(
          sql`SELECT partner_id FROM partner_tokens WHERE token_hash = ${tokenHash} AND expires_at > ${at.toISOString()}`,
        );
        return row?.partner_id;
      },
      async partnerView(partnerId, view) {
        const row = await db.one<{ data: string }>(
          sql`SELECT data FROM partner_views WHERE partner_id = ${partnerId} AND view = ${view}`,
        );
        return row && JSON.parse(row.data);
      },
    },
    writes: {
      addPartner: (partner, views) =>
        db.transaction(async (tx) => {
          const email = partner.email.toLowerCase();
          // Processes seeding the demo partner at once: the second finds the first's row.
          const added = await tx.one<{ id: number }>(
            sql`INSERT INTO partners (email, password_hash) VALUES (${email}, ${partner.passwordHash})
                ON CONFLICT (email) DO NOTHING RETURNING id`,
          );
          if (!added) throw new Error(`a partner with the email ${email} exists`);
          for (const [view, data] of Object.entries(views))
            await tx.run(
              sql`INSERT INTO partner_views (partner_id, view, data) VALUES (${added.id}, ${view}, ${JSON.stringify(data)})`,
            );
          return added.id;
        }),
      addToken: (tokenHash, partnerId, expiresAt) =>
        addSignIn(
          db,
          { table: 'partner_tokens', owner: 'partner_id' },
          { tokenHash, of: partnerId, expiresAt, now: now() },
        ),
      async revokeToken(tokenHash) {
        return (await db.run(sql`DELETE FROM partner_tokens WHERE token_hash = ${tokenHash}`)) > 0;
      },
    },
  };
}
