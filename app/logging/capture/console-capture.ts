// overrideConsoleMethods: console.log, info, warn, error and trace become Sidelog logs.
import { LogLevel } from '../../../protocol/index.ts';
import type { InstallCapture } from './capture.types.ts';

const METHOD_LEVELS = {
  log: LogLevel.Debug,
  info: LogLevel.Info,
  warn: LogLevel.Warning,
  error: LogLevel.Error,
  trace: LogLevel.Trace,
} as const;

type ConsoleMethod = keyof typeof METHOD_LEVELS;
type Print = (...parts: unknown[]) => void;

/**
 * Replaces the five console methods with ones that record, then print through the method that was
 * there before (once, and only when `printToConsole`). Undo puts the earlier methods back.
 */
export const installConsoleCapture: InstallCapture = (target, options) => {
  const restores: (() => void)[] = [];
  let active = true;
  // A log call that itself logs to the console (a getter, a debug print) must not loop.
  let recording = false;

  for (const name of Object.keys(METHOD_LEVELS) as ConsoleMethod[]) {
    const level = METHOD_LEVELS[name];
    const earlier: Print = console[name];
    const override: Print = function (this: unknown, ...parts: unknown[]) {
      if (active && !recording) {
        recording = true;
        try {
          // The override itself is the call site's frame to skip: the stack starts at the caller.
          target.record(level, parts, override);
        } finally {
          recording = false;
        }
        if (!options.printToConsole) return;
      }
      earlier.apply(console, parts);
    };
    console[name] = override;
    restores.push(() => {
      // Something that wrapped our override after us keeps its wrapper; ours just passes through then.
      if (console[name] === override) console[name] = earlier;
    });
  }

  return () => {
    active = false;
    restores.forEach((restore) => restore());
  };
};
