// The URLs Sidelog and the Bugfender SDK hand out (`/sidelog/intent/{appID}/issue|session|device/{id}`, appID in
// either form): resolved by the service to the app, then replaced by the matching view.
import { useEffect } from 'react';
import { useLocation } from 'wouter';
import type { IntentTarget } from '../api.ts';
import { useJson } from '../use-json.ts';
import { devicePath, issuePath } from '../address.ts';
import { href } from '../use-query.ts';

export function IntentPage({ appId, kind, id }: { appId: string; kind: string; id: string }) {
  const [, navigate] = useLocation();
  const resolved = useJson<IntentTarget>(
    `/intent/${encodeURIComponent(appId)}/${encodeURIComponent(kind)}/${encodeURIComponent(id)}`,
  );
  useEffect(() => {
    if (resolved.state !== 'ready') return;
    const { appId: app } = resolved.data;
    const target =
      kind === 'issue'
        ? href(issuePath(id), app)
        : kind === 'session'
          ? href('/logs', app, { session: id })
          : href(devicePath(id), app);
    navigate(target, { replace: true });
  }, [resolved, kind, id, navigate]);
  return (
    <main className="login-page">
      <div className="login-card">
        {resolved.state === 'failed' ? (
          <>
            <h1 className="login-subtitle">Not found</h1>
            <p>
              No such {kind}: {resolved.message}
            </p>
            <a href="/sidelog/logs">Open the explorer</a>
          </>
        ) : (
          <p className="muted" role="status">
            Opening the {kind}…
          </p>
        )}
      </div>
    </main>
  );
}
