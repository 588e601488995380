// The partner API's data in SQLite: partners, their tokens (only a hash of each) and their views' data.
import type Database from 'better-sqlite3';
import { MAX_SIGN_INS, type PartnerStore } from '../store.types.ts';
import { now, queries, promised, type Sync } from './rows.ts';

export function createPartnerStore(db: Database.Database): PartnerStore {
  return promised<PartnerStore>(partnerStoreSync(db));
}

export function partnerStoreSync(db: Database.Database): Sync<PartnerStore> {
  const { one } = queries(db);
  return {
    addPartner(partner, views) {
      return db.transaction(() => {
        const { lastInsertRowid } = db
          .prepare(`INSERT INTO partners (email, password_hash) VALUES (?, ?)`)
          .run(partner.email.toLowerCase(), partner.passwordHash);
        const id = Number(lastInsertRowid);
        const insertView = db.prepare(`INSERT INTO partner_views (partner_id, view, data) VALUES (?, ?, ?)`);
        for (const [view, data] of Object.entries(views)) insertView.run(id, view, JSON.stringify(data));
        return id;
      })();
    },
    partnerByEmail(email) {
      const row = one<{ id: number; email: string; password_hash: string }>(
        `SELECT id, email, password_hash FROM partners WHERE email = ?`,
        email.trim().toLowerCase(),
      );
      return row && { id: row.id, email: row.email, passwordHash: row.password_hash };
    },
    addToken(tokenHash, partnerId, expiresAt) {
      db.transaction(() => {
        db.prepare(`DELETE FROM partner_tokens WHERE expires_at <= ?`).run(now());
        db.prepare(`INSERT INTO partner_tokens (token_hash, partner_id, expires_at) VALUES (?, ?, ?)`).run(
          tokenHash,
          partnerId,
          expiresAt.toISOString(),
        );
        db.prepare(
          `DELETE FROM partner_tokens WHERE partner_id = ? AND token_hash NOT IN
             (SELECT token_hash FROM partner_tokens WHERE partner_id = ? ORDER BY expires_at DESC, rowid DESC LIMIT ?)`,
        ).run(partnerId, partnerId, MAX_SIGN_INS);
      })();
    },
    partnerOfToken(tokenHash, at) {
      const row = one<{ partner_id: number }>(
        `SELECT partner_id FROM partner_tokens WHERE token_hash = ? AND expires_at > ?`,
        tokenHash,
        at.toISOString(),
      );
      return row?.partner_id;
    },
    revokeToken(tokenHash) {
      return db.prepare(`DELETE FROM partner_tokens WHERE token_hash = ?`).run(tokenHash).changes > 0;
    },
    partnerView(partnerId, view) {
      const row = one<{ data: string }>(
        `SELECT data FROM partner_views WHERE partner_id = ? AND view = ?`,
        partnerId,
        view,
      );
      return row && JSON.parse(row.data);
    },
  };
}
