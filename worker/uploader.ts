// The uploader's schedule (docs/uploader.md#when-it-runs): runs every 15 s and whenever this engine becomes leader,
// only when online, leader and not already running, up to four sessions at once, each through its own steps
// (worker/session-upload.ts). Rows are deleted only after the target accepted them; a run that did not get
// everything through makes the next runs back off, doubling up to 5 minutes, or wait as long as the target asked.
import type { Guard } from './guard.ts';
import { createSessionUpload } from './session-upload.ts';
import type { SidelogStorage } from './storage/storage.types.ts';
import { UPLOAD_INTERVAL_MS, UPLOAD_MAX_BACKOFF_MS } from './tuning.ts';
import type { UploadTarget } from './upload-target.types.ts';

interface UploaderDeps {
  storage: SidelogStorage;
  guard: Guard;
  /** Where it all goes: the logging service (worker/wire-target.ts), or another target. */
  target: UploadTarget;
  debug: (message: string) => void;
  isOnline: () => boolean;
  isLeader: () => boolean;
  /** Sessions some tab still holds: they are kept even when empty. */
  activeSessions: () => Promise<Set<string>>;
  intervalMs?: number;
  maxBackoffMs?: number;
}

interface Uploader {
  /** Starts the periodic runs. */
  start(): void;
  /** Stops the periodic runs; resolves once a run under way has ended. */
  stop(): Promise<void>;
  /** Runs once now (after the run under way, if any); `force` sends logs whatever the device's status. */
  run(options: { force: boolean }): Promise<void>;
  /** Runs finished, whatever their outcome. */
  runs(): number;
}

/** The delay before the next periodic run after `failures` failed runs in a row. */
export function backoffDelay(failures: number, intervalMs = UPLOAD_INTERVAL_MS, maxMs = UPLOAD_MAX_BACKOFF_MS): number {
  return Math.min(intervalMs * 2 ** failures, maxMs);
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Sessions uploaded at once. Each session's own requests go one after another, in order; several sessions (tabs)
 * share the wait for the service. Below the browser's six connections per host. */
const PARALLEL_SESSIONS = 4;

export function createUploader(deps: UploaderDeps): Uploader {
  const { storage, guard, debug } = deps;
  const maxBackoffMs = deps.maxBackoffMs ?? UPLOAD_MAX_BACKOFF_MS;
  const uploadSession = createSessionUpload(deps);
  let running: Promise<void> | undefined;
  let again: { force: boolean; done: Promise<void> } | undefined;
  let failures = 0;
  /** How long the target asked to be left alone after the last run (Retry-After). */
  let askedWaitMs = 0;
  let finished = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = true;

  async function runOnce(force: boolean): Promise<void> {
    askedWaitMs = 0;
    if (!deps.isOnline() || !deps.isLeader() || !guard.isAppValid) return;
    // Sessions that already have ids first: their data can go without a registration.
    const sessions = (await storage.sessions()).sort((a, b) => Number(a.id === undefined) - Number(b.id === undefined));
    // Asked after the sessions are read: a tab counts as active before its session is stored.
    const active = await deps.activeSessions();
    let failed = false;
    const queue = [...sessions];
    const uploadNext = async (): Promise<void> => {
      for (let session = queue.shift(); session; session = queue.shift()) {
        try {
          const setback = await uploadSession(session, force, active);
          if (!setback) continue;
          failed = true;
          if (setback.outcome === 'retry-later') askedWaitMs = Math.max(askedWaitMs, setback.afterMs ?? 0);
          debug(`Sidelog could not upload session ${session.uuid}: ${setback.reason}`);
        } catch (error) {
          // The target answers with outcomes; what throws is the storage, or a target that broke its contract.
          failed = true;
          debug(`Sidelog could not upload session ${session.uuid}: ${message(error)}`);
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(PARALLEL_SESSIONS, queue.length) }, uploadNext));
    failures = failed ? failures + 1 : 0;
  }

  function schedule(): void {
    if (stopped) return;
    clearTimeout(timer);
    // A wait the target asked for counts as long as the backoff's longest, no longer.
    const delay = Math.max(backoffDelay(failures, deps.intervalMs, maxBackoffMs), Math.min(askedWaitMs, maxBackoffMs));
    timer = setTimeout(() => void run({ force: false }), delay);
  }

  function run({ force }: { force: boolean }): Promise<void> {
    if (running) {
      // Not two at once: one more run follows the one under way, forced if any caller asked for it.
      if (!again) {
        again = {
          force,
          done: running.then(() => {
            const next = again!.force;
            again = undefined;
            return run({ force: next });
          }),
        };
      } else again.force ||= force;
      return again.done;
    }
    running = runOnce(force)
      .catch((error: unknown) => debug(`Sidelog's upload failed: ${message(error)}`))
      .finally(() => {
        running = undefined;
        finished++;
        schedule();
      });
    return running;
  }

  return {
    start() {
      stopped = false;
      schedule();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await (again?.done ?? running);
    },
    run,
    runs: () => finished,
  };
}
