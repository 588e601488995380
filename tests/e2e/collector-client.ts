// Sends to the service's collector what a Sidelog (or Bugfender) page would: an app, sessions, logs, issues and
// device keys, over HTTP with the wire format, so the explorer shows what arrived the way it really arrives.
import type { IssueType } from '../../protocol/levels.ts';
import type { LogRecord } from '../../protocol/records.types.ts';
import { WIRE_PATHS, type WireOperation } from '../../protocol/wire.ts';
import { sessionPayload } from '../../fixtures/wire-bodies.ts';

export function createCollectorClient(url: string, adminToken: string, appKey: string) {
  const post = async (path: string, body: unknown, headers: Record<string, string>) => {
    const response = await fetch(`${url}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return response.json() as Promise<unknown>;
  };
  const wire = (op: WireOperation, body: unknown) =>
    post(`/sidelog/api${WIRE_PATHS[op]}`, body, { 'X-App-Token': appKey });
  return {
    /** Creates the app (enabled) through the admin API. */
    createApp: () =>
      post('/sidelog/admin/api/apps', { key: appKey, enabled: true }, { Authorization: `Bearer ${adminToken}` }),
    /** Registers a session on a device, with `fields` over Sidelog's payload; returns its id for logs and issues. */
    async session(uid: string, udid: string, fields: Record<string, unknown> = {}): Promise<number> {
      return ((await wire('sendSession', { ...sessionPayload(uid, appKey, udid), ...fields })) as { id: number }).id;
    },
    /** Sends logs in batches of 500, as Sidelog does (or, for a test of what the collector keeps, other values). */
    async logs(sessionId: number, logs: (LogRecord | Record<string, unknown>)[]): Promise<void> {
      for (let from = 0; from < logs.length; from += 500)
        await wire('sendLogs', { session_id: sessionId, logs: logs.slice(from, from + 500) });
    },
    issue: (sessionId: number, issue: { uid: string; title: unknown; text: unknown; type: IssueType }) =>
      wire('sendIssue', {
        ...issue,
        url: `${url}/sidelog/intent/x/issue/${issue.uid}`,
        app: { key: appKey },
        session_id: sessionId,
      }),
    deviceKey: (udid: string, key: string, value: unknown) =>
      wire('setDeviceKey', { app_key: appKey, device_id: udid, key, value }),
  };
}
