// What one OTLP request may hold (docs/opentelemetry.md#the-collector-takes-otlp), on both stores: a record's time
// past the dates a log can hold is no time, as a missing one is (the observed time stands in, the original kept after
// the body; with neither, the record alone is rejected).
import { describe, expect, test } from 'vitest';
import { DEMO_APP_KEY } from '../../../server/demo.ts';
import { createHarness, type Harness } from './service-harness.ts';
import { STORE_KINDS } from './test-databases.ts';

const AT = Date.UTC(2026, 10, 20, 9, 30, 0, 125);
const nanos = (ms: number) => `${ms}000000`;

const post = (h: Harness, body: string) =>
  h.app.request('/v1/logs', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-App-Token': DEMO_APP_KEY },
    body,
  });

/** An OTLP/JSON request of `records` (each written as JSON text, so that a number such as 1e30 is sent as written). */
const request = (records: string[]) =>
  `{"resourceLogs":[{"resource":{"attributes":[{"key":"service.name","value":{"stringValue":"shop"}}]},` +
  `"scopeLogs":[{"logRecords":[${records.join(',')}]}]}]}`;

describe.each(STORE_KINDS)('on %s', (kind) => {
  test('a time past the dates a log can hold (1e30 ns) is no time: the observed time stands in, else the record alone is rejected', async () => {
    const h = await createHarness({ store: kind });
    try {
      const answer = await post(
        h,
        request([
          `{"timeUnixNano":1e30,"observedTimeUnixNano":"${nanos(AT)}","body":{"stringValue":"far"}}`,
          `{"timeUnixNano":1e30,"body":{"stringValue":"nowhere"}}`,
          `{"timeUnixNano":"${nanos(AT + 1)}","body":{"stringValue":"near"}}`,
        ]),
      );
      expect(answer.status).toBe(200);
      expect(await answer.json()).toEqual({
        partialSuccess: {
          rejectedLogRecords: 1,
          errorMessage: 'record 1: timeUnixNano and observedTimeUnixNano are both missing, zero or out of range',
        },
      });
      const stored = await h.admin<{ at: number; t: string }[]>(`logs?app=${DEMO_APP_KEY}`);
      expect(stored.map(({ at, t }) => ({ at, t })).sort((a, b) => a.at - b.at)).toEqual([
        { at: AT, t: 'far\n{"time_unix_nano":1e+30}' },
        { at: AT + 1, t: 'near' },
      ]);
    } finally {
      await h.close();
    }
  });
});
