// A Chromium of the test's own, started as a child process with a profile on disk, so that a test can kill it
// outright (SIGKILL, no shutdown) and start it again on the same profile, as after a crash.
import { spawn, type ChildProcess } from 'node:child_process';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { CHROMIUM_ARGS, findTestChromium } from '../../scripts/chromium.ts';

interface OwnChromium {
  browser: Browser;
  /** The profile's one context: its storage is the profile on disk. */
  context: BrowserContext;
  /** SIGKILL to Chromium and every process it started; resolves once it is gone. */
  kill(): Promise<void>;
}

function devToolsURL(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    child.stderr!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /DevTools listening on (ws:\/\/\S+)/.exec(output);
      if (match) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`Chromium exited (${code}) before listening: ${output}`)));
  });
}

export async function startOwnChromium(userDataDir: string): Promise<OwnChromium> {
  const child = spawn(
    findTestChromium(),
    [...CHROMIUM_ARGS, '--headless', `--user-data-dir=${userDataDir}`, '--remote-debugging-port=0', 'about:blank'],
    // Its own process group, so that the kill reaches the renderers and the storage service too.
    { detached: true, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const browser = await chromium.connectOverCDP(await devToolsURL(child));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    browser,
    context: browser.contexts()[0],
    async kill() {
      process.kill(-child.pid!, 'SIGKILL');
      await exited;
    },
  };
}
