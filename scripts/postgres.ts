// Finds PostgreSQL's server binaries and runs a throw-away cluster for the tests and the collector bench.
// We never download a server: we use the system's PostgreSQL, installing Debian's package when we are root on
// Debian, as scripts/chromium.ts does for Chromium. PostgreSQL refuses to run as root, so as root the cluster is
// made and run by the `postgres` user that the package creates.
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { delimiter, join } from 'node:path';
import { installDebianPackage } from './debian-package.ts';

const DEBIAN_ROOT = '/usr/lib/postgresql';

function binDirs(): string[] {
  const fromPath = (process.env.PATH ?? '').split(delimiter).filter(Boolean);
  // Debian keeps the server binaries off PATH, one directory per major version; the newest first.
  const debian = existsSync(DEBIAN_ROOT)
    ? readdirSync(DEBIAN_ROOT)
        .sort((a, b) => Number(b) - Number(a))
        .map((version) => join(DEBIAN_ROOT, version, 'bin'))
    : [];
  return [...(process.env.PG_BIN ? [process.env.PG_BIN] : []), ...fromPath, ...debian];
}

const findBinDir = () => binDirs().find((dir) => existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl')));

/** The directory holding initdb and pg_ctl; installs Debian's package if it can, else throws saying how. */
function findPostgres(): string {
  const found = findBinDir();
  if (found) return found;
  if (installDebianPackage('postgresql', 'PostgreSQL')) {
    const installed = findBinDir();
    if (installed) return installed;
  }
  throw new Error(
    'No PostgreSQL server found for the PostgreSQL tests. Install it (on Debian or Ubuntu: ' +
      "'sudo apt-get install -y postgresql') or set PG_BIN to the directory holding initdb and pg_ctl.",
  );
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface ThrowawayPostgres {
  /** postgres://… of the cluster's `postgres` database, as its superuser `sidelog`. */
  url: string;
  /** A URL of the same cluster naming another database. */
  database(name: string): string;
  /** The server's main process (the postmaster), whose children are its backends: for the bench's CPU figures. */
  pid(): number;
  stop(): void;
}

/** Starts a new cluster in a temporary directory on a free loopback port. `durable: false` (the tests) turns off
 * fsync, which only matters if the machine itself crashes; the bench keeps PostgreSQL's defaults. */
export async function startThrowawayPostgres(options: { durable?: boolean } = {}): Promise<ThrowawayPostgres> {
  const bin = findPostgres();
  const asRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(join(tmpdir(), 'sidelog-pg-'));
  const data = join(dir, 'data');
  if (asRoot) {
    let uid: number;
    let gid: number;
    try {
      uid = Number(execFileSync('id', ['-u', 'postgres'], { stdio: ['ignore', 'pipe', 'ignore'] }).toString());
      gid = Number(execFileSync('id', ['-g', 'postgres'], { stdio: ['ignore', 'pipe', 'ignore'] }).toString());
    } catch {
      rmSync(dir, { recursive: true, force: true });
      throw new Error(
        "PostgreSQL refuses to run as root, and there is no 'postgres' user to run it as (Debian's package makes one): " +
          "create it ('useradd --system postgres') or run the tests as another user.",
      );
    }
    chownSync(dir, uid, gid);
    chmodSync(dir, 0o700);
  }
  /** Runs a server binary as the postgres user when we are root, else as ourselves. */
  const run = (tool: string, args: string[]) => {
    const command = asRoot ? 'runuser' : join(bin, tool);
    const fullArgs = asRoot ? ['-u', 'postgres', '--', join(bin, tool), ...args] : args;
    const result = spawnSync(command, fullArgs, { cwd: dir, encoding: 'utf8' });
    if (result.status !== 0)
      throw new Error(`${tool} failed (${result.status}): ${result.stderr || result.stdout || result.error}`);
  };
  // Sorting as C (by code point), but letters classed and case-folded as Unicode: search finds "платёж" in "Платёж"
  // (docs/explorer.md#search).
  run('initdb', [
    '-D',
    data,
    '-U',
    'sidelog',
    '-A',
    'trust',
    '-E',
    'UTF8',
    '--locale=C',
    '--lc-ctype=C.UTF-8',
    '--no-sync',
  ]);
  const port = await freePort();
  const settings = [
    `-p ${port}`,
    `-k ${dir}`,
    `-c listen_addresses=127.0.0.1`,
    `-c max_connections=200`,
    ...(options.durable ? [] : ['-c fsync=off', '-c synchronous_commit=off', '-c full_page_writes=off']),
  ];
  run('pg_ctl', ['-D', data, '-l', join(dir, 'server.log'), '-w', '-o', settings.join(' '), 'start']);
  let stopped = false;
  const base = `postgres://sidelog@127.0.0.1:${port}`;
  return {
    url: `${base}/postgres`,
    database: (name) => `${base}/${name}`,
    pid: () => Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]),
    stop() {
      if (stopped) return;
      stopped = true;
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

// `tsx scripts/postgres.ts`: starts a cluster and prints its URL until Ctrl-C (for trying the service on it).
if (process.argv[1] && import.meta.filename === process.argv[1]) {
  const cluster = await startThrowawayPostgres({ durable: true });
  console.log(`PostgreSQL for Sidelog (${userInfo().username}): SIDELOG_DB=${cluster.url}`);
  const stop = () => {
    cluster.stop();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  setInterval(() => undefined, 1 << 30);
}
