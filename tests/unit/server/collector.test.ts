// The logging collector as Sidelog (or any Bugfender-compatible client) calls it: the five operations, what they
// answer, what they refuse, and that at-least-once delivery stores each thing once.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { MAX_BODY_BYTES } from '../../../server/collector/collector.ts';
import { DEMO_APP_KEY } from '../../../server/partner/demo.ts';
import { INVALID_APP_CODE } from '../../../protocol/wire.ts';
import { createHarness, type Harness } from './service-harness.ts';
import { device, logs, sessionPayload } from '../../../fixtures/wire-bodies.ts';
import { STORE_KINDS } from './test-databases.ts';
import { bugfenderAppIdOf } from '../../../server/stores/app-id.ts';

// Each test runs on SQLite and on PostgreSQL: one contract, two stores.
describe.each(STORE_KINDS)('on %s', (kind) => {
  let service: Harness;

  const issue = (session_id: number, uid: string = crypto.randomUUID()) => ({
    uid,
    url: `http://127.0.0.1/sidelog/intent/abc/issue/${uid}`,
    title: 'Корзина не открывается',
    text: 'Нажал «Купить»',
    app: { key: DEMO_APP_KEY },
    type: 'issue',
    session_id,
  });

  // What a test stores and reads back: a service of its own.
  describe('stored', () => {
    beforeEach(async () => {
      service = await createHarness({ store: kind });
    });
    afterEach(() => service.close());

    describe('sessions', () => {
      test('a session gets a numeric id, and registering it again gives the same id', async () => {
        const first = await service.wire('sendSession', sessionPayload('session-a'));
        expect(first.status).toBe(200);
        const { id } = await first.json();
        expect(id).toEqual(expect.any(Number));
        expect(await (await service.wire('sendSession', sessionPayload('session-a'))).json()).toEqual({ id });
        expect(await (await service.wire('sendSession', sessionPayload('session-b'))).json()).not.toEqual({ id });
        expect(
          (await service.admin('sessions?app=' + DEMO_APP_KEY)).map((s: { session_uid: string }) => s.session_uid),
        ).toEqual(['session-a', 'session-b']);
      });
    });

    describe('logs', () => {
      test('a batch is stored whole, in order, with every field and its session', async () => {
        const session_id = await service.session('session-logs');
        const batch = logs(3);
        const answer = await service.wire('sendLogs', { session_id, logs: batch });
        expect(answer.status).toBe(200);
        expect(await answer.json()).toEqual({});
        expect(await service.admin(`logs?app=${DEMO_APP_KEY}`)).toEqual(
          batch.map((log) => ({ ...log, session_uid: 'session-logs' })),
        );
        expect(await service.admin(`batches?app=${DEMO_APP_KEY}`)).toEqual([
          { session_uid: 'session-logs', count: 3, stored: 3 },
        ]);
      });

      test('a resent batch adds no rows (dedupe on session, at and content)', async () => {
        const session_id = await service.session();
        await service.wire('sendLogs', { session_id, logs: logs(5) });
        await service.wire('sendLogs', { session_id, logs: logs(5) });
        await service.wire('sendLogs', { session_id, logs: logs(7) });
        const stored = await service.admin<{ t: string }[]>(`logs?app=${DEMO_APP_KEY}`);
        expect(stored.map((log) => log.t)).toEqual(logs(7).map((log) => log.t));
        expect((await service.admin(`batches?app=${DEMO_APP_KEY}`)).map((b: { stored: number }) => b.stored)).toEqual([
          5, 0, 2,
        ]);
      });

      test('the same at in two sessions is two logs', async () => {
        await service.wire('sendLogs', { session_id: await service.session('one'), logs: logs(1) });
        await service.wire('sendLogs', { session_id: await service.session('two'), logs: logs(1) });
        expect((await service.admin<unknown[]>(`logs?app=${DEMO_APP_KEY}`)).length).toBe(2);
      });

      test('optional fields may be left out, and come back left out', async () => {
        const session_id = await service.session();
        await service.wire('sendLogs', { session_id, logs: [{ x: '2026-11-22T10:00:00.000Z', at: 1 }] });
        expect(await service.admin(`logs?app=${DEMO_APP_KEY}`)).toEqual([
          { x: '2026-11-22T10:00:00.000Z', at: 1, session_uid: expect.any(String) },
        ]);
      });
    });

    describe('issues', () => {
      test('an issue is stored with its session, and a resent one is stored once', async () => {
        const session_id = await service.session('session-issue');
        const sent = issue(session_id, 'issue-1');
        expect(await (await service.wire('sendIssue', sent)).json()).toEqual({});
        expect((await service.wire('sendIssue', sent)).status).toBe(200);
        expect(await service.admin(`issues?app=${DEMO_APP_KEY}`)).toEqual([
          {
            uid: 'issue-1',
            url: sent.url,
            title: sent.title,
            text: sent.text,
            type: 'issue',
            session_uid: 'session-issue',
            received_at: expect.any(String),
          },
        ]);
      });

      test("a session's view by its URL lists its own issues, oldest first, and no other session's", async () => {
        const mine = await service.session('session-mine');
        const other = await service.session('session-other');
        for (const [session_id, uid] of [
          [mine, 'first of mine'],
          [other, 'not mine'],
          [mine, 'second of mine'],
        ] as const)
          await service.wire('sendIssue', issue(session_id, uid));
        const view = await service.admin<{ issues: { uid: string; session_uid: string }[] }>(
          `intent/${bugfenderAppIdOf(DEMO_APP_KEY)}/session/session-mine`,
        );
        expect(view.issues.map(({ uid, session_uid }) => [uid, session_uid])).toEqual([
          ['first of mine', 'session-mine'],
          ['second of mine', 'session-mine'],
        ]);
      });
    });

    describe('device keys', () => {
      test('every call is kept in order with its JSON type; null removes the key', async () => {
        const set = (key: string, value: unknown) =>
          service.wire('setDeviceKey', { app_key: DEMO_APP_KEY, device_id: 'device-1', key, value });
        for (const [key, value] of [
          ['user_id', 42],
          ['plan', 'gold'],
          ['beta', true],
          ['plan', null],
        ] as const) {
          const answer = await set(key, value);
          expect(answer.status).toBe(200);
          expect(await answer.json()).toEqual({});
        }
        expect(await service.admin(`device-keys?app=${DEMO_APP_KEY}`)).toEqual([
          { device_id: 'device-1', key: 'user_id', value: 42 },
          { device_id: 'device-1', key: 'plan', value: 'gold' },
          { device_id: 'device-1', key: 'beta', value: true },
          { device_id: 'device-1', key: 'plan', value: null },
        ]);
        expect(await service.store.deviceKeys(DEMO_APP_KEY, 'device-1')).toEqual([
          { key: 'beta', value: true },
          { key: 'user_id', value: 42 },
        ]);
      });
    });

    test('every request is recorded with its operation and status, refused ones too', async () => {
      await service.wire('getDeviceStatus', { app_token: DEMO_APP_KEY, device: device() });
      const session_id = await service.session();
      await service.wire('sendLogs', 'not json');
      await service.wire('sendLogs', { session_id, logs: logs(1) });
      expect(await service.admin(`requests?app=${DEMO_APP_KEY}`)).toEqual([
        { operation: 'getDeviceStatus', status: 200 },
        { operation: 'sendSession', status: 200 },
        { operation: 'sendLogs', status: 400 },
        { operation: 'sendLogs', status: 200 },
      ]);
    });
  });

  // Refusals, and answers that store nothing another test reads: one service for them all, for a service each was
  // most of their time on PostgreSQL (docs/testing.md#budget). A refused batch is still checked to store no log: no
  // test of this group stores one.
  describe('refused or answered', () => {
    beforeAll(async () => {
      service = await createHarness({ store: kind });
    });
    afterAll(() => service.close());

    describe('device status', () => {
      test('an enabled app is told logger_enabled true, a disabled one false', async () => {
        const answer = await service.wire('getDeviceStatus', { app_token: DEMO_APP_KEY, device: device() });
        expect(answer.status).toBe(200);
        expect(await answer.json()).toEqual({ logger_enabled: true });

        await service.admin('apps', { json: { key: 'quiet-app', enabled: false } });
        expect(
          await (
            await service.wire('getDeviceStatus', { app_token: 'quiet-app', device: device() }, 'quiet-app')
          ).json(),
        ).toEqual({
          logger_enabled: false,
        });
      });

      test('an unknown app key answers 200 with error code -1004', async () => {
        const answer = await service.wire('getDeviceStatus', { app_token: 'nope', device: device() }, 'nope');
        expect(answer.status).toBe(200);
        expect(await answer.json()).toEqual({ error: { code: INVALID_APP_CODE } });
      });

      test('the app key may come in the body alone', async () => {
        const answer = await service.wire('getDeviceStatus', { app_token: DEMO_APP_KEY, device: device() }, null);
        expect(await answer.json()).toEqual({ logger_enabled: true });
      });
    });

    describe('sessions', () => {
      test('an unknown app key is refused with 401', async () => {
        const answer = await service.wire('sendSession', sessionPayload('session-a', 'nope'), 'nope');
        expect(answer.status).toBe(401);
        expect(await answer.json()).toEqual({ error: expect.any(String) });
      });
    });

    describe('logs', () => {
      test.each([
        ['not JSON', '{"session_id": 1, "logs": [', /malformed JSON/],
        ['no session_id', { logs: [] }, /session_id/],
        ['logs not an array', { session_id: 1, logs: {} }, /logs/],
        ['logs missing', { session_id: 1 }, /logs/],
        ['an array for a body', [{ session_id: 1, logs: [] }], /body/],
        ['a session_id that is not an integer', { session_id: 1.5, logs: [] }, /session_id/],
        [
          'JSON nested past the limit',
          `{"session_id": 1, "logs": [${'['.repeat(100_000)}${']'.repeat(100_000)}]}`,
          /deeper/,
        ],
        ['more than 500 logs', { session_id: 1, logs: logs(501) }, /500/],
      ])('%s answers 400 with a reason', async (_case, body, reason) => {
        await service.session();
        const answer = await service.wire('sendLogs', body);
        expect(answer.status).toBe(400);
        expect((await answer.json()).error).toMatch(reason);
        expect(await service.admin(`logs?app=${DEMO_APP_KEY}`)).toEqual([]);
      });

      test('a session the app does not have answers 400', async () => {
        const answer = await service.wire('sendLogs', { session_id: 999, logs: logs(1) });
        expect(answer.status).toBe(400);
        expect(await answer.json()).toEqual({ error: 'unknown session_id' });
      });

      test('a body declared over the documented limit answers 413 before it is read', async () => {
        const session_id = await service.session();
        const answer = await service.wire('sendLogs', { session_id, logs: logs(1) }, DEMO_APP_KEY, {
          headers: {
            'Content-Type': 'application/json',
            'X-App-Token': DEMO_APP_KEY,
            'Content-Length': String(MAX_BODY_BYTES + 1),
          },
        });
        expect(answer.status).toBe(413);
        expect(await answer.json()).toEqual({ error: expect.any(String) });
        expect(await service.admin(`logs?app=${DEMO_APP_KEY}`)).toEqual([]);
      });
    });

    describe('issues', () => {
      test.each([
        ['an unknown type', { type: 'bug' }, /type/],
        ['no uid', { uid: undefined }, /uid/],
        ['no session_id', { session_id: undefined }, /session_id/],
        ['an object for a uid', { uid: { toString: 1 } }, /uid/],
      ])('%s answers 400', async (_case, change, reason) => {
        const answer = await service.wire('sendIssue', { ...issue(await service.session()), ...change });
        expect(answer.status).toBe(400);
        expect((await answer.json()).error).toMatch(reason);
      });
    });

    describe('device keys', () => {
      test('a value that is an object, or no value at all, answers 400', async () => {
        for (const body of [
          { app_key: DEMO_APP_KEY, device_id: 'd', key: 'k', value: { a: 1 } },
          { app_key: DEMO_APP_KEY, device_id: 'd', key: 'k' },
        ]) {
          expect((await service.wire('setDeviceKey', body)).status).toBe(400);
        }
      });
    });

    describe('CORS', () => {
      test('a preflight from any origin is allowed with the headers Sidelog sends', async () => {
        const answer = await service.app.request('/sidelog/api/log/batch', {
          method: 'OPTIONS',
          headers: {
            Origin: 'http://localhost:5173',
            'Access-Control-Request-Method': 'POST',
            'Access-Control-Request-Headers': 'content-type,x-app-token,x-user-agent',
          },
        });
        expect(answer.status).toBe(204);
        expect(answer.headers.get('Access-Control-Allow-Origin')).toBe('*');
        expect(answer.headers.get('Access-Control-Allow-Methods')).toContain('POST');
        expect(answer.headers.get('Access-Control-Allow-Headers')?.toLowerCase().split(',')).toEqual(
          expect.arrayContaining(['content-type', 'x-app-token', 'x-user-agent']),
        );
      });

      test('answers carry Access-Control-Allow-Origin', async () => {
        const answer = await service.wire(
          'getDeviceStatus',
          { app_token: DEMO_APP_KEY, device: device() },
          DEMO_APP_KEY,
          {
            headers: {
              Origin: 'http://localhost:5173',
              'Content-Type': 'application/json',
              'X-App-Token': DEMO_APP_KEY,
            },
          },
        );
        expect(answer.headers.get('Access-Control-Allow-Origin')).toBe('*');
      });
    });
  });
});
