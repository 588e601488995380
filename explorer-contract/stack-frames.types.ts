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
