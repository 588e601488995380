// An issue's fingerprint: what makes two issues the same problem (docs/explorer.md#the-fingerprint). Its type, its
// title with what varies made `<*>` (server/analysis/variables.ts), and for a crash the top frame of its stack text
// (the function and the file, without line, column, query or the build's hash in the file's name, which change
// with every release while the problem stays). The fingerprint is a hash of the three.
import { createHash } from 'node:crypto';
import { maskVariables, WILDCARD } from './variables.ts';

interface IssueFingerprint {
  /** base64url of SHA-256 over type, title and top frame: the group's key. */
  fingerprint: string;
  /** The title as the group shows it, what varies as `<*>`. */
  title: string;
  /** For a crash, `function (file)` of its first stack frame; '' when there is none. */
  topFrame: string;
}

/** Longer titles are cut: two titles alike over their first 500 characters are one problem. */
const MAX_TITLE = 500;

/** A V8 frame: "    at fn (url:1:2)" or "    at url:1:2"; Firefox's and Safari's: "fn@url:1:2". */
const V8_FRAME = /^\s*(?:Stack:\s*)?at (?:(.+?) \()?(.+?)(?::\d+){1,2}\)?\s*$/;
const GECKO_FRAME = /^\s*([^@\s]*)@(.+?)(?::\d+){1,2}\s*$/;

/** The file of a frame's location: its path without origin, query or fragment, the build's hashes as `<*>`. */
function fileOf(location: string): string {
  let path = location.replace(/^async\s+/, '');
  try {
    const url = new URL(path);
    path = url.protocol === 'http:' || url.protocol === 'https:' ? url.pathname : `${url.protocol}${url.pathname}`;
  } catch {
    path = path.replace(/[?#].*$/, '');
  }
  // index-3fA9xQ1b.js, chunk.8f2e1c.js: the hash part of a bundle's name.
  return maskVariables(path.replace(/([.-])(?=\w*\d)\w{6,}(?=\.\w+$)/, `$1${WILDCARD}`));
}

/** The first frame of a stack text, as `function (file)`, or '' when the text has none. */
export function topFrameOf(text: string): string {
  for (const line of text.split('\n')) {
    const frame = V8_FRAME.exec(line) ?? GECKO_FRAME.exec(line);
    if (!frame) continue;
    const [, fn, location] = frame;
    if (!location || !/[/.:]/.test(location)) continue;
    return `${fn?.trim() || '<anonymous>'} (${fileOf(location.trim())})`;
  }
  return '';
}

export function normalisedTitle(title: string): string {
  return maskVariables(title.slice(0, MAX_TITLE)).replace(/\s+/g, ' ').trim();
}

/** `resolved_frame`: a crash's frame as its release's source map resolved it (server/sourcemaps/group-frame.ts), which
 * stays the same across builds where the raw one does not; the raw top frame when there is none. */
export function issueFingerprint(issue: {
  type: string;
  title: string;
  text: string;
  resolved_frame?: string | null;
}): IssueFingerprint {
  const title = normalisedTitle(issue.title);
  const topFrame = issue.type === 'crash' ? issue.resolved_frame || topFrameOf(issue.text) : '';
  const fingerprint = createHash('sha256')
    .update(JSON.stringify([issue.type, title, topFrame]))
    .digest('base64url');
  return { fingerprint, title, topFrame };
}
