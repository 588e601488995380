// The frame around the five views: brand, navigation between them, and sign-out.
import { useEffect, useRef, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { revokeToken } from '../api/logout.ts';
import { config } from '../config.ts';
import { VIEWS } from '../views/views.ts';
import { sessionStore } from '../session/session.ts';
import { Logo } from '../ui/Logo.tsx';

export function PortalLayout({ title, children }: { title: string; children: ReactNode }) {
  const [location, navigate] = useLocation();
  const main = useRef<HTMLElement>(null);
  // A new view is announced like a new page: its title, and focus at the start of its content.
  useEffect(() => {
    document.title = `${title} — Кабинет партнера`;
    main.current?.focus({ preventScroll: true });
  }, [title]);
  return (
    <div className="portal">
      <a className="skip-link" href="#content">
        К содержимому
      </a>
      <header className="portal-header">
        <div className="portal-brand">
          <Logo size={36} />
          <span>Кабинет партнера</span>
        </div>
        <nav aria-label="Разделы кабинета">
          <ul className="portal-nav">
            {VIEWS.map((view) => (
              <li key={view.path}>
                <Link href={view.path} aria-current={location === view.path ? 'page' : undefined}>
                  {view.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <button
          type="button"
          className="button button-quiet"
          onClick={() => {
            const token = sessionStore.getState().session?.token;
            // Not awaited: the partner is signed out here at once, and the service revokes the token meanwhile.
            if (token) void revokeToken(config.apiHost, token);
            sessionStore.getState().signOut();
            navigate('/', { replace: true });
          }}
        >
          Выйти
        </button>
      </header>
      <main ref={main} id="content" className="portal-content" tabIndex={-1}>
        <h1>{title}</h1>
        {children}
      </main>
    </div>
  );
}
