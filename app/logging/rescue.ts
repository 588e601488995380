// What a page keeps as it goes away (docs/durability.md): the writes its engine has not confirmed stored go to
// localStorage, which takes them synchronously inside the pagehide handler and outlives the tab (a worker,
// IndexedDB from the page and fetch keepalive cannot promise that). The next page of the origin that starts
// Sidelog for the same app hands them to its engine, which skips any its first engine did store after all. What is
// kept is redacted first, with the rules the page got at init (docs/privacy.md#where-redaction-runs): the writes
// the page holds are raw, and only here, as it goes, does it pay for redacting them.
import {
  GAP_LOG_TAG,
  atsOf,
  LogLevel,
  columnsOf,
  formatParts,
  rowsOf,
  sanitiseIssue,
  sanitiseLog,
  type RawLog,
  type Redact,
  type Rescue,
  type WriteMessage,
} from '../../protocol/index.ts';
import { sanitiseWrite } from './engine-sink.ts';

/** localStorage keys of rescues: one per page run. */
export const RESCUE_PREFIX = 'bf_rescue_';

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage ?? undefined;
  } catch {
    return undefined;
  }
}

/** A logs write as text only, every field capped and redacted as the engine would: arguments formatted, nothing that
 * JSON cannot hold, and no field so large it would crowd the rest out of localStorage. The raw stack, which the
 * engine parses, is redacted too (a script's URL may carry a token); `v` stays, so that the engine leaves the text. */
function textRow(row: RawLog, redact: Redact): RawLog {
  const { x: _x, ...sane } = sanitiseLog(
    {
      at: row.at,
      x: '',
      t: row.p ? formatParts(row.p) : row.t,
      tg: row.tg,
      m: row.m,
      f: row.f,
      l: row.l,
      ll: row.ll,
      u: row.u,
      v: row.v,
    },
    redact,
  );
  return {
    ...sane,
    x: row.x,
    ll: sane.ll ?? LogLevel.Debug,
    ...(row.s !== undefined && { s: redact(row.s) }),
    ...(row.v === true && { v: true }),
  };
}

function asText(write: WriteMessage, redact: Redact): WriteMessage {
  switch (write.sl) {
    case 'logs':
      // In the current layout: the page's own, and earlier pages' as they were found (rescuesInCurrentLayout).
      return { ...write, logs: columnsOf(rowsOf(write.logs).map((row) => textRow(row, redact))) };
    case 'issue':
      return { ...write, issue: { ...write.issue, ...sanitiseIssue(write.issue, redact) } };
    case 'rescued':
      // An earlier page's rescue, redacted by its rules: this page's apply too.
      return {
        ...write,
        rescue: { ...write.rescue, writes: write.rescue.writes.map((inner) => asText(inner, redact)) },
      };
    case 'key':
      // One set before the engine ran may not be sanitised yet (app/logging/engine-sink.ts).
      return sanitiseWrite({ ...write }, redact);
  }
}

/** The times of the logs among `writes`, for the gap entry standing for them. */
function timesOf(writes: WriteMessage[]): number[] {
  return writes.flatMap((write) =>
    write.sl === 'logs' ? atsOf(write.logs) : write.sl === 'rescued' ? timesOf(write.rescue.writes) : [],
  );
}

function gapWrite(seq: number, times: number[]): WriteMessage {
  const start = Math.min(...times);
  const row: RawLog = {
    at: start,
    x: start,
    ll: LogLevel.Warning,
    tg: GAP_LOG_TAG,
    t: JSON.stringify({ start, end: Math.max(...times) }),
  };
  return { sl: 'logs', seq, logs: columnsOf([row]) };
}

/**
 * Keeps `rescue`, redacted, under its run's key, synchronously. When localStorage is full the oldest writes give way,
 * half at a time, to one gap entry (as the engine's storage does); nothing to keep removes the key.
 */
export function saveRescue(rescue: Rescue, redact: Redact): void {
  const local = storage();
  if (!local) return;
  const key = RESCUE_PREFIX + rescue.run;
  if (rescue.writes.length === 0) return local.removeItem(key);
  let writes = rescue.writes.map((write) => asText(write, redact));
  let dropped: WriteMessage[] = [];
  for (;;) {
    const kept =
      dropped.length > 0 && timesOf(dropped).length > 0
        ? [gapWrite(writes[0].seq, timesOf(dropped)), ...writes]
        : writes;
    try {
      local.setItem(key, JSON.stringify({ ...rescue, writes: kept }));
      return;
    } catch {
      if (writes.length === 0) return;
      const cut = Math.ceil(writes.length / 2);
      dropped = [...dropped, ...writes.slice(0, cut)];
      writes = writes.slice(cut);
    }
  }
}

export function removeRescue(run: string): void {
  storage()?.removeItem(RESCUE_PREFIX + run);
}

function isRescue(value: unknown, appKey: string): value is Rescue {
  const rescue = value as Partial<Rescue> | null;
  return (
    typeof rescue === 'object' &&
    rescue !== null &&
    rescue.appKey === appKey &&
    typeof rescue.run === 'string' &&
    typeof rescue.session?.session_uid === 'string' &&
    Array.isArray(rescue.writes)
  );
}

/** The rescues with all their logs in the current layout. Found only where an earlier page went before its engine stored
 * everything, they load the reader of older layouts (older-rescues.ts), which every other start-up does without. */
export async function rescuesInCurrentLayout(rescues: Rescue[]): Promise<Rescue[]> {
  return rescues.length === 0 ? rescues : (await import('./older-rescues.ts')).inCurrentLayout(rescues);
}

/** The rescues earlier pages left for this app. A rescue that cannot
 * be read is removed: it can never be stored. Keys stay until the engine confirms it stored the rescue. */
export function findRescues(appKey: string): Rescue[] {
  const local = storage();
  if (!local) return [];
  const rescues: Rescue[] = [];
  for (let i = 0; i < local.length; i++) {
    const key = local.key(i);
    if (!key?.startsWith(RESCUE_PREFIX)) continue;
    try {
      const value: unknown = JSON.parse(local.getItem(key) ?? 'null');
      if (isRescue(value, appKey)) rescues.push(value);
    } catch {
      local.removeItem(key);
      i--;
    }
  }
  // A page that went before storing an earlier rescue carries it on inside its own: when the earlier one's key is
  // still there too, the copy inside goes, so that its writes are not handed on twice.
  const runs = new Set(rescues.map((rescue) => rescue.run));
  return rescues.map((rescue) => ({
    ...rescue,
    writes: rescue.writes.filter((write) => write.sl !== 'rescued' || !runs.has(write.rescue.run)),
  }));
}
