// `sidelog sourcemaps upload` (sourcemap-upload/cli.ts, the package's bin) against the real service on a socket, on
// SQLite and on PostgreSQL (docs/source-maps.md#upload): a build's folder of maps uploaded for the app and release, each
// for its minified file's URL; a refused map named with the service's reason and the exit code 1; usage errors 2.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEMO_APP_KEY } from '../../../server/partner/demo.ts';
import { startService, type RunningService } from '../../../server/service.ts';
import { runCli } from '../../../sourcemap-upload/cli.ts';
import { buildMinified, SOURCES } from '../../../fixtures/source-map-fixture.ts';
import { createTestDatabase, STORE_KINDS, type TestDatabase } from './test-databases.ts';

const TOKEN = 'cli-admin-token';

describe.each(STORE_KINDS)('on %s', (kind) => {
  let database: TestDatabase;
  let service: RunningService;
  let dist: string;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    service = await startService({ db: database.db, adminToken: TOKEN, retentionDays: 0 });
    dist = mkdtempSync(join(tmpdir(), 'sidelog-maps-'));
    const built = await buildMinified(SOURCES, 'app/main.ts');
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'assets', built.fileName), built.code);
    writeFileSync(join(dist, 'assets', `${built.fileName}.map`), built.map);
  });
  afterAll(async () => {
    await service.close();
    rmSync(dist, { recursive: true, force: true });
    await database.drop();
  });

  async function run(args: string[], env: Record<string, string> = {}) {
    const out: string[] = [];
    const code = await runCli(args, { log: (line) => out.push(line), error: (line) => out.push(line), env });
    return { code, out: out.join('\n') };
  }
  const upload = (release: string, ...more: string[]) => [
    'sourcemaps',
    'upload',
    '--url',
    service.url,
    '--app',
    DEMO_APP_KEY,
    '--release',
    release,
    ...more,
    dist,
  ];

  test("a build's maps are uploaded for the release, each for its file's URL; the token from the environment", async () => {
    const answer = await run(upload('1.4.2'), { SIDELOG_ADMIN_TOKEN: TOKEN });
    expect(answer).toMatchObject({ code: 0 });
    expect(answer.out).toMatch(/uploaded assets\/index-[\w-]+\.js\.map for \/assets\/index-[\w-]+\.js/);
    expect(answer.out).toContain('1 maps uploaded for');
    const maps = (await (
      await fetch(`${service.url}/sidelog/admin/api/source-maps?app=${DEMO_APP_KEY}`, {
        headers: { Authorization: `Bearer ${TOKEN}` },
      })
    ).json()) as { release: string; path: string }[];
    expect(maps).toEqual([
      expect.objectContaining({ release: '1.4.2', path: expect.stringMatching(/^\/assets\/index-/) }),
    ]);
  });

  test('a refused map is named with the reason and the command exits 1; usage errors exit 2', async () => {
    writeFileSync(join(dist, 'broken.js.map'), '{"version":3,');
    const refused = await run(upload('1.4.3', '--token', TOKEN, '--url-prefix', 'https://shop.example/app/'));
    expect(refused.code).toBe(1);
    expect(refused.out).toContain('refused broken.js.map: 400 the map is not JSON');
    expect(refused.out).toMatch(/uploaded assets\/index-[\w-]+\.js\.map for https:\/\/shop\.example\/app\/assets\//);
    rmSync(join(dist, 'broken.js.map'));
    expect((await run(upload('1.4.4', '--token', 'wrong'))).out).toContain('401 admin token required');
    expect((await run(upload('1.4.4'))).code).toBe(2);
    expect((await run(['sourcemaps', 'download', dist])).code).toBe(2);
    expect((await run(upload('1.4.4', '--token', TOKEN, '--app', 'no-such-app'))).out).toContain(
      "400 'app' must be the key of an app",
    );
  });
});
