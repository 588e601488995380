// Installs one of Debian's packages when a test needs a system program that is missing (Chromium, PostgreSQL's
// server): only as root on Debian, the one case where that is ours to do. Nothing is ever downloaded otherwise.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** Runs `apt-get install -y <name>` when root on Debian; says whether it tried. */
export function installDebianPackage(name: string, what: string): boolean {
  if (process.getuid?.() !== 0 || !existsSync('/etc/debian_version') || !existsSync('/usr/bin/apt-get')) return false;
  console.error(`${what} is missing: installing Debian's package (apt-get install -y ${name})…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', name], { stdio: 'inherit', env });
  return true;
}
