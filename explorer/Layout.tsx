// The frame of every view, in the portal's look: brand, the app, the views, the viewer and sign-out.
import { useEffect, useRef, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { Logo } from '../app/ui/Logo.tsx';
import { ADMIN_VIEWER, postJson } from './api.ts';
import { appSwitchPath } from './app-switch-path.ts';
import { useAppId } from './use-app.ts';
import { href } from './use-query.ts';
import { countOf, zoneLabel } from './format.ts';
import { useZone, zoneStore } from './time-zone.ts';
import { useViewer, viewerStore } from './viewer-state.ts';
import { UserSearchBox } from './UserSearchBox.tsx';

const VIEWS = [
  { path: '/logs', label: 'Logs' },
  { path: '/patterns', label: 'Patterns' },
  { path: '/sessions', label: 'Sessions' },
  { path: '/sequences', label: 'Sequences' },
  { path: '/issues', label: 'Issues' },
  { path: '/devices', label: 'Devices' },
];
/** The admin's own: the app's settings (its webhook). */
const ADMIN_VIEWS = [{ path: '/settings', label: 'Settings' }];

/** The zone every time is written in, and the switch to UTC and back. */
function ZoneSwitch() {
  const zone = useZone();
  return (
    <label className="zone-switch">
      <input
        type="checkbox"
        checked={zone === 'utc'}
        onChange={(event) => zoneStore.getState().setZone(event.target.checked ? 'utc' : 'local')}
      />
      <span title={`Times in ${zoneLabel(zone)}`}>
        UTC <span className="muted">(times in {zoneLabel(zone)})</span>
      </span>
    </label>
  );
}

function AppPicker({ appId }: { appId: string | undefined }) {
  const apps = useViewer((state) => state.apps);
  const [location, navigate] = useLocation();
  if (apps.length === 0) return null;
  // An app the address names that the viewer has not: no other app is shown as chosen.
  const chosen = apps.find((app) => app.appId === appId);
  const label = (app: (typeof apps)[number]) => `${app.key} (${countOf(app.sessions, 'session')})`;
  return (
    <label className="app-picker">
      <span>App</span>
      <select
        // Cut at its 12rem (explorer.css, the header's one line at 1,440 px): whole in its tooltip.
        title={chosen ? label(chosen) : undefined}
        value={chosen ? appId : ''}
        onChange={(event) => navigate(href(appSwitchPath(location), event.target.value))}
      >
        {chosen ? null : (
          <option value="" disabled>
            Choose an app
          </option>
        )}
        {apps.map((app) => (
          <option key={app.appId} value={app.appId}>
            {label(app)}
          </option>
        ))}
      </select>
    </label>
  );
}

/** `heading`: the title as the page shows it, when it is more than its text (the document's title is text). */
export function Layout({
  title,
  heading,
  wide = false,
  children,
}: {
  title: string;
  heading?: ReactNode;
  wide?: boolean;
  children: ReactNode;
}) {
  const [location, navigate] = useLocation();
  const appId = useAppId();
  const name = useViewer((state) => state.name);
  const apps = useViewer((state) => state.apps);
  const main = useRef<HTMLElement>(null);
  // A new view is announced like a new page: its title, and focus at the start of its content.
  useEffect(() => {
    document.title = `${title} · Sidelog`;
    main.current?.focus({ preventScroll: true });
  }, [title]);
  return (
    <div className="portal explorer">
      <a className="skip-link" href="#content">
        Skip to content
      </a>
      <header className="portal-header">
        <div className="portal-brand">
          {/* The logo names the brand to a screen reader at every width; the name beside it is for the eye only, and
              gives its room to the header below 1600 px (explorer.css). */}
          <Logo size={32} title="Sidelog" />
          <span className="portal-brand-name" aria-hidden="true">
            Sidelog
          </span>
        </div>
        <AppPicker appId={appId} />
        <UserSearchBox />
        <nav aria-label="Explorer views">
          <ul className="portal-nav">
            {[...VIEWS, ...(name === ADMIN_VIEWER ? ADMIN_VIEWS : [])].map((view) => (
              <li key={view.path}>
                <Link
                  href={appId ? href(view.path, appId) : view.path}
                  aria-current={location === view.path || location.startsWith(`${view.path}/`) ? 'page' : undefined}
                >
                  {view.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        {/* One item of the header's, so that they wrap together, at the end of the line below the views. */}
        <div className="viewer-bar">
          <ZoneSwitch />
          {/* An account's name opens its own page (its password); the admin's password is the token. */}
          {name === ADMIN_VIEWER ? (
            <span className="muted viewer-name">{name}</span>
          ) : (
            <Link className="viewer-name" href="/account" title="Your account">
              {name}
            </Link>
          )}
          <button
            type="button"
            className="button button-quiet"
            onClick={async () => {
              await postJson('/sign-out', {});
              viewerStore.getState().signedOut();
              navigate('/sign-in', { replace: true });
            }}
          >
            Sign out
          </button>
        </div>
      </header>
      <main
        ref={main}
        id="content"
        className={wide ? 'portal-content explorer-content-wide' : 'portal-content'}
        tabIndex={-1}
      >
        <h1>{heading ?? title}</h1>
        {!appId ? (
          <p className="muted">No app yet: apps appear here once the admin API creates them.</p>
        ) : apps.some((app) => app.appId === appId) ? (
          children
        ) : (
          // Not the API's "no such app" under a picker naming another: the address's app is neither shown nor hidden.
          <p className="notice-error">No app {appId} here: choose an app above.</p>
        )}
      </main>
    </div>
  );
}
