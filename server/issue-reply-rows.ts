// Replies' rows as both stores read them back (docs/explorer.md#replies): the same columns, and `resolved` kept as
// 0 or 1 on both.
import type { IssueReply } from '../explorer-contract/insight.types.ts';

export const REPLY_COLUMNS = 'id, group_id, issue_uid, author, text, created_at, resolved';

export type ReplyRow = Omit<IssueReply, 'resolved'> & { resolved: number };

export const toReply = (row: ReplyRow): IssueReply => ({ ...row, resolved: row.resolved === 1 });
