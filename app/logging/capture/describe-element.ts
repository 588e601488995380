// What a UI event says about its element: tag, id, a short text and a CSS selector path. Kept
// cheap, because it runs on the main thread inside the page's own event dispatch.

interface ElementDescription {
  tag: string;
  id?: string;
  text?: string;
  selector: string;
}

export const IGNORE_ATTRIBUTE = 'data-sidelog-ignore';
export const PRIVATE_ATTRIBUTE = 'data-sidelog-private';
const SHORT_TEXT_MAX = 80;
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

/** True when the event passed through an element marked data-sidelog-private, shadow roots included: nothing of
 * that subtree is read, not even what describes the element (docs/privacy.md#typed-values). */
export function isPrivate(event: Event): boolean {
  for (const node of event.composedPath()) {
    if (node instanceof Element && node.hasAttribute(PRIVATE_ATTRIBUTE)) return true;
  }
  return false;
}

/** At most SHORT_TEXT_MAX characters, whitespace collapsed, with an ellipsis when cut. The cut comes before the
 * engine's redaction, so it falls between words and takes a trailing run of digits with it: half an address, a token,
 * a phone or a card number is what the rules could no longer find (docs/privacy.md#redaction). */
export function truncate(text: string): string {
  const collapsed = text.replace(/\s+/g, ' ').trim();
  if (collapsed.length <= SHORT_TEXT_MAX) return collapsed;
  const words = collapsed.slice(0, collapsed.lastIndexOf(' ', SHORT_TEXT_MAX - 1) + 1);
  return `${words.replace(/[\s\d()+-]*$/, '')}…`;
}

/** A label for the element, never a form field's value (buttons made of <input> excepted), nor what is typed into
 * an editable element, nor the text of a private subtree inside it. */
function shortText(element: Element): string {
  const label = element.getAttribute('aria-label');
  if (label) return truncate(label);
  if (element instanceof HTMLInputElement) {
    const isButton = element.type === 'button' || element.type === 'submit' || element.type === 'reset';
    return truncate((isButton ? element.value : '') || element.placeholder || element.title);
  }
  if (element instanceof HTMLTextAreaElement) return truncate(element.placeholder || element.title);
  if (element instanceof HTMLElement && element.isContentEditable) return truncate(element.title);
  // Read text nodes only until there is enough: a click on a large container must not copy the page.
  let text = '';
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT, skipPrivate);
  for (let node = walker.nextNode(); node && text.length <= SHORT_TEXT_MAX * 2; node = walker.nextNode()) {
    if (node.nodeType === Node.TEXT_NODE) text += `${node.nodeValue ?? ''} `;
  }
  return truncate(text || element.getAttribute('alt') || element.getAttribute('title') || '');
}

/** A private or editable subtree is passed over whole. */
const skipPrivate: NodeFilter = (node) =>
  node instanceof Element &&
  (node.hasAttribute(PRIVATE_ATTRIBUTE) || (node instanceof HTMLElement && node.isContentEditable))
    ? NodeFilter.FILTER_REJECT
    : NodeFilter.FILTER_ACCEPT;

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
