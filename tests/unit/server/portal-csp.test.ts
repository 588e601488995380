// The portal's Content-Security-Policy follows its build's settings: only the plugins it is configured with.
import { expect, test } from 'vitest';
import { ANALYTICS_TAG_URL } from '../../../app/plugins/analytics.ts';
import { ONESIGNAL_SDK_URL } from '../../../app/plugins/onesignal.ts';
import { portalCsp } from '../../../scripts/portal-csp.ts';

const directive = (policy: string, name: string) => policy.split('; ').find((entry) => entry.startsWith(`${name} `));

test("with no plugins configured, scripts and connections are the portal's own origin only", () => {
  const policy = portalCsp({});
  expect(directive(policy, 'script-src')).toBe("script-src 'self'");
  expect(directive(policy, 'connect-src')).toBe("connect-src 'self'");
  expect(directive(policy, 'worker-src')).toBe("worker-src 'self'");
  expect(directive(policy, 'object-src')).toBe("object-src 'none'");
  expect(directive(policy, 'frame-ancestors')).toBe("frame-ancestors 'none'");
  expect(policy).not.toContain('unsafe-eval');
  expect(directive(policy, 'script-src')).not.toContain('unsafe-inline');
});

test('each configured plugin adds its own hosts, and the API host its origin', () => {
  const policy = portalCsp({
    VITE_API_HOST: 'https://api.partner.example/',
    VITE_ONESIGNAL_APP_ID: 'app-id',
    VITE_ANALYTICS_COUNTER_ID: '123',
    VITE_CRM_WIDGET_URL: 'https://crm.example/widget/loader.js',
    VITE_PRINT_STYLESHEET_URL: 'https://cdn.example/print.css',
  });
  expect(directive(policy, 'script-src')).toBe(
    "script-src 'self' https://cdn.onesignal.com https://mc.yandex.ru https://crm.example",
  );
  expect(directive(policy, 'connect-src')).toContain('https://api.partner.example');
  expect(directive(policy, 'style-src')).toContain('https://cdn.example');
  expect(directive(policy, 'frame-src')).toContain('https://crm.example');
});

test("the plugins' own script URLs are allowed by the policy that configures them, so the two cannot drift apart", () => {
  const scripts = directive(
    portalCsp({ VITE_ONESIGNAL_APP_ID: 'app-id', VITE_ANALYTICS_COUNTER_ID: '123' }),
    'script-src',
  )!.split(' ');
  for (const url of [ONESIGNAL_SDK_URL, ANALYTICS_TAG_URL]) expect(scripts).toContain(new URL(url).origin);
});
