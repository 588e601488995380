/** Looks an element up in the dialog's root; a missing one is a broken dialog (docs/errors.md#sidelog-at-run-time). */
export function requireElement<T extends Element = HTMLElement>(root: ParentNode, selector: string): T {
  const element = root.querySelector<T>(selector);
  if (!element) throw new Error(`Element for selector '${selector}' not found.`);
  return element;
}
