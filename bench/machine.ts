// What the figures were measured on, for the JSON and the README.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { availableParallelism, cpus, release, totalmem, type } from 'node:os';

const versionOf = (name: string) =>
  (
    JSON.parse(readFileSync(resolve(import.meta.dirname, `../node_modules/${name}/package.json`), 'utf8')) as {
      version: string;
    }
  ).version;

export function describeMachine(chromium: string) {
  return {
    cpu: cpus()[0]?.model ?? 'unknown',
    cores: availableParallelism(),
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    os: `${type()} ${release()}`,
    node: process.version,
    chromium,
    peers: {
      '@bugfender/sdk': versionOf('@bugfender/sdk'),
      '@datadog/browser-logs': versionOf('@datadog/browser-logs'),
      '@sentry/browser': versionOf('@sentry/browser'),
    },
  };
}
