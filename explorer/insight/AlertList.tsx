// The app's alerts (docs/explorer.md#alerts): each firing of a saved view's alert, newest first, with when it fired
// and the count, and when it cleared; read when opened, and again on Refresh (the service checks every minute).
import { useState } from 'react';
import { alertText, type AlertFiring } from '../../explorer-contract/view-alert.ts';
import { Time } from '../Time.tsx';
import { useJson } from '../use-json.ts';
import { TOOL_POPOVERS, useToolPopover } from '../tool-popover.ts';

export function AlertList({ appId }: { appId: string }) {
  const [open, setOpen] = useState(false);
  const popover = useToolPopover();
  const [version, setVersion] = useState(0);
  const firings = useJson<AlertFiring[]>(open ? `/apps/${encodeURIComponent(appId)}/alerts` : null, version);
  const list = firings.state === 'ready' ? firings.data : [];
  return (
    <details
      ref={popover}
      name={TOOL_POPOVERS}
      className="alerts saved-views-inline"
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary className="button">Alerts</summary>
      <div className="saved-views-body">
        {list.length === 0 ? (
          <p className="muted">{firings.state === 'ready' ? 'No alert has fired.' : 'Loading…'}</p>
        ) : (
          <ul className="alert-list" aria-label="Alerts">
            {list.map((firing) => (
              <li key={firing.id}>
                <strong>{firing.view_name}</strong>: {alertText(firing.condition)} · fired{' '}
                <Time value={firing.fired_at} /> ({firing.count}) ·{' '}
                {firing.cleared_at === null ? (
                  <span className="alert-firing">firing</span>
                ) : (
                  <>
                    cleared <Time value={firing.cleared_at} />
                    {firing.cleared_count === null ? ' (alert changed)' : ` (${firing.cleared_count})`}
                  </>
                )}
              </li>
            ))}
          </ul>
        )}
        <button type="button" className="button" onClick={() => setVersion((current) => current + 1)}>
          Refresh alerts
        </button>
      </div>
    </details>
  );
}
