// The partner API's data in PostgreSQL: partners, their tokens (only a hash of each) and their views' data.
import type pg from 'pg';
import { now } from '../store-rows.ts';
import { MAX_SIGN_INS, type PartnerStore } from '../store.types.ts';
import { sql, transaction } from './client.ts';

export function createPartnerStore(pool: pg.Pool): PartnerStore {
  const { one, run } = sql(pool);
  return {
    async addPartner(partner, views) {
      return transaction(pool, async (client) => {
        const db = sql(client);
        const email = partner.email.toLowerCase();
        // Processes seeding the demo partner at once: the second finds the first's row.
        const added = await db.one<{ id: number }>(
          `INSERT INTO partners (email, password_hash) VALUES ($1, $2) ON CONFLICT (email) DO NOTHING RETURNING id`,
          email,
          partner.passwordHash,
        );
        if (!added) throw new Error(`a partner with the email ${email} exists`);
        for (const [view, data] of Object.entries(views)) {
          await db.run(
            `INSERT INTO partner_views (partner_id, view, data) VALUES ($1, $2, $3)`,
            added.id,
            view,
            JSON.stringify(data),
          );
        }
        return added.id;
      });
    },
    async partnerByEmail(email) {
      const row = await one<{ id: number; email: string; password_hash: string }>(
        `SELECT id, email, password_hash FROM partners WHERE email = $1`,
        email.trim().toLowerCase(),
      );
      return row && { id: row.id, email: row.email, passwordHash: row.password_hash };
    },
    async addToken(tokenHash, partnerId, expiresAt) {
      await run(`DELETE FROM partner_tokens WHERE expires_at <= $1`, now());
      await run(
        `INSERT INTO partner_tokens (token_hash, partner_id, expires_at) VALUES ($1, $2, $3)`,
        tokenHash,
        partnerId,
        expiresAt.toISOString(),
      );
      await run(
        `DELETE FROM partner_tokens WHERE partner_id = $1 AND token_hash NOT IN
           (SELECT token_hash FROM partner_tokens WHERE partner_id = $1 ORDER BY expires_at DESC LIMIT $2)`,
        partnerId,
        MAX_SIGN_INS,
      );
    },
    async partnerOfToken(tokenHash, at) {
      const row = await one<{ partner_id: number }>(
        `SELECT partner_id FROM partner_tokens WHERE token_hash = $1 AND expires_at > $2`,
        tokenHash,
        at.toISOString(),
      );
      return row?.partner_id;
    },
    async revokeToken(tokenHash) {
      return (await run(`DELETE FROM partner_tokens WHERE token_hash = $1`, tokenHash)) > 0;
    },
    async partnerView(partnerId, view) {
      const row = await one<{ data: string }>(
        `SELECT data FROM partner_views WHERE partner_id = $1 AND view = $2`,
        partnerId,
        view,
      );
      return row && JSON.parse(row.data);
    },
  };
}
