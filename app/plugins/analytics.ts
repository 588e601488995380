// The web-analytics tag (docs/portal.md#start-up): a Yandex.Metrika-style counter with click map, link tracking and
// session replay (webvisor). Loaded only with a counter id.
import { loadScript } from './load-script.ts';

export const ANALYTICS_TAG_URL = 'https://mc.yandex.ru/metrika/tag.js';

type Counter = ((...args: unknown[]) => void) & { a?: unknown[][]; l?: number };

declare global {
  interface Window {
    ym?: Counter;
  }
}

export function startAnalytics(counterId: string, tagURL = ANALYTICS_TAG_URL): HTMLScriptElement | null {
  if (!counterId) return null;
  // The tag's own snippet: calls made before the script arrives wait in `ym.a`.
  const counter: Counter =
    window.ym ?? Object.assign((...args: unknown[]) => (counter.a ??= []).push(args), { l: Date.now() });
  window.ym = counter;
  counter(Number(counterId), 'init', { clickmap: true, trackLinks: true, accurateTrackBounce: true, webvisor: true });
  return loadScript(tagURL);
}
