// logUIEvents: clicks, focus, blur, form submits and typing, as Info lines tagged UI_EVENT_TAG
// whose text is JSON ({ event, tag, id, text, selector, value? }). Typing is recorded once per
// pause (INPUT_DEBOUNCE_MS) per field, with the value's shape unless the app asked for more
// (app/logging/capture/typed-value.ts). An event inside data-sidelog-private is recorded as
// { event, private: true }: nothing of that element is read.
import { LogLevel, UI_EVENT_TAG } from '../../../protocol/index.ts';
import { describeElement, eventElement, isIgnored, isPrivate } from './describe-element.ts';
import { typedValue } from './typed-value.ts';
import type { InstallCapture } from './capture.types.ts';

export const INPUT_DEBOUNCE_MS = 1000;

// Capturing, so that a page calling stopPropagation() does not hide its events; passive, so that
// Sidelog never delays scrolling or the page's own handlers.
const LISTENING = { capture: true, passive: true } as const;

interface PendingInput {
  timer: ReturnType<typeof setTimeout>;
  time: number;
  /** Decided as the event came, through its whole path (shadow roots included). */
  private: boolean;
}

export const installUIEvents: InstallCapture = (target, options) => {
  const record = (event: string, element: Element, hidden: boolean, time?: number) => {
    if (hidden) return target.recordEvent(LogLevel.Info, UI_EVENT_TAG, JSON.stringify({ event, private: true }), time);
    const { value, verbatim } = event === 'input' ? typedValue(element, options.recordInputValues) : {};
    const text = JSON.stringify({ event, ...describeElement(element), ...(value !== undefined && { value }) });
    target.recordEvent(LogLevel.Info, UI_EVENT_TAG, text, time, verbatim);
  };

  const pending = new Map<Element, PendingInput>();

  const recordInput = (element: Element) => {
    const typed = pending.get(element);
    if (!typed) return;
    clearTimeout(typed.timer);
    pending.delete(element);
    record('input', element, typed.private, typed.time);
  };

  const onInput = (event: Event) => {
    if (isIgnored(event)) return;
    const element = eventElement(event);
    if (!element) return;
    const earlier = pending.get(element);
    if (earlier) clearTimeout(earlier.timer);
    pending.set(element, {
      time: Date.now(),
      private: isPrivate(event),
      timer: setTimeout(() => recordInput(element), INPUT_DEBOUNCE_MS),
    });
  };

  /** Typing still waiting for its pause is recorded first, so that the lines keep the user's order. */
  const flushInputs = (within?: Element) => {
    for (const element of [...pending.keys()]) {
      if (!within || within === element || within.contains(element)) recordInput(element);
    }
  };

  const simple = (name: string) => (event: Event) => {
    if (isIgnored(event)) return;
    const element = eventElement(event);
    if (!element) return;
    if (name === 'blur' || name === 'submit') flushInputs(element);
    record(name, element, isPrivate(event));
  };

  const handlers: [string, (event: Event) => void][] = [
    ['click', simple('click')],
    ['focusin', simple('focus')],
    ['focusout', simple('blur')],
    ['submit', simple('submit')],
    ['input', onInput],
  ];
  for (const [type, handler] of handlers) document.addEventListener(type, handler, LISTENING);

  return () => {
    for (const [type, handler] of handlers) document.removeEventListener(type, handler, LISTENING);
    flushInputs();
  };
};
