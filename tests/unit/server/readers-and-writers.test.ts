// No reader stops the writers: on SQLite, while an export of 50,000 logs streams and adversarial searches
// run, the event loop turns at least once for every page the export writes (each page is a step of its own, so the
// longest block is one page's work), and batches sent to the collector meanwhile, and the searches, are answered
// before the export ends. Counted in turns of the event loop, not in milliseconds: nothing here depends on the
// machine's speed. The bench measures the same with 500,000 logs (bench/collector/).
import Database from 'better-sqlite3';
import { expect, test } from 'vitest';
import { explorerCookie } from '../../../bench/explorer-cookie.ts';
import { MAX_SEARCH_TERMS } from '../../../explorer-contract/search-query.ts';
import { WIRE_PATHS } from '../../../protocol/wire.ts';
import { appIdOf } from '../../../server/stores/app-id.ts';
import { DEMO_APP_KEY, seedDemo } from '../../../server/partner/demo.ts';
import { TOO_COSTLY } from '../../../server/explorer/api-params.ts';
import { EXPORT_PAGE } from '../../../server/explorer/export.ts';
import { openSqliteStore } from '../../../server/stores/sqlite/store.ts';
import { startService } from '../../../server/service.ts';
import { logs, sessionPayload } from '../../../fixtures/wire-bodies.ts';
import { createTestDatabase } from './test-databases.ts';

const LOGS = 50_000;
const TOKEN = 'readers-token';

test('on SQLite, an export of 50,000 logs and adversarial searches leave the collector answering, a page at a time', async () => {
  const database = await createTestDatabase('sqlite');
  // The logs, written straight into the file before the service starts: the writer thread indexes them once it runs.
  const seeding = openSqliteStore(database.db);
  await seedDemo(seeding);
  const sessionId = await seeding.putSession(DEMO_APP_KEY, sessionPayload('exported'));
  // The collector's batches go to a session of their own, so that the export (of the first session) counts its 50,000
  // whether a batch is committed before its first page or after.
  const collectedId = await seeding.putSession(DEMO_APP_KEY, sessionPayload('collected'));
  await seeding.close();
  const raw = new Database(database.db);
  raw
    .prepare(
      `WITH RECURSIVE n (i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ? - 1)
     INSERT INTO logs (session_id, x, at, t, ll, tg, content_hash)
     SELECT ?, strftime('%Y-%m-%dT%H:%M:%fZ', (1790000000000 + i) / 1000.0, 'unixepoch'), 1790000000000 + i, 'line ' || i || ' a b c payment', 4, 'ui', 'h' || i FROM n`,
    )
    .run(LOGS, sessionId);
  raw.close();

  const service = await startService({ db: database.db, adminToken: TOKEN, retentionDays: 0 });
  try {
    const cookie = await explorerCookie(service.url, TOKEN);
    const appLogs = `${service.url}/sidelog/explorer/api/apps/${appIdOf(DEMO_APP_KEY)}/logs`;
    const post = (body: unknown) =>
      fetch(`${service.url}/sidelog/api${WIRE_PATHS.sendLogs}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-App-Token': DEMO_APP_KEY },
        body: JSON.stringify(body),
      });

    let exporting = true;
    let turns = 0;
    const beat = () => {
      turns++;
      if (exporting) setImmediate(beat);
    };
    const answered: string[] = [];
    const exported = (async () => {
      const answer = await fetch(`${appLogs}/export?format=ndjson&session=exported`, { headers: { Cookie: cookie } });
      setImmediate(beat);
      let lines = 0;
      for await (const chunk of answer.body! as unknown as AsyncIterable<Uint8Array>)
        for (const byte of chunk) if (byte === 0x0a) lines++;
      exporting = false;
      answered.push('export');
      return lines;
    })();

    const collector = (async () => {
      for (let n = 0; n < 5; n++)
        expect((await post({ session_id: collectedId, logs: logs(100, LOGS + n * 100) })).status).toBe(200);
      answered.push('collector');
    })();
    const tooManyWords = Array.from({ length: 200 }, (_, i) => String.fromCharCode(97 + (i % 26))).join(' ');
    const searches = (async () => {
      const refused = await fetch(`${appLogs}?q=${encodeURIComponent(tooManyWords)}`, { headers: { Cookie: cookie } });
      expect(refused.status).toBe(400);
      const short = await fetch(
        `${appLogs}?q=${encodeURIComponent('a b c a b c a b'.split(' ').slice(0, MAX_SEARCH_TERMS).join(' '))}`,
        { headers: { Cookie: cookie } },
      );
      // Answered either way: found, or, past the read's budget on a busy machine, refused as too costly (422, never
      // held): what this test keeps is that the collector answers meanwhile, not how fast the search is.
      expect([200, 422]).toContain(short.status);
      if (short.status === 422) expect(await short.json()).toEqual({ error: TOO_COSTLY });
      answered.push('searches');
    })();

    const [lines] = await Promise.all([exported, collector, searches]);
    expect(lines).toBe(LOGS);
    expect(answered.at(-1)).toBe('export');
    // A turn of the event loop between every two pages at least (the first is read before the answer starts).
    expect(turns).toBeGreaterThanOrEqual(LOGS / EXPORT_PAGE - 1);
  } finally {
    await service.close();
    await database.drop();
  }
}, 60_000);
