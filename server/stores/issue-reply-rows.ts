// Replies' rows as both stores write and read them (docs/explorer.md#replies): the same columns, and `resolved` kept
// as 0 or 1 on both.
import type { IssueReply } from '../../explorer-contract/insight.types.ts';

export const REPLY_COLUMNS = 'id, group_id, issue_uid, author, text, created_at, resolved';

export type ReplyRow = Omit<IssueReply, 'resolved'> & { resolved: number };

/** A new reply's values, in the order of INSERT_COLUMNS. */
export const INSERT_COLUMNS = 'app_key, group_id, issue_uid, author, text, created_at, resolved';
export const replyValues = (appKey: string, reply: Omit<IssueReply, 'id'>): unknown[] => [
  appKey,
  reply.group_id,
  reply.issue_uid,
  reply.author,
  reply.text,
  reply.created_at,
  reply.resolved ? 1 : 0,
];

export const toReply = (row: ReplyRow): IssueReply => ({ ...row, resolved: row.resolved === 1 });
