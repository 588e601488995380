// A saved view's alert (docs/explorer.md#alerts), set beside the view by its owner or the admin: "more than N logs in M
// minutes" or "no log in M minutes", checked by the service every minute. The service's refusal is shown as it words it.
import { useState, type FormEvent } from 'react';
import { postJson, refusal, type SavedView } from '../api.ts';
import { SelectField, TextField } from '../Field.tsx';
import { ProblemNotice } from '../ProblemNotice.tsx';
import { alertText, type ViewAlert } from '../../explorer-contract/view-alert.ts';

const KINDS = [
  { value: 'above', label: 'More than' },
  { value: 'none', label: 'None' },
] as const;

export function ViewAlertForm({ appId, view, onChanged }: { appId: string; view: SavedView; onChanged(): void }) {
  const [kind, setKind] = useState<ViewAlert['kind']>(view.alert?.kind ?? 'above');
  const [count, setCount] = useState(String(view.alert?.kind === 'above' ? view.alert.count : 20));
  const [minutes, setMinutes] = useState(String(view.alert?.minutes ?? 5));
  const [problem, setProblem] = useState('');

  async function send(alert: ViewAlert | null) {
    const answer = await postJson(`/apps/${encodeURIComponent(appId)}/views/${encodeURIComponent(view.id)}/alert`, {
      alert,
    });
    if (answer.status !== 200) return setProblem(refusal(answer));
    setProblem('');
    onChanged();
  }

  function save(event: FormEvent) {
    event.preventDefault();
    const window = Number(minutes);
    void send(kind === 'above' ? { kind, count: Number(count), minutes: window } : { kind, minutes: window });
  }

  return (
    <form className="view-alert-form" onSubmit={save} aria-label={`Alert on ${view.name}`}>
      <SelectField
        label="Alert when"
        value={kind}
        choices={KINDS}
        onChange={(value) => setKind(value as ViewAlert['kind'])}
      />
      {kind === 'above' ? (
        <TextField label="Logs" type="number" min={0} required value={count} onChange={setCount} />
      ) : null}
      <TextField label="In minutes" type="number" min={1} required value={minutes} onChange={setMinutes} />
      <button type="submit" className="button">
        Save alert
      </button>
      {view.alert ? (
        <button type="button" className="button" onClick={() => void send(null)}>
          Remove alert
        </button>
      ) : null}
      <ProblemNotice problem={problem} />
    </form>
  );
}

/** The alert as the list beside the view says it. */
export const alertSummary = (view: SavedView) => (view.alert ? `alert: ${alertText(view.alert)}` : '');
