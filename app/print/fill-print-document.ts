// Writes a copy of a page block into another document (a print frame or window) with stylesheets,
// and resolves once those stylesheets have loaded or failed, so that print() sees the styled copy.

interface PrintSheets {
  /** Stylesheet URLs to link, in order. */
  links: string[];
  /** Inline CSS added last. */
  css?: string;
  /** Copy the page's own <style> and stylesheet <link> elements first, so the copy looks like the page. */
  copyPageStyles?: boolean;
}

function loaded(link: HTMLLinkElement): Promise<void> {
  return new Promise((resolve) => {
    link.addEventListener('load', () => resolve(), { once: true });
    link.addEventListener('error', () => resolve(), { once: true });
  });
}

export function fillPrintDocument(doc: Document, block: Element, sheets: PrintSheets): Promise<void> {
  doc.documentElement.lang = document.documentElement.lang || 'ru';
  doc.title = document.title;
  const head = doc.head;
  const pending: Promise<void>[] = [];
  const add = (node: Element) => {
    if (node.localName === 'link') pending.push(loaded(node as HTMLLinkElement));
    head.append(node);
  };
  const charset = doc.createElement('meta');
  charset.setAttribute('charset', 'utf-8');
  head.append(charset);
  if (sheets.copyPageStyles) {
    for (const style of document.querySelectorAll<HTMLStyleElement | HTMLLinkElement>(
      'style, link[rel="stylesheet"]',
    )) {
      const copy = doc.importNode(style, true);
      // Absolute, so the copy does not depend on the other document's base URL.
      if (style instanceof HTMLLinkElement) (copy as HTMLLinkElement).href = style.href;
      add(copy);
    }
  }
  for (const href of sheets.links) {
    const link = doc.createElement('link');
    link.rel = 'stylesheet';
    link.href = new URL(href, location.href).href;
    add(link);
  }
  if (sheets.css) {
    const style = doc.createElement('style');
    style.textContent = sheets.css;
    add(style);
  }
  doc.body.replaceChildren(doc.importNode(block, true));
  return Promise.all(pending).then(() => undefined);
}
