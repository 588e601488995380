// The login screen (docs/portal.md#login-screen): logo, subtitle, error line, the form, the ad-blocker
// notice and the footer. A stored, unexpired session goes straight to /sales.
import { Redirect } from 'wouter';
import { validSession } from '../session/session-store.ts';
import { useSession } from '../session/session.ts';
import { Logo } from '../ui/Logo.tsx';
import { LoginForm } from './LoginForm.tsx';
import { LOGIN_TEXTS } from './validate-login.ts';

export default function LoginScreen() {
  const session = useSession((state) => validSession(state.session));
  if (session) return <Redirect to="/sales" replace />;
  return (
    <div className="login-page">
      <main className="login-card">
        <header className="login-header">
          <Logo size={56} />
          <h1 className="login-subtitle">{LOGIN_TEXTS.subtitle}</h1>
        </header>
        <LoginForm />
        <p className="login-notice" role="note">
          {LOGIN_TEXTS.adBlockNotice}
        </p>
      </main>
      <footer className="login-footer">
        © {new Date().getFullYear()} {LOGIN_TEXTS.rights}
      </footer>
    </div>
  );
}
