// Replies on issue groups in PostgreSQL, as in SQLite (server/stores/sqlite/issue-replies.ts): one statement keeps the reply
// and, when it resolves its group, sets the group's status, so that both happen or neither.
import type pg from 'pg';
import { INSERT_COLUMNS, REPLY_COLUMNS, replyValues, toReply, type ReplyRow } from '../issue-reply-rows.ts';
import type { IssueReplyStore } from '../store.types.ts';
import { sql } from './client.ts';

export function createIssueReplyStore(pool: pg.Pool): IssueReplyStore {
  const { one, all } = sql(pool);
  return {
    async issueReplies(appKey, groupId, { issueUid, limit }) {
      const rows = await all<ReplyRow>(
        `SELECT ${REPLY_COLUMNS} FROM issue_replies WHERE app_key = $1 AND group_id = $2 ${issueUid === undefined ? '' : 'AND issue_uid = $4'}
         ORDER BY id DESC LIMIT $3`,
        appKey,
        groupId,
        limit,
        ...(issueUid === undefined ? [] : [issueUid]),
      );
      return rows.reverse().map(toReply);
    },
    async addIssueReply(appKey, reply) {
      const row = await one<{ id: number }>(
        `WITH reply AS (
           INSERT INTO issue_replies (${INSERT_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id
         ), resolving AS (
           UPDATE issue_groups SET status = 'resolved', status_changed_at = $6, status_by = $4
           WHERE $7 = 1 AND app_key = $1 AND id = $2
         )
         SELECT id FROM reply`,
        ...replyValues(appKey, reply),
      );
      return { id: row!.id, ...reply };
    },
  };
}
