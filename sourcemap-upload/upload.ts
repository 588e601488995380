// Uploads a build's source maps to the Sidelog service (docs/source-maps.md#upload): each `.map` file under the build's
// folder, with the URL its minified file is served at (the URL prefix and the file's path in the folder), to the
// admin API's `source-maps` for the app and release, one request a map. Node 20's own fetch and fs: the package has no
// dependency.
import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';

export interface UploadOptions {
  /** The service's URL, e.g. https://logs.example.com. */
  url: string;
  /** The service's admin token. */
  token: string;
  /** The app's key. */
  app: string;
  /** The release: the `version` (or `build`) the app gives Sidelog.init. */
  release: string;
  /** Where the build's folder is served, a path or a URL; '/' by default. */
  urlPrefix?: string;
  /** Told of each map as it is uploaded. */
  log?: (line: string) => void;
}

interface UploadResult {
  uploaded: string[];
  /** Each map refused, with the service's reason. */
  failed: { file: string; reason: string }[];
}

async function mapFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.map') && !entry.name.endsWith('.css.map'))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

/** The minified file's URL: the prefix, then its path in the build's folder (the map's own, without `.map`). */
function fileUrl(prefix: string, dir: string, mapFile: string): string {
  const path = relative(dir, mapFile)
    .split(sep)
    .join('/')
    .replace(/\.map$/, '');
  return `${prefix.replace(/\/+$/, '')}/${path}`;
}

export async function uploadSourceMaps(dir: string, options: UploadOptions): Promise<UploadResult> {
  const result: UploadResult = { uploaded: [], failed: [] };
  const endpoint = `${options.url.replace(/\/+$/, '')}/sidelog/admin/api/source-maps`;
  for (const file of await mapFiles(dir)) {
    const url = fileUrl(options.urlPrefix ?? '/', dir, file);
    const query = new URLSearchParams({ app: options.app, release: options.release, url });
    let reason: string | undefined;
    try {
      const answer = await fetch(`${endpoint}?${query}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${options.token}`, 'Content-Type': 'application/json' },
        body: await readFile(file),
      });
      if (!answer.ok) {
        const body = (await answer.json().catch(() => ({}))) as { error?: string };
        reason = `${answer.status} ${body.error ?? answer.statusText}`;
      }
    } catch (error) {
      reason = (error as Error).message;
    }
    const name = relative(dir, file);
    if (reason === undefined) result.uploaded.push(name);
    else result.failed.push({ file: name, reason });
    options.log?.(reason === undefined ? `uploaded ${name} for ${url}` : `refused ${name}: ${reason}`);
  }
  return result;
}
