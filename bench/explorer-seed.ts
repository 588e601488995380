// Many logs, fast: sessions registered and logs stored through the Store as the collector would (so the
// explorer's triggers and indexes see them as in real use), in batches of 5,000 per transaction. On SQLite the
// search index is then brought up to date, as a service left idle for a moment would have it.
import type { LogRecord, SessionPayload } from '../protocol/records.types.ts';
import type { Store } from '../server/stores/store.types.ts';

const TAGS = ['ui', 'net', 'cart', 'auth', 'sync', 'js_event', 'render', 'storage'];
/** The words of the seeded texts (bench/collector/ingest.ts writes its texts from them too). */
export const WORDS = [
  'opened',
  'closed',
  'request',
  'answered',
  'retry',
  'timeout',
  'clicked',
  'saved',
  'loaded',
  'failed',
  'order',
  'payment',
];
/** Levels weighted as real logs are: mostly debug and info, few errors, rare fatals. */
const LEVELS = [0, 0, 0, 0, 4, 4, 4, 1, 1, 2, 3, 0, 4, 0, 4, 0, 0, 4, 1, 0];

export interface SeedOptions {
  appKey: string;
  logs: number;
  sessions?: number;
  /** Epoch ms of the first log; one log every `spacing` ms after it. */
  start?: number;
  /** Milliseconds between two logs: 1 unless given. */
  spacing?: number;
  /** One log in four carries fields after its words (docs/explorer.md#parsed-fields): a JSON object (one in eight:
   * event, status, duration, user.id) or key=value pairs (one in eight: status, duration). */
  fields?: boolean;
  /** Extra logs, by their index in the run, replacing the generated ones. */
  special?: Map<number, Partial<LogRecord>>;
}

function sessionPayload(appKey: string, uid: string, udid: string, time: string, n: number): SessionPayload {
  return {
    device: {
      udid,
      name: n % 2 ? 'Chrome on Linux' : 'Safari on iPhone',
      device_type: '',
      firebase_test_lab: false,
      key_values: {},
      language: n % 3 ? 'ru-RU' : 'en-GB',
      os_version: n % 2 ? 'Linux x86_64' : 'iOS 18',
      sdk_type: 'web',
      sdk_version: '1.0.0',
      build: String(n % 4),
      version: `1.${n % 4}.0`,
    },
    orientation: 0,
    batteryLevel: -1,
    ram_total: 0,
    ram_free: 0,
    ram_used: 0,
    language: n % 3 ? 'ru-RU' : 'en-GB',
    time,
    sdk_type: 'web',
    sdk_version: '1.0.0',
    session_uid: uid,
    app_version: { app: { key: appKey }, version: `1.${n % 4}.0`, build: String(n % 4) },
  };
}

const EVENTS = ['click', 'view', 'submit', 'scroll'];
const STATUSES = [200, 200, 200, 201, 304, 404, 500, 502];

/** The fields log `i` carries after its words, when it carries any (SeedOptions.fields). */
export function seededFields(i: number): string {
  const status = STATUSES[(i >> 3) % STATUSES.length]!;
  const duration = (i * 37) % 1_500;
  if (i % 8 === 1)
    return ` {"event":"${EVENTS[(i >> 6) % EVENTS.length]}","status":${status},"duration":${duration},"user":{"id":${i % 5_000}}}`;
  if (i % 8 === 5) return ` status=${status} duration=${duration}`;
  return '';
}

/** The sessions the seeded logs are spread over, registered through the Store as the collector registers them. */
export async function seedSessions(
  store: Store,
  options: SeedOptions,
): Promise<{ sessions: { uid: string; id: number }[]; devices: string[] }> {
  const sessionCount = options.sessions ?? Math.max(1, Math.round(options.logs / 10_000));
  const start = options.start ?? Date.UTC(2026, 10, 1);
  const sessions: { uid: string; id: number }[] = [];
  const devices: string[] = [];
  for (let n = 0; n < sessionCount; n += 1) {
    const udid = `device-${n % Math.max(1, Math.ceil(sessionCount / 2))}`;
    if (!devices.includes(udid)) devices.push(udid);
    const uid = `session-${n}`;
    const id = await store.putSession(
      options.appKey,
      sessionPayload(options.appKey, uid, udid, new Date(start).toISOString(), n),
    );
    sessions.push({ uid, id });
  }
  return { sessions, devices };
}

/** Log `i` of the seed, and the index of the session it belongs to (round robin in blocks of 50, as pages interleave). */
export function seededLog(i: number, sessionCount: number, options: SeedOptions): { log: LogRecord; session: number } {
  const at = (options.start ?? Date.UTC(2026, 10, 1)) + i * (options.spacing ?? 1);
  const log: LogRecord = {
    x: new Date(at).toISOString(),
    at,
    t: `${WORDS[i % WORDS.length]} ${WORDS[(i * 7) % WORDS.length]} item ${i}${options.fields ? seededFields(i) : ''}`,
    // A fatal now and then: rare, as they are.
    ll: (i % 997 === 0 ? 5 : LEVELS[i % LEVELS.length]) as LogRecord['ll'],
    tg: TAGS[i % TAGS.length],
    m: 'handle',
    f: 'app.ts',
    l: 10 + (i % 300),
    u: 'http://127.0.0.1:8080/sales',
    ...options.special?.get(i),
  };
  return { log, session: Math.floor(i / 50) % sessionCount };
}

/** Seeds `options.logs` logs spread over the sessions (seededLog). */
export async function seedLogs(store: Store, options: SeedOptions): Promise<{ sessions: string[]; devices: string[] }> {
  const { sessions, devices } = await seedSessions(store, options);
  const BATCH = 5_000;
  for (let from = 0; from < options.logs; from += BATCH) {
    const bySession = new Map<number, LogRecord[]>();
    for (let i = from; i < Math.min(options.logs, from + BATCH); i += 1) {
      const { log, session } = seededLog(i, sessions.length, options);
      const id = sessions[session]!.id;
      let list = bySession.get(id);
      if (!list) bySession.set(id, (list = []));
      list.push(log);
    }
    for (const [id, logs] of bySession) await store.addLogs(options.appKey, id, logs);
  }
  await store.settled();
  return { sessions: sessions.map((session) => session.uid), devices };
}
