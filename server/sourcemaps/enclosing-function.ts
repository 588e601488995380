// The name of the function an original position is in, read from the original source (the map's `sourcesContent`):
// a minifier renames functions, and a map's `names` name the identifier at a position (what was called), not the
// function around it. Walking up from the position, the first `{` still open there whose line declares a function:
// `function name(…)`, `name(…)` (a method), `name = (…) =>`, `name = function`, `name: function`. A heuristic over the
// text, as other symbolicators' is: braces in strings and comments can mislead it, and then the map's name stands.

const DECLARATIONS = [
  /\bfunction\s*\*?\s*([\w$]+)\s*(?:<.*>)?\s*\(.*$/,
  /\b([\w$]+)\s*[:=]\s*(?:async\s+)?function\b.*$/,
  /\b([\w$]+)\s*=\s*(?:async\s+)?(?:\(.*\)|[\w$]+)\s*(?::[^=]+)?=>\s*$/,
  /^\s*(?:(?:public|private|protected|static|async|get|set|override|export|default)\s+)*\*?([\w$]+)\s*(?:<.*>)?\s*\(.*\)\s*(?::.+)?$/,
];
const NOT_NAMES = new Set(['if', 'for', 'while', 'switch', 'catch', 'return', 'function', 'with', 'constructor']);

/** How far up it reads: a function longer than this, or source written on few very long lines, is named by the map. */
const MAX_LINES_UP = 400;
const MAX_CHARACTERS = 200_000;

/** `line` is 1-based, `column` 0-based; undefined when no enclosing declaration is found. */
export function enclosingFunction(lines: readonly string[], line: number, column: number): string | undefined {
  // `}` seen going up: each closes a block above that ends before the position, whose `{` is then not enclosing.
  let closed = 0;
  let budget = MAX_CHARACTERS;
  for (let index = line - 1; index >= 0 && index > line - 1 - MAX_LINES_UP; index--) {
    const full = lines[index] ?? '';
    const text = index === line - 1 ? full.slice(0, column) : full;
    budget -= text.length;
    if (budget < 0) return undefined;
    for (let i = text.length - 1; i >= 0; i--) {
      if (text[i] === '}') closed++;
      else if (text[i] === '{') {
        if (closed > 0) {
          closed--;
          continue;
        }
        const before = text.slice(0, i);
        for (const declaration of DECLARATIONS) {
          const name = declaration.exec(before)?.[1];
          if (name && !NOT_NAMES.has(name)) return name;
        }
      }
    }
  }
  return undefined;
}
