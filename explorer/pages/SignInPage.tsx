// The sign-in: a viewer account's name and password, or "admin" and the admin token. After it, back to the view
// that asked for it (`next`, only ever a path inside the explorer).
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useLocation, useSearch } from 'wouter';
import { Logo } from '../../app/ui/Logo.tsx';
import { postJson } from '../api.ts';
import { viewerStore } from '../viewer-state.ts';

/** Only a path of this app: never another origin (`//evil`) or scheme. */
function safeNext(next: string | null): string {
  return next && /^\/(?!\/)[^\\]*$/.test(next) ? next : '/logs';
}

export function SignInPage() {
  const id = useId();
  const [, navigate] = useLocation();
  const next = safeNext(new URLSearchParams(useSearch()).get('next'));
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const nameRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    document.title = 'Sign in · Sidelog';
    nameRef.current?.focus();
  }, []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (!name.trim() || !password) return setError('Enter your name and password.');
    setBusy(true);
    try {
      const answer = await postJson<{ error?: string }>('/sign-in', { name: name.trim(), password });
      if (answer.status !== 200) return setError(answer.body.error ?? 'Sign-in failed.');
      await viewerStore.getState().check();
      navigate(next, { replace: true });
    } catch {
      setError('The service cannot be reached.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <main className="login-page">
      <div className="login-card">
        <div className="login-header">
          <span aria-hidden="true">
            <Logo size={48} title="Sidelog" />
          </span>
          <h1 className="login-subtitle">Sidelog explorer</h1>
        </div>
        <form className="login-form" aria-busy={busy} noValidate onSubmit={submit}>
          <p id={`${id}-error`} className="login-error" role="alert">
            {error}
          </p>
          <fieldset disabled={busy}>
            <div className="field">
              <label htmlFor={`${id}-name`}>Name</label>
              <input
                ref={nameRef}
                id={`${id}-name`}
                name="name"
                autoComplete="username"
                value={name}
                onChange={(event) => setName(event.target.value)}
              />
            </div>
            <div className="field">
              <label htmlFor={`${id}-password`}>Password</label>
              <input
                id={`${id}-password`}
                name="password"
                type="password"
                autoComplete="current-password"
                value={password}
                onChange={(event) => setPassword(event.target.value)}
              />
            </div>
            <button type="submit" className="button button-primary">
              Sign in
            </button>
          </fieldset>
        </form>
        <p className="login-notice">
          The admin signs in as “admin” with the admin token as password, and makes viewer accounts in Settings.
        </p>
      </div>
    </main>
  );
}
