// Replies on issue groups (docs/explorer.md#replies), kept in `issue_replies` beside the groups, on both databases
// over the dialect (server/stores/dialect.ts): a reply that resolves its group sets the group's status in the same
// transaction, so that both happen or neither. `resolved` is kept as 0 or 1 on both.
import type { IssueReply } from '../../explorer-contract/insight.types.ts';
import { list, raw, sql, when, type Db, type Split } from './dialect.ts';
import type { IssueReplyStore } from './store.types.ts';

const COLUMNS = raw('id, group_id, issue_uid, author, text, created_at, resolved');
type ReplyRow = Omit<IssueReply, 'resolved'> & { resolved: number };
const asReply = (row: ReplyRow): IssueReply => ({ ...row, resolved: row.resolved === 1 });

export function issueReplyStore(db: Db): Split<IssueReplyStore, 'addIssueReply'> {
  return {
    reads: {
      async issueReplies(appKey, groupId, { issueUid, limit }) {
        const rows = await db.all<ReplyRow>(
          sql`SELECT ${COLUMNS} FROM issue_replies WHERE app_key = ${appKey} AND group_id = ${groupId}
              ${when(issueUid !== undefined, sql`AND issue_uid = ${issueUid}`)} ORDER BY id DESC LIMIT ${limit}`,
        );
        return rows.reverse().map(asReply);
      },
      async repliesOnIssues(appKey, uids) {
        if (uids.length === 0) return [];
        const rows = await db.all<ReplyRow>(
          sql`SELECT ${COLUMNS} FROM issue_replies WHERE app_key = ${appKey} AND issue_uid IN (${list(uids)}) ORDER BY id`,
        );
        return rows.map(asReply);
      },
    },
    writes: {
      addIssueReply: (appKey, reply) =>
        db.transaction(async (tx) => {
          const { id } = (await tx.one<{ id: number }>(
            sql`INSERT INTO issue_replies (app_key, group_id, issue_uid, author, text, created_at, resolved)
                VALUES (${appKey}, ${reply.group_id}, ${reply.issue_uid}, ${reply.author}, ${reply.text}, ${reply.created_at}, ${reply.resolved ? 1 : 0})
                RETURNING id`,
          ))!;
          if (reply.resolved)
            await tx.run(
              sql`UPDATE issue_groups SET status = 'resolved', status_changed_at = ${reply.created_at}, status_by = ${reply.author}
                  WHERE app_key = ${appKey} AND id = ${reply.group_id}`,
            );
          return { id, ...reply };
        }),
    },
  };
}
