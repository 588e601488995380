// Replies on issue groups in SQLite (docs/explorer.md#replies): kept in `issue_replies` beside the groups
// (server/stores/sqlite/issue-groups.ts); a reply that resolves its group sets the group's status in the same write.
import type Database from 'better-sqlite3';
import type { IssueReply } from '../../../explorer-contract/insight.types.ts';
import { INSERT_COLUMNS, REPLY_COLUMNS, replyValues, toReply, type ReplyRow } from '../issue-reply-rows.ts';
import type { IssueReplyStore } from '../store.types.ts';
import { promised, type Sync } from './rows.ts';

export function createIssueReplyStore(db: Database.Database): IssueReplyStore {
  return promised<IssueReplyStore>(issueReplyStoreSync(db));
}

/** Its write (addIssueReply) runs in the writer thread (server/stores/sqlite/writer.types.ts), in a savepoint of its own. */
export function issueReplyStoreSync(db: Database.Database): Sync<IssueReplyStore> {
  return {
    issueReplies(appKey, groupId, { issueUid, limit }) {
      const rows = db
        .prepare(
          `SELECT ${REPLY_COLUMNS} FROM issue_replies WHERE app_key = ? AND group_id = ? ${issueUid === undefined ? '' : 'AND issue_uid = ?'}
           ORDER BY id DESC LIMIT ?`,
        )
        .all(appKey, groupId, ...(issueUid === undefined ? [] : [issueUid]), limit) as ReplyRow[];
      return rows.reverse().map(toReply);
    },
    addIssueReply(appKey, reply): IssueReply {
      const { lastInsertRowid } = db
        .prepare(`INSERT INTO issue_replies (${INSERT_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?)`)
        .run(...replyValues(appKey, reply));
      if (reply.resolved)
        db.prepare(
          `UPDATE issue_groups SET status = 'resolved', status_changed_at = ?, status_by = ? WHERE app_key = ? AND id = ?`,
        ).run(reply.created_at, reply.author, appKey, reply.group_id);
      return { id: Number(lastInsertRowid), ...reply };
    },
  };
}
