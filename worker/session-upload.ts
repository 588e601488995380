// One session's steps (docs/uploader.md#steps), one after another: register it if it has no id, send its issues,
// its logs (worker/log-upload.ts) and its device keys, each deleted once accepted, and delete the session once
// nothing of it is left. The first step the target does not accept stops the session, leaving the rest stored (a
// refused batch does not: it is split around the refused logs).
import type { SessionRecord } from '../protocol/index.ts';
import type { Guard } from './guard.ts';
import { createLogUpload } from './log-upload.ts';
import type { SidelogStorage } from './storage/storage.types.ts';
import type { Outcome, RegisteredSession, Setback, UploadTarget } from './upload-target.types.ts';

interface SessionUploadDeps {
  storage: SidelogStorage;
  guard: Guard;
  target: UploadTarget;
  debug: (message: string) => void;
}

/** Uploads one session; `force` sends its logs whatever the device's status, `active` names the sessions some tab
 * holds (kept even when empty). Resolves to the setback that stopped it, if any. */
type SessionUpload = (session: SessionRecord, force: boolean, active: Set<string>) => Promise<Setback | undefined>;

export function createSessionUpload({ storage, guard, target, debug }: SessionUploadDeps): SessionUpload {
  const uploadLogs = createLogUpload({ storage, target, debug });

  /** Registers the session if it has no id yet, and stores the id it is given. */
  async function register(session: SessionRecord): Promise<Outcome<{ session: RegisteredSession }>> {
    const ofId = (id: number) => ({
      outcome: 'accepted' as const,
      session: { id, uuid: session.uuid, payload: session.payload },
    });
    if (session.id !== undefined) return ofId(session.id);
    const registered = await target.registerSession(session.payload);
    if (registered.outcome !== 'accepted') return registered;
    await storage.setSessionId(session.uuid, registered.sessionId);
    return ofId(registered.sessionId);
  }

  async function uploadOnce(session: SessionRecord, force: boolean, active: Set<string>): Promise<Setback | undefined> {
    const uuid = session.uuid;
    const issues = await storage.issues(uuid);
    const mayProcess = guard.canUpload();
    const sendLogs = issues.length > 0 || mayProcess || force;
    const pendingLogs = sendLogs ? await storage.countLogs(uuid) : 0;
    const keys = issues.length > 0 || mayProcess ? await storage.deviceKeys(uuid) : [];
    if (issues.length > 0 || pendingLogs > 0 || keys.length > 0) {
      const registered = await register(session);
      if (registered.outcome !== 'accepted') return registered;
      for (const issue of issues) {
        const sent = await target.sendIssue(registered.session, issue.data);
        if (sent.outcome !== 'accepted') return sent;
        await storage.deleteIssues([issue.id!]);
      }
      const stopped = sendLogs ? await uploadLogs(registered.session) : undefined;
      if (stopped) return stopped;
      for (const { id, data } of keys) {
        const sent = await target.sendKey(data.key, data.value);
        if (sent.outcome !== 'accepted') return sent;
        await storage.deleteDeviceKeys([id!]);
      }
    }
    // Checked and deleted at once: a rescue the engine stores meanwhile into this session, which no tab holds, must
    // not be left under a session no upload finds (docs/durability.md#the-next-page-stores-the-rescue).
    if (!active.has(uuid)) await storage.deleteSessionIfEmpty(uuid);
    return undefined;
  }

  /** A session the target no longer holds (its retention deleted it while the logs waited) is registered again, and
   * what is left of it sent under the new id, once a run. */
  return async (session, force, active) => {
    const stopped = await uploadOnce(session, force, active);
    if (stopped?.outcome !== 'unknown-session' || session.id === undefined) return stopped;
    debug(`Sidelog: the service no longer knows session ${session.uuid}; registering it again`);
    return uploadOnce({ ...session, id: undefined }, force, active);
  };
}
