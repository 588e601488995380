// The explorer's routes under /sidelog (history mode; the service answers each with the same page). Every view
// but the sign-in needs a signed-in viewer; without one the sign-in opens and, after it, the view asked for.
import { useEffect, type ReactNode } from 'react';
import { Redirect, Route, Router, Switch, useLocation, useSearch } from 'wouter';
import { idParam, useAddressPath, useAddressSearch } from './address.ts';
import { setSignInRequired } from './api.ts';
import { Layout } from './Layout.tsx';
import { DevicePage } from './pages/DevicePage.tsx';
import { DevicesPage } from './pages/DevicesPage.tsx';
import { IntentPage } from './pages/IntentPage.tsx';
import { IssueGroupPage } from './pages/IssueGroupPage.tsx';
import { IssuePage } from './pages/IssuePage.tsx';
import { IssueStoryPage } from './pages/IssueStoryPage.tsx';
import { IssuesPage } from './pages/IssuesPage.tsx';
import { LogsPage } from './pages/LogsPage.tsx';
import { PatternsPage } from './pages/PatternsPage.tsx';
import { SequencesPage } from './pages/SequencesPage.tsx';
import { SessionsPage } from './pages/SessionsPage.tsx';
import { SettingsPage } from './pages/SettingsPage.tsx';
import { AccountPage } from './pages/AccountPage.tsx';
import { ViewerAccounts } from './pages/ViewerAccounts.tsx';
import { DownloadRecords } from './pages/DownloadRecords.tsx';
import { ErasureRecords } from './pages/ErasureRecords.tsx';
import { IdentitySetting } from './pages/IdentitySetting.tsx';
import { SignInPage } from './pages/SignInPage.tsx';
import { UsersPage } from './pages/UsersPage.tsx';
import { USERS_PATH } from './UserSearchBox.tsx';
import { useViewer, viewerStore } from './viewer-state.ts';

const BASE = '/sidelog';

/** Renders its children only for a signed-in viewer; sends anyone else to the sign-in, to come back after. */
function RequireViewer({ children }: { children: ReactNode }) {
  const status = useViewer((state) => state.status);
  const [location, navigate] = useLocation();
  const search = useSearch();
  useEffect(() => {
    if (status === 'unknown') void viewerStore.getState().check();
  }, [status]);
  useEffect(() => {
    if (status !== 'signed-out') return;
    const back = `${location}${search ? `?${search}` : ''}`;
    navigate(`/sign-in?${new URLSearchParams({ next: back })}`, { replace: true });
  }, [status, location, search, navigate]);
  if (status !== 'signed-in')
    return (
      <p className="muted explorer-wait" role="status">
        Loading…
      </p>
    );
  return <>{children}</>;
}

function Pages() {
  return (
    <Switch>
      <Route path="/logs">
        <Layout title="Logs" wide>
          <LogsPage />
        </Layout>
      </Route>
      <Route path="/patterns">
        <Layout title="Patterns" wide>
          <PatternsPage />
        </Layout>
      </Route>
      <Route path="/sequences">
        <Layout title="Sessions by sequence" wide>
          <SequencesPage />
        </Layout>
      </Route>
      <Route path="/issue-groups/:id">{(params) => <IssueGroupPage id={params.id} />}</Route>
      <Route path="/issue-groups/:id/story">{(params) => <IssueStoryPage id={params.id} />}</Route>
      <Route path="/account">
        <Layout title="Your account">
          <AccountPage />
        </Layout>
      </Route>
      <Route path="/settings">
        <Layout title="Settings">
          <IdentitySetting />
          <SettingsPage />
          <ViewerAccounts />
          <ErasureRecords />
          <DownloadRecords />
        </Layout>
      </Route>
      <Route path="/sessions">
        <Layout title="Sessions" wide>
          <SessionsPage />
        </Layout>
      </Route>
      <Route path="/issues">
        <Layout title="Issues" wide>
          <IssuesPage />
        </Layout>
      </Route>
      <Route path="/issues/:uid">{(params) => <IssuePage uid={idParam(params.uid)} />}</Route>
      <Route path="/devices">
        <Layout title="Devices" wide>
          <DevicesPage />
        </Layout>
      </Route>
      <Route path="/devices/:udid">{(params) => <DevicePage udid={idParam(params.udid)} />}</Route>
      <Route path={USERS_PATH}>
        <Layout title="Users across apps">
          <UsersPage />
        </Layout>
      </Route>
      <Route path="/intent/:appId/:kind/:id">
        {(params) => <IntentPage appId={idParam(params.appId)} kind={idParam(params.kind)} id={idParam(params.id)} />}
      </Route>
      <Route>
        <Redirect to="/logs" replace />
      </Route>
    </Switch>
  );
}

function SignInRedirects() {
  const [location, navigate] = useLocation();
  const search = useSearch();
  useEffect(() => {
    // An expired sign-in met mid-view: back to the sign-in, then to this view.
    setSignInRequired(() => {
      if (location === '/sign-in') return;
      viewerStore.getState().signedOut();
      navigate(`/sign-in?${new URLSearchParams({ next: `${location}${search ? `?${search}` : ''}` })}`, {
        replace: true,
      });
    });
  }, [location, search, navigate]);
  return null;
}

export function ExplorerApp() {
  return (
    // The address as the browser holds it, each id then decoded once (explorer/address.ts).
    <Router base={BASE} hook={useAddressPath} searchHook={useAddressSearch}>
      <SignInRedirects />
      <Switch>
        <Route path="/sign-in">
          <SignInPage />
        </Route>
        <Route>
          <RequireViewer>
            <Pages />
          </RequireViewer>
        </Route>
      </Switch>
    </Router>
  );
}
