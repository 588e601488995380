// The text of a crash sent by the global error handler (docs/api.md#issues-crashes-and-feedback): the lines Error, URL, Line and
// Stack, each 'N/A' when the browser did not say.

interface CrashFacts {
  message?: string;
  url?: string;
  line?: number;
  stack?: string;
}

const NOT_AVAILABLE = 'N/A';

function orNotAvailable(value: string | number | undefined): string {
  return value === undefined || value === '' || value === 0 ? NOT_AVAILABLE : String(value);
}

export function crashText({ message, url, line, stack }: CrashFacts): string {
  return [
    `Error: ${orNotAvailable(message)}`,
    `URL: ${orNotAvailable(url)}`,
    `Line: ${orNotAvailable(line)}`,
    `Stack: ${orNotAvailable(stack)}`,
  ].join('\n');
}

/** Whatever was thrown or rejected with, as a line a person can read. */
export function readableReason(reason: unknown): string {
  if (reason instanceof Error) return reason.message || reason.name;
  if (typeof reason === 'string') return reason;
  if (reason === undefined) return 'undefined';
  try {
    const json = JSON.stringify(reason);
    if (json !== undefined && json !== '{}') return json;
  } catch {
    // A cycle or a BigInt: String() below still says something.
  }
  try {
    return String(reason);
  } catch {
    return Object.prototype.toString.call(reason);
  }
}
