// `npx sidelog sourcemaps upload --url … --token … --app … --release 1.4.2 [--url-prefix /] dist/`: a build's maps to
// the service (docs/source-maps.md#upload). The token may come from SIDELOG_ADMIN_TOKEN instead, out of the shell's
// history. Exits 1 when a map was refused or none was found, 2 for a usage error.
import { parseArgs } from 'node:util';
import { uploadSourceMaps } from './upload.ts';

const USAGE = `usage: sidelog sourcemaps upload --url SERVICE_URL --token ADMIN_TOKEN --app APP_KEY --release RELEASE [--url-prefix /] DIR`;

/** The command's work, for the bin and for tests: its exit code. */
export async function runCli(
  args: readonly string[],
  io: { log: (line: string) => void; error: (line: string) => void; env: Record<string, string | undefined> },
): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...args],
      allowPositionals: true,
      options: {
        url: { type: 'string' },
        token: { type: 'string' },
        app: { type: 'string' },
        release: { type: 'string' },
        'url-prefix': { type: 'string', default: '/' },
      },
    });
  } catch (error) {
    io.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  const token = values.token ?? io.env.SIDELOG_ADMIN_TOKEN;
  const [command, action, dir, ...rest] = positionals;
  if (command !== 'sourcemaps' || action !== 'upload' || !dir || rest.length > 0) {
    io.error(USAGE);
    return 2;
  }
  const missing = (['url', 'token', 'app', 'release'] as const).filter((name) =>
    name === 'token' ? !token : !values[name],
  );
  if (missing.length > 0 || !token) {
    io.error(`missing ${missing.map((name) => `--${name}`).join(', ')}\n${USAGE}`);
    return 2;
  }
  const result = await uploadSourceMaps(dir, {
    url: values.url!,
    token,
    app: values.app!,
    release: values.release!,
    urlPrefix: values['url-prefix'],
    log: io.log,
  });
  if (result.uploaded.length === 0 && result.failed.length === 0) {
    io.error(`no .map files under ${dir}: build with source maps on`);
    return 1;
  }
  io.log(
    `${result.uploaded.length} maps uploaded for ${values.app} ${values.release}, ${result.failed.length} refused`,
  );
  return result.failed.length === 0 ? 0 : 1;
}
