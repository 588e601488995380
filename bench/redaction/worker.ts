// The redaction bench's worker (bench/redaction/run.ts): in a dedicated Worker, as Sidelog's engine runs, it times
// the default rules over the lines it is sent, and the engine's own per-line step (format, sanitise, and redact or
// not) over the same lines as log calls.
import { DEFAULT_REDACT, LogLevel, type RawLog } from '../../protocol/index.ts';
import { createRedactor, keepText } from '../../protocol/redact/redactor.ts';
import { toStoredLog } from '../../worker/format.ts';

export interface RedactionFigures {
  lines: number;
  chars: number;
  changed: number;
  /** Milliseconds of each round, redacting every line. */
  redactMs: number[];
  /** Milliseconds of each round of toStoredLog without rules and with the default rules. */
  storeStepMs: number[];
  storeStepRedactedMs: number[];
}

const time = (work: () => void) => {
  const start = performance.now();
  work();
  return performance.now() - start;
};

self.onmessage = (event: MessageEvent<{ lines: string[]; rounds: number }>) => {
  const { lines, rounds } = event.data;
  const redact = createRedactor(DEFAULT_REDACT);
  const calls: RawLog[] = lines.map((line, i) => ({
    at: i + 1,
    x: 1732450000000 + i,
    ll: LogLevel.Info,
    p: [line],
    u: 'https://portal.example.com/sales',
  }));
  let changed = 0;
  for (const line of lines) if (redact(line) !== line) changed++;
  const figures: RedactionFigures = {
    lines: lines.length,
    chars: lines.reduce((sum, line) => sum + line.length, 0),
    changed,
    redactMs: [],
    storeStepMs: [],
    storeStepRedactedMs: [],
  };
  for (let round = 0; round < rounds; round++) {
    figures.redactMs.push(time(() => lines.forEach((line) => redact(line))));
    figures.storeStepMs.push(time(() => calls.forEach((call) => toStoredLog(call, 'session', keepText))));
    figures.storeStepRedactedMs.push(time(() => calls.forEach((call) => toStoredLog(call, 'session', redact))));
  }
  self.postMessage(figures);
};
