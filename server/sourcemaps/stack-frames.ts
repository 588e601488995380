// A crash's stack text as frames: Chromium's `    at fn (url:line:column)` and `    at url:line:column`, Firefox's and
// Safari's `fn@url:line:column`. Lines that are no frame (the message, `Stack: Error`) are left out; a frame with no
// line and column (`at <anonymous>`, `native code`) is kept, unresolved, so that the stack reads as it was sent.

export interface RawFrame {
  /** The line as the stack has it. */
  raw: string;
  function: string;
  url: string;
  /** 1-based, as browsers print them; absent where the frame names none. */
  line?: number;
  column?: number;
}

const V8_FRAME = /^\s*(?:Stack:\s*)?at (?:(.+?) \()?(.+?)(?::(\d+))?(?::(\d+))?\)?\s*$/;
const GECKO_FRAME = /^\s*([^@\s]*)@(.+?)(?::(\d+))?(?::(\d+))?\s*$/;

/** The most frames read from one stack: V8 prints ten by default, a page may raise it. */
const MAX_FRAMES = 50;

export function stackFrames(text: string): RawFrame[] {
  const frames: RawFrame[] = [];
  for (const raw of text.split('\n')) {
    const match = V8_FRAME.exec(raw) ?? GECKO_FRAME.exec(raw);
    if (!match) continue;
    const [, fn, url, line, column] = match;
    frames.push({
      raw,
      function: fn?.trim() || '<anonymous>',
      url: url!.replace(/^async\s+/, '').trim(),
      ...(line === undefined ? {} : { line: Number(line) }),
      ...(column === undefined ? {} : { column: Number(column) }),
    });
    if (frames.length === MAX_FRAMES) break;
  }
  return frames;
}
