// A CaptureTarget that only collects what the captures hand it, and options for installing them.
import { resolveOptions, type LogLevel, type ResolvedOptions } from '../../../protocol/index.ts';
import type { CaptureTarget } from '../../../app/logging/capture/capture.types.ts';

interface RecordedEvent {
  level: LogLevel;
  tag: string;
  text: string;
  time?: number;
  /** Set only when the capture asked the engine to leave the text as typed. */
  verbatim?: true;
}

export function createRecordingTarget() {
  const records: { level: LogLevel; parts: unknown[]; site?: Function }[] = [];
  const events: RecordedEvent[] = [];
  const crashes: { title: string; text: string }[] = [];
  const target: CaptureTarget = {
    record: (level, parts, site) => void records.push({ level, parts, site }),
    recordEvent: (level, tag, text, time, verbatim) =>
      void events.push({ level, tag, text, time, ...(verbatim && { verbatim }) }),
    sendCrash: (title, text) => {
      crashes.push({ title, text });
      return Promise.resolve(`http://sidelog.test/crash/${crashes.length}`);
    },
  };
  return {
    target,
    records,
    events,
    crashes,
    /** What the events carry, as one text, for a test that nothing typed is in it: without their times, whose digits
     * would hold any short number for hours of every day (1796491200000 to 1796491299999 hold "912"). */
    written: () => JSON.stringify(events.map(({ time: _time, ...event }) => event)),
    /** The JSON texts of the events with this tag, parsed. */
    parsed: (tag: string) =>
      events.filter((event) => event.tag === tag).map((event) => JSON.parse(event.text) as Record<string, unknown>),
  };
}

export function captureOptions(options: Partial<ResolvedOptions> = {}): ResolvedOptions {
  return resolveOptions(
    { appKey: 'capture-tests', ...options },
    { origin: location.origin, deviceName: 'capture tests' },
  );
}
