// The explorer's form fields: a label tied to its control, a select of fixed choices, and the button that applies a
// form, so every filter bar reads and behaves the same.
import { useId, type ChangeEvent, type ReactNode } from 'react';
import { isTimeInput } from './format.ts';

/** A From or To field: text in the explorer's one format (docs/explorer-views.md#time), one tab stop, and a value
 * that is no time refused by the form, with the reason, rather than dropped. */
export function TimeInput({ id, value, onChange }: { id: string; value: string; onChange(value: string): void }) {
  return (
    <input
      id={id}
      value={value}
      placeholder="2026-12-03 17:00:00"
      size={21}
      spellCheck={false}
      autoComplete="off"
      onChange={(event) => {
        const text = event.target.value;
        event.target.setCustomValidity(
          isTimeInput(text) ? '' : 'Write a time as 2026-12-03 17:00:00 (the seconds may be left out).',
        );
        onChange(text);
      }}
    />
  );
}

export function Field({
  label,
  wide,
  time,
  children,
}: {
  label: string;
  wide?: boolean;
  time?: boolean;
  children: (id: string) => ReactNode;
}) {
  const id = useId();
  return (
    <div className={`field${wide ? ' field-wide' : ''}${time ? ' field-time' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {children(id)}
    </div>
  );
}

interface Choice {
  value: string;
  label: string;
}

export function SelectField({
  label,
  value,
  choices,
  onChange,
}: {
  label: string;
  value: string;
  choices: readonly Choice[];
  onChange(value: string): void;
}) {
  return (
    <Field label={label}>
      {(id) => (
        <select
          id={id}
          value={value}
          onChange={(event: ChangeEvent<HTMLSelectElement>) => onChange(event.target.value)}
        >
          {choices.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** Choices for a free list of values, led by one that means "any". */
export const anyOf = (anyLabel: string, values: readonly string[]): Choice[] => [
  { value: '', label: anyLabel },
  ...values.map((value) => ({ value, label: value })),
];

export function SubmitButton({ children }: { children: ReactNode }) {
  return (
    <div className="filter-actions">
      <button type="submit" className="button button-primary">
        {children}
      </button>
    </div>
  );
}
