// Leader election (docs/modes.md#leadership): with Web Locks, the engine that holds the app's lock uploads for
// every tab; the others ask it for forced sends over a BroadcastChannel of the same name. In mode C
// there are no other tabs to share with, so the engine always leads.
import { SESSION_LOCK_PREFIX } from '../protocol/index.ts';

interface Leadership {
  isLeader(): boolean;
  /** Asks the leader, wherever it is, for one forced send; also forces this engine's first run if it becomes leader. */
  requestForcedSend(): void;
  close(): void;
}

interface LeadershipOptions {
  name: string;
  mode: 'lock' | 'always';
  /** Called on becoming leader; `force` is set when a forced send was asked for before. */
  onLeader(force: boolean): void;
  /** Called on the leader when another engine asks for a forced send. */
  onForceRequest(): void;
}

/** Sessions whose tabs are still open, as far as Web Locks can tell. */
export async function activeSessionLocks(): Promise<string[]> {
  if (typeof navigator === 'undefined' || !navigator.locks) return [];
  const { held = [] } = await navigator.locks.query();
  return held.flatMap((lock) =>
    lock.name?.startsWith(SESSION_LOCK_PREFIX) ? [lock.name.slice(SESSION_LOCK_PREFIX.length)] : [],
  );
}

export function createLeadership({ name, mode, onLeader, onForceRequest }: LeadershipOptions): Leadership {
  let leader = false;
  let forceAsked = false;
  let closed = false;
  let release = () => {};
  const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(name) : undefined;

  const becomeLeader = () => {
    leader = true;
    const force = forceAsked;
    forceAsked = false;
    onLeader(force);
  };

  if (mode === 'always' || !navigator.locks) {
    queueMicrotask(becomeLeader);
  } else {
    const held = new Promise<void>((resolve) => (release = resolve));
    navigator.locks
      .request(name, () => {
        if (closed) return undefined;
        becomeLeader();
        return held;
      })
      .catch(() => {});
  }
  channel?.addEventListener('message', (event: MessageEvent) => {
    if (leader && event.data === 'force') onForceRequest();
  });

  return {
    isLeader: () => leader,
    requestForcedSend() {
      forceAsked = true;
      channel?.postMessage('force');
    },
    close() {
      closed = true;
      leader = false;
      release();
      channel?.close();
    },
  };
}
