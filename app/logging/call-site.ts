// The raw stack a log call sends for its file, line and method (the engine parses it: worker/format.ts). V8 takes
// a stack in two steps, collecting the frames and then formatting them into text, and both cost in proportion to
// the frames: ten by default, while the engine reads only the first frame that names a file. Two frames are
// collected here, so that a call made through a native function (`items.forEach(Sidelog.log)`, whose first frame
// is `Array.forEach (<anonymous>)`) still finds its caller in the second.
const FRAMES = 2;

interface StackHolder {
  stack?: string;
}

/** The stack of the caller of `site`, `site` and what it called left out; undefined where the browser cannot. Never
 * throws: a line without its call site is still logged. */
export function captureCallSite(site: Function): string | undefined {
  if (!Error.captureStackTrace) return undefined;
  const limit = Error.stackTraceLimit;
  let limited = false;
  try {
    Error.stackTraceLimit = FRAMES;
    limited = true;
  } catch {
    // A page that froze Error (a hardened realm) keeps its limit: the stack is then as long as it says.
  }
  try {
    const holder: StackHolder = {};
    Error.captureStackTrace(holder, site);
    // Read now, while the limit holds: V8 formats the text on this first read.
    return holder.stack;
  } catch {
    return undefined;
  } finally {
    // The page's own errors keep the page's limit.
    if (limited) Error.stackTraceLimit = limit;
  }
}
