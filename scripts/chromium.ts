// Finds the Chromium that browser tests, end-to-end tests and the benchmark drive.
// We never download a browser (no internet beyond the package registries): we use
// the system's Chromium, installing Debian's package when we are root on Debian.
// The tests drive Chromium's headless shell where there is one: the same Blink and V8 without the browser's own UI
// layers, for about a third of full Chromium's CPU, which was most of the suite's (docs/testing.md#chromium).
import { existsSync } from 'node:fs';
import { installDebianPackage } from './debian-package.ts';

const DEBIAN_PATH = '/usr/bin/chromium';
const DEBIAN_SHELL_PATH = '/usr/bin/chromium-headless-shell';

/** Flags for a headless Chromium on a machine with no network but loopback. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** The path of a Chromium executable; installs Debian's package if it can, else throws saying how. */
export function findChromium(): string {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) {
    if (existsSync(fromEnv)) return fromEnv;
    throw new Error(`CHROMIUM_PATH is set to '${fromEnv}', but no file is there.`);
  }
  if (existsSync(DEBIAN_PATH)) return DEBIAN_PATH;
  if (installDebianPackage('chromium', 'Chromium') && existsSync(DEBIAN_PATH)) return DEBIAN_PATH;
  throw new Error(
    'No Chromium found for the browser tests. Install it (on Debian or Ubuntu: ' +
      "'sudo apt-get install -y chromium') or set CHROMIUM_PATH to a Chromium or Chrome executable.",
  );
}

/** The Chromium the tests drive: `CHROMIUM_PATH` when set, else the headless shell, installing Debian's package if it
 * can, else full Chromium (slower, the same results). */
export function findTestChromium(): string {
  if (process.env.CHROMIUM_PATH) return findChromium();
  if (existsSync(DEBIAN_SHELL_PATH)) return DEBIAN_SHELL_PATH;
  if (installDebianPackage('chromium-headless-shell', "Chromium's headless shell") && existsSync(DEBIAN_SHELL_PATH)) {
    return DEBIAN_SHELL_PATH;
  }
  return findChromium();
}
