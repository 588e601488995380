// The explorer's form fields: a label tied to its control, a text box, a new password, a select of fixed choices, a
// From–To range, and the button that applies a form, so every filter bar reads and behaves the same.
import { useId, type ChangeEvent, type InputHTMLAttributes, type ReactNode } from 'react';
import { MIN_VIEWER_PASSWORD } from '../explorer-contract/api.types.ts';
import { isTimeInput, zoneLabel, type Zone } from './format.ts';

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

/** A field of one text box; the input's own attributes (type, placeholder, required…) pass through, and `onChange`
 * is given the text. */
export function TextField({
  label,
  wide,
  onChange,
  ...input
}: {
  label: string;
  wide?: boolean;
  value: string;
  onChange(value: string): void;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange'>) {
  return (
    <Field label={label} wide={wide}>
      {(id) => <input id={id} {...input} onChange={(event) => onChange(event.target.value)} />}
    </Field>
  );
}

/** A new password of an explorer account: hidden as typed, offered to the browser's password manager as new, and no
 * shorter than the service takes. */
export function NewPasswordField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
}) {
  return (
    <TextField
      label={label}
      type="password"
      value={value}
      onChange={onChange}
      autoComplete="new-password"
      minLength={MIN_VIEWER_PASSWORD}
      required
    />
  );
}

/** From and To, each labelled with the time zone its text is read in. */
export function TimeRangeFields({
  zone,
  from,
  to,
  onChange,
}: {
  zone: Zone;
  from: string;
  to: string;
  onChange(end: 'from' | 'to', value: string): void;
}) {
  return (
    <>
      <Field label={`From (${zoneLabel(zone)})`} time>
        {(id) => <TimeInput id={id} value={from} onChange={(value) => onChange('from', value)} />}
      </Field>
      <Field label={`To (${zoneLabel(zone)})`} time>
        {(id) => <TimeInput id={id} value={to} onChange={(value) => onChange('to', value)} />}
      </Field>
    </>
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
