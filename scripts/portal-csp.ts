// The portal's Content-Security-Policy, from the same VITE_* settings its build reads (app/config.ts): its own
// files, the scripts of the plugins it is configured with, the partner API and the Sidelog collector it talks to.
// `vite build` writes it to dist/csp.json (vite.config.ts) and the local service sends it with the portal's pages,
// so the policy always matches the build it protects.

/** Where each third-party plugin loads from and talks to, beyond its own script (their documented hosts). */
const ONESIGNAL = {
  script: ['https://cdn.onesignal.com'],
  connect: ['https://onesignal.com', 'https://api.onesignal.com'],
  style: ['https://onesignal.com'],
  img: ['https://onesignal.com'],
};
const ANALYTICS = {
  script: ['https://mc.yandex.ru'],
  connect: ['https://mc.yandex.ru'],
  img: ['https://mc.yandex.ru'],
  frame: ['https://mc.yandex.ru'],
};

type Directive = 'script' | 'connect' | 'style' | 'img' | 'frame';

const originOf = (url: string): string | undefined => {
  try {
    const { origin } = new URL(url);
    return origin === 'null' ? undefined : origin;
  } catch {
    return undefined;
  }
};

const setting = (env: Record<string, string | undefined>, name: string) => env[name]?.trim() ?? '';

/** The policy for a portal built with `env` (the VITE_* variables). */
export function portalCsp(env: Record<string, string | undefined>): string {
  const sources: Record<Directive, Set<string>> = {
    script: new Set(),
    connect: new Set(),
    style: new Set(),
    img: new Set(),
    frame: new Set(),
  };
  const allow = (plugin: Partial<Record<Directive, string[]>>) => {
    for (const [directive, origins] of Object.entries(plugin) as [Directive, string[]][])
      for (const origin of origins) sources[directive].add(origin);
  };
  // The partner API and the collector: the page's own origin unless VITE_API_HOST names another.
  const api = originOf(setting(env, 'VITE_API_HOST'));
  if (api) allow({ connect: [api] });
  if (setting(env, 'VITE_ONESIGNAL_APP_ID')) allow(ONESIGNAL);
  if (setting(env, 'VITE_ANALYTICS_COUNTER_ID')) allow(ANALYTICS);
  const crm = originOf(setting(env, 'VITE_CRM_WIDGET_URL'));
  // A contact widget loads its script and, typically, its frame, styles and images from its own host.
  if (crm) allow({ script: [crm], connect: [crm], style: [crm], img: [crm], frame: [crm] });
  const print = originOf(setting(env, 'VITE_PRINT_STYLESHEET_URL'));
  if (print) allow({ style: [print] });

  const list = (directive: Directive) => [...sources[directive]].join(' ');
  const join = (...parts: string[]) => parts.filter(Boolean).join(' ');
  return [
    `default-src 'self'`,
    join(`script-src 'self'`, list('script')),
    // Sidelog's engine runs in a SharedWorker or Worker from the portal's own files.
    `worker-src 'self'`,
    join(`connect-src 'self'`, list('connect')),
    // Inline styles: react-toastify injects its stylesheet, and printing copies the page's styles into a frame.
    join(`style-src 'self' 'unsafe-inline'`, list('style')),
    join(`img-src 'self' data:`, list('img')),
    `font-src 'self' data:`,
    sources.frame.size ? `frame-src ${list('frame')}` : `frame-src 'self'`,
    `object-src 'none'`,
    `base-uri 'self'`,
    `form-action 'self'`,
    `frame-ancestors 'none'`,
  ].join('; ');
}
