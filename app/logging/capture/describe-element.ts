// What a UI event says about its element: tag, id, a short text and a CSS selector path. Kept
// cheap, because it runs on the main thread inside the page's own event dispatch.

export interface ElementDescription {
  tag: string;
  id?: string;
  text?: string;
  selector: string;
}

export const IGNORE_ATTRIBUTE = 'data-sidelog-ignore';
export const SHORT_TEXT_MAX = 80;
const SELECTOR_MAX_DEPTH = 8;

export function describeElement(element: Element): ElementDescription {
  const text = shortText(element);
  return {
    tag: element.localName,
    ...(element.id ? { id: element.id } : {}),
    ...(text ? { text } : {}),
    selector: selectorPath(element),
  };
}

/** The element an event really happened on: inside an open shadow root, not its host. */
export function eventElement(event: Event): Element | undefined {
  const [first] = event.composedPath();
  if (first instanceof Element) return first;
  return event.target instanceof Element ? event.target : undefined;
}

/** True when the event passed through an element marked data-sidelog-ignore, shadow roots included. */
export function isIgnored(event: Event): boolean {
  for (const node of event.composedPath()) {
    if (node instanceof Element && node.hasAttribute(IGNORE_ATTRIBUTE)) return true;
  }
  return false;
}

/**
 * Fields whose value is never recorded: passwords, and what autofill marks as secrets
 * (a "show password" toggle turns type=password into text, autocomplete keeps saying it).
 */
export function isSecretField(element: Element): boolean {
  if (element instanceof HTMLInputElement && element.type === 'password') return true;
  const autocomplete = element.getAttribute('autocomplete') ?? '';
  return /password|one-time-code|cc-/i.test(autocomplete);
}

/** At most SHORT_TEXT_MAX characters, whitespace collapsed, with an ellipsis when cut. */
export function truncate(text: string): string {
  const collapsed = text.replace(/\s+/g, ' ').trim();
  return collapsed.length > SHORT_TEXT_MAX ? `${collapsed.slice(0, SHORT_TEXT_MAX - 1)}…` : collapsed;
}

/** A label for the element, never a form field's value (buttons made of <input> excepted). */
function shortText(element: Element): string {
  const label = element.getAttribute('aria-label');
  if (label) return truncate(label);
  if (element instanceof HTMLInputElement) {
    const isButton = element.type === 'button' || element.type === 'submit' || element.type === 'reset';
    return truncate((isButton ? element.value : '') || element.placeholder || element.title);
  }
  if (element instanceof HTMLTextAreaElement) return truncate(element.placeholder || element.title);
  // Read text nodes only until there is enough: a click on a large container must not copy the page.
  let text = '';
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node && text.length <= SHORT_TEXT_MAX * 2; node = walker.nextNode()) {
    text += `${node.nodeValue ?? ''} `;
  }
  return truncate(text || element.getAttribute('alt') || element.getAttribute('title') || '');
}

/** e.g. 'form#login > div.row:nth-of-type(2) > button'; stops at the first ancestor with an id. */
export function selectorPath(element: Element): string {
  const segments: string[] = [];
  for (let node: Element | null = element; node && segments.length < SELECTOR_MAX_DEPTH; node = node.parentElement) {
    if (node.id) {
      segments.unshift(`${node.localName}#${CSS.escape(node.id)}`);
      break;
    }
    segments.unshift(node.localName + classes(node) + position(node));
    if (node.localName === 'body') break;
  }
  return segments.join(' > ');
}

function classes(element: Element): string {
  return Array.from(element.classList.values())
    .slice(0, 2)
    .map((name) => `.${CSS.escape(name)}`)
    .join('');
}

function position(element: Element): string {
  const parent = element.parentElement;
  if (!parent || element.localName === 'body' || element.localName === 'html') return '';
  let index = 0;
  let count = 0;
  for (const sibling of parent.children) {
    if (sibling.localName !== element.localName) continue;
    count += 1;
    if (sibling === element) index = count;
  }
  return count > 1 ? `:nth-of-type(${index})` : '';
}
