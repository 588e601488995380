// Saved views (docs/explorer.md#saved-views): the view as it is in the address, kept under a name, the viewer's own
// or shared with every viewer; each a link that restores it, and a stream's view with its alert (docs/explorer.md#alerts).
import { useState, type FormEvent } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { ADMIN_VIEWER, postJson, refusal, type SavedView } from '../api.ts';
import { Field } from '../Field.tsx';
import { useJson } from '../use-json.ts';
import { useViewer } from '../viewer-state.ts';
import { ALERT_PATH } from '../../explorer-contract/view-alert.ts';
import { alertSummary, ViewAlertForm } from './ViewAlertForm.tsx';
import { ProblemNotice } from '../ProblemNotice.tsx';
import { TOOL_POPOVERS, useToolPopover } from '../tool-popover.ts';

/** `inline`: a button in the stream's toolbar whose list and form open under it, not a card of its own line. */
export function SavedViews({ appId, inline = false }: { appId: string; inline?: boolean }) {
  const [location] = useLocation();
  const popover = useToolPopover(inline);
  const search = useSearch();
  const viewer = useViewer((state) => state.name);
  const [version, setVersion] = useState(0);
  const views = useJson<SavedView[]>(`/apps/${encodeURIComponent(appId)}/views`, version);
  const [name, setName] = useState('');
  const [shared, setShared] = useState(false);
  const [problem, setProblem] = useState('');
  /** The view whose alert form is open. */
  const [alerting, setAlerting] = useState<string | null>(null);
  const list = views.state === 'ready' ? views.data : [];
  const alertingView = list.find((view) => view.id === alerting);

  async function save(event: FormEvent) {
    event.preventDefault();
    const answer = await postJson<SavedView>(`/apps/${encodeURIComponent(appId)}/views`, {
      name,
      path: location,
      query: search,
      shared,
    });
    if (answer.status !== 201) return setProblem(refusal(answer));
    setProblem('');
    setName('');
    setVersion((current) => current + 1);
  }

  async function remove(view: SavedView) {
    const answer = await postJson(
      `/apps/${encodeURIComponent(appId)}/views/${encodeURIComponent(view.id)}`,
      {},
      'DELETE',
    );
    if (answer.status !== 200) return setProblem(refusal(answer));
    setVersion((current) => current + 1);
  }

  return (
    <details
      ref={popover}
      name={inline ? TOOL_POPOVERS : undefined}
      className={inline ? 'saved-views saved-views-inline' : 'saved-views card'}
    >
      <summary className={inline ? 'button' : undefined}>
        Saved views{list.length > 0 ? ` (${list.length})` : ''}
      </summary>
      <div className="saved-views-body">
        {list.length === 0 ? (
          <p className="muted">{views.state === 'ready' ? 'None yet.' : 'Loading…'}</p>
        ) : (
          <ul className="saved-view-list" aria-label="Saved views">
            {list.map((view) => (
              <li key={view.id}>
                <Link href={`${view.path}${view.query ? `?${view.query}` : ''}`}>{view.name}</Link>
                <span className="muted">{view.shared ? ` shared by ${view.owner}` : ' yours'}</span>
                {view.alert ? <span className="view-alert-summary">{alertSummary(view)}</span> : null}
                {view.owner === viewer || viewer === ADMIN_VIEWER ? (
                  <>
                    {view.path === ALERT_PATH ? (
                      <button
                        type="button"
                        className="chip-alert"
                        aria-label={`Alert on the saved view ${view.name}`}
                        aria-expanded={alerting === view.id}
                        onClick={() => setAlerting(alerting === view.id ? null : view.id)}
                      >
                        Alert
                      </button>
                    ) : null}
                    <button
                      type="button"
                      className="chip-remove"
                      aria-label={`Delete the saved view ${view.name}`}
                      onClick={() => void remove(view)}
                    >
                      ×
                    </button>
                  </>
                ) : null}
              </li>
            ))}
          </ul>
        )}
        {alertingView ? (
          <ViewAlertForm
            key={alertingView.id}
            appId={appId}
            view={alertingView}
            onChanged={() => {
              setAlerting(null);
              setVersion((current) => current + 1);
            }}
          />
        ) : null}
        <form className="saved-view-form" onSubmit={(event) => void save(event)} aria-label="Save this view">
          <Field label="Name of this view">
            {(id) => (
              <input id={id} value={name} maxLength={100} required onChange={(event) => setName(event.target.value)} />
            )}
          </Field>
          <label className="checkbox">
            <input type="checkbox" checked={shared} onChange={(event) => setShared(event.target.checked)} /> Shared with
            every viewer
          </label>
          <button type="submit" className="button">
            Save view
          </button>
        </form>
        <ProblemNotice problem={problem} />
      </div>
    </details>
  );
}
