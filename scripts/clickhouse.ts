// Finds ClickHouse's server and runs a throw-away one for the tests (and later the benches), as scripts/postgres.ts
// does for PostgreSQL: the system's server, Debian's `clickhouse-server` package installed when we are root on Debian
// and it is missing; nothing is ever downloaded otherwise. Debian's package is ClickHouse 18.16, the oldest SQL the
// log store keeps to (docs/clickhouse.md#two-engines). It runs as root as well as any user.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { watchDdlWorker, type DdlWorkerWatch } from './ddl-worker-watch.ts';
import { installDebianPackage } from './debian-package.ts';
import { freePort } from './postgres.ts';

const CANDIDATES = [process.env.CLICKHOUSE_SERVER, '/usr/bin/clickhouse-server', '/usr/sbin/clickhouse-server'];
const findBinary = () => CANDIDATES.find((path): path is string => !!path && existsSync(path));

/** The server's binary; installs Debian's package if it can, else throws saying how. */
function findClickHouse(): string {
  const found = findBinary();
  if (found) return found;
  if (installDebianPackage('clickhouse-server', 'ClickHouse')) {
    const installed = findBinary();
    if (installed) return installed;
  }
  throw new Error(
    'No ClickHouse server found for the ClickHouse tests. Install it (on Debian: ' +
      "'sudo apt-get install -y clickhouse-server') or set CLICKHOUSE_SERVER to its binary.",
  );
}

/** The user with a password that the throw-away server knows beside `default` (which has none), for the tests of
 * SIDELOG_LOGS's credentials. */
export const THROWAWAY_USER = { name: 'sidelog', password: 'secret' };

/** A cluster of two shards on the one server (docs/clickhouse.md#the-cluster-form): each shard is the server itself,
 * with a database of its own, so that what the Distributed table sends to one shard is not read from the other. */
export const TWO_SHARDS = { cluster: 'sidelog_two_shards', databases: ['sidelog_shard_1', 'sidelog_shard_2'] };

/** The ports a server listens on. */
export interface ClickHousePorts {
  http: number;
  tcp: number;
  interserver: number;
}

export const freeClickHousePorts = async (): Promise<ClickHousePorts> => ({
  http: await freePort(),
  tcp: await freePort(),
  interserver: await freePort(),
});

/** One replica of a replicated cluster (docs/clickhouse.md#the-cluster-form): the ZooKeeper it keeps its tables'
 * state in, the cluster's name and its shards (each the ports of its replicas), and this server's own `{shard}` and
 * `{replica}` macros (a replica's name is its own across the cluster). */
export interface ReplicaOf {
  zookeeper: { host: string; port: number };
  cluster: string;
  shards: ClickHousePorts[][];
  shard: string;
  replica: string;
}

/** What a replica adds to the config: ZooKeeper, its macros and the queue of ON CLUSTER queries (replicas fetch each
 * other's parts over the interserver port, at the address named here rather than the machine's host name), and the
 * cluster of the shards and replicas given, beside the two shards in remote_servers. */
const replicaConfig = (of: ReplicaOf) => ({
  server: `
  <zookeeper><node><host>${of.zookeeper.host}</host><port>${of.zookeeper.port}</port></node></zookeeper>
  <macros><shard>${of.shard}</shard><replica>${of.replica}</replica></macros>
  <interserver_http_host>127.0.0.1</interserver_http_host>
  <distributed_ddl><path>/clickhouse/task_queue/ddl</path></distributed_ddl>`,
  cluster: `
    <${of.cluster}>
${of.shards
  .map(
    (replicas) => `      <shard><internal_replication>true</internal_replication>
${replicas.map((ports) => `        <replica><host>127.0.0.1</host><port>${ports.tcp}</port></replica>`).join('\n')}
      </shard>`,
  )
  .join('\n')}
    </${of.cluster}>`,
});

// The least config 18.16 starts with (its root element is still <yandex>), and which current servers read too: one
// loopback address, ports of our own, everything under the throw-away directory, UTC.
function config(dir: string, ports: ClickHousePorts, queryLog: boolean, replicaOf?: ReplicaOf): string {
  const replica = replicaOf ? replicaConfig(replicaOf) : { server: '', cluster: '' };
  return `<?xml version="1.0"?>
<yandex>
  <logger><level>warning</level><log>${dir}/log/server.log</log><errorlog>${dir}/log/error.log</errorlog><console>0</console></logger>
  <listen_host>127.0.0.1</listen_host>
  <http_port>${ports.http}</http_port>
  <tcp_port>${ports.tcp}</tcp_port>
  <interserver_http_port>${ports.interserver}</interserver_http_port>
  <path>${dir}/data/</path>
  <tmp_path>${dir}/tmp/</tmp_path>
  <user_files_path>${dir}/user_files/</user_files_path>
  <format_schema_path>${dir}/format_schemas/</format_schema_path>
  <users_config>${dir}/users.xml</users_config>
  <default_profile>default</default_profile>
  <default_database>default</default_database>
  <timezone>UTC</timezone>
  <mark_cache_size>268435456</mark_cache_size>
  <uncompressed_cache_size>268435456</uncompressed_cache_size>
  <max_concurrent_queries>100</max_concurrent_queries>${queryLog ? '\n  <query_log><database>system</database><table>query_log</table></query_log>' : ''}
  <remote_servers>
    <${TWO_SHARDS.cluster}>
${TWO_SHARDS.databases.map((database) => `      <shard><replica><host>127.0.0.1</host><port>${ports.tcp}</port><default_database>${database}</default_database></replica></shard>`).join('\n')}
    </${TWO_SHARDS.cluster}>${replica.cluster}
  </remote_servers>${replica.server}
</yandex>
`;
}

/** A replica's ON CLUSTER statement waits for every host to run it, by default 180 s; a throw-away cluster's gives up
 * after 60, within its test's setup, with the server's own count of the hosts that did not run it. */
const DDL_TIMEOUT_S = 60;

const users = (queryLog: boolean, replica: boolean) => `<?xml version="1.0"?>
<yandex>
  <profiles><default><max_memory_usage>4000000000</max_memory_usage>${queryLog ? '<log_queries>1</log_queries>' : ''}${replica ? `<distributed_ddl_task_timeout>${DDL_TIMEOUT_S}</distributed_ddl_task_timeout>` : ''}</default></profiles>
  <users>
    <default><password></password><networks><ip>127.0.0.1</ip></networks><profile>default</profile><quota>default</quota></default>
    <${THROWAWAY_USER.name}><password>${THROWAWAY_USER.password}</password><networks><ip>127.0.0.1</ip></networks><profile>default</profile><quota>default</quota></${THROWAWAY_USER.name}>
  </users>
  <quotas><default><interval><duration>3600</duration><queries>0</queries><errors>0</errors><result_rows>0</result_rows><read_rows>0</read_rows><execution_time>0</execution_time></interval></default></quotas>
</yandex>
`;

/** A query's answer as text, or undefined when the server refused it or did not answer. */
const answerOf = (url: string, query: string) =>
  fetch(url, { method: 'POST', body: query })
    .then((answer) => (answer.ok ? answer.text() : undefined))
    .catch(() => undefined);

const readsZooKeeper = async (url: string) =>
  (await answerOf(url, "SELECT count() FROM system.zookeeper WHERE path = '/'")) !== undefined;

/** Waits until every replicated table of a replica started again takes writes: killed, its ZooKeeper session lived on
 * until it expired (10 s at most with scripts/zookeeper.ts' ticks), and with it the replica's `is_active`, so its
 * tables stay read-only until the new session can claim it. */
async function replicasWritable(url: string): Promise<void> {
  for (let tries = 0; tries < 600; tries++) {
    if ((await answerOf(url, 'SELECT count() FROM system.replicas WHERE is_readonly'))?.trim() === '0') return;
    await sleep(100);
  }
  throw new Error(`ClickHouse at ${url}: its replicated tables stayed read-only after a restart`);
}

export interface ThrowawayClickHouse {
  /** http://127.0.0.1:<port>, as user `default` with no password. */
  url: string;
  /** The server's process, while it runs. */
  pid(): number;
  /** Kills the server as a crash would (SIGKILL), keeping its data: for the tests of ClickHouse gone mid-load. */
  kill(): Promise<void>;
  /** Starts it again on the same data and port, after `kill`; resolves once it answers /ping. */
  restart(): Promise<void>;
  /** Ends it: killed and its directory removed, or with `dir` stopped cleanly (SIGTERM) and its data kept. */
  stop(): Promise<void>;
  /** The last lines of its error log (warnings and worse), for a test whose cluster did not come up to say why before
   * the directory goes. */
  errorLog(lines?: number): string;
  /** A replica's watch on its DDL worker, which starts it again when 18.16 stops the worker (ddl-worker-watch.ts). */
  ddlWorker?: Pick<DdlWorkerWatch, 'restarts' | 'settled'>;
}

/** Starts a server in a temporary directory on free loopback ports; resolves once it answers /ping. With `dir`, its
 * data is kept there instead, and stays when it stops (`npm run start:clickhouse`, scripts/start-clickhouse.ts). */
export async function startThrowawayClickHouse(
  options: {
    dir?: string;
    /** Every query in system.query_log, for a bench to say where its time went. */ queryLog?: boolean;
    /** Its ports, chosen beforehand (the replicas of a cluster name each other's); free ones otherwise. */
    ports?: ClickHousePorts;
    /** A replica of a replicated cluster. */
    replicaOf?: ReplicaOf;
  } = {},
): Promise<ThrowawayClickHouse> {
  const binary = findClickHouse();
  const dir = options.dir ?? mkdtempSync(join(tmpdir(), 'sidelog-ch-'));
  for (const sub of ['data', 'tmp', 'user_files', 'format_schemas', 'log'])
    mkdirSync(join(dir, sub), { recursive: true });
  const ports = options.ports ?? (await freeClickHousePorts());
  writeFileSync(join(dir, 'config.xml'), config(dir, ports, !!options.queryLog, options.replicaOf));
  writeFileSync(join(dir, 'users.xml'), users(!!options.queryLog, !!options.replicaOf));
  const url = `http://127.0.0.1:${ports.http}`;

  let server: ChildProcess | undefined;
  let exited: Promise<void> = Promise.resolve();
  const launch = async () => {
    const child = spawn(binary, [`--config-file=${join(dir, 'config.xml')}`], { cwd: dir, stdio: 'ignore' });
    server = child;
    let gone = false;
    exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    void exited.then(() => (gone = true));
    // 18.16 was ready within 4 s on this machine; a minute allows for a loaded one.
    for (let tries = 0; tries < 600 && !gone; tries++) {
      const ready = await fetch(`${url}/ping`)
        .then((answer) => answer.ok)
        .catch(() => false);
      // A replica is ready once it can read ZooKeeper: an ON CLUSTER query sent before then can wait for ever.
      if (ready && (!options.replicaOf || (await readsZooKeeper(url)))) return;
      await sleep(100);
    }
    throw new Error(`ClickHouse (${binary}) did not start; its log is in ${dir}/log`);
  };
  const halt = async (signal: NodeJS.Signals) => {
    // This server's process, not whichever `server` names once it is started again.
    const child = server;
    if (child && child.exitCode === null && child.signalCode === null) {
      child.kill(signal);
      // A clean stop takes about a second; past 10 s it is killed.
      const late = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(late);
    }
    server = undefined;
  };
  // A throw-away server's data goes with it, so it is killed: a clean stop of 18.16 with replicated tables waited 8 to
  // 9 s (its ZooKeeper sessions and background threads), every replica of a test's cluster.
  let watch: DdlWorkerWatch | undefined;
  const stop = async () => {
    await watch?.stop();
    await halt(options.dir ? 'SIGTERM' : 'SIGKILL');
    if (!options.dir) rmSync(dir, { recursive: true, force: true });
  };
  try {
    await launch();
  } catch (error) {
    await stop();
    throw error;
  }
  if (options.replicaOf)
    watch = watchDdlWorker(join(dir, 'log', 'error.log'), async () => {
      await halt('SIGKILL');
      await launch();
      await replicasWritable(url);
    });
  return {
    url,
    pid: () => server?.pid ?? 0,
    kill: () => halt('SIGKILL'),
    restart: launch,
    stop,
    ...(watch && { ddlWorker: { restarts: watch.restarts, settled: watch.settled } }),
    errorLog: (lines = 20) => {
      const file = join(dir, 'log', 'error.log');
      return existsSync(file) ? readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n') : '';
    },
  };
}

// `tsx scripts/clickhouse.ts`: starts a server and prints its URL until Ctrl-C (for trying SIDELOG_LOGS on it).
if (process.argv[1] && import.meta.filename === process.argv[1]) {
  const server = await startThrowawayClickHouse();
  console.log(`ClickHouse for Sidelog: SIDELOG_LOGS=${server.url}/sidelog`);
  const stop = () => void server.stop().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  setInterval(() => undefined, 1 << 30);
}
