// A service over a temporary database (SQLite by default, or PostgreSQL: tests/unit/server/test-databases.ts),
// answered in-process through Hono's app.request(); the bodies a Sidelog page would send are in fixtures/wire-bodies.ts.
import { join } from 'node:path';
import { readAllPages } from '../../../server/admin/admin-pages.ts';
import { EXPLORER_API } from '../../../explorer-contract/api.types.ts';
import { DEMO_APP_KEY, seedDemo } from '../../../server/partner/demo.ts';
import type { LoginLimits } from '../../../server/http/login-throttle.ts';
import { createServiceApp } from '../../../server/service.ts';
import { FAULTS_PATH, mountCollectorFaults } from '../../support/collector-faults.ts';
import type { WireOperation } from '../../../protocol/wire.ts';
import { sessionPayload, wireRequest } from '../../../fixtures/wire-bodies.ts';
import { openTestStore, runOnDatabase, type TestStoreKind } from './test-databases.ts';

export const ADMIN_TOKEN = 'test-admin-token';
const ADMIN_LISTS = /^(logs|batches|sessions|issues|device-keys|requests)\?/;

export type Harness = Awaited<ReturnType<typeof createHarness>>;

export async function createHarness(
  options: { faults?: boolean; distDir?: string; loginLimits?: LoginLimits; store?: TestStoreKind } = {},
) {
  const opened = await openTestStore(options.store ?? 'sqlite');
  const { store } = opened;
  const { dir } = opened.database;
  await seedDemo(store);
  const app = createServiceApp(store, {
    adminToken: ADMIN_TOKEN,
    beforeRoutes: options.faults ? mountCollectorFaults : undefined,
    distDir: options.distDir ?? join(dir, 'no-dist'),
    loginLimits: options.loginLimits,
  });

  /** A collector call as Sidelog makes it. */
  const wire = (op: WireOperation, body: unknown, appKey: string | null = DEMO_APP_KEY, init: RequestInit = {}) =>
    wireRequest(app, op, body, appKey, init);

  const admin = async <T = any>(path: string, init: RequestInit & { json?: unknown } = {}): Promise<T> => {
    const { json, ...rest } = init;
    // The lists come a page at a time; a test reads them whole.
    if (json === undefined && ADMIN_LISTS.test(path)) {
      const get = (page: string) => app.request(page, { headers: { Authorization: `Bearer ${ADMIN_TOKEN}` } });
      return (await readAllPages(get, `/sidelog/admin/api/${path}`)) as T;
    }
    const response = await app.request(`/sidelog/admin/api/${path}`, {
      ...rest,
      ...(json === undefined ? {} : { method: 'POST', body: JSON.stringify(json) }),
      headers: { Authorization: `Bearer ${ADMIN_TOKEN}`, 'Content-Type': 'application/json' },
    });
    if (!response.ok) throw new Error(`admin ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };

  /** With `faults: true`: makes the collector fail an app's requests (all, or the named operations) until set back
   * to 'none' (`{ app, mode, ops? }`, a mode of FAULT_MODES in tests/support/collector-faults.ts); the route's answer. */
  const setFault = (body: { app?: string; mode?: string; ops?: string[] }) =>
    app.request(FAULTS_PATH, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });

  /** Registers a session and returns its id. */
  const session = async (uid = `s-${crypto.randomUUID()}`, appKey = DEMO_APP_KEY) => {
    const response = await wire('sendSession', sessionPayload(uid, appKey), appKey);
    return ((await response.json()) as { id: number }).id;
  };

  /** Signs `name` in to the explorer: its session cookie (`name=value`, as a Cookie header takes it). */
  const signIn = async (name: string, password: string): Promise<string> => {
    const answer = await app.request(`${EXPLORER_API}/sign-in`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name, password }),
    });
    return answer.headers.get('Set-Cookie')!.split(';')[0]!;
  };
  let viewerCookie: string | undefined;
  /** The explorer's session cookie of the admin, signed in once. */
  const adminCookie = async (): Promise<string> => (viewerCookie ??= await signIn('admin', ADMIN_TOKEN));
  /** Runs SQL (one statement or several) on the service's database, past the service: SQLite's file, or PostgreSQL's. */
  const onDatabase = (statements: string): Promise<void> => runOnDatabase(opened.database.db, statements);
  /** A new explorer account `name` (of every app unless the admin keeps it to some), signed in: its cookie. */
  const newViewer = async (name: string, password = 'long-enough-1'): Promise<string> => {
    await admin('viewers', { json: { name, password } });
    return signIn(name, password);
  };
  /** A GET of the explorer's JSON API as the signed-in admin. */
  const explorerGet = async (path: string) => {
    const answer = await app.request(`${EXPLORER_API}${path}`, { headers: { Cookie: await adminCookie() } });
    return { status: answer.status, body: await answer.text() };
  };

  /**
   * What the explorer shows for one of the service's page URLs (`/sidelog/`, `/sidelog/sessions` or an intent URL): the answers of the
   * explorer API calls that the page makes for it, as a signed-in viewer. The status is the first that is not 200.
   */
  const explore = async (url: string): Promise<{ status: number; body: string }> => {
    const calls: string[] = [];
    const intent = /^\/sidelog\/intent\/([^/]+)\/(issue|session|device)\/(.+)$/.exec(url);
    if (url === '/sidelog/') {
      calls.push('/apps', ...(await store.apps()).map((app) => `/apps/${app.appId}/sessions`));
    } else if (url === '/sidelog/sessions') {
      calls.push(
        '/apps',
        ...(await store.apps()).flatMap((app) => [`/apps/${app.appId}/sessions`, `/apps/${app.appId}/facets`]),
      );
    } else if (intent) {
      const resolved = await explorerGet(`/intent/${intent[1]}/${intent[2]}/${intent[3]}`);
      if (resolved.status !== 200) return resolved;
      const { appId, kind, id } = JSON.parse(resolved.body) as { appId: string; kind: string; id: string };
      const encoded = encodeURIComponent(id);
      if (kind === 'issue') calls.push(`/apps/${appId}/issues/${encoded}`);
      if (kind === 'session')
        calls.push(`/apps/${appId}/sessions/${encoded}`, `/apps/${appId}/logs?session=${encoded}`);
      if (kind === 'device')
        calls.push(`/apps/${appId}/devices/${encoded}`, `/apps/${appId}/sessions?device=${encoded}`);
    } else throw new Error(`explore: ${url} is not a page of the explorer`);
    const answers = await Promise.all(calls.map(explorerGet));
    return {
      status: answers.find((answer) => answer.status !== 200)?.status ?? 200,
      body: answers.map((answer) => answer.body).join('\n'),
    };
  };

  return {
    app,
    store,
    dir,
    wire,
    admin,
    session,
    setFault,
    explore,
    /** A GET of the explorer's JSON API (`/apps/{appID}/sessions?language=…`) as the signed-in admin. */
    adminCookie,
    newViewer,
    onDatabase,
    explorerGet,
    /** SIDELOG_DB for this harness's database (a file's path or a postgres:// URL). */
    db: opened.database.db,
    close: () => opened.close(),
  };
}
