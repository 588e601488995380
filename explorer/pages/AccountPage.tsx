// A viewer's own account (docs/local-service.md#viewer-accounts): its new password, as one given by the admin should
// be changed. Every other sign-in of the account ends; this browser stays signed in.
import { useState, type FormEvent } from 'react';
import { postJson, refusal } from '../api.ts';
import { NewPasswordField, SubmitButton, TextField } from '../Field.tsx';
import { OutcomeNotice, type Outcome } from '../ProblemNotice.tsx';

export function AccountPage() {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  async function change() {
    const answer = await postJson('/me/password', { password: current, newPassword: next });
    if (answer.status !== 200) return setOutcome({ text: refusal(answer), error: true });
    setCurrent('');
    setNext('');
    setOutcome({ text: 'Your password is changed, and your other sign-ins have ended.', error: false });
  }

  return (
    <section aria-labelledby="password-title">
      <h2 id="password-title">Password</h2>
      <form
        className="card webhook-form"
        aria-label="Change your password"
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          void change();
        }}
      >
        <TextField
          label="Current password"
          type="password"
          value={current}
          onChange={setCurrent}
          autoComplete="current-password"
          required
        />
        <NewPasswordField label="New password" value={next} onChange={setNext} />
        <SubmitButton>Change password</SubmitButton>
      </form>
      <OutcomeNotice outcome={outcome} />
    </section>
  );
}
