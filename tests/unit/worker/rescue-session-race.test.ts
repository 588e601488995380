// A rescue stored while the uploader lets go of its session (docs/durability.md#the-next-page-stores-the-rescue). A
// tab that closed within milliseconds of a small burst left every line in its rescue and none in the database (its
// engine waits for a burst to end before storing), so its session, stored, empty and held by no tab, is one the next
// page's first upload run deletes while that page's engine stores the rescue into it. Lines stored under a session
// the storage no longer lists are never uploaded, and the rescue's key is removed once they are stored: all lost.
// The real engine, writer, session upload and in-memory storage; the storage holds the uploader's deletion until the
// rescue has reached a given point, so that each order is tried as such.
import { describe, expect, test } from 'vitest';
import {
  IssueType,
  LogLevel,
  columnsOf,
  type EngineConfig,
  type SessionPayload,
  type WriteMessage,
} from '../../../protocol/index.ts';
import { createEngine } from '../../../worker/engine.ts';
import type { CoreRegistry, EngineCore } from '../../../worker/engine-core.ts';
import { createGuard } from '../../../worker/guard.ts';
import { createSessionUpload } from '../../../worker/session-upload.ts';
import { createMemoryStorage } from '../../../worker/storage/memory-storage.ts';
import type { SidelogStorage } from '../../../worker/storage/storage.types.ts';
import type { UploadTarget } from '../../../worker/upload-target.types.ts';
import { createWriter } from '../../../worker/writer.ts';

const CLOSED = 'closed-tab-session';
const payload = (uid: string) => ({ session_uid: uid, time: '2026-12-05T01:00:00.000Z' }) as SessionPayload;
const LOGS: WriteMessage = {
  sl: 'logs',
  seq: 2,
  logs: columnsOf([{ at: 1, x: 1, ll: LogLevel.Debug, p: ['line 1'] }]),
};
const ISSUE: WriteMessage = {
  sl: 'issue',
  seq: 3,
  issue: { type: IssueType.Issue, title: 'closed', text: 'tab', uuid: 'issue-1' },
};
const KEY: WriteMessage = { sl: 'key', seq: 4, key: 'plan', value: 'gold' };

/** Where the rescue has got to when the uploader's deletion of the session goes on. */
type DeletionAt = 'after the rescue is stored' | "after the rescue's session is ensured";

function deferred() {
  let resolve!: () => void;
  return { promise: new Promise<void>((done) => (resolve = done)), resolve };
}

async function race(at: DeletionAt, writes: WriteMessage[]) {
  const memory = createMemoryStorage();
  const gate = deferred();
  const deleted = deferred();
  /** The memory storage, its deletion held at the gate. */
  const storage: SidelogStorage = {
    ...memory,
    async deleteSessionIfEmpty(uuid) {
      await gate.promise;
      const gone = await memory.deleteSessionIfEmpty(uuid);
      deleted.resolve();
      return gone;
    },
    async ensureSession(session) {
      await memory.ensureSession(session);
      if (session.uuid !== CLOSED || at !== "after the rescue's session is ensured") return;
      gate.resolve();
      await deleted.promise;
    },
  };
  const guard = createGuard();
  const writer = createWriter({ storage, guard, onError: () => {} });
  // The closed tab's session, registered and uploaded: stored and empty.
  await memory.ensureSession({ uuid: CLOSED, payload: payload(CLOSED) });
  await memory.setSessionId(CLOSED, 7);
  const core = {
    ...{ storage, writer, guard, tabs: new Set<string>(), debugSinks: new Set() },
    device: { key_values: {} } as unknown as EngineCore['device'],
    ...{ forceSend: async () => {}, sendKeepalive: async () => {}, close: async () => {} },
    status: async () => ({}) as Awaited<ReturnType<EngineCore['status']>>,
  } satisfies EngineCore;
  const cores: CoreRegistry = { get: async () => core, release: async () => {} };
  const engine = createEngine(cores);
  const config = { appKey: 'app', run: 'next-run', storage: 'memory', session: payload('next-session') };
  await engine.start(config as unknown as EngineConfig, undefined, () => {});
  // Nothing is sent: the device is not enabled, and the session holds no issue when the run reads it.
  const upload = createSessionUpload({ storage, guard, target: {} as UploadTarget, debug: () => {} });

  const [closed] = (await storage.sessions()).filter((session) => session.uuid === CLOSED);
  const uploading = upload(closed, false, new Set(['next-session']));
  engine.write({
    sl: 'rescued',
    seq: 1,
    rescue: { appKey: 'app', run: 'closed-run', session: payload(CLOSED), writes },
  });
  await engine.settle(1);
  gate.resolve();
  await uploading;
  await writer.settled();

  return {
    listed: (await storage.sessions()).some((session) => session.uuid === CLOSED),
    logs: await storage.countLogs(CLOSED),
    issues: await storage.countIssues(CLOSED),
    keys: await storage.countDeviceKeys(CLOSED),
  };
}

describe('a rescue stored while the uploader lets go of its empty session', () => {
  test('the uploader found the session empty before the rescue was stored, and deletes it after', async () => {
    expect(await race('after the rescue is stored', [LOGS, ISSUE, KEY])).toEqual({
      listed: true,
      logs: 1,
      issues: 1,
      keys: 1,
    });
  });

  test('the uploader deletes the session between the rescue ensuring it and storing an issue and a key', async () => {
    expect(await race("after the rescue's session is ensured", [ISSUE, KEY])).toEqual({
      listed: true,
      logs: 0,
      issues: 1,
      keys: 1,
    });
  });
});
