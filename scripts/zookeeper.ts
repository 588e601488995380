// A throw-away ZooKeeper for the ClickHouse replicas' test (docs/clickhouse.md#the-cluster-form): ClickHouse 18.16
// keeps its replicated tables' state and its ON CLUSTER queue there (it has no Keeper of its own). Debian's
// `zookeeper` package, installed when we are root on Debian and it is missing, as scripts/clickhouse.ts does for the
// server; its jar names every library it needs in its manifest, so one `java -cp` starts it. Standalone, on a free
// loopback port, its data in a temporary directory.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { installDebianPackage } from './debian-package.ts';
import { freePort } from './postgres.ts';

const JAR = process.env.ZOOKEEPER_JAR ?? '/usr/share/java/zookeeper.jar';
const JAVA = process.env.JAVA ?? '/usr/bin/java';

function findZooKeeper(): { jar: string; java: string } {
  if (!(existsSync(JAR) && existsSync(JAVA)) && !process.env.ZOOKEEPER_JAR)
    installDebianPackage('zookeeper', 'ZooKeeper');
  if (existsSync(JAR) && existsSync(JAVA)) return { jar: JAR, java: JAVA };
  throw new Error(
    "No ZooKeeper found for the ClickHouse replicas' test. Install it (on Debian: 'sudo apt-get install -y " +
      "zookeeper') or set ZOOKEEPER_JAR to its jar (and JAVA to a java binary).",
  );
}

/** ZooKeeper's four-letter `srvr`: its mode once it serves sessions. `ruok` answers `imok` as soon as the port is
 * open, before the server takes a session: a client that connects then is dropped, and a ClickHouse 18.16 that met
 * that as it started never ran an ON CLUSTER query afterwards. A probe that meets no answer is given up and sent
 * again: on a loaded machine a JVM still starting took one and neither answered nor closed it, and the replicas'
 * test waited on it until its hook's 2 minutes were up (docs/testing.md#the-seventh-pass). */
const serves = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1', () => socket.end('srvr'));
    socket.setTimeout(2_000, () => socket.destroy());
    let answer = '';
    socket.on('data', (chunk) => (answer += String(chunk)));
    socket.on('close', () => resolve(/^Mode: /m.test(answer)));
    socket.on('error', () => resolve(false));
  });

export interface ThrowawayZooKeeper {
  host: string;
  port: number;
  stop(): Promise<void>;
}

export async function startThrowawayZooKeeper(): Promise<ThrowawayZooKeeper> {
  const { jar, java } = findZooKeeper();
  const dir = mkdtempSync(join(tmpdir(), 'sidelog-zk-'));
  const port = await freePort();
  writeFileSync(
    join(dir, 'zoo.cfg'),
    [
      `dataDir=${dir}/data`,
      `clientPort=${port}`,
      'clientPortAddress=127.0.0.1',
      'tickTime=500',
      // srvr is the readiness check; the admin server would take a port of its own.
      '4lw.commands.whitelist=srvr',
      'admin.enableServer=false',
    ].join('\n') + '\n',
  );
  const child: ChildProcess = spawn(
    java,
    ['-Xmx256m', '-cp', jar, 'org.apache.zookeeper.server.ZooKeeperServerMain', join(dir, 'zoo.cfg')],
    { cwd: dir, stdio: 'ignore' },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const late = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(late);
    }
    rmSync(dir, { recursive: true, force: true });
  };
  // The JVM serves within a few seconds here; a minute allows for a loaded machine.
  for (let tries = 0; tries < 600 && child.exitCode === null; tries++) {
    if (await serves(port)) return { host: '127.0.0.1', port, stop };
    await sleep(100);
  }
  await stop();
  throw new Error(`ZooKeeper (${jar}) did not start`);
}
