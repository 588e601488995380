import { afterEach, describe, expect, test, vi } from 'vitest';
import { installConsoleCapture } from '../../../app/logging/capture/console-capture.ts';
import { LogLevel } from '../../../protocol/index.ts';
import { captureOptions, createRecordingTarget } from './recording-target.ts';

const METHODS = ['log', 'info', 'warn', 'error', 'trace'] as const;

/** Spies standing in for the console as the page had it, silent so the test output stays clean. */
function spyOnConsole() {
  return Object.fromEntries(
    METHODS.map((name) => [name, vi.spyOn(console, name).mockImplementation(() => {})]),
  ) as Record<(typeof METHODS)[number], ReturnType<typeof vi.spyOn>>;
}

let undo: (() => void) | undefined;
afterEach(() => {
  undo?.();
  undo = undefined;
  vi.restoreAllMocks();
});

describe('overrideConsoleMethods', () => {
  test('each console method is recorded with its level and its arguments as given', () => {
    spyOnConsole();
    const recording = createRecordingTarget();
    undo = installConsoleCapture(recording.target, captureOptions());
    const detail = { orderId: 7 };

    console.log('log line', detail);
    console.info('info line');
    console.warn('warn line');
    console.error('error line');
    console.trace('trace line');

    expect(recording.records.map(({ level, parts }) => ({ level, parts }))).toEqual([
      { level: LogLevel.Debug, parts: ['log line', detail] },
      { level: LogLevel.Info, parts: ['info line'] },
      { level: LogLevel.Warning, parts: ['warn line'] },
      { level: LogLevel.Error, parts: ['error line'] },
      { level: LogLevel.Trace, parts: ['trace line'] },
    ]);
    expect(recording.records[0]!.parts[1]).toBe(detail);
  });

  test('the call site handed on is the override itself, so the stack starts at the caller', () => {
    spyOnConsole();
    const recording = createRecordingTarget();
    undo = installConsoleCapture(recording.target, captureOptions());
    const override = console.warn;

    console.warn('where am I');

    expect(recording.records[0]!.site).toBe(override);
  });

  test('with printToConsole each call still prints exactly once, through the console the page had', () => {
    const earlier = spyOnConsole();
    const recording = createRecordingTarget();
    undo = installConsoleCapture(recording.target, captureOptions({ printToConsole: true }));

    for (const name of METHODS) console[name](`${name} printed`, 1);

    for (const name of METHODS) {
      expect(earlier[name]).toHaveBeenCalledTimes(1);
      expect(earlier[name]).toHaveBeenCalledWith(`${name} printed`, 1);
    }
  });

  test('without printToConsole nothing is printed, but everything is recorded', () => {
    const earlier = spyOnConsole();
    const recording = createRecordingTarget();
    undo = installConsoleCapture(recording.target, captureOptions({ printToConsole: false }));

    for (const name of METHODS) console[name]('quiet');

    for (const name of METHODS) expect(earlier[name]).not.toHaveBeenCalled();
    expect(recording.records).toHaveLength(METHODS.length);
  });

  test('undo puts the earlier methods back and records nothing more', () => {
    const earlier = spyOnConsole();
    const recording = createRecordingTarget();
    const restore = installConsoleCapture(recording.target, captureOptions());
    for (const name of METHODS) expect(console[name]).not.toBe(earlier[name]);

    restore();
    for (const name of METHODS) expect(console[name]).toBe(earlier[name]);
    console.log('after undo');

    expect(recording.records).toEqual([]);
    expect(earlier.log).toHaveBeenCalledWith('after undo');
  });

  test('a console call made while recording does not loop back into the log', () => {
    spyOnConsole();
    const recording = createRecordingTarget();
    const target = {
      ...recording.target,
      record: (...args: Parameters<typeof recording.target.record>) => {
        recording.target.record(...args);
        console.log('said while recording');
      },
    };
    undo = installConsoleCapture(target, captureOptions());

    console.error('once');

    expect(recording.records.map((record) => record.parts)).toEqual([['once']]);
  });
});
