// Every curl command the docs give for the admin API gets past its guards as written
// (docs/local-service.md#cross-site-requests): its token and, for a change, its body declared JSON. Run in-process against a service with none of the docs'
// names in it, so each answers what its route answers for a name it does not know (a 404, say), never 401, 403 or 415.
import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { ADMIN_TOKEN, createHarness, type Harness } from './service-harness.ts';

const DOCS = new URL('../../../docs/', import.meta.url);
const README = new URL('../../../README.md', import.meta.url);

/** Each `curl …` line of a code block, with its continuation lines joined. */
function curlCommands(): { file: string; command: string }[] {
  const files = [
    README,
    ...readdirSync(DOCS)
      .filter((name) => name.endsWith('.md'))
      .map((name) => new URL(name, DOCS)),
  ];
  return files.flatMap((file) =>
    [
      ...readFileSync(file, 'utf8')
        .replaceAll(/\\\n\s*/g, '')
        .matchAll(/^curl .+$/gm),
    ].map(([command]) => ({
      file: file.pathname.split('/').pop()!,
      command,
    })),
  );
}

/** The request a command makes: its method, URL path, headers and body. */
function requestOf(command: string): { method: string; path: string; headers: Record<string, string>; body?: string } {
  const token = (text: string) => text.replace('$SIDELOG_ADMIN_TOKEN', ADMIN_TOKEN);
  const headers = Object.fromEntries(
    [...command.matchAll(/-H (["'])([^:]+): (.+?)\1/g)].map(([, , name, value]) => [name!, token(value!)]),
  );
  const body = /-d (["'])(.+?)\1/.exec(command)?.[2];
  const method = /-X (\w+)/.exec(command)?.[1] ?? (body === undefined ? 'GET' : 'POST');
  const path = new URL(/(https?:\/\/\S+)/.exec(command)![1]!).pathname;
  return { method, path, headers, body };
}

let service: Harness;
beforeAll(async () => (service = await createHarness()));
afterAll(() => service.close());

const commands = curlCommands().filter(({ command }) => command.includes('/sidelog/admin/api/'));

test('the docs give curl commands for the admin API', () => {
  expect(commands.length).toBeGreaterThanOrEqual(3);
});

test.each(commands)('$file: $command', async ({ command }) => {
  const { method, path, headers, body } = requestOf(command);
  const answer = await service.app.request(path, { method, headers, body });
  expect([401, 403, 415], await answer.clone().text()).not.toContain(answer.status);
  expect(answer.status).toBeLessThan(500);
});
