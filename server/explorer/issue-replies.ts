// Replies on issue groups in the explorer (docs/explorer.md#replies): the thread of a group (every reply, those written
// on one of its issues' pages too), the thread of one issue, and a reply written on either, which may resolve the group
// in the same step. A reply stays in the service: nothing is sent to the device the issue came from.
import { Hono, type Context } from 'hono';
import type { IssueGroup, IssueReply, ReplyWritten } from '../../explorer-contract/insight.types.ts';
import { replyText } from '../../explorer-contract/issue-replies.ts';
import { readJsonObject } from '../http/body-limits.ts';
import type { IssueGroupStore, IssueReplyStore } from '../stores/store.types.ts';
import { wellFormed } from '../collector/wire-validation.ts';
import type { ExplorerEnv } from './api-params.ts';

/** A thread shows its newest replies, up to this many. */
const THREAD_REPLIES = 1_000;

export function createIssueReplyRoutes(store: IssueGroupStore & IssueReplyStore): Hono<ExplorerEnv> {
  const routes = new Hono<ExplorerEnv>();
  const groupOf = (c: Context<ExplorerEnv>) => {
    const id = c.req.param('id') ?? '';
    return /^\d{1,15}$/.test(id) ? store.issueGroup(c.get('app').key, Number(id)) : Promise.resolve(undefined);
  };
  /** The issue's uid as the collector stored it: well-formed. */
  const uidOf = (c: Context<ExplorerEnv>) => wellFormed(c.req.param('uid') ?? '');
  const issueGroupOf = (c: Context<ExplorerEnv>) => store.groupOfIssue(c.get('app').key, uidOf(c));

  const thread = async (c: Context<ExplorerEnv>, group: IssueGroup | undefined, issueUid?: string) => {
    if (!group) return c.json({ error: issueUid === undefined ? 'no such issue group' : 'no such issue' }, 404);
    const replies = await store.issueReplies(c.get('app').key, group.id, { issueUid, limit: THREAD_REPLIES });
    return c.json(replies satisfies IssueReply[]);
  };

  const write = async (c: Context<ExplorerEnv>, group: IssueGroup | undefined, issueUid: string | null) => {
    const body = await readJsonObject(c);
    const text = replyText(typeof body?.text === 'string' ? wellFormed(body.text) : body?.text);
    if ('error' in text) return c.json({ error: text.error }, 400);
    if (body!.resolve !== undefined && typeof body!.resolve !== 'boolean')
      return c.json({ error: `'resolve' must be a boolean` }, 400);
    if (!group) return c.json({ error: issueUid === null ? 'no such issue group' : 'no such issue' }, 404);
    const appKey = c.get('app').key;
    const reply = await store.addIssueReply(appKey, {
      group_id: group.id,
      issue_uid: issueUid,
      author: c.get('viewer'),
      text: text.text,
      created_at: new Date().toISOString(),
      // Resolving a resolved group changes nothing, and the thread does not say it did.
      resolved: body!.resolve === true && group.status !== 'resolved',
    });
    return c.json({ reply, group: (await store.issueGroup(appKey, group.id))! } satisfies ReplyWritten, 201);
  };

  routes.get('/apps/:appId/issue-groups/:id/replies', async (c) => thread(c, await groupOf(c)));
  routes.post('/apps/:appId/issue-groups/:id/replies', async (c) => write(c, await groupOf(c), null));
  routes.get('/apps/:appId/issues/:uid/replies', async (c) => thread(c, await issueGroupOf(c), uidOf(c)));
  routes.post('/apps/:appId/issues/:uid/replies', async (c) => write(c, await issueGroupOf(c), uidOf(c)));
  return routes;
}
