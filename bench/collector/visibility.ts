// Ack to search visibility under load: while the bench's clients send their batches, a probe sends one log
// at a time holding a word nothing else holds, and once the collector acknowledged it, searches the explorer for that
// word every POLL_MS until the log is found. The time from the acknowledgement to the first search that finds it is
// one sample; the next probe follows PAUSE_MS later. One search is made before the probe starts: the service starts its
// reader threads at its first read (server/stores/sqlite/reader.ts), a one-off cost (their modules loaded, some 0.2 s
// of CPU each) that would otherwise fall inside the run and count as ingest's.
import { WIRE_PATHS } from '../../protocol/wire.ts';
import { DEMO_APP_KEY } from '../../server/partner/demo.ts';
import { appIdOf } from '../../server/stores/app-id.ts';
import { explorerCookie } from '../explorer-cookie.ts';
import { registerSession } from './ingest.ts';

const POLL_MS = 20;
const PAUSE_MS = 200;
/** A probe not found by then counts as this long, and the probe stops waiting for it. */
const GIVE_UP_MS = 60_000;

interface VisibilityProbe {
  /** Stops after the probe in flight is found (or given up on): the times from ack to found, in ms, sorted. */
  stop(): Promise<number[]>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function startVisibilityProbe(
  url: string,
  options: { cookie: string; appId: string; sessionId: number },
): Promise<VisibilityProbe> {
  const times: number[] = [];
  let stopping = false;
  const search = async (word: string) => {
    const answer = await fetch(
      `${url}/sidelog/explorer/api/apps/${options.appId}/logs?${new URLSearchParams({ q: word, limit: '1' })}`,
      {
        headers: { Cookie: options.cookie },
      },
    );
    const page = (await answer.json()) as { logs?: unknown[] };
    return answer.ok && (page.logs?.length ?? 0) > 0;
  };
  await search('warm');
  const loop = (async () => {
    for (let n = 0; !stopping; n++) {
      const word = `probe${n}q${Math.random().toString(36).slice(2, 10)}`;
      const at = Date.now();
      const answer = await fetch(`${url}/sidelog/api${WIRE_PATHS.sendLogs}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-App-Token': DEMO_APP_KEY },
        body: JSON.stringify({
          session_id: options.sessionId,
          logs: [{ x: new Date(at).toISOString(), at, t: `visibility ${word}`, ll: 4 }],
        }),
      });
      await answer.arrayBuffer();
      if (answer.status !== 200) {
        // Refused under back-pressure (503): not acknowledged, so nothing to find; try again.
        await sleep(PAUSE_MS);
        continue;
      }
      const acknowledged = performance.now();
      while (!(await search(word))) {
        if (performance.now() - acknowledged > GIVE_UP_MS) break;
        await sleep(POLL_MS);
      }
      times.push(performance.now() - acknowledged);
      await sleep(PAUSE_MS);
    }
  })();
  return {
    async stop() {
      stopping = true;
      await loop;
      return times.sort((a, b) => a - b);
    },
  };
}

/** The probe on the demo app's logs, as the benches that run the service start it: the explorer signed in with the
 * service's admin token, its logs on a session of its own named `session`. */
export async function probeDemoApp(url: string, adminToken: string, session: string): Promise<VisibilityProbe> {
  return startVisibilityProbe(url, {
    cookie: await explorerCookie(url, adminToken),
    appId: appIdOf(DEMO_APP_KEY),
    sessionId: await registerSession(url, session, 'probe-device'),
  });
}
