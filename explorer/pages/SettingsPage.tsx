// The app's settings, for the admin: its webhook (docs/explorer.md#the-webhook), called once for each new issue group
// and each reopened one, with what its last delivery answered.
import { useState, type FormEvent } from 'react';
import { useFollowing } from '../use-following.ts';
import { postJson, refusal, type WebhookSetting } from '../api.ts';
import { TextField } from '../Field.tsx';
import { absoluteTime } from '../format.ts';
import { LoadState } from '../LoadState.tsx';
import { OutcomeNotice, type Outcome } from '../ProblemNotice.tsx';
import { useAppId } from '../use-app.ts';
import { useJson } from '../use-json.ts';

export function SettingsPage() {
  const appId = useAppId()!;
  const path = `/apps/${encodeURIComponent(appId)}/webhook`;
  const [version, setVersion] = useState(0);
  const setting = useJson<WebhookSetting>(path, version);
  const [message, setMessage] = useState<Outcome | null>(null);
  const current = setting.state === 'ready' ? setting.data.url : null;
  const [url, setUrl] = useFollowing(current ?? '', () => current ?? '');

  async function save(value: string | null) {
    const answer = await postJson<WebhookSetting>(path, { url: value });
    if (answer.status !== 200) return setMessage({ text: refusal(answer), error: true });
    setMessage({ text: value === null ? 'The webhook is removed.' : 'The webhook is saved.', error: false });
    setVersion((n) => n + 1);
  }

  return (
    <section aria-labelledby="webhook-title">
      <h2 id="webhook-title">Webhook</h2>
      <p className="muted">
        Called with a JSON body once for each new issue group and each one a new occurrence reopens, from outside the
        collector's requests, retried until it answers 2xx.
      </p>
      {setting.state !== 'ready' ? (
        <LoadState loaded={setting} />
      ) : (
        <>
          <form
            className="card webhook-form"
            aria-label="Webhook"
            onSubmit={(event: FormEvent) => {
              event.preventDefault();
              void save(url.trim());
            }}
          >
            <TextField
              label="Webhook URL"
              wide
              type="url"
              value={url}
              onChange={setUrl}
              placeholder="https://hooks.example/sidelog"
              required
            />
            <div className="filter-actions">
              <button type="submit" className="button button-primary">
                Save webhook
              </button>
              {current ? (
                <button type="button" className="button" onClick={() => void save(null)}>
                  Remove webhook
                </button>
              ) : null}
            </div>
          </form>
          <p className="muted" role="status">
            {message
              ? null
              : current
                ? `Last delivery: ${setting.data.last_status ? `${setting.data.last_status}, ${absoluteTime(Date.parse(setting.data.last_at!))}` : 'none yet'}. Waiting: ${setting.data.pending}.`
                : 'No webhook.'}
          </p>
        </>
      )}
      <OutcomeNotice outcome={message} />
    </section>
  );
}
