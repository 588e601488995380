// The top bar's "Find a user in all apps" (docs/explorer.md#finding-a-user-across-apps): a user's value of the identity
// key, looked up in every app the viewer may read on the Users page; the app shown stays chosen for the way back.
import type { FormEvent } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useAppId } from './use-app.ts';
import { withChanges } from './use-query.ts';
import { useFollowing } from './use-following.ts';

export const USERS_PATH = '/users';

export function UserSearchBox() {
  const [location, navigate] = useLocation();
  const appId = useAppId();
  // On the Users page the field holds the value shown; elsewhere it starts empty.
  const search = useSearch();
  const shown = location === USERS_PATH ? (new URLSearchParams(search).get('value') ?? '') : '';
  const [value, setValue] = useFollowing(shown, () => shown);
  return (
    <form
      role="search"
      className="user-search"
      aria-label="Find a user in all apps"
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        if (value.trim() === '') return;
        navigate(`${USERS_PATH}?${withChanges('', { app: appId, value: value.trim() })}`);
      }}
    >
      <input
        type="search"
        aria-label="Find a user in all apps"
        placeholder="Find a user"
        value={value}
        maxLength={4096}
        onChange={(event) => setValue(event.target.value)}
      />
    </form>
  );
}
