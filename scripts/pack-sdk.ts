// Sidelog's tarball, as `npm pack` makes it from the built package, and an app's install of it: what the bench's pages
// and the consumer apps of tests/consumers/ load, so that they run what a developer installs (docs/package.md).
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { buildSdk } from './build-sdk.ts';

/** Builds the package in a directory of its own under `workDir` (the sources' packages/sidelog/ is left as it is) and
 * packs it there; returns the tarball's path. */
export async function packSdk(workDir: string): Promise<string> {
  const packageDir = join(workDir, 'sidelog-package');
  await buildSdk(packageDir);
  const [packed] = JSON.parse(
    execFileSync('npm', ['pack', '--json', '--pack-destination', workDir], { cwd: packageDir, encoding: 'utf8' }),
  ) as { filename: string }[];
  return join(workDir, packed!.filename);
}

/** Installs the tarball into `appDir`'s node_modules/sidelog as npm does a package with no dependencies: its files,
 * unpacked, and nothing else (the package has no dependency to fetch, so no registry is asked). Returns the directory. */
export function installSdk(tarball: string, appDir: string): string {
  const target = join(appDir, 'node_modules/sidelog');
  rmSync(target, { recursive: true, force: true });
  mkdirSync(target, { recursive: true });
  execFileSync('tar', ['-xzf', tarball, '-C', target, '--strip-components=1']);
  return target;
}
