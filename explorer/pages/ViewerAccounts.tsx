// The explorer's accounts, for the admin (docs/local-service.md#viewer-accounts): who may sign in besides the admin,
// an account added or given a new password, and one removed when someone leaves the team, as the admin API does.
import { useState, type FormEvent } from 'react';
import type { ViewerAccount } from '../../explorer-contract/api.types.ts';
import { postJson, refusal } from '../api.ts';
import { NewPasswordField, SubmitButton, TextField } from '../Field.tsx';
import { absoluteTime } from '../format.ts';
import { LoadState } from '../LoadState.tsx';
import { OutcomeNotice, type Outcome } from '../ProblemNotice.tsx';
import { TableHead } from '../TableHead.tsx';
import { useJson } from '../use-json.ts';
import { useViewer } from '../viewer-state.ts';

export function ViewerAccounts() {
  const [version, setVersion] = useState(0);
  const accounts = useJson<{ viewers: ViewerAccount[] }>('/viewers', version);
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [message, setMessage] = useState<Outcome | null>(null);

  async function add() {
    const answer = await postJson<{ name: string }>('/viewers', { name: name.trim(), password });
    if (answer.status !== 200 && answer.status !== 201) return setMessage({ text: refusal(answer), error: true });
    setMessage({
      text:
        answer.status === 201
          ? `${answer.body.name} can sign in now.`
          : `${answer.body.name} has a new password; its sign-ins have ended.`,
      error: false,
    });
    setName('');
    setPassword('');
    setVersion((n) => n + 1);
  }

  async function remove(account: string) {
    if (!window.confirm(`Remove ${account}? Its sign-ins end at once, and its own saved views go.`)) return;
    const answer = await postJson(`/viewers/${encodeURIComponent(account)}`, {}, 'DELETE');
    if (answer.status !== 200) return setMessage({ text: refusal(answer), error: true });
    setMessage({ text: `${account} is removed.`, error: false });
    setVersion((n) => n + 1);
  }

  return (
    <section aria-labelledby="viewers-title">
      <h2 id="viewers-title">Viewer accounts</h2>
      <p className="muted">
        Who may sign in to the explorer besides the admin: the service's accounts, not this app's alone. Removing one
        ends its sign-ins at once; its own saved views go with it, the views it shared stay.
      </p>
      {accounts.state !== 'ready' ? (
        <LoadState loaded={accounts} />
      ) : accounts.data.viewers.length === 0 ? (
        <p className="muted">No account yet.</p>
      ) : (
        <div className="table-scroll">
          <table className="table viewers-table">
            <caption className="visually-hidden">Viewer accounts</caption>
            <TableHead columns={['Name', 'Apps', 'Since', { label: 'Remove', hidden: true }]} />
            <tbody>
              {accounts.data.viewers.map((account) => (
                <tr key={account.name}>
                  <td>{account.name}</td>
                  <td>
                    {account.apps === null ? 'every app' : account.apps.join(', ') || 'none'}
                    <AccountApps
                      key={JSON.stringify(account.apps)}
                      account={account}
                      onDone={(outcome) => {
                        setMessage(outcome);
                        if (!outcome.error) setVersion((n) => n + 1);
                      }}
                    />
                  </td>
                  <td>{absoluteTime(account.created_at)}</td>
                  <td>
                    <button
                      type="button"
                      className="button"
                      aria-label={`Remove ${account.name}`}
                      onClick={() => void remove(account.name)}
                    >
                      Remove
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <form
        className="card webhook-form"
        aria-label="Add an account"
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          void add();
        }}
      >
        <TextField label="Account name" value={name} onChange={setName} autoComplete="off" required />
        <NewPasswordField label="Password" value={password} onChange={setPassword} />
        <SubmitButton>Add account</SubmitButton>
      </form>
      <p className="muted">A name that has an account gets the new password.</p>
      <OutcomeNotice outcome={message} />
    </section>
  );
}

/** Which apps an account reads (docs/local-service.md#per-app-access): every app, or only those chosen. */
function AccountApps({ account, onDone }: { account: ViewerAccount; onDone(outcome: Outcome): void }) {
  const apps = useViewer((state) => state.apps);
  const [every, setEvery] = useState(account.apps === null);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set(account.apps ?? []));
  const choose = (key: string, on: boolean) =>
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(key);
      else next.delete(key);
      return next;
    });

  async function save() {
    const limit = every ? null : apps.map((app) => app.key).filter((key) => chosen.has(key));
    const answer = await postJson(`/viewers/${encodeURIComponent(account.name)}/apps`, { apps: limit });
    if (answer.status !== 200) return onDone({ text: refusal(answer), error: true });
    onDone({
      text:
        limit === null
          ? `${account.name} reads every app.`
          : `${account.name} reads ${limit.length === 0 ? 'no app' : limit.join(', ')}.`,
      error: false,
    });
  }

  return (
    <details className="account-apps">
      <summary aria-label={`Change the apps of ${account.name}`}>Change</summary>
      <fieldset>
        <legend>Apps {account.name} reads</legend>
        <label className="checkbox">
          <input type="radio" name={`apps-${account.name}`} checked={every} onChange={() => setEvery(true)} /> Every
          app, and those made later
        </label>
        <label className="checkbox">
          <input type="radio" name={`apps-${account.name}`} checked={!every} onChange={() => setEvery(false)} /> Only
          these:
        </label>
        {apps.map((app) => (
          <label key={app.key} className="checkbox account-app">
            <input
              type="checkbox"
              disabled={every}
              checked={chosen.has(app.key)}
              onChange={(event) => choose(app.key, event.target.checked)}
            />{' '}
            {app.key}
          </label>
        ))}
      </fieldset>
      <button type="button" className="button" onClick={() => void save()}>
        Save apps
      </button>
    </details>
  );
}
