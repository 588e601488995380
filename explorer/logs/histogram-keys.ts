// The histogram's zoom from the keyboard (WCAG 2.1.1), as the pointer's drag does it: the arrows choose a bar (Home
// and End the first and the last), Shift with them widens the choice from where it started, Enter makes the chosen
// bars' span the view's range, Escape lets the choice go.

interface ChosenBars {
  start: number;
  end: number;
}

/** The choice after `key` over `bars` bars; `apply` the bars to zoom to (low to high) on Enter; `handled` false for a
 * key the histogram leaves to the page. */
export function barsAfterKey(
  chosen: ChosenBars | null,
  key: string,
  shift: boolean,
  bars: number,
): { chosen: ChosenBars | null; handled: boolean; apply?: { low: number; high: number } } {
  const last = bars - 1;
  const clamp = (index: number) => Math.min(last, Math.max(0, index));
  const to = (index: number) => {
    const end = clamp(index);
    return { chosen: shift && chosen ? { start: chosen.start, end } : { start: end, end }, handled: true };
  };
  switch (key) {
    case 'ArrowRight':
      return to(chosen ? chosen.end + 1 : 0);
    case 'ArrowLeft':
      return to(chosen ? chosen.end - 1 : last);
    case 'Home':
      return to(0);
    case 'End':
      return to(last);
    case 'Enter':
      if (!chosen) return { chosen, handled: true };
      return {
        chosen: null,
        handled: true,
        apply: { low: Math.min(chosen.start, chosen.end), high: Math.max(chosen.start, chosen.end) },
      };
    case 'Escape':
      return { chosen: null, handled: chosen !== null };
    default:
      return { chosen, handled: false };
  }
}
