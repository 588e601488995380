// A session's device keys as they stood in it, as a `<dd>` of a facts list: the session header's and the chosen log's
// panel's (docs/explorer.md#the-screen), one fetch and one list for both.
import type { SessionKey } from '../api.ts';
import { useJson } from '../use-json.ts';

export function SessionKeys({ appId, sessionUid }: { appId: string; sessionUid: string }) {
  const keys = useJson<SessionKey[]>(
    `/apps/${encodeURIComponent(appId)}/sessions/${encodeURIComponent(sessionUid)}/keys`,
  );
  return (
    <dd>
      {keys.state !== 'ready' ? null : keys.data.length === 0 ? (
        <span className="muted">none</span>
      ) : (
        <ul className="session-keys">
          {keys.data.map(({ key, value }) => (
            <li key={key}>
              <span className="mono">{key}</span> {JSON.stringify(value)}
            </li>
          ))}
        </ul>
      )}
    </dd>
  );
}
