// The mapping of Sidelog's records to OTLP (protocol/otlp-logs.ts) is the one docs/opentelemetry.md gives: every row of
// its tables is read and checked, field by field, against the sample the page describes, mapped and then decoded with
// OpenTelemetry's own definitions (tests/support/otlp-decode.ts). Every attribute sent is in a table, and every name
// taken from the semantic conventions is one of theirs that is not deprecated (but `event.name`, on purpose).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { IssueType, LogLevel, type IssueData, type LogRecord, type SessionPayload } from '../../../protocol/index.ts';
import { otlpIssue, otlpLog, otlpRequest, otlpResource } from '../../../protocol/otlp-logs.ts';
import {
  decodeLogsRequest,
  type DecodedKeyValue,
  type DecodedLogRecord,
  type DecodedRequest,
} from '../../support/otlp-decode.ts';

const ROOT = join(import.meta.dirname, '../../..');
const doc = readFileSync(join(ROOT, 'docs/opentelemetry.md'), 'utf8');

/** The rows of the table under `### heading` in the section Sidelog uploads OTLP, as cells without their backticks. */
function tableRows(heading: string): string[][] {
  const section = doc.slice(doc.indexOf('## Sidelog uploads OTLP'));
  const start = section.indexOf(`### ${heading}\n`);
  expect(start, `docs/opentelemetry.md has ### ${heading}`).toBeGreaterThan(-1);
  const rest = section.slice(start + 1);
  const end = rest.search(/\n#{2,3} /);
  const lines = (end === -1 ? rest : rest.slice(0, end)).split('\n').filter((line) => line.startsWith('|'));
  return lines.slice(2).map((line) =>
    line
      .slice(1, -1)
      .split(' | ')
      .map((cell) => cell.trim().replace(/^`(.*)`$/, '$1')),
  );
}

// The sample docs/opentelemetry.md describes.
const SESSION_UUID = 'f3b9c2de-0a41-4e8e-9d2c-6c1f1b7a5e10';
const log: LogRecord = {
  x: '2026-01-01T00:00:00.120Z',
  at: Date.parse('2026-01-01T00:00:00.123Z'),
  ll: LogLevel.Warning,
  t: 'cart opened',
  tg: 'shop',
  f: 'https://shop.example/assets/app.js',
  l: 42,
  lc: 17,
  m: 'openCart',
  u: 'https://shop.example/cart',
};
const issue = (type: IssueType): IssueData => ({
  uuid: '9a7d1e52-6b0c-4f3e-8a21-d5c4b3a29f18',
  title: 'Cart does not open',
  text: 'Clicked Buy, nothing happened',
  type,
});
const SENT_AT = Date.parse('2026-01-01T00:00:05Z');
const session = {
  app_version: { app: { key: 'shop-web' }, version: '2.4.1', build: '311' },
  device: { udid: '6c1d0f2e-5b7a-4c39-9e84-2a6f3d1b8c57', name: 'Chrome 140 (Linux)' },
  language: 'ru-RU',
  sdk_version: '0.1.0',
  session_uid: SESSION_UUID,
} as SessionPayload;
const browser = {
  brands: ['Chromium 140', 'Google Chrome 140'],
  platform: 'Linux',
  mobile: false,
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0.0.0 Safari/537.36',
};
const deviceKeys = { plan: 'gold', visits: 3 };

const resource = otlpResource(session, 'shop-web', browser, deviceKeys);
/** The sample's records, as a backend decodes the request that carries them. */
function decoded(records: ReturnType<typeof otlpLog>[]): { request: DecodedRequest; records: DecodedLogRecord[] } {
  const request = decodeLogsRequest(JSON.parse(JSON.stringify(otlpRequest(resource, session.sdk_version, records))));
  return { request, records: request.resourceLogs![0].scopeLogs![0].logRecords! };
}

const attribute = (attributes: DecodedKeyValue[] | undefined, key: string) =>
  attributes?.find((one) => one.key === key)?.value;

/** What a path of the tables (`timeUnixNano`, `attributes["…"]`, `resource.attributes["…"]`, `scope.version`) holds. */
function at(path: string, record: DecodedLogRecord, request: DecodedRequest): unknown {
  const named = /^(resource\.)?attributes\["(.+)"\]$/.exec(path);
  if (named) return attribute(named[1] ? request.resourceLogs![0].resource!.attributes : record.attributes, named[2]);
  if (path.startsWith('scope.'))
    return request.resourceLogs![0].scopeLogs![0].scope![path.slice('scope.'.length) as 'name' | 'version'];
  return record[path as keyof DecodedLogRecord];
}

/** A table's example cell as the value it stands for: — for nothing. */
const expected = (cell: string) => (cell === '—' ? undefined : JSON.parse(cell));

describe('docs/opentelemetry.md, row by row', () => {
  test('log records', () => {
    const { request, records } = decoded([otlpLog(log, SESSION_UUID)]);
    const rows = tableRows('Log records');
    expect(rows.length).toBeGreaterThan(10);
    for (const [, path, example] of rows) expect(at(path, records[0], request), path).toEqual(expected(example));
    // Nothing is sent that the table does not name.
    expect(records[0].attributes!.map(({ key }) => `attributes["${key}"]`).sort()).toEqual(
      rows
        .map((row) => row[1])
        .filter((path) => path.startsWith('attributes'))
        .sort(),
    );
  });

  test('levels', () => {
    const names = Object.fromEntries(Object.entries(LogLevel)) as Record<string, LogLevel>;
    const rows = tableRows('Levels');
    expect(rows.map((row) => row[0]).sort()).toEqual(Object.keys(LogLevel).sort());
    for (const [level, number, text] of rows) {
      const { records } = decoded([otlpLog({ ...log, ll: names[level] }, SESSION_UUID)]);
      expect([records[0].severityNumber, records[0].severityText], level).toEqual([
        JSON.parse(number),
        JSON.parse(text),
      ]);
    }
  });

  test('issues, crashes and feedback', () => {
    const kinds = [IssueType.Issue, IssueType.Crash, IssueType.UserFeedback];
    const { request, records } = decoded(kinds.map((type) => otlpIssue(issue(type), SESSION_UUID, SENT_AT)));
    const rows = tableRows('Issues, crashes and feedback');
    for (const [, path, ...examples] of rows) {
      kinds.forEach((kind, i) =>
        expect(at(path, records[i], request), `${kind}: ${path}`).toEqual(expected(examples[i])),
      );
    }
    kinds.forEach((kind, i) =>
      expect(
        records[i]
          .attributes!.map(({ key }) => `attributes["${key}"]`)
          .every((path) => rows.some((row) => row[1] === path)),
        kind,
      ).toBe(true),
    );
  });

  test('resource', () => {
    const { request, records } = decoded([otlpLog(log, SESSION_UUID)]);
    const rows = tableRows('Resource');
    for (const [, path, example] of rows) expect(at(path, records[0], request), path).toEqual(expected(example));
    expect(
      request.resourceLogs![0].resource!.attributes!.map(({ key }) => `resource.attributes["${key}"]`).sort(),
    ).toEqual(
      rows
        .map((row) => row[1])
        .filter((path) => path.startsWith('resource.'))
        .sort(),
    );
  });
});

describe('the mapping', () => {
  test('device keys keep their types, a removed one is left out, and none takes the place of a name of Sidelog', () => {
    const keys = otlpResource(
      session,
      'shop-web',
      {},
      {
        beta: true,
        ratio: 0.5,
        gone: null,
        'service.name': 'not this',
        'device.id': 'nor this',
        'browser.platform': 'nor this, though this browser gives none',
      },
    );
    const value = (key: string) => keys.filter((one) => one.key === key).map((one) => one.value);
    expect(value('beta')).toEqual([{ boolValue: true }]);
    expect(value('ratio')).toEqual([{ doubleValue: 0.5 }]);
    expect(value('gone')).toEqual([]);
    expect(value('service.name')).toEqual([{ stringValue: 'shop-web' }]);
    expect(value('device.id')).toEqual([{ stringValue: session.device.udid }]);
    // The client hints a browser does not give are left out, and no device key takes their name: a Sidelog service
    // would read it back as a key.
    expect(keys.map((one) => one.key)).not.toContain('browser.platform');
  });

  test('times are exact to the nanosecond, past what a double holds', () => {
    const { records } = decoded([otlpLog({ ...log, at: 1767225600123.5, x: 'not a time' }, SESSION_UUID)]);
    expect(records[0].timeUnixNano).toBe('1767225600123500000');
    // An unreadable call time is taken as `at`.
    expect(records[0].observedTimeUnixNano).toBe('1767225600123500000');
  });

  test('a log with only a time and a text carries just those, and its session', () => {
    const { records } = decoded([otlpLog({ x: log.x, at: log.at }, SESSION_UUID)]);
    expect(records[0]).toEqual({
      timeUnixNano: '1767225600123000000',
      observedTimeUnixNano: '1767225600120000000',
      body: { stringValue: '' },
      attributes: [{ key: 'session.id', value: { stringValue: SESSION_UUID } }],
    });
  });
});

describe('the names', () => {
  const conventions = ['stable_attributes', 'experimental_attributes']
    .map((name) =>
      readFileSync(join(ROOT, `node_modules/@opentelemetry/semantic-conventions/dist/${name}.d.mts`), 'utf8'),
    )
    .join('\n');
  /** The doc comment of the semantic conventions' attribute `name`, if they have it. */
  const conventionOf = (name: string) => {
    const declared = conventions.indexOf(`: "${name}";`);
    return declared === -1 ? undefined : conventions.slice(conventions.lastIndexOf('/**', declared), declared);
  };

  test("every name Sidelog sends outside its own `sidelog.` is the semantic conventions', and only event.name is deprecated", () => {
    const { request, records } = decoded([
      otlpLog(log, SESSION_UUID),
      ...[IssueType.Issue, IssueType.Crash].map((type) => otlpIssue(issue(type), SESSION_UUID, SENT_AT)),
    ]);
    const keys = new Set(
      [...request.resourceLogs![0].resource!.attributes!, ...records.flatMap((record) => record.attributes!)].map(
        ({ key }) => key,
      ),
    );
    const theirs = [...keys].filter((key) => !key.startsWith('sidelog.') && !(key in deviceKeys));
    expect(theirs.length).toBeGreaterThan(15);
    for (const key of theirs) {
      const comment = conventionOf(key);
      expect(comment, key).toBeDefined();
      expect(comment!.includes('@deprecated'), key).toBe(key === 'event.name');
    }
    // What the semantic conventions had before the names Sidelog uses, now deprecated.
    for (const old of ['code.filepath', 'code.lineno', 'code.function'])
      expect(conventionOf(old), old).toContain('@deprecated');
  });
});
