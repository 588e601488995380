// The login form: validation on submit, the login call and its outcomes (docs/portal.md#login-screen,
// docs/errors.md#portal). The form is marked disabled from submit to the end of handling.
import { useId, useRef, useState, type FormEvent, type RefObject } from 'react';
import { Sidelog } from 'sidelog';
import { useLocation } from 'wouter';
import { login } from '../api/login.ts';
import { config } from '../config.ts';
import { PARTNER_DEVICE_KEY } from '../../portal/constants.ts';
import { sessionStore } from '../session/session.ts';
import { LOGIN_TEXTS, validateLogin, type FieldFlags } from './validate-login.ts';

const NONE: FieldFlags = { email: false, password: false };
const FIELDS = {
  email: { type: 'email', autoComplete: 'username', label: LOGIN_TEXTS.emailLabel },
  password: { type: 'password', autoComplete: 'current-password', label: LOGIN_TEXTS.passwordLabel },
} as const;

interface LoginFieldProps {
  id: string;
  name: string;
  type: 'email' | 'password';
  autoComplete: string;
  label: string;
  value: string;
  /** Highlighted: marked invalid and described by the error line. */
  invalid: boolean;
  errorId: string;
  inputRef: RefObject<HTMLInputElement | null>;
  onChange: (value: string) => void;
}

function LoginField({
  id,
  name,
  type,
  autoComplete,
  label,
  value,
  invalid,
  errorId,
  inputRef,
  onChange,
}: LoginFieldProps) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        ref={inputRef}
        id={id}
        name={name}
        type={type}
        autoComplete={autoComplete}
        value={value}
        aria-invalid={invalid}
        aria-describedby={invalid ? errorId : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}

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
        Sidelog.setDeviceKey(PARTNER_DEVICE_KEY, result.id);
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
  // What the two fields share: their ids, their error flag, and editing clears that flag.
  const fieldOf = (name: 'email' | 'password', value: string, setValue: (value: string) => void) => ({
    ...FIELDS[name],
    id: `${id}-${name}`,
    name,
    value,
    invalid: invalid[name],
    errorId,
    onChange: (next: string) => {
      setValue(next);
      setInvalid((flags) => ({ ...flags, [name]: false }));
    },
  });
  return (
    <form className={busy ? 'login-form is-disabled' : 'login-form'} aria-busy={busy} noValidate onSubmit={submit}>
      <p id={errorId} className="login-error" role="alert">
        {error}
      </p>
      <fieldset disabled={busy}>
        <LoginField {...fieldOf('email', email, setEmail)} inputRef={emailRef} />
        <LoginField {...fieldOf('password', password, setPassword)} inputRef={passwordRef} />
        <label className="checkbox">
          <input
            type="checkbox"
            name="remember"
            checked={remember}
            onChange={(event) => setRemember(event.target.checked)}
          />
          {LOGIN_TEXTS.remember}
        </label>
        <button type="submit" className="button button-primary">
          {LOGIN_TEXTS.submit}
        </button>
      </fieldset>
    </form>
  );
}
