// The feedback dialog's shadow root is closed, so that nothing on the page can reach into it; tests reach it the
// only way left, by keeping each shadow root as it is attached. Importing this module wraps
// Element.prototype.attachShadow in the test's page (never in the product) before any dialog is built.
const roots = new WeakMap<Element, ShadowRoot>();
const attachShadow = Element.prototype.attachShadow;
Element.prototype.attachShadow = function (this: Element, init: ShadowRootInit) {
  const root = attachShadow.call(this, init);
  roots.set(this, root);
  return root;
};

/** The open feedback dialog's shadow root, if a dialog is on the page (app/logging/feedback/dialog-view.ts). */
export function feedbackDialogRoot(): ShadowRoot | undefined {
  const host = document.querySelector('[data-sidelog-feedback]');
  return host ? roots.get(host) : undefined;
}
