import type { LogLevel, ResolvedOptions } from '../../../protocol/index.ts';

/** What the in-page captures (console, errors, browser and UI events) need from the client. */
export interface CaptureTarget {
  /** Records a log call as the public methods do, but never prints it. `site` is the function whose caller is the call site. */
  record(level: LogLevel, parts: unknown[], site?: Function): void;
  /** Records a line of Sidelog's own making (an event) with a tag; `time` is when it happened, if earlier. `verbatim`:
   * the text holds a value the app asked for as typed, which the engine's rules leave (docs/privacy.md#typed-values). */
  recordEvent(level: LogLevel, tag: string, text: string, time?: number, verbatim?: boolean): void;
  /** Sends a crash; resolves to its URL. */
  sendCrash(title: string, text: string): Promise<string>;
}

/** Installs one capture; returns what undoes it. */
export type InstallCapture = (target: CaptureTarget, options: ResolvedOptions) => () => void;
