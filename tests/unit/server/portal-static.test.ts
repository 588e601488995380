// The built portal as a browser loads it: files, caching, and history-mode routing to index.html.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { createHarness, type Harness } from './service-harness.ts';

const INDEX = '<!doctype html><div id="root"></div><script type="module" src="/assets/index-abc123.js"></script>';

let dist: string;
let service: Harness;
beforeEach(async () => {
  dist = mkdtempSync(join(tmpdir(), 'sidelog-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), INDEX);
  writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log("portal")');
  writeFileSync(join(dist, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  service = await createHarness({ distDir: dist });
});
afterEach(() => {
  service.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('the portal', () => {
  test.each(['/', '/sales', '/about', '/warehouse', '/some/deep/route?x=1'])(
    'GET %s is index.html, not cached',
    async (path) => {
      const answer = await service.app.request(path);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('Content-Type')).toMatch(/text\/html/);
      expect(answer.headers.get('Cache-Control')).toBe('no-cache');
      expect(await answer.text()).toBe(INDEX);
    },
  );

  test('hashed assets are cached for a year as immutable', async () => {
    const answer = await service.app.request('/assets/index-abc123.js');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('Content-Type')).toMatch(/javascript/);
    expect(answer.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    expect(await answer.text()).toBe('console.log("portal")');
  });

  // docs/source-maps.md: a build's maps hold the app's code, for the service's symbolication only.
  test("the build's source maps are never served, under assets/ or beside the pages", async () => {
    writeFileSync(join(dist, 'assets', 'index-abc123.js.map'), '{"version":3,"sourcesContent":["secret code"]}');
    writeFileSync(join(dist, 'page.js.map'), '{"version":3,"sourcesContent":["secret code"]}');
    for (const path of ['/assets/index-abc123.js.map', '/page.js.map', '/assets/index-abc123.js.map?x=1']) {
      const answer = await service.app.request(path);
      expect(answer.status, path).toBe(404);
      expect(await answer.text(), path).not.toContain('secret code');
    }
  });

  test('other files of the build are served as they are', async () => {
    const answer = await service.app.request('/logo.svg');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('Content-Type')).toMatch(/image\/svg\+xml/);
  });

  test.each([
    '/assets/missing.js',
    '/sidelog/api/nothing',
    '/mobile/api/v1/partner/nothing/',
    '/sidelog/intent/x/nothing/y',
  ])('a miss under the APIs or assets (%s) is a 404, not the portal', async (path) => {
    const answer = await service.app.request(path);
    expect(answer.status).toBe(404);
    expect(await answer.text()).not.toBe(INDEX);
  });

  test('a POST to a portal route is not answered with the portal', async () => {
    expect((await service.app.request('/sales', { method: 'POST' })).status).toBe(404);
  });
});
