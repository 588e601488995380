// The search box with suggestions as one types (docs/explorer.md#suggestions), as the ARIA combobox pattern has it: the
// input is a combobox controlling a listbox of options; ↓ and ↑ move through them (aria-activedescendant), Enter or a
// click takes one, Escape closes them. Enter with no option chosen submits the form as before. "/" anywhere on the page
// but in a field brings the focus here (docs/explorer.md#the-screen).
import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
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
  // Where the caret goes once the text a suggestion made is in the input: set as React commits that text, before the
  // next key is handled. Set on a later frame, it moved the caret back over what a fast typist had typed since.
  const placed = useRef<{ q: string; caret: number } | null>(null);
  useLayoutEffect(() => {
    if (placed.current?.q !== value) return;
    const input = document.getElementById(id) as HTMLInputElement | null;
    input?.setSelectionRange(placed.current.caret, placed.current.caret);
    placed.current = null;
  }, [id, value]);

  useEffect(() => {
    const onSlash = (event: globalThis.KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || typingIn(event.target)) return;
      const input = document.getElementById(id) as HTMLInputElement | null;
      if (!input) return;
      event.preventDefault();
      input.focus();
      input.setSelectionRange(input.value.length, input.value.length);
    };
    document.addEventListener('keydown', onSlash);
    return () => document.removeEventListener('keydown', onSlash);
  }, [id]);

  function take(index: number) {
    const next = applySuggestion(value, Math.min(caret, value.length), options[index]!);
    // The input keeps the focus, the caret after what was taken, so typing goes on from there.
    if (next.q === value) (document.getElementById(id) as HTMLInputElement).setSelectionRange(next.caret, next.caret);
    else placed.current = next;
    onChange(next.q);
    setCaret(next.caret);
    setActive(-1);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (!expanded) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const n = options.length;
      setActive((current) => (event.key === 'ArrowDown' ? (current + 1) % n : current <= 0 ? n - 1 : current - 1));
    } else if (event.key === 'Enter' && active >= 0 && active < options.length) {
      event.preventDefault();
      take(active);
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
        aria-keyshortcuts="/"
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
              take(index);
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

/** Whether a key pressed there is the element's own: in a field, a select or editable text, where "/" is a character,
 * or in a dialog (the search's cheat sheet), which keeps the focus until it closes. */
function typingIn(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || target.matches('input, textarea, select') || !!target.closest('dialog, [role=dialog]'))
  );
}
