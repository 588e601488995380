// Erasing a device's data on request (docs/privacy.md#erasing-a-device), the admin's alone: when someone asks for
// what was stored of them to be deleted, the admin finds their device (Users, or Devices by their id) and erases it
// here. What went is said once it has; nothing of it can be brought back.
import { useState } from 'react';
import { Link } from 'wouter';
import { ADMIN_VIEWER, postJson, refusal, type DeviceErasure as Erased } from '../api.ts';
import { countOf } from '../format.ts';
import { OutcomeNotice, type Outcome } from '../ProblemNotice.tsx';
import { href } from '../use-query.ts';
import { useViewer } from '../viewer-state.ts';

/** What the erasure deleted, in words. */
export const erasedText = (name: string, erased: Erased) =>
  `Everything stored of ${name} is erased: ${countOf(erased.logs, 'log')}, ${countOf(erased.sessions, 'session')}, ` +
  `${countOf(erased.issues, 'issue')} and ${countOf(erased.keyChanges, 'key change')}.`;

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
  const admin = useViewer((state) => state.name) === ADMIN_VIEWER;
  const [problem, setProblem] = useState<Outcome | null>(null);
  const [busy, setBusy] = useState(false);
  if (!admin) return null;

  async function erase() {
    if (!window.confirm(`Erase everything stored of ${name}? Its logs, sessions, issues and keys go for good.`)) return;
    setBusy(true);
    const path = `/apps/${encodeURIComponent(appId)}/devices/${encodeURIComponent(udid)}`;
    const answer = await postJson<Erased>(path, {}, 'DELETE');
    setBusy(false);
    if (answer.status !== 200) return setProblem({ text: refusal(answer), error: true });
    onErased(answer.body);
  }

  return (
    <section aria-labelledby="erase-title">
      <h2 id="erase-title">Erase this device's data</h2>
      <p className="muted">
        When its user asks for what was stored of them to be deleted: its logs, sessions, issues, keys and key history
        go, and it leaves the issue groups' counts. A page still running on it stores new logs as a new device.
      </p>
      <button type="button" className="button button-danger" disabled={busy} onClick={() => void erase()}>
        Erase this device's data
      </button>
      <OutcomeNotice outcome={problem} />
    </section>
  );
}

/** The page once the device is erased. */
export function ErasedDevice({ appId, name, erased }: { appId: string; name: string; erased: Erased }) {
  return (
    <>
      <OutcomeNotice outcome={{ text: erasedText(name, erased), error: false }} />
      <p>
        <Link href={href('/devices', appId)}>Back to the devices</Link>
      </p>
    </>
  );
}
