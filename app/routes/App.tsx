// The portal's routes (docs/portal.md#routes): browser history mode with base '/', the login screen at '/' and
// the five protected views, each lazy. Tests pass a memory location `hook`.
import { Suspense } from 'react';
import { Redirect, Route, Router, Switch, type BaseLocationHook } from 'wouter';
import { PortalLayout } from '../layout/PortalLayout.tsx';
import LoginScreen from '../login/LoginScreen.tsx';
import { Toasts } from '../toasts/Toasts.tsx';
import { RequireSession } from './RequireSession.tsx';
import { VIEWS } from '../views/views.ts';

/** Vite's base ('/') as wouter expects it: no trailing slash. */
const BASE = import.meta.env.BASE_URL.replace(/\/$/, '');

export function App({ hook }: { hook?: BaseLocationHook }) {
  return (
    <Router base={BASE} hook={hook}>
      <Switch>
        <Route path="/">
          <LoginScreen />
        </Route>
        {VIEWS.map(({ path, label, Component }) => (
          <Route key={path} path={path}>
            <RequireSession>
              <PortalLayout title={label}>
                <Suspense
                  fallback={
                    <p className="muted" role="status">
                      Загрузка…
                    </p>
                  }
                >
                  <Component />
                </Suspense>
              </PortalLayout>
            </RequireSession>
          </Route>
        ))}
        <Route>
          <Redirect to="/" replace />
        </Route>
      </Switch>
      <Toasts />
    </Router>
  );
}
