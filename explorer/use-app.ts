// The app a view shows: the `app` parameter of the address (a Sidelog appID), else the first app with sessions.
import { useQuery } from './use-query.ts';
import { useViewer } from './viewer-state.ts';

export function useAppId(): string | undefined {
  const [params] = useQuery();
  const apps = useViewer((state) => state.apps);
  return params.get('app') ?? apps[0]?.appId;
}

/** The app's identity key (docs/explorer.md#identity): the device key every view shows who by; null for none. */
export function useIdentityKey(): string | null {
  const appId = useAppId();
  const apps = useViewer((state) => state.apps);
  return apps.find((app) => app.appId === appId)?.identityKey ?? null;
}
