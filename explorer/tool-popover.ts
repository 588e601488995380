// The stream toolbar's popovers (Saved views, Alerts, Columns: `<details>` elements) behave as one menu bar's menus
// (docs/explorer.md#the-screen): opening one closes the others (the elements share a `name`, the browser's exclusive
// details), and Escape or a press outside closes the one open, Escape giving the focus back to its button. Before,
// each stayed open until its own button was pressed again, and two drew over each other.
import { useEffect, useRef } from 'react';

/** The name the toolbar's popovers share. */
export const TOOL_POPOVERS = 'stream-tools';

/** A ref for a `<details>` popover that closes on Escape and on a press outside it; `popover` false: a disclosure in
 * the page's flow (Saved views on Patterns), which stays as the viewer left it. */
export function useToolPopover(popover = true) {
  const ref = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    const details = ref.current;
    if (!details || !popover) return;
    const close = () => {
      details.open = false;
    };
    const onPointer = (event: PointerEvent) => {
      if (details.open && !details.contains(event.target as Node)) close();
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || !details.open) return;
      close();
      details.querySelector('summary')?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    details.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      details.removeEventListener('keydown', onKey);
    };
  }, [popover]);
  return ref;
}
