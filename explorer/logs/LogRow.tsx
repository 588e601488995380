// One log in the stream: level (colour and word), absolute and relative time, tag, text (long texts collapsed; the
// search's hits marked; a network line's as its columns, a capture's as words: LineText.tsx), who it is from (device,
// or a key of it, and session), file:line and method, URL; each but the level's colour left out when the viewer hides
// its column (columns.ts); and for a `bf_issue` line (the Bugfender SDK's mark of an issue, its text the issue's uid)
// the issue's title as its text, and a link to the issue. Opening it shows its ways on (LogActions: its call site
// through the app's source maps among them, LogPlace.tsx): under the row, or, in the stream, in the panel beside it
// (`panel`, LogPanel.tsx), the row one line high (docs/explorer.md#the-screen).
// Everything logged is rendered as text by React, never as markup.
import { useMemo } from 'react';
import { Link, useSearch } from 'wouter';
import type { ExplorerLog } from '../api.ts';
import { absoluteTime, isoTime, levelOf, relativeTime } from '../format.ts';
import { issuePath } from '../address.ts';
import { href } from '../use-query.ts';
import { RedactedText } from '../RedactedText.tsx';
import { useZone } from '../time-zone.ts';
import { LogWho } from './LogWho.tsx';
import { LineText } from './LineText.tsx';
import { LogActions } from './LogActions.tsx';
import { ShowAll } from './ShowAll.tsx';
import { rowView } from './columns.ts';

const LONG = 300;

export function LogRow({
  log,
  appId,
  open,
  onToggle,
  now,
  highlight = false,
  panel,
  chosen = false,
}: {
  log: ExplorerLog;
  appId: string;
  open: boolean;
  onToggle(): void;
  now: number;
  highlight?: boolean;
  /** The id of the panel an opened log shows in, instead of under the row. */
  panel?: string;
  chosen?: boolean;
}) {
  const zone = useZone();
  const search = useSearch();
  const { columns, who } = useMemo(() => rowView(new URLSearchParams(search)), [search]);
  const level = levelOf(log.ll);
  // A `bf_issue` line's text is its issue's uid: the row reads its issue's title instead, the panel the line as it is
  // (docs/explorer-views.md#issue-lines).
  const issueTitle = log.issue_title;
  const text = issueTitle || (log.t ?? '');
  const long = text.length > LONG || text.includes('\n');
  const place = log.f ? `${log.f}${log.l ? `:${log.l}` : ''}` : '';
  /** Beside the time, and its tooltip where a narrow list hides it there (explorer.css, .log-ago). */
  const ago = relativeTime(log.at, now);
  const detailsId = panel ?? `log-${log.id}-details`;
  /** In the panel's row, the text stays one line (cut): the panel shows it whole. */
  const whole = open && !panel;
  return (
    <article
      className={`log-row level-${level.name}${highlight ? ' is-target' : ''}${whole ? ' is-open' : ''}${chosen ? ' is-chosen' : ''}${panel ? ' is-compact' : ''}`}
      aria-label={`${level.label} log ${absoluteTime(log.at, zone)}`}
      aria-current={chosen ? 'true' : undefined}
    >
      <div className="log-line">
        {columns.has('level') ? <span className={`level-badge level-${level.name}`}>{level.label}</span> : null}
        {columns.has('time') ? (
          <time className="log-time" dateTime={isoTime(log.at)} title={ago}>
            {/* A space, not only a margin, so that a screen reader (or a copy) does not run the two times together. */}
            {absoluteTime(log.at, zone)} <span className="muted log-ago">{ago}</span>
          </time>
        ) : null}
        {log.tg && columns.has('tag') ? (
          <span className="log-tag">
            <RedactedText text={log.tg} />
          </span>
        ) : null}
        <button type="button" className="log-text" aria-expanded={open} aria-controls={detailsId} onClick={onToggle}>
          <span className={long && !whole ? 'is-collapsed' : undefined}>
            {!columns.has('text') ? (
              <span className="muted">Open</span>
            ) : (
              <LineText tag={log.tg} text={text} cut={long && !whole ? LONG : undefined} />
            )}
          </span>
        </button>
        <ShowAll log={log} appId={appId} />
        {log.tg === 'bf_issue' && log.t ? (
          // Named after its issue, by its title where the app has it, else its uid: a session of several issues has
          // several of these links.
          <Link
            className="log-issue-link"
            aria-label={issueTitle ? `Open issue: ${issueTitle}` : `Open issue ${log.t}`}
            href={href(issuePath(log.t), appId)}
          >
            Open issue
          </Link>
        ) : null}
      </div>
      <div className="log-meta muted">
        {columns.has('who') ? <LogWho log={log} appId={appId} who={who} /> : null}
        {place && columns.has('place') ? (
          <span className="log-place">
            <RedactedText text={place} />
          </span>
        ) : null}
        {log.m && columns.has('place') ? (
          <span className="log-method">
            <RedactedText text={log.m} />
            ()
          </span>
        ) : null}
        {log.u && columns.has('url') ? (
          <span className="log-url">
            <RedactedText text={log.u} />
          </span>
        ) : null}
      </div>
      {whole ? (
        <div id={detailsId} className="log-details">
          <LogActions log={log} appId={appId} />
        </div>
      ) : null}
    </article>
  );
}
