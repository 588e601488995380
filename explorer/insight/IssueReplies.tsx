// Replies on an issue group or one of its issues (docs/explorer.md#replies): the thread, oldest first, each reply with
// its author, time and text (plain text: React writes it as text, never as markup), and the form that adds one, or
// adds one and resolves the group. A refused reply keeps its text in the box to mend.
import { useId, useState } from 'react';
import { Link } from 'wouter';
import { postJson, refusal, type IssueGroupStatus, type IssueReply, type ReplyWritten } from '../api.ts';
import { replyText } from '../../explorer-contract/issue-replies.ts';
import { Field } from '../Field.tsx';
import { LoadState } from '../LoadState.tsx';
import { Time } from '../Time.tsx';
import { useJson } from '../use-json.ts';
import { href } from '../use-query.ts';
import { issuePath } from '../address.ts';
import { ProblemNotice } from '../ProblemNotice.tsx';

export function IssueReplies({
  appId,
  groupId,
  issueUid,
  status,
  onResolved,
}: {
  appId: string;
  groupId: number;
  /** On an issue's page: its uid; the thread is then the replies written there. */
  issueUid?: string;
  /** The group's status: "Reply and resolve" is offered while it is not resolved. */
  status: IssueGroupStatus;
  onResolved(): void;
}) {
  const base = `/apps/${encodeURIComponent(appId)}/${issueUid === undefined ? `issue-groups/${groupId}` : `issues/${encodeURIComponent(issueUid)}`}/replies`;
  const [version, setVersion] = useState(0);
  const thread = useJson<IssueReply[]>(base, version);
  const [text, setText] = useState('');
  const [problem, setProblem] = useState('');
  const [sending, setSending] = useState(false);
  const noteId = useId();
  const headingId = useId();

  async function send(resolve: boolean) {
    const checked = replyText(text);
    if ('error' in checked) return setProblem(checked.error);
    setSending(true);
    const answer = await postJson<ReplyWritten>(base, { text, resolve });
    setSending(false);
    if (answer.status !== 201) return setProblem(refusal(answer));
    setProblem('');
    setText('');
    setVersion((current) => current + 1);
    if (answer.body.reply.resolved) onResolved();
  }

  const replies = thread.state === 'ready' ? thread.data : [];
  return (
    <section className="replies" aria-labelledby={headingId}>
      <h2 id={headingId}>Replies{replies.length > 0 ? ` (${replies.length.toLocaleString('en')})` : ''}</h2>
      {thread.state !== 'ready' ? (
        <LoadState loaded={thread} />
      ) : replies.length === 0 ? (
        <p className="muted">No reply yet.</p>
      ) : (
        <ol className="reply-thread" aria-label="Replies">
          {replies.map((reply) => (
            <li key={reply.id} className="reply card">
              <p className="reply-meta">
                <strong>{reply.author}</strong> <Time value={reply.created_at} />
                {issueUid === undefined && reply.issue_uid !== null ? (
                  <>
                    {' '}
                    on the issue <Link href={href(issuePath(reply.issue_uid), appId)}>{reply.issue_uid}</Link>
                  </>
                ) : null}
                {reply.resolved ? <span className="muted"> · resolved the group</span> : null}
              </p>
              <p className="reply-text">{reply.text}</p>
            </li>
          ))}
        </ol>
      )}
      <form
        className="reply-form"
        aria-label="Write a reply"
        onSubmit={(event) => {
          event.preventDefault();
          void send(false);
        }}
      >
        <Field label={issueUid === undefined ? 'Reply on this group' : 'Reply on this issue'} wide>
          {(id) => (
            <textarea
              id={id}
              value={text}
              rows={4}
              aria-invalid={problem !== ''}
              aria-describedby={noteId}
              onChange={(event) => setText(event.target.value)}
            />
          )}
        </Field>
        <p className="muted reply-note" id={noteId}>
          Plain text. Every viewer of this app sees it; it is never sent to the device or its user.
        </p>
        <ProblemNotice problem={problem} />
        <div className="reply-actions">
          <button type="submit" className="button button-primary" disabled={sending}>
            Reply
          </button>
          {status !== 'resolved' ? (
            <button type="button" className="button" disabled={sending} onClick={() => void send(true)}>
              Reply and resolve
            </button>
          ) : null}
        </div>
      </form>
    </section>
  );
}
