// The bench's Sentry intake counts the log lines of the envelopes @sentry/browser posts (bench/sentry-envelope.ts):
// every log item's lines, and nothing from the items around them, however their payloads are delimited.
import { expect, test } from 'vitest';
import { sentryLogBodies } from '../../../bench/sentry-envelope.ts';

const json = (value: unknown) => JSON.stringify(value);
const logItem = (bodies: string[]) => [
  json({ type: 'log', item_count: bodies.length, content_type: 'application/vnd.sentry.items.log+json' }),
  json({ version: 2, items: bodies.map((body, i) => ({ timestamp: 1, level: 'info', body, attributes: { id: i } })) }),
];

test('the log items of an envelope give their lines, in order', () => {
  const envelope = [
    json({ sdk: { name: 'sentry.javascript.browser' } }),
    ...logItem(['cart opened #0', 'order closed #1']),
  ];
  expect(sentryLogBodies(Buffer.from(envelope.join('\n')))).toEqual(['cart opened #0', 'order closed #1']);
});

test('items of other types are skipped, a payload with a length runs that many bytes, newlines and all', () => {
  const attachment = 'line one\nline two\n{"type":"log"}';
  const envelope = [
    json({}),
    json({ type: 'client_report' }),
    json({ timestamp: 1, discarded_events: [{ reason: 'queue_overflow', category: 'log_item', quantity: 100 }] }),
    json({ type: 'attachment', length: Buffer.byteLength(attachment) }),
    attachment,
    ...logItem(['счёт открыт #2']),
    '',
  ];
  expect(sentryLogBodies(Buffer.from(envelope.join('\n')))).toEqual(['счёт открыт #2']);
});

test('a length counts bytes, not characters', () => {
  const payload = json({ version: 2, items: [{ body: 'é #3' }] });
  const envelope = `${json({})}\n${json({ type: 'log', length: Buffer.byteLength(payload) })}\n${payload}`;
  expect(sentryLogBodies(Buffer.from(envelope))).toEqual(['é #3']);
});

test('an envelope it cannot read is an error, not lines', () => {
  expect(() => sentryLogBodies(Buffer.from(`${json({})}\n{"type":"log"}\nnot json`))).toThrow();
});
