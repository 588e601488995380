// Adds a third-party script to the page. Loading is fire-and-forget: a failed load (offline, blocked)
// is noted in the console and nothing else happens.
export function loadScript(src: string, attributes: Record<string, string> = {}): HTMLScriptElement {
  const script = document.createElement('script');
  script.async = true;
  script.src = src;
  for (const [name, value] of Object.entries(attributes)) script.setAttribute(name, value);
  script.addEventListener('error', () => console.warn(`Script not loaded: ${src}`), { once: true });
  document.head.append(script);
  return script;
}
