// The viewer's HTML. Everything that came from a page is interpolated through hono/html's `html`, which escapes it,
// and passes through `shown` first: the collector stores whatever JSON a client sent in fields it keeps as sent (a
// session's payload, a device's info), and a value such as {"toString": 1} must render as text, not throw.
import { html } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';
import { LogLevel } from '../protocol/levels.ts';
import type { LogRecord } from '../protocol/records.types.ts';
import type { App, StoredIssue, StoredSession } from './db.ts';
import type { DeviceView, IssueView, SessionView } from './intent-lookup.ts';

type Html = HtmlEscapedString | Promise<HtmlEscapedString>;

const LEVEL_NAMES = Object.fromEntries(Object.entries(LogLevel).map(([name, level]) => [level, name])) as Record<number, string>;

const STYLE = `
  body { font: 14px/1.4 system-ui, sans-serif; margin: 1.5rem; color: #1d1d1f; }
  h1 { font-size: 1.4rem; } h2 { font-size: 1.1rem; margin-top: 1.5rem; }
  table { border-collapse: collapse; width: 100%; }
  th, td { text-align: left; padding: .25rem .5rem; border-bottom: 1px solid #e5e5e5; vertical-align: top; }
  td.text { white-space: pre-wrap; word-break: break-word; font-family: ui-monospace, monospace; }
  tr.level-Warning td { background: #fff8e1; } tr.level-Error td, tr.level-Fatal td { background: #fdecea; }
  .muted { color: #6e6e73; } pre { white-space: pre-wrap; background: #f5f5f7; padding: .75rem; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: .25rem 1rem; } dt { font-weight: 600; }
`;

export function page(title: string, body: Html): Html {
  return html`<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${title} · Sidelog</title>
    <style>${STYLE}</style>
  </head>
  <body>
    <p class="muted"><a href="/sidelog/">Sidelog</a></p>
    ${body}
  </body>
</html>`;
}

const intent = (app: App, kind: 'issue' | 'session' | 'device', id: string) => `/sidelog/intent/${app.appId}/${kind}/${encodeURIComponent(id)}`;

/** Any stored value as text: strings as they are, other JSON values as JSON, nothing as ''. */
export function shown(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value) ?? '';
  } catch {
    return '';
  }
}

const time = (log: LogRecord) => {
  if (log.x) return log.x;
  const date = new Date(log.at);
  return Number.isNaN(date.getTime()) ? String(log.at) : date.toISOString();
};

/** The tag the Bugfender SDK gives the log line it writes for each issue, crash and feedback; its text is the uid. */
const ISSUE_LINE_TAG = 'bf_issue';

function logText(app: App, log: LogRecord): Html | string {
  if (log.tg === ISSUE_LINE_TAG && log.t) return html`<a href="${intent(app, 'issue', log.t)}">${log.t}</a>`;
  return log.t ?? '';
}

function logTable(app: App, logs: LogRecord[]): Html {
  if (logs.length === 0) return html`<p class="muted">No logs.</p>`;
  return html`<table class="logs">
    <thead><tr><th>Time</th><th>Level</th><th>Tag</th><th>File:line</th><th>Method</th><th>Text</th></tr></thead>
    <tbody>
      ${logs.map((log) => {
        const level = log.ll === undefined ? '' : (LEVEL_NAMES[log.ll] ?? String(log.ll));
        const place = log.f ? `${log.f}${log.l === undefined ? '' : `:${log.l}`}` : '';
        return html`<tr class="level-${level}">
          <td>${time(log)}</td><td>${level}</td><td>${log.tg ?? ''}</td><td>${place}</td><td>${log.m ?? ''}</td><td class="text">${logText(app, log)}</td>
        </tr>`;
      })}
    </tbody>
  </table>`;
}

function issueList(app: App, issues: StoredIssue[]): Html {
  if (issues.length === 0) return html`<p class="muted">No issues.</p>`;
  return html`<ul>
    ${issues.map((issue) => html`<li><a href="${intent(app, 'issue', issue.uid)}">${issue.title || '(untitled)'}</a> <span class="muted">${issue.type}, ${issue.received_at}</span></li>`)}
  </ul>`;
}

function sessionList(app: App, sessions: StoredSession[]): Html {
  if (sessions.length === 0) return html`<p class="muted">No sessions.</p>`;
  return html`<ul>
    ${sessions.map((session) => html`<li><a href="${intent(app, 'session', session.session_uid)}">${session.session_uid}</a> <span class="muted">started ${shown(session.time)}, device <a href="${intent(app, 'device', session.udid)}">${session.udid}</a></span></li>`)}
  </ul>`;
}

export function issuePage({ app, issue, session, logs }: IssueView): Html {
  return page(
    issue.title,
    html`<h1>${issue.title || '(untitled)'}</h1>
      <dl>
        <dt>Type</dt><dd>${issue.type}</dd>
        <dt>Received</dt><dd>${issue.received_at}</dd>
        <dt>Session</dt><dd><a href="${intent(app, 'session', issue.session_uid)}">${issue.session_uid}</a></dd>
        ${session ? html`<dt>Device</dt><dd><a href="${intent(app, 'device', session.udid)}">${shown(session.payload.device?.name) || session.udid}</a></dd>` : ''}
      </dl>
      <pre class="issue-text">${issue.text}</pre>
      <h2>The session's logs</h2>
      ${logTable(app, logs)}`,
  );
}

export function sessionPage({ app, session, issues, logs }: SessionView): Html {
  const payload = session.payload as unknown as Record<string, unknown>;
  const version = (typeof payload.app_version === 'object' && payload.app_version !== null ? payload.app_version : {}) as Record<string, unknown>;
  const device = (typeof payload.device === 'object' && payload.device !== null ? payload.device : {}) as Record<string, unknown>;
  return page(
    `Session ${session.session_uid}`,
    html`<h1>Session ${session.session_uid}</h1>
      <dl>
        <dt>Started</dt><dd>${session.time}</dd>
        <dt>Device</dt><dd><a href="${intent(app, 'device', session.udid)}">${shown(device.name) || session.udid}</a></dd>
        <dt>App version</dt><dd>${shown(version.version)} (${shown(version.build)})</dd>
        <dt>Language</dt><dd>${shown(payload.language)}</dd>
        <dt>SDK</dt><dd>${shown(payload.sdk_type)} ${shown(payload.sdk_version)}</dd>
      </dl>
      <h2>Issues</h2>
      ${issueList(app, issues)}
      <h2>Logs (${logs.length})</h2>
      ${logTable(app, logs)}`,
  );
}

export function devicePage({ app, device, keys, sessions }: DeviceView): Html {
  const info = (device.info ?? {}) as unknown as Record<string, unknown>;
  // Sidelog sends the OS as os_version ("Linux x86_64"); Bugfender's SDK as os ("Linux") and, where it knows one, os_version.
  const os = [shown(info.os), shown(info.os_version)].filter(Boolean).join(' ');
  return page(
    `Device ${device.udid}`,
    html`<h1>Device ${shown(device.name) || device.udid}</h1>
      <dl>
        <dt>udid</dt><dd>${device.udid}</dd>
        <dt>OS</dt><dd>${os}</dd>
        <dt>Browser</dt><dd>${shown(info.device_type)}</dd>
        <dt>Language</dt><dd>${shown(info.language)}</dd>
        <dt>First seen</dt><dd>${device.first_seen}</dd>
        <dt>Last seen</dt><dd>${device.last_seen}</dd>
      </dl>
      <h2>Keys</h2>
      ${keys.length === 0
        ? html`<p class="muted">No keys.</p>`
        : html`<table class="keys"><thead><tr><th>Key</th><th>Value</th></tr></thead><tbody>
            ${keys.map(({ key, value }) => html`<tr><td>${key}</td><td>${JSON.stringify(value)}</td></tr>`)}
          </tbody></table>`}
      <h2>Sessions</h2>
      ${sessionList(app, sessions)}`,
  );
}

export function indexPage(apps: { app: App; sessions: StoredSession[]; issues: StoredIssue[] }[]): Html {
  return page(
    'Recent',
    html`<h1>Sidelog: what the collector received</h1>
      ${apps.length === 0 ? html`<p class="muted">Nothing yet: sessions and issues appear here as pages send them.</p>` : ''}
      ${apps.map(
        ({ app, sessions, issues }) => html`<section>
          <h2>${app.key} <span class="muted">(appID ${app.appId}, ${app.enabled ? 'enabled' : 'disabled'})</span></h2>
          <h3>Recent issues</h3>
          ${issueList(app, issues)}
          <h3>Recent sessions</h3>
          ${sessionList(app, sessions)}
        </section>`,
      )}`,
  );
}

export function notFoundPage(what: string): Html {
  return page('Not found', html`<h1>Not found</h1><p>${what}</p>`);
}
