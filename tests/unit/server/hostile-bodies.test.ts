// Any JSON value in any field gives a 4xx or a stored value that can be displayed: never a 500, then or later
// (the explorer's views of it included). And a batch is never refused for one of its logs.
import { describe, expect, test } from 'vitest';
import { appIdOf, bugfenderAppIdOf } from '../../../server/stores/app-id.ts';
import { MAX_BODY_BYTES } from '../../../server/collector/collector.ts';
import { DEMO_APP_KEY } from '../../../server/partner/demo.ts';
import type { WireOperation } from '../../../protocol/wire.ts';
import { createHarness, type Harness } from './service-harness.ts';
import { servicePerTest } from './service-per-test.ts';
import { device, logs, sessionPayload } from '../../../fixtures/wire-bodies.ts';
import { STORE_KINDS } from './test-databases.ts';

// Each test runs on SQLite and on PostgreSQL: one contract, two stores.
describe.each(STORE_KINDS)('on %s', (kind) => {
  let service: Harness;
  const readOnly = servicePerTest(
    () => createHarness({ store: kind }),
    (made) => (service = made),
  );

  const APP_ID = appIdOf(DEMO_APP_KEY);
  const HOSTILE: [string, unknown][] = [
    ['true', true],
    ['an object', {}],
    ['{"toString": 1}', { toString: 1 }],
    ['an array', [1, [2]]],
    ['a number', 12.5],
    ['null', null],
    ['a lone surrogate', 'a\uD800'],
  ];
  /** What the explorer shows for one of its page URLs, as its API answers a signed-in viewer. */
  const page = (path: string) => service.explore(path);

  // Refused, and nothing stored: one service for them all.
  describe('refused', () => {
    readOnly();
    test('1e400 anywhere in a session is refused, not stored as null', async () => {
      const body = JSON.stringify(sessionPayload('s-inf')).replace('"ram_total":0', '"ram_total":1e400');
      const answer = await service.wire('sendSession', body);
      expect(answer.status).toBe(400);
      expect((await answer.json()).error).toMatch(/ram_total/);
    });

    test.each([
      ['an object', { a: 1 }],
      ['an array', [1]],
      ['1e400', 'INFINITY'],
    ])('a device key value that is %s answers 400', async (_name, value) => {
      const body = JSON.stringify({ app_key: DEMO_APP_KEY, device_id: 'd', key: 'k', value }).replace(
        '"INFINITY"',
        '1e400',
      );
      expect((await service.wire('setDeviceKey', body)).status).toBe(400);
    });

    test('an unknown key in X-App-Token is refused before the body is read', async () => {
      const answer = await service.wire('sendLogs', '[[[[ not even JSON', 'stranger');
      expect(answer.status).toBe(401);
    });
  });

  describe('sessions and devices', () => {
    const fields = ['language', 'sdk_type', 'sdk_version', 'time'] as const;
    test.each(HOSTILE)(
      '%s in any of their fields answers 4xx or stores what the explorer shows',
      async (_name, value) => {
        const bodies: [WireOperation, Record<string, any>][] = [];
        for (const field of ['name', 'os_version', 'language', 'key_values', 'sdk_version']) {
          bodies.push([
            'getDeviceStatus',
            { app_token: DEMO_APP_KEY, device: { ...device('d-status'), [field]: value } },
          ]);
          bodies.push([
            'sendSession',
            {
              ...sessionPayload(`s-device-${field}`, DEMO_APP_KEY, 'd-session'),
              device: { ...device('d-session'), [field]: value },
            },
          ]);
        }
        for (const field of fields)
          bodies.push(['sendSession', { ...sessionPayload(`s-${field}`, DEMO_APP_KEY, 'd-session'), [field]: value }]);
        for (const field of ['version', 'build', 'app']) {
          const session = sessionPayload(`s-app-${field}`, DEMO_APP_KEY, 'd-session');
          bodies.push(['sendSession', { ...session, app_version: { ...session.app_version, [field]: value } }]);
        }
        bodies.push(['sendSession', { ...sessionPayload('s-app-version'), app_version: value }]);
        for (const [op, body] of bodies) {
          const answer = await service.wire(op, body);
          expect(answer.status, `${op} ${JSON.stringify(body)}`).toBeLessThan(500);
        }
        for (const session of await service.store.sessions(DEMO_APP_KEY)) {
          expect((await page(`/sidelog/intent/${APP_ID}/session/${session.session_uid}`)).status).toBe(200);
        }
        for (const udid of ['d-status', 'd-session']) {
          expect((await page(`/sidelog/intent/${APP_ID}/device/${udid}`)).status).not.toBe(500);
        }
        expect((await page('/sidelog/')).status).toBe(200);
        expect((await page('/sidelog/sessions')).status).toBe(200);
      },
    );

    test.each([
      ['a lone surrogate', 'a\uD800'],
      ['U+0000', 'a\u0000b'],
    ])(
      '%s in the fields kept as sent leaves the sessions page, its choices and its filters readable',
      async (_name, value) => {
        const session = sessionPayload('s-kept', DEMO_APP_KEY, 'd-kept');
        const body = {
          ...session,
          orientation: value,
          [`extra ${value}`]: [value],
          device: { ...device('d-kept'), firebase_test_lab: value, [`extra ${value}`]: value },
          app_version: { ...session.app_version, extra: value },
        };
        expect((await service.wire('sendSession', body)).status).toBe(200);
        expect((await page('/sidelog/sessions')).status).toBe(200);
        const facets = await service.explorerGet(`/apps/${APP_ID}/facets`);
        expect(JSON.parse(facets.body)).toEqual({ versions: ['0.0.0'], languages: ['ru-RU'] });
        for (const filter of ['language=ru-RU', 'version=0.0.0']) {
          const { status, body: answer } = await service.explorerGet(`/apps/${APP_ID}/sessions?${filter}`);
          expect(status, filter).toBe(200);
          expect(JSON.parse(answer).sessions.map((row: { session_uid: string }) => row.session_uid)).toEqual([
            's-kept',
          ]);
        }
        expect((await page(`/sidelog/intent/${APP_ID}/session/s-kept`)).status).toBe(200);
        expect((await page(`/sidelog/intent/${APP_ID}/device/d-kept`)).status).toBe(200);
      },
    );

    test('{"toString": 1} as a session language is shown as its JSON', async () => {
      await service.wire('sendSession', { ...sessionPayload('s-1'), language: { toString: 1 } });
      const { status, body } = await page(`/sidelog/intent/${APP_ID}/session/s-1`);
      expect(status).toBe(200);
      expect(JSON.parse(body.split('\n')[0]).language).toBe('{"toString":1}');
    });

    test('device.name true is stored as "true"', async () => {
      expect(
        (await service.wire('getDeviceStatus', { app_token: DEMO_APP_KEY, device: { ...device('d-1'), name: true } }))
          .status,
      ).toBe(200);
      expect((await service.store.device(DEMO_APP_KEY, 'd-1'))?.name).toBe('true');
    });
  });

  describe('issues and device keys', () => {
    test.each(HOSTILE)('%s as an issue title, text or url answers 4xx or is shown', async (_name, value) => {
      const session_id = await service.session('s-issue');
      for (const field of ['title', 'text', 'url', 'app']) {
        const uid = `issue-${field}`;
        const answer = await service.wire('sendIssue', {
          uid,
          title: 't',
          text: 'x',
          app: { key: DEMO_APP_KEY },
          type: 'issue',
          session_id,
          [field]: value,
        });
        expect(answer.status).toBe(200);
        expect((await page(`/sidelog/intent/${APP_ID}/issue/${uid}`)).status).toBe(200);
      }
    });

    test('an issue whose uid has a lone surrogate is reachable at the URL a browser makes of it', async () => {
      const session_id = await service.session('s-1');
      await service.wire('sendIssue', {
        uid: 'bad\uD800id',
        title: 'Lone',
        text: '',
        type: 'issue',
        session_id,
        app: { key: DEMO_APP_KEY },
      });
      // A browser encodes a lone surrogate in a URL as U+FFFD.
      const { status, body } = await page(`/sidelog/intent/${APP_ID}/issue/${encodeURIComponent('bad\uFFFDid')}`);
      expect(status).toBe(200);
      expect(body).toContain('Lone');
    });
  });

  describe('log batches', () => {
    test('a poisoned log among ten normal ones loses only itself; the answer and the requests log name it', async () => {
      const session_id = await service.session('s-1');
      const batch: unknown[] = logs(10);
      batch.splice(4, 0, { x: 'no time at all', t: 'poison' });
      const answer = await service.wire('sendLogs', { session_id, logs: batch });
      expect(answer.status).toBe(200);
      const skipped = [{ index: 4, reason: expect.stringMatching(/at/) }];
      expect(await answer.json()).toEqual({ skipped });
      expect((await service.admin<unknown[]>(`logs?app=${DEMO_APP_KEY}`)).length).toBe(10);
      expect((await service.admin<unknown[]>(`requests?app=${DEMO_APP_KEY}`)).at(-1)).toEqual({
        operation: 'sendLogs',
        status: 200,
        skipped,
      });
    });

    test('a line of 12.5, and a NaN line sent as null, are stored: rounded, and without a line', async () => {
      const session_id = await service.session('s-1');
      const [a, b] = logs(2);
      const answer = await service.wire('sendLogs', {
        session_id,
        logs: [
          { ...a, l: 12.5 },
          { ...b, l: null },
        ],
      });
      expect(await answer.json()).toEqual({});
      const stored = await service.admin<{ l?: number }[]>(`logs?app=${DEMO_APP_KEY}`);
      expect(stored.map((log) => log.l)).toEqual([13, undefined]);
      expect((await page(`/sidelog/intent/${APP_ID}/session/s-1`)).status).toBe(200);
    });

    test('the largest batch the Bugfender SDK can make (500 logs of 32,000 bytes of text, with escapes) is accepted', async () => {
      const session_id = await service.session('s-big');
      const text = 'a "quoted"\nline\\ '.repeat(2000).slice(0, 32_000);
      const batch = logs(500).map((log) => ({
        ...log,
        t: text,
        m: 'm'.repeat(256),
        f: 'f'.repeat(256),
        u: `http://x/${'u'.repeat(1990)}`,
      }));
      const body = JSON.stringify({ session_id, logs: batch });
      expect(body.length).toBeGreaterThan(16_000_000);
      expect(body.length).toBeLessThan(MAX_BODY_BYTES);
      const answer = await service.wire('sendLogs', body);
      expect(answer.status).toBe(200);
      expect(await service.store.sessionLogs(session_id)).toHaveLength(500);
      // 16 MB to parse, check and index: given room on a loaded machine (a bound, not a measurement).
    }, 60_000);
  });

  test('both appID forms name the same app', async () => {
    await service.session('s-1');
    for (const appId of [appIdOf(DEMO_APP_KEY), bugfenderAppIdOf(DEMO_APP_KEY), '5uJm1AzR82']) {
      expect((await page(`/sidelog/intent/${appId}/session/s-1`)).status).toBe(200);
    }
  });
});
