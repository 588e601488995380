// A new issue's row, the same statement on both databases (server/stores/dialect.ts); each then groups the issue in
// the same transaction (issue-groups.ts in each database's folder), which differs in more than words.
import { sql, type Sql } from './dialect.ts';
import { now } from './store-rows.ts';
import type { CollectorStore } from './store.types.ts';

/** Answers the new row's id, or no row for an issue already stored (a resend: the same uid in the app). */
export const insertIssue = (appKey: string, issue: Parameters<CollectorStore['addIssue']>[1]): Sql =>
  sql`INSERT INTO issues (app_key, uid, session_id, url, title, text, type, received_at, resolved_frame)
      VALUES (${appKey}, ${issue.uid}, ${issue.session_id}, ${issue.url ?? ''}, ${issue.title}, ${issue.text}, ${issue.type}, ${now()}, ${issue.resolved_frame ?? null})
      ON CONFLICT (app_key, uid) DO NOTHING RETURNING id`;
