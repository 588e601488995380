// One way of mounting routes (docs/local-service.md#rooms): a room's routes are written from its own base, and the base
// is named once, where the room is mounted with app.route(base, room). No route builds its path from a base constant,
// and no room sets its own basePath.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { expect, test } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../../..');

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourcesUnder(path);
    return name.endsWith('.ts') ? [path] : [];
  });
}

/** `x.get(`${ADMIN_BASE}/…`` and the like: a route whose path starts from a base (…_BASE, …_API); a path of the
 * room's own under it (`${SOURCE_MAPS_PATH}/:id`) is not one. */
const BASE_IN_ROUTE = /\.(?:get|post|put|patch|delete|all|use|on)\(\s*`\$\{[A-Z_]*(?:BASE|API)\}/;

test('no route in server/ writes its base, and none uses basePath', () => {
  const offenders = sourcesUnder(join(ROOT, 'server')).flatMap((path) => {
    const text = readFileSync(path, 'utf8');
    return BASE_IN_ROUTE.test(text) || /\.basePath\(/.test(text) ? [relative(ROOT, path)] : [];
  });
  expect(offenders).toEqual([]);
});

test('the check finds a route that writes its base', () => {
  expect(BASE_IN_ROUTE.test('admin.get(`${ADMIN_BASE}/apps`, handler)')).toBe(true);
  expect(BASE_IN_ROUTE.test("admin.get('/apps', handler)")).toBe(false);
});
