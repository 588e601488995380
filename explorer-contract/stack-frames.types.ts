// A crash's frames as the explorer's API answers them (`GET /apps/{appID}/issues/{uid}/frames`,
// docs/source-maps.md#in-the-explorer): each raw, and original where its release's source map resolves it.

export interface OriginalFrame {
  /** The original file, the project's path (`app/checkout/pay.ts`). */
  source: string;
  line: number;
  /** 0-based, as maps count. */
  column: number;
  function: string;
  /** The app's own code, not a library's (node_modules). */
  own: boolean;
  /** The lines around, from the map's sourcesContent, when it has them: `first` is the first's line number. */
  context: { first: number; lines: string[] } | null;
}

export interface StackFrame {
  /** The line as the stack has it. */
  raw: string;
  function: string;
  url: string;
  /** 1-based, as browsers print them; absent where the frame names none. */
  line?: number;
  column?: number;
  original: OriginalFrame | null;
}

export interface IssueFrames {
  /** The release the crash was read with (its session's version), null when it names none. */
  release: string | null;
  frames: StackFrame[];
}

/** A log's call site (its file, line and column) as the explorer's API answers it (`GET
 * /apps/{appID}/logs/{id}/place`, docs/source-maps.md#a-logs-call-site): as one frame, raw and, where its release's
 * source map resolves it, original. */
export interface LogPlace {
  /** The release the log was read with (its session's version), null when it names none. */
  release: string | null;
  /** Null when the log has no file, line and column: a position a map could resolve. */
  frame: StackFrame | null;
}
