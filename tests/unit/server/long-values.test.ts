// Values longer than any index takes whole, on every store (SQLite, PostgreSQL, the logs in ClickHouse): what is
// stored, what is cut, what is refused (docs/local-service.md#collector). PostgreSQL's B-tree keys hold at most about
// 2,700 bytes and a tsvector 1 MB; before these bounds such a value made PostgreSQL refuse the whole request with a 500.
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { appIdOf } from '../../../server/stores/app-id.ts';
import { DEMO_APP_KEY } from '../../../server/partner/demo.ts';
import { createHarness, type Harness } from './service-harness.ts';
import { logs, sessionPayload } from '../../../fixtures/wire-bodies.ts';
import { isDatabaseKind, LOG_STORE_KINDS } from './test-databases.ts';

const APP_ID = appIdOf(DEMO_APP_KEY);

/** `count` distinct words of eight letters, the same each run: a line whose words no index compresses. */
function distinctWords(count: number): string[] {
  let seed = 7;
  return Array.from({ length: count }, () => {
    seed = (seed * 48_271) % 2_147_483_647;
    return `w${seed.toString(36).padStart(7, 'q')}`;
  });
}

describe.each(LOG_STORE_KINDS)('on %s', (kind) => {
  let service: Harness;
  beforeEach(async () => {
    service = await createHarness({ store: kind });
  });
  afterEach(() => service.close());

  const found = async (word: string) => {
    const { status, body } = await service.explorerGet(`/apps/${APP_ID}/logs?q=${word}`);
    expect(status).toBe(200);
    return (JSON.parse(body) as { logs: unknown[] }).logs.length;
  };

  test('a 2.7 MB line of distinct words is stored whole and found by any word as a fragment; a word and a phrase, on PostgreSQL, within its first 100,000 characters', async () => {
    const words = distinctWords(300_000);
    const session_id = await service.session();
    const [log] = logs(1);
    const answer = await service.wire('sendLogs', { session_id, logs: [{ ...log, t: words.join(' ') }] });
    expect(answer.status).toBe(200);
    const [stored] = await service.admin<{ t: string }[]>(`logs?app=${DEMO_APP_KEY}`);
    expect(stored!.t.length).toBe(words.join(' ').length);
    expect(await found(words[10]!)).toBe(1);
    // The index of words on PostgreSQL holds the first 100,000 characters' only; a fragment is read in the text whole.
    expect(await found(words[200_000]!)).toBe(kind === 'postgres' ? 0 : 1);
    expect(await found(`*${words[200_000]!}*`)).toBe(1);
    // A phrase is matched through the index of words, which on PostgreSQL holds the first 100,000 characters' only.
    const phrase = (at: number) => encodeURIComponent(`"${words[at]} ${words[at + 1]}"`);
    expect(await found(phrase(10))).toBe(1);
    expect(await found(phrase(200_000))).toBe(kind === 'postgres' ? 0 : 1);
  });

  test('a tag is cut at 256 characters with an ellipsis; the log is stored', async () => {
    const session_id = await service.session();
    const [log] = logs(1);
    const tag = distinctWords(400).join('');
    expect((await service.wire('sendLogs', { session_id, logs: [{ ...log, tg: tag }] })).status).toBe(200);
    const [stored] = await service.admin<{ tg: string }[]>(`logs?app=${DEMO_APP_KEY}`);
    expect(stored!.tg).toBe(`${tag.slice(0, 256)}…`);
  });

  test('a cut that splits a surrogate pair leaves a well-formed tag', async () => {
    const session_id = await service.session();
    const [log] = logs(1);
    const tag = `${'a'.repeat(255)}😀${'b'.repeat(100)}`;
    expect((await service.wire('sendLogs', { session_id, logs: [{ ...log, tg: tag }] })).status).toBe(200);
    const [stored] = await service.admin<{ tg: string }[]>(`logs?app=${DEMO_APP_KEY}`);
    expect(stored!.tg).toBe(`${'a'.repeat(255)}\uFFFD…`);
  });

  // A device's keys and a session's ids are not logs: with the logs in ClickHouse they are SQLite's, whose run this
  // would repeat (isDatabaseKind, docs/testing.md#budget).
  test.runIf(isDatabaseKind(kind))(
    'a device key name is cut at 256 characters; a value of any length is kept whole',
    async () => {
      const name = distinctWords(400).join('');
      const value = distinctWords(1_000).join('');
      await service.session();
      const body = { app_key: DEMO_APP_KEY, device_id: 'device-1', key: name, value };
      expect((await service.wire('setDeviceKey', body)).status).toBe(200);
      const keys = await service.store.deviceKeys(DEMO_APP_KEY, 'device-1');
      expect(keys).toEqual([{ key: `${name.slice(0, 256)}…`, value }]);
    },
  );

  test.runIf(isDatabaseKind(kind))(
    'an id over 512 characters is refused with its reason; one of 512 is taken',
    async () => {
      const long = 'd'.repeat(513);
      const refused = await service.wire('sendSession', sessionPayload('s-long', DEMO_APP_KEY, long));
      expect(refused.status).toBe(400);
      expect(await refused.json()).toEqual({ error: "'device.udid' must be at most 512 characters" });
      const taken = await service.wire('sendSession', sessionPayload('s'.repeat(512), DEMO_APP_KEY, 'd'.repeat(512)));
      expect(taken.status).toBe(200);
    },
  );
});
