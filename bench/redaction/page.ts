// The redaction bench's page part (bench/redaction/run.ts): what a page going away pays to keep its unconfirmed
// lines in localStorage (app/logging/rescue.ts), without and with the default rules, for the same lines.
import { DEFAULT_REDACT, LogLevel, columnsOf, type Rescue, type SessionPayload } from '../../protocol/index.ts';
import { createRedactor, keepText, type Redact } from '../../protocol/redact/redactor.ts';
import { RESCUE_PREFIX, saveRescue } from '../../app/logging/rescue.ts';

interface RescueFigures {
  lines: number;
  /** Milliseconds of each round of saveRescue, without rules and with the default rules. */
  plainMs: number[];
  redactedMs: number[];
}

declare global {
  interface Window {
    measureRescue(lines: string[], rounds: number): RescueFigures;
  }
}

window.measureRescue = (lines, rounds) => {
  // As a page holds them: buffers of 1,000 calls of one argument each.
  const writes = [];
  for (let from = 0; from < lines.length; from += 1000) {
    const rows = lines
      .slice(from, from + 1000)
      .map((line, i) => ({ at: from + i + 1, x: from + i + 1, ll: LogLevel.Info, p: [line], u: location.href }));
    writes.push({ sl: 'logs' as const, seq: writes.length + 1, logs: columnsOf(rows) });
  }
  const rescue: Rescue = { appKey: 'bench', run: 'bench', session: { session_uid: 'bench' } as SessionPayload, writes };
  const time = (redact: Redact) => {
    const start = performance.now();
    saveRescue(rescue, redact);
    const ms = performance.now() - start;
    localStorage.removeItem(`${RESCUE_PREFIX}bench`);
    return ms;
  };
  const redact = createRedactor(DEFAULT_REDACT);
  const figures: RescueFigures = { lines: lines.length, plainMs: [], redactedMs: [] };
  for (let round = 0; round < rounds; round++) {
    figures.plainMs.push(time(keepText));
    figures.redactedMs.push(time(redact));
  }
  return figures;
};
