// Erasing devices' data on request (docs/privacy.md#erasing-a-device), the admin's alone: when someone asks for what
// was stored of them to be deleted, the admin erases their device from its page, or every device the Users page found
// for them (UserErasure). What went is said once it has; nothing of it can be brought back.
import { useState } from 'react';
import { Link } from 'wouter';
import type { IdentityApp } from '../../explorer-contract/identity-search.types.ts';
import { ADMIN_VIEWER, postJson, refusal, type DeviceErasure as Erased } from '../api.ts';
import { countOf } from '../format.ts';
import { OutcomeNotice, type Outcome } from '../ProblemNotice.tsx';
import { href } from '../use-query.ts';
import { useViewer, viewerStore } from '../viewer-state.ts';

/** What went, in words: "4 logs, 2 sessions, 1 issue and 2 key changes". */
export const erasedCounts = (erased: Omit<Erased, 'udid'>) =>
  `${countOf(erased.logs, 'log')}, ${countOf(erased.sessions, 'session')}, ${countOf(erased.issues, 'issue')} and ` +
  `${countOf(erased.keyChanges, 'key change')}`;

/** Erases one device of an app: what went, or the service's refusal in words. */
async function erase(appId: string, udid: string): Promise<Erased | string> {
  const answer = await postJson<Erased>(
    `/apps/${encodeURIComponent(appId)}/devices/${encodeURIComponent(udid)}`,
    {},
    'DELETE',
  );
  return answer.status === 200 ? answer.body : refusal(answer);
}

/** Once devices are erased: the apps' session counts (the app picker's) no longer hold theirs. */
const recountApps = () => void viewerStore.getState().check();

const useAdmin = () => useViewer((state) => state.name) === ADMIN_VIEWER;

/** The section on a device's page; `onErased` is given what went. */
export function DeviceErasure({
  appId,
  udid,
  name,
  onErased,
}: {
  appId: string;
  udid: string;
  name: string;
  onErased: (erased: Erased) => void;
}) {
  const admin = useAdmin();
  const [problem, setProblem] = useState<Outcome | null>(null);
  const [busy, setBusy] = useState(false);
  if (!admin) return null;

  async function eraseDevice() {
    if (!window.confirm(`Erase everything stored of ${name}? Its logs, sessions, issues and keys go for good.`)) return;
    setBusy(true);
    const erased = await erase(appId, udid);
    setBusy(false);
    if (typeof erased === 'string') return setProblem({ text: erased, error: true });
    recountApps();
    onErased(erased);
  }

  return (
    <section aria-labelledby="erase-title">
      <h2 id="erase-title">Erase this device's data</h2>
      <p className="muted">
        When its user asks for what was stored of them to be deleted: its logs, sessions, issues, keys and key history
        go, and it leaves the issue groups' counts. A page still running on it stores new logs as a new device.
      </p>
      <button type="button" className="button button-danger" disabled={busy} onClick={() => void eraseDevice()}>
        Erase this device's data
      </button>
      <OutcomeNotice outcome={problem} />
    </section>
  );
}

/** The device's page once it is erased. */
export function ErasedDevice({ appId, name, erased }: { appId: string; name: string; erased: Erased }) {
  return (
    <>
      <OutcomeNotice
        outcome={{ text: `Everything stored of ${name} is erased: ${erasedCounts(erased)}.`, error: false }}
      />
      <p>
        <Link href={href('/devices', appId)}>Back to the devices</Link>
      </p>
    </>
  );
}

/** On the Users page: every device it found for the user, in every app, erased one after the other. `onErased` is
 * given what came of it, and the page searches again (an erased device no longer holds the user's key). */
export function UserErasure({
  value,
  apps,
  onErased,
}: {
  value: string;
  apps: readonly IdentityApp[];
  onErased: (outcome: Outcome) => void;
}) {
  const admin = useAdmin();
  const [progress, setProgress] = useState<string | null>(null);
  const devices = apps.flatMap((app) =>
    app.identityKey === null ? [] : app.devices.map((device) => ({ appId: app.appId, udid: device.udid })),
  );
  if (!admin || devices.length === 0) return null;
  const more = apps.filter((app) => app.identityKey !== null && app.more).map((app) => app.key);
  const what = `the ${countOf(devices.length, 'device')} found for ${value}`;

  async function eraseAll() {
    if (!window.confirm(`Erase everything stored of ${what}? Their logs, sessions, issues and keys go for good.`))
      return;
    const total = { logs: 0, sessions: 0, issues: 0, keyChanges: 0 };
    for (const [i, { appId, udid }] of devices.entries()) {
      setProgress(`Erasing ${i + 1} of ${devices.length}…`);
      const erased = await erase(appId, udid);
      if (typeof erased === 'string') {
        setProgress(null);
        if (i > 0) recountApps();
        return onErased({ text: `${i} of ${devices.length} erased; then: ${erased}`, error: true });
      }
      for (const key of Object.keys(total) as (keyof typeof total)[]) total[key] += erased[key];
    }
    setProgress(null);
    recountApps();
    onErased({ text: `Everything stored of ${what} is erased: ${erasedCounts(total)}.`, error: false });
  }

  return (
    <section className="card" aria-labelledby="erase-user-title">
      <h2 id="erase-user-title">Erase this user's data</h2>
      <p className="muted">
        When {value} asks for what was stored of them to be deleted: every device listed above, in every app, with its
        logs, sessions, issues, keys and key history.
        {more.length > 0
          ? ` ${more.join(', ')} ${more.length === 1 ? 'has' : 'have'} more devices than listed: search again once these are erased.`
          : ''}
      </p>
      <button
        type="button"
        className="button button-danger"
        disabled={progress !== null}
        onClick={() => void eraseAll()}
      >
        Erase {countOf(devices.length, 'device')}
      </button>
      {progress ? <p role="status">{progress}</p> : null}
    </section>
  );
}
