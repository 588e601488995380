// The search box with suggestions as one types (docs/explorer.md#suggestions), as the ARIA combobox pattern has it: the
// input is a combobox controlling a listbox of options; ↓ and ↑ move through them (aria-activedescendant), Enter or a
// click takes one, Escape closes them. Enter with no option chosen submits the form as before.
import { useState, type KeyboardEvent } from 'react';
import { applySuggestion, suggestions } from './search-suggest.ts';
import { useFacetValues } from './facet-values.ts';

export function SearchSuggest({
  id,
  value,
  onChange,
  placeholder,
}: {
  id: string;
  value: string;
  onChange(value: string): void;
  placeholder: string;
}) {
  const facets = useFacetValues();
  const [caret, setCaret] = useState(value.length);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const options = open ? suggestions(value, Math.min(caret, value.length), facets) : [];
  const listId = `${id}-suggestions`;
  const expanded = options.length > 0;

  function take(index: number, input: HTMLInputElement) {
    const next = applySuggestion(value, Math.min(caret, value.length), options[index]!);
    onChange(next.q);
    setCaret(next.caret);
    setActive(-1);
    // The input keeps the focus, the caret after what was taken, so typing goes on from there.
    requestAnimationFrame(() => input.setSelectionRange(next.caret, next.caret));
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (!expanded) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const n = options.length;
      setActive((current) => (event.key === 'ArrowDown' ? (current + 1) % n : current <= 0 ? n - 1 : current - 1));
    } else if (event.key === 'Enter' && active >= 0 && active < options.length) {
      event.preventDefault();
      take(active, event.currentTarget);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  }

  return (
    <div className="search-suggest">
      <input
        id={id}
        type="search"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 && active < options.length ? `${listId}-${active}` : undefined}
        autoComplete="off"
        value={value}
        placeholder={placeholder}
        onChange={(event) => {
          onChange(event.target.value);
          setCaret(event.target.selectionStart ?? event.target.value.length);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
      />
      <ul id={listId} role="listbox" aria-label="Suggestions" className="search-suggestions" hidden={!expanded}>
        {options.map((option, index) => (
          <li
            key={option.label}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === active}
            // Taken on mouse down, before the input's blur closes the list.
            onMouseDown={(event) => {
              event.preventDefault();
              take(index, document.getElementById(id) as HTMLInputElement);
            }}
          >
            <span className="mono">{option.label}</span>
            {option.hint ? <span className="muted"> {option.hint}</span> : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
