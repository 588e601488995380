// What the format check hands each of its Prettier processes: the files `prettier --check .` would check, dealt out
// among one share per core by a hash of their paths, so that a file stays in its share (and its share's cache) as
// files come and go (docs/testing.md#the-checks). Prettier itself leaves out what .prettierignore and .gitignore name,
// and with --ignore-unknown the files it has no parser for.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '../..');

/** The repository's files, tracked or new, that git does not ignore; undefined outside a git checkout. */
function repositoryFiles(): string[] | undefined {
  try {
    const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
      cwd: ROOT,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    // A file deleted but not yet staged is still listed.
    return listed.split('\0').filter((file) => file !== '' && existsSync(join(ROOT, file)));
  } catch {
    return undefined;
  }
}

/** FNV-1a of a path: the same share for a file whatever else the tree holds. */
function hashOf(path: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < path.length; i++) hash = Math.imul(hash ^ path.charCodeAt(i), 0x01000193) >>> 0;
  return hash;
}

/** The shares of files, by their paths' hashes (with hundreds of files, the sizes even out); the whole tree as one
 * share outside git. */
export function formatShares(shares = availableParallelism()): string[][] {
  const files = repositoryFiles();
  if (!files || files.length === 0 || shares < 2) return [['.']];
  const dealt: string[][] = Array.from({ length: shares }, () => []);
  for (const file of files) dealt[hashOf(file) % shares]!.push(file);
  return dealt.filter((share) => share.length > 0);
}
