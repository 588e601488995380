// A crash's stack as the developer wrote it (docs/source-maps.md#in-the-explorer): where its release's source maps
// resolve it, the original frames, the app's own first (a library's after them), each as `file:line in function`
// with the lines around; a toggle shows the raw stack instead. Nothing is shown where no frame resolves: the crash's
// text, shown below it, is the raw stack.
import { useState } from 'react';
import type { GroupOccurrences, IssueFrames, StackFrame } from '../api.ts';
import { useJson } from '../use-json.ts';

/** One original frame: `file:line in function`, with the lines around. */
export function OriginalCode({ frame }: { frame: StackFrame }) {
  const original = frame.original!;
  return (
    <li className={original.own ? 'frame frame-own' : 'frame frame-library'}>
      <div className="mono frame-place">
        {original.source}:{original.line} in <strong>{original.function}</strong>
        {original.own ? null : <span className="muted"> (library)</span>}
      </div>
      {original.context ? (
        <pre className="frame-code" aria-label={`${original.source} around line ${original.line}`}>
          {original.context.lines.map((text, index) => {
            const number = original.context!.first + index;
            return (
              <div key={number} className={number === original.line ? 'frame-line frame-line-hit' : 'frame-line'}>
                <span className="frame-line-number">{number}</span> {text}
              </div>
            );
          })}
        </pre>
      ) : null}
    </li>
  );
}

export function StackFrames({ appId, uid }: { appId: string; uid: string }) {
  const [raw, setRaw] = useState(false);
  const loaded = useJson<IssueFrames>(`/apps/${encodeURIComponent(appId)}/issues/${encodeURIComponent(uid)}/frames`);
  if (loaded.state !== 'ready') return null;
  const resolved = loaded.data.frames.filter((frame) => frame.original);
  if (resolved.length === 0) return null;
  // The app's own frames first, each part in the stack's order.
  const ordered = [
    ...resolved.filter((frame) => frame.original!.own),
    ...resolved.filter((frame) => !frame.original!.own),
  ];
  return (
    <section className="stack-frames" aria-label="Stack">
      <h2>Stack{loaded.data.release ? <span className="muted"> (release {loaded.data.release})</span> : null}</h2>
      <p>
        <button type="button" onClick={() => setRaw((current) => !current)} aria-pressed={raw}>
          {raw ? 'Show the original frames' : 'Show the raw stack'}
        </button>
      </p>
      {raw ? (
        <pre className="issue-text">{loaded.data.frames.map((frame) => frame.raw.trim()).join('\n')}</pre>
      ) : (
        <ol className="frames">
          {ordered.map((frame, index) => (
            <OriginalCode key={index} frame={frame} />
          ))}
        </ol>
      )}
    </section>
  );
}

/** A group's stack: its newest occurrence's, when that is a crash. */
export function GroupStackFrames({ appId, groupId }: { appId: string; groupId: number }) {
  const newest = useJson<GroupOccurrences>(
    `/apps/${encodeURIComponent(appId)}/issue-groups/${groupId}/occurrences?limit=1`,
  );
  const issue = newest.state === 'ready' ? newest.data.issues[0] : undefined;
  return issue?.type === 'crash' ? <StackFrames appId={appId} uid={issue.uid} /> : null;
}
