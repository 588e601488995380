// The one thing a page is narrowed to (a device, a session), named above what it lists, with the way back to all of
// them: the same chip and the same × on every page that narrows.
export function ScopeChip({
  title,
  value,
  removeLabel,
  onRemove,
}: {
  /** What the page is narrowed to, as a word: "Device", "Session". */
  title: string;
  value: string;
  /** The × button's name for a screen reader: where it leads. */
  removeLabel: string;
  onRemove(): void;
}) {
  return (
    <p className="scope">
      <span className="chip">
        {title} <strong>{value}</strong>
        <button type="button" className="chip-remove" aria-label={removeLabel} onClick={onRemove}>
          ×
        </button>
      </span>
    </p>
  );
}
