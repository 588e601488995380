// The app's identity key, for the admin (docs/explorer.md#identity): the device key that says who a user is
// (`user_id`, `email`), shown on every view where a device is; without one, a device's name and a short id.
import { useState, type FormEvent } from 'react';
import { useFollowing } from '../use-following.ts';
import { postJson, refusal } from '../api.ts';
import { TextField } from '../Field.tsx';
import { OutcomeNotice, type Outcome } from '../ProblemNotice.tsx';
import { useAppId, useIdentityKey } from '../use-app.ts';
import { viewerStore } from '../viewer-state.ts';

export function IdentitySetting() {
  const appId = useAppId()!;
  const current = useIdentityKey();
  const [message, setMessage] = useState<Outcome | null>(null);
  const [key, setKey] = useFollowing(current ?? '', () => current ?? '');

  async function save(value: string | null) {
    const answer = await postJson<{ key: string | null }>(`/apps/${encodeURIComponent(appId)}/identity`, {
      key: value,
    });
    if (answer.status !== 200) return setMessage({ text: refusal(answer), error: true });
    // Every view reads the key with the app: ask for the apps again.
    await viewerStore.getState().check();
    setMessage({
      text: value === null ? 'Devices are named by their name and a short id.' : `Users are named by ${value}.`,
      error: false,
    });
  }

  return (
    <section aria-labelledby="identity-title">
      <h2 id="identity-title">Who a user is</h2>
      <p className="muted">
        The device key that names a user on every view: log rows, the device facet, devices, sessions, an issue group's
        occurrences and sequences. A device without it shows its name and the start of its udid.
      </p>
      <form
        className="card webhook-form"
        aria-label="Who a user is"
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          void save(key.trim());
        }}
      >
        <TextField
          label="Identity key"
          wide
          value={key}
          onChange={setKey}
          placeholder="user_id"
          required
          maxLength={128}
        />
        <div className="filter-actions">
          <button type="submit" className="button button-primary">
            Save identity key
          </button>
          {current ? (
            <button type="button" className="button" onClick={() => void save(null)}>
              Remove identity key
            </button>
          ) : null}
        </div>
      </form>
      <OutcomeNotice
        outcome={message ?? { text: current ? `Users are named by ${current}.` : 'No identity key.', error: false }}
      />
    </section>
  );
}
