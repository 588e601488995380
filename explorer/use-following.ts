// State that follows what a component is given (the address, the viewer's zone) and can also be edited: a form's
// fields. It follows while the component renders, as React's docs adjust state when a prop changes, not in an effect:
// an update made in an effect renders a task later, so for one frame a field would be labelled with the new zone over
// the old zone's text, or show the address before back was pressed (docs/explorer-views.md#time).
import { useState, type Dispatch, type SetStateAction } from 'react';

/**
 * `made()` is the state as `key` gives it; when `key` changes, the state becomes `follow(draft, before, after)`: what
 * was typed, what the old key gave and what the new one gives (by default, what the new one gives).
 */
export function useFollowing<T>(
  key: string,
  made: () => T,
  follow: (draft: T, before: T, after: T) => T = (_draft, _before, after) => after,
): [T, Dispatch<SetStateAction<T>>] {
  const [state, setState] = useState(made);
  const [followed, setFollowed] = useState({ key, value: state });
  if (followed.key !== key) {
    const after = made();
    // Set during render: React renders again at once with both, before anything is shown.
    setFollowed({ key, value: after });
    setState((draft) => follow(draft, followed.value, after));
  }
  return [state, setState];
}
