// One user across apps (docs/explorer.md#finding-a-user-across-apps): for each app the viewer may read, the devices whose
// identity key holds the value, each linking to that app's device page and its sessions; an app without an identity
// key said not searched; an app with more devices than a page, said so, with its devices searched by the value. Each
// device's copy to download, and all of the user's in one file (docs/privacy.md#a-copy-of-a-device); for the admin,
// every device found erased at once (docs/privacy.md#erasing-a-device).
import { useId, useState } from 'react';
import { Link } from 'wouter';
import { devicePath } from '../address.ts';
import { deviceCopyHref, userCopyHref } from '../api.ts';
import type { IdentityApp, IdentitySearch } from '../../explorer-contract/identity-search.types.ts';
import { deviceName } from '../../explorer-contract/identity.ts';
import { countOf } from '../format.ts';
import { UserErasure } from '../insight/DeviceErasure.tsx';
import { LoadState } from '../LoadState.tsx';
import { OutcomeNotice, type Outcome } from '../ProblemNotice.tsx';
import { TableHead } from '../TableHead.tsx';
import { Time } from '../Time.tsx';
import { useJson } from '../use-json.ts';
import { href, useQuery } from '../use-query.ts';

/** A device's row: its name and short id; its sessions; its latest session's app version; its last log; its copy. Not
 * who it is, as the app names users: every row is the user searched for, and a column of "user_id 1" on every row told
 * none of the user's devices apart. */
const COLUMNS = ['Device', 'Sessions', 'App version', 'Last log', 'Its data'];

function AppDevices({ app, value }: { app: IdentityApp; value: string }) {
  // An app's key may hold spaces, which an id reference cannot.
  const title = useId();
  return (
    <section className="card user-app" aria-labelledby={title}>
      <h2 id={title}>
        {app.key}
        {app.identityKey ? <span className="muted"> by {app.identityKey}</span> : null}
      </h2>
      {app.identityKey === null ? (
        <p className="muted">No identity key set: not searched.</p>
      ) : app.devices.length === 0 ? (
        <p className="muted">
          No device with {app.identityKey} {value}.
        </p>
      ) : (
        <div className="table-scroll">
          <table className="table">
            <TableHead columns={COLUMNS} />
            <tbody>
              {app.devices.map((device) => (
                <tr key={device.udid}>
                  <td>
                    <Link href={href(devicePath(device.udid), app.appId)} title={device.udid}>
                      {deviceName(device.name, device.udid)}
                    </Link>
                  </td>
                  <td>
                    <Link href={href('/sessions', app.appId, { device: device.udid })}>
                      {countOf(device.sessions, 'session')}
                    </Link>
                  </td>
                  <td>{device.version ?? ''}</td>
                  <td>
                    {device.last_at === null ? (
                      <span className="muted">no log yet</span>
                    ) : (
                      <Time value={device.last_at} />
                    )}
                  </td>
                  <td>
                    <a href={deviceCopyHref(app.appId, device.udid)} download>
                      Download a copy
                    </a>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {app.identityKey !== null && app.more ? (
        <p className="muted">
          More devices than these:{' '}
          <Link href={href('/devices', app.appId, { q: value })}>
            search {app.key}’s devices for {value}
          </Link>
          .
        </p>
      ) : null}
    </section>
  );
}

/** Every device of the user's in one file, for any account: the apps it may read, up to a hundred devices an app. */
function UserCopy({ value, apps }: { value: string; apps: readonly IdentityApp[] }) {
  if (!apps.some((app) => app.identityKey !== null && app.devices.length > 0)) return null;
  return (
    <section className="card user-copy" aria-labelledby="copy-user-title">
      <h2 id="copy-user-title">A copy of this user's data</h2>
      <p className="muted">
        When {value} asks what is stored of them: every device of theirs in the apps you may read (up to 100 an app),
        with its keys, sessions, issues and logs, in one JSON file.
      </p>
      <a className="button" href={userCopyHref(value)} download>
        Download a copy of their data
      </a>
    </section>
  );
}

export function UsersPage() {
  const [params] = useQuery();
  const value = params.get('value')?.trim() ?? '';
  // Searched again once the user's devices are erased, and what came of it said (for this value only).
  const [version, setVersion] = useState(0);
  const [erasure, setErasure] = useState<{ value: string; outcome: Outcome } | null>(null);
  const found = useJson<IdentitySearch>(value ? `/identity?${new URLSearchParams({ value })}` : null, version);
  if (!value)
    return (
      <p className="muted">
        Type a user’s value of the identity key (a user id, an email) in “Find a user in all apps”.
      </p>
    );
  if (found.state !== 'ready') return <LoadState loaded={found} />;
  return (
    <>
      <p role="status">
        {found.data.value}: found in{' '}
        {countOf(found.data.apps.filter((app) => app.identityKey !== null && app.devices.length > 0).length, 'app')} of
        the {countOf(found.data.apps.length, 'app')} you may read.
      </p>
      {erasure?.value === value ? <OutcomeNotice outcome={erasure.outcome} /> : null}
      {found.data.apps.map((app) => (
        <AppDevices key={app.key} app={app} value={found.data.value} />
      ))}
      <UserCopy value={found.data.value} apps={found.data.apps} />
      <UserErasure
        value={found.data.value}
        apps={found.data.apps}
        onErased={(outcome) => {
          setErasure({ value, outcome });
          setVersion((n) => n + 1);
        }}
      />
    </>
  );
}
