// What a UI event records of a typed value (docs/privacy.md#typed-values): by default its shape, every letter and
// digit as •, so that a line says 'an address was typed' (•••••@•••••.••) and never which. The app opts a field in
// with data-sidelog-unmask, or every field with recordInputValues: 'all'. A password, one-time code or card field is
// never read, whatever the marks.
import type { RecordInputValues } from '../../../protocol/options.ts';
import { truncate } from './describe-element.ts';

const UNMASK_ATTRIBUTE = 'data-sidelog-unmask';

/** The masked form: letters, digits and every other character of no separator's kind become •; white space and
 * ASCII punctuation stay, so the shape of an address, a phone number or a date still shows. */
function maskValue(value: string): string {
  return value.replace(/[^\s!-\/:-@\[-\x60{-~]/gu, '•');
}

/**
 * Fields whose value is never recorded: passwords, and what autofill marks as secrets (a "show password" toggle
 * turns type=password into text, autocomplete keeps saying it): passwords, one-time codes, every card field (cc-).
 */
function isSecretField(element: Element): boolean {
  if (element instanceof HTMLInputElement && element.type === 'password') return true;
  const autocomplete = element.getAttribute('autocomplete') ?? '';
  return /password|one-time-code|cc-/i.test(autocomplete);
}

interface TypedValue {
  value?: string;
  /** The value is as typed because the field asked for it (data-sidelog-unmask): the engine's rules leave it. */
  verbatim?: boolean;
}

/** The value a typing event records of `element`, cut short; nothing for a secret field or with 'none'. */
export function typedValue(element: Element, recording: RecordInputValues): TypedValue {
  if (isSecretField(element)) return {};
  if (
    !(
      element instanceof HTMLInputElement ||
      element instanceof HTMLTextAreaElement ||
      element instanceof HTMLSelectElement
    )
  )
    return {};
  if (element.hasAttribute(UNMASK_ATTRIBUTE)) return { value: truncate(element.value), verbatim: true };
  if (recording === 'none') return {};
  return { value: recording === 'all' ? truncate(element.value) : truncate(maskValue(element.value)) };
}
