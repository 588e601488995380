// What the admin API's read-by-id endpoints show, each with its session's logs, found from the URLs Sidelog hands
// out (`{baseURL}/intent/{appID}/issue|session|device/{id}`), and those the Bugfender SDK returns, whose appID is the
// base58 form (store.appById takes either). The explorer resolves the same URLs with its own queries, which read no
// log (server/explorer/api.ts). Ids are looked up well-formed, as the collector stored them: a URL
// cannot carry a lone surrogate, which the collector stored as U+FFFD.
import type { LogRecord } from '../../protocol/records.types.ts';
import type {
  App,
  AppStore,
  CollectedReads,
  DeviceKeyChange,
  StoredDevice,
  StoredIssue,
  StoredSession,
} from '../stores/store.types.ts';
import { wellFormed } from '../collector/wire-validation.ts';

interface IssueView {
  app: App;
  issue: StoredIssue;
  session: StoredSession | undefined;
  logs: LogRecord[];
}
interface SessionView {
  app: App;
  session: StoredSession;
  issues: StoredIssue[];
  logs: LogRecord[];
}
interface DeviceView {
  app: App;
  device: StoredDevice;
  keys: Omit<DeviceKeyChange, 'device_id'>[];
  sessions: StoredSession[];
}

export function createIntentLookup(store: AppStore & CollectedReads) {
  return {
    async issue(appId: string, id: string): Promise<IssueView | undefined> {
      const uuid = wellFormed(id);
      const app = await store.appById(appId);
      const found = app && (await store.issue(app.key, uuid));
      if (!app || !found) return undefined;
      const { session_id, ...issue } = found;
      return {
        app,
        issue,
        session: await store.session(app.key, issue.session_uid),
        logs: await store.sessionLogs(session_id),
      };
    },
    async session(appId: string, id: string): Promise<SessionView | undefined> {
      const uuid = wellFormed(id);
      const app = await store.appById(appId);
      const session = app && (await store.session(app.key, uuid));
      if (!app || !session) return undefined;
      return { app, session, issues: await store.sessionIssues(session.id), logs: await store.sessionLogs(session.id) };
    },
    async device(appId: string, id: string): Promise<DeviceView | undefined> {
      const udid = wellFormed(id);
      const app = await store.appById(appId);
      const device = app && (await store.device(app.key, udid));
      if (!app || !device) return undefined;
      return {
        app,
        device,
        keys: await store.deviceKeys(app.key, udid),
        sessions: await store.deviceSessions(app.key, udid),
      };
    },
  };
}
