// The login form: validation on submit (spec §5), the login call (spec §7), the outcomes of the error
// catalogue (spec §8). The form is marked disabled from submit to the end of handling.
import { useId, useRef, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { login } from '../api/login.ts';
import { config } from '../config.ts';
import { Sidelog } from '../logging/index.ts';
import { sessionStore } from '../session/session.ts';
import { LOGIN_TEXTS, validateLogin, type FieldFlags } from './validate-login.ts';

const NONE: FieldFlags = { email: false, password: false };

function flagsFor(fields: 'email' | 'password' | 'both' | null): FieldFlags {
  return { email: fields === 'email' || fields === 'both', password: fields === 'password' || fields === 'both' };
}

export function LoginForm() {
  const id = useId();
  const [, navigate] = useLocation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(true);
  const [error, setError] = useState('');
  const [invalid, setInvalid] = useState<FieldFlags>(NONE);
  const [busy, setBusy] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  // After a problem, focus goes to the first highlighted field so that it can be corrected at once.
  function showProblem(message: string, flags: FieldFlags) {
    setError(message);
    setInvalid(flags);
    queueMicrotask(() => (flags.email ? emailRef : flags.password ? passwordRef : null)?.current?.focus());
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      const credentials = { email: email.trim(), password };
      const problems = validateLogin(credentials);
      if (problems.messages.length > 0) return showProblem(problems.messages.join(' '), problems.invalid);
      const result = await login(config.apiHost, credentials);
      if (result.kind === 'success') {
        sessionStore.getState().signIn(result.id, result.token, remember);
        Sidelog.setDeviceKey('user_id', result.id);
        navigate('/about');
      } else if (result.kind === 'failure') {
        showProblem(result.message || LOGIN_TEXTS.refusedWithoutMessage, flagsFor(result.fields));
      } else {
        showProblem(LOGIN_TEXTS.unreachable, NONE);
      }
    } finally {
      setBusy(false);
    }
  }

  const errorId = `${id}-error`;
  return (
    <form className={busy ? 'login-form is-disabled' : 'login-form'} aria-busy={busy} noValidate onSubmit={submit}>
      <p id={errorId} className="login-error" role="alert">
        {error}
      </p>
      <fieldset disabled={busy}>
        <div className="field">
          <label htmlFor={`${id}-email`}>{LOGIN_TEXTS.emailLabel}</label>
          <input
            ref={emailRef}
            id={`${id}-email`}
            name="email"
            type="email"
            autoComplete="username"
            value={email}
            aria-invalid={invalid.email}
            aria-describedby={invalid.email ? errorId : undefined}
            onChange={(event) => {
              setEmail(event.target.value);
              setInvalid((flags) => ({ ...flags, email: false }));
            }}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-password`}>{LOGIN_TEXTS.passwordLabel}</label>
          <input
            ref={passwordRef}
            id={`${id}-password`}
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            aria-invalid={invalid.password}
            aria-describedby={invalid.password ? errorId : undefined}
            onChange={(event) => {
              setPassword(event.target.value);
              setInvalid((flags) => ({ ...flags, password: false }));
            }}
          />
        </div>
        <label className="checkbox">
          <input type="checkbox" name="remember" checked={remember} onChange={(event) => setRemember(event.target.checked)} />
          {LOGIN_TEXTS.remember}
        </label>
        <button type="submit" className="button button-primary">
          {LOGIN_TEXTS.submit}
        </button>
      </fieldset>
    </form>
  );
}
