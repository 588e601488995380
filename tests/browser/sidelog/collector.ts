// The browser tests' view of the local collector: its admin API, as a developer would read it, and the tests' fault
// injection (tests/support/collector-faults.ts, mounted by tests/browser/global-setup.ts).
import { inject } from 'vitest';

const base = () => inject('collectorURL');
const headers = () => ({ Authorization: `Bearer ${inject('adminToken')}`, 'Content-Type': 'application/json' });

async function admin<T>(path: string, init?: RequestInit): Promise<T> {
  const response = await fetch(`${base()}/sidelog/admin/api/${path}`, { ...init, headers: headers() });
  if (!response.ok) throw new Error(`admin ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

export const apiURL = () => `${base()}/sidelog/api`;
export const baseURL = () => `${base()}/sidelog`;

/** A fresh app on the collector, so that tests never see each other's data. */
export async function newApp(enabled = true): Promise<string> {
  const key = `test-${crypto.randomUUID()}`;
  await admin('apps', { method: 'POST', body: JSON.stringify({ key, enabled }) });
  return key;
}

export type Fault = 'none' | 'error-500' | 'error-400' | 'error-413' | 'hang' | 'non-json';
/** Makes the collector fail this app's requests (all, or the named operations) until set back to 'none'. */
export async function setFault(app: string, mode: Fault, ops?: string[]): Promise<void> {
  const response = await fetch(`${base()}/sidelog/test/faults`, {
    method: 'POST',
    headers: headers(),
    body: JSON.stringify({ app, mode, ops }),
  });
  if (!response.ok) throw new Error(`faults: ${response.status} ${await response.text()}`);
}

const query = (params: Record<string, string>) => new URLSearchParams(params).toString();

interface CollectedLog {
  at: number;
  t?: string;
  tg?: string;
  ll?: number;
  session_uid?: string;
  [field: string]: unknown;
}

/** A whole admin list, following its pages (`Link: <…>; rel="next"`, docs/local-service.md#admin-api). The page
 * compiles no server file, so this reads them as any client of the admin API would. */
async function list<T>(name: string, app: string): Promise<T[]> {
  const rows: T[] = [];
  for (let path: string | undefined = `/sidelog/admin/api/${name}?${query({ app })}`; path;) {
    const response: Response = await fetch(`${base()}${path}`, { headers: headers() });
    if (!response.ok) throw new Error(`admin ${path}: ${response.status} ${await response.text()}`);
    rows.push(...((await response.json()) as T[]));
    path = /<([^>]+)>\s*;\s*rel="?next"?/.exec(response.headers.get('Link') ?? '')?.[1];
  }
  return rows;
}

export const logsOf = (app: string) => list<CollectedLog>('logs', app);
export const batchesOf = (app: string) => list<{ count: number; [field: string]: unknown }>('batches', app);
export const sessionsOf = (app: string) => list<Record<string, unknown>>('sessions', app);
export const issuesOf = (app: string) => list<Record<string, unknown>>('issues', app);
export const deviceKeysOf = (app: string) => list<Record<string, unknown>>('device-keys', app);
export const requestsOf = (app: string) => list<Record<string, unknown>>('requests', app);
