// `npm run bench:collector -- --redaction`: the collector's ingest with a service-side rule set against none
// (docs/privacy.md#on-the-service), on one service: the same realistic mixed text (bench/redaction/lines.ts) sent in
// rounds that alternate between the demo app without a rule set and with the default built-ins, set through the
// admin API between rounds (it takes effect on the next request). Medians of the rounds. A measurement: nothing in it
// passes or fails.
import { mixedLines } from '../redaction/lines.ts';
import { DEMO_APP_KEY } from '../../server/partner/demo.ts';
import { measureIngest, type IngestResult } from './ingest.ts';

export const REDACTION_CASES = [
  ['no rule set', null],
  ['the default built-ins', {}],
] as const;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function measureRedaction(
  url: string,
  adminToken: string,
  options: { clients: number; batches: number; rounds: number; label: string },
): Promise<{ logsPerSecond: number; p50: number }[]> {
  const texts = mixedLines(10_000);
  const results: IngestResult[][] = REDACTION_CASES.map(() => []);
  for (let round = 0; round < options.rounds; round++) {
    for (const [index, [, redact]] of REDACTION_CASES.entries()) {
      const set = await fetch(`${url}/sidelog/admin/api/apps`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${adminToken}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ key: DEMO_APP_KEY, redact }),
      });
      if (!set.ok) throw new Error(`setting the rule set: ${set.status} ${await set.text()}`);
      results[index]!.push(
        await measureIngest(url, {
          clients: options.clients,
          batches: options.batches,
          label: `${options.label}-${round}-${index}`,
          texts,
        }),
      );
    }
  }
  return results.map((runs) => ({
    logsPerSecond: median(runs.map((run) => run.logsPerSecond)),
    p50: median(runs.map((run) => run.p50)),
  }));
}
