// The static check an app's rule passes before it runs anywhere (docs/privacy.md#rules-that-could-hang). JavaScript's
// regular expressions backtrack, and a rule cannot be stopped once it runs: on the page it would hold the main thread,
// on the service every app's ingest. Backtracking grows exponentially only where a repetition's text can be shared
// out among its iterations in more than one way. So inside every repetition that may run more than once, each choice
// (a nested repetition going on or stopping, which branch of an alternation) must be decided by the next character:
// the characters that can start one way and those that can start the other must not overlap, the next iteration
// counted as what follows the end of the body. With every choice inside a loop decided by one character, what is left
// to try is where each loop is left, once per loop: polynomial, not exponential. The check is conservative (it
// refuses some rules that run fine, `(a|ab)+`) and says nothing of polynomial backtracking outside nested loops
// (`\s+$`, `a*a*a*$`): a text's length is capped before it is redacted.
// It runs where rules run, never on the page's first load (its size would be most of it): in the engine as it starts
// (a worker in mode A), which refuses the start, and in the admin API, which answers 400.
import type { RedactConfig } from './redact-options.ts';
import { REFUSED_RULES } from './refused-rules.ts';

/** Characters, as code point ranges where they are simple, or a matcher of one character for what is not (\p{…},
 * the v flag's set operations). */
type CharSet = { ranges: [number, number][] } | { matcher: RegExp };
/** A union of character sets: what can start a part of a pattern. */
type Firsts = CharSet[];

type Node =
  | { kind: 'char'; set: CharSet }
  | { kind: 'empty' }
  /** Anchors, lookarounds: match no character. A lookaround's body is checked as a pattern of its own. */
  | { kind: 'assert'; body?: Node }
  | { kind: 'backref' }
  | { kind: 'seq'; items: Node[] }
  | { kind: 'alt'; branches: Node[]; start: number; end: number }
  | { kind: 'repeat'; body: Node; min: number; max: number; start: number; end: number };

const MAX_CODE_POINT = 0x10ffff;
const ANY: CharSet = { ranges: [[0, MAX_CODE_POINT]] };
const DIGIT: [number, number][] = [[48, 57]];
const WORD: [number, number][] = [
  [48, 57],
  [65, 90],
  [95, 95],
  [97, 122],
];
const SPACE: [number, number][] = [
  [9, 13],
  [32, 32],
  [160, 160],
  [0x1680, 0x1680],
  [0x2000, 0x200a],
  [0x2028, 0x2029],
  [0x202f, 0x202f],
  [0x205f, 0x205f],
  [0x3000, 0x3000],
  [0xfeff, 0xfeff],
];
const LINE_TERMINATORS: [number, number][] = [
  [10, 10],
  [13, 13],
  [0x2028, 0x2029],
];

/** Characters whose case folds reach one toLowerCase and toUpperCase do not give. */
const FOLDS = ['\u017f', '\u212a', '\u212b', '\u2126', '\u1e9e', '\u00df', '\u03c2', '\u03d1', '\u03f4', '\u1e9b'];

function complement(ranges: [number, number][]): [number, number][] {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0]);
  const out: [number, number][] = [];
  let next = 0;
  for (const [lo, hi] of sorted) {
    if (lo > next) out.push([next, lo - 1]);
    next = Math.max(next, hi + 1);
  }
  if (next <= MAX_CODE_POINT) out.push([next, MAX_CODE_POINT]);
  return out;
}

/** Whether two character sets share a character: exactly for ranges; a matcher is tried on the other's characters
 * when they are few, and otherwise taken to share one (so that the check refuses rather than misses). */
function overlaps(a: CharSet, b: CharSet): boolean {
  if ('ranges' in a && 'ranges' in b)
    return a.ranges.some(([alo, ahi]) => b.ranges.some(([blo, bhi]) => alo <= bhi && blo <= ahi));
  const [matcher, other] = 'matcher' in a ? [a.matcher, b] : [(b as { matcher: RegExp }).matcher, a];
  if (!('ranges' in other)) return true;
  const size = other.ranges.reduce((sum, [lo, hi]) => sum + hi - lo + 1, 0);
  if (size > 0x3000) return true;
  for (const [lo, hi] of other.ranges)
    for (let code = lo; code <= hi; code++) if (matcher.test(String.fromCodePoint(code))) return true;
  return false;
}

const anyOverlap = (a: Firsts, b: Firsts) => a.some((x) => b.some((y) => overlaps(x, y)));

class Parser {
  #at = 0;
  readonly #unicode: boolean;
  readonly #ignoreCase: boolean;
  readonly #dotAll: boolean;
  readonly #flags: string;

  constructor(
    readonly source: string,
    flags: string,
  ) {
    this.#unicode = /[uv]/.test(flags);
    this.#ignoreCase = flags.includes('i');
    this.#dotAll = flags.includes('s');
    this.#flags = flags.replace(/[gmyd]/g, '');
  }

  parse(): Node {
    const node = this.#alternation();
    if (this.#at < this.source.length) throw new Error(`unexpected ')' at ${this.#at}`);
    return node;
  }

  #peek(offset = 0): string {
    return this.source[this.#at + offset] ?? '';
  }

  #alternation(): Node {
    const start = this.#at;
    const branches = [this.#sequence()];
    while (this.#peek() === '|') {
      this.#at++;
      branches.push(this.#sequence());
    }
    return branches.length === 1 ? branches[0] : { kind: 'alt', branches, start, end: this.#at };
  }

  #sequence(): Node {
    const items: Node[] = [];
    while (this.#at < this.source.length && this.#peek() !== '|' && this.#peek() !== ')') {
      const start = this.#at;
      const atom = this.#atom();
      items.push(this.#quantified(atom, start));
    }
    return items.length === 1 ? items[0] : { kind: 'seq', items };
  }

  /** `{n}`, `{n,}`, `{n,m}` at the current position, or undefined where a brace is a character (without u). */
  #braces(): { min: number; max: number; length: number } | undefined {
    const match = /^\{(\d+)(,(\d*))?\}/.exec(this.source.slice(this.#at));
    if (!match) return undefined;
    const min = Number(match[1]);
    const max = match[2] === undefined ? min : match[3] === '' ? Infinity : Number(match[3]);
    return { min, max, length: match[0].length };
  }

  #quantified(atom: Node, start: number): Node {
    let min: number;
    let max: number;
    const char = this.#peek();
    if (char === '*' || char === '+' || char === '?') {
      [min, max] = char === '*' ? [0, Infinity] : char === '+' ? [1, Infinity] : [0, 1];
      this.#at++;
    } else {
      const braces = char === '{' ? this.#braces() : undefined;
      if (!braces) return atom;
      ({ min, max } = braces);
      this.#at += braces.length;
    }
    if (this.#peek() === '?') this.#at++;
    // A lookaround may be quantified without u; it still matches no character.
    if (atom.kind === 'assert') return atom;
    return { kind: 'repeat', body: atom, min, max, start, end: this.#at };
  }

  #atom(): Node {
    const char = this.#peek();
    switch (char) {
      case '(':
        return this.#group();
      case '[':
        return this.#class();
      case '\\':
        return this.#escape();
      case '^':
      case '$':
        this.#at++;
        return { kind: 'assert' };
      case '.':
        this.#at++;
        return { kind: 'char', set: this.#dotAll ? ANY : { ranges: complement(LINE_TERMINATORS) } };
      default: {
        const code = this.source.codePointAt(this.#at)!;
        const literal = this.#unicode ? String.fromCodePoint(code) : char;
        this.#at += literal.length;
        return { kind: 'char', set: this.#literal(literal.codePointAt(0)!) };
      }
    }
  }

  #literal(code: number): CharSet {
    return this.#cased([[code, code]]);
  }

  /** Under i a character stands for its case variants too: those toLowerCase and toUpperCase give, and the few that
   * case folding adds (the Kelvin sign for k, the long s for s), each tried on the rule's own flags. */
  #cased(ranges: [number, number][], matcher?: RegExp): CharSet {
    if (!this.#ignoreCase) return { ranges };
    const out = [...ranges];
    const variants = new Set<number>();
    for (const [lo, hi] of ranges) {
      // A large range (a negated class) holds most of its variants already.
      if (hi - lo > 0x3000) continue;
      for (let code = lo; code <= hi; code++) {
        const char = String.fromCodePoint(code);
        variants.add(char.toLowerCase().codePointAt(0)!).add(char.toUpperCase().codePointAt(0)!);
      }
    }
    const test =
      matcher ??
      new RegExp(`^[${ranges.map(([lo, hi]) => `${this.#char(lo)}-${this.#char(hi)}`).join('')}]$`, this.#flags);
    for (const fold of FOLDS) if (test.test(fold)) variants.add(fold.codePointAt(0)!);
    for (const variant of variants) out.push([variant, variant]);
    return { ranges: out };
  }

  /** A code point as an escape the rule's flags accept anywhere. */
  #char(code: number): string {
    return this.#unicode ? `\\u{${code.toString(16)}}` : `\\u${code.toString(16).padStart(4, '0')}`;
  }

  #group(): Node {
    this.#at++;
    let assertion = false;
    if (this.#peek() === '?') {
      const rest = this.source.slice(this.#at + 1);
      if (/^(=|!|<=|<!)/.test(rest)) assertion = true;
      // (?:…), (?=…), (?!…), (?<=…), (?<!…), (?<name>…), and modifiers (?i:…), (?-i:…)
      const prefix = /^(:|=|!|<=|<!|<[^>]*>|[ims]*(-[ims]*)?:)/.exec(rest);
      if (!prefix) throw new Error(`unknown group at ${this.#at}`);
      this.#at += 1 + prefix[0].length;
    }
    const body = this.#alternation();
    if (this.#peek() !== ')') throw new Error('unclosed group');
    this.#at++;
    return assertion ? { kind: 'assert', body } : body;
  }

  #escape(): Node {
    const next = this.#peek(1);
    if (next === 'b' || next === 'B') {
      this.#at += 2;
      return { kind: 'assert' };
    }
    if (/[1-9]/.test(next) || (next === 'k' && this.#peek(2) === '<')) {
      // A backreference matches what its group did: anything.
      const match = /^\\(\d+|k<[^>]*>)/.exec(this.source.slice(this.#at))!;
      this.#at += match[0].length;
      return { kind: 'backref' };
    }
    return { kind: 'char', set: this.#escapeSet() };
  }

  /** The character set of the escape at the current position (outside or inside a class); moves past it. */
  #escapeSet(): CharSet {
    const start = this.#at;
    const next = this.#peek(1);
    const simple: Record<string, [number, number][]> = {
      d: DIGIT,
      D: complement(DIGIT),
      w: WORD,
      W: complement(WORD),
      s: SPACE,
      S: complement(SPACE),
    };
    // With i and u, \w holds the long s and the Kelvin sign, as their folds are word characters.
    if (next in simple && !(this.#ignoreCase && this.#unicode && (next === 'w' || next === 'W'))) {
      this.#at += 2;
      return { ranges: simple[next] };
    }
    const match = /^\\(?:[pP]\{[^}]*\}|u\{[0-9a-fA-F]+\}|u[0-9a-fA-F]{4}|x[0-9a-fA-F]{2}|c[A-Za-z]|0|[\s\S])/u.exec(
      this.source.slice(this.#at),
    )!;
    this.#at += match[0].length;
    if (/^\\[pPu]\{/.test(match[0]) && !this.#unicode) {
      // Without u, \p is p and \u is u, and the braces that follow are characters or a quantifier.
      this.#at = start + 2;
      return this.#literal(next.charCodeAt(0));
    }
    return this.#setOf(match[0]);
  }

  /** The set of an escape other than \d \w \s: one character (\., \n, \u0041, \x41, \cA, \0), or a matcher
   * (\p{…}, and \w \W under i and u). */
  #setOf(source: string): CharSet {
    const rest = source.slice(1);
    const hex = /^(?:u\{([0-9a-fA-F]+)\}|u([0-9a-fA-F]{4})|x([0-9a-fA-F]{2}))$/.exec(rest);
    const controls: Record<string, number> = { n: 10, r: 13, t: 9, v: 11, f: 12, '0': 0 };
    let code: number | undefined;
    if (hex) code = parseInt(hex[1] ?? hex[2] ?? hex[3], 16);
    else if (/^c[A-Za-z]$/.test(rest)) code = rest.charCodeAt(1) % 32;
    else if (rest in controls) code = controls[rest];
    else if (rest.length === 1 && !/[pPwW]/.test(rest)) code = rest.charCodeAt(0);
    else if (!/^[pPwW]/.test(rest)) code = rest.codePointAt(0);
    if (code !== undefined) return this.#literal(code);
    return { matcher: new RegExp(`^(?:${source})$`, this.#flags) };
  }

  #class(): Node {
    // The class's extent: to the first ']' not escaped; with v, a nested class's own ']' closes only it.
    const start = this.#at;
    const nested = this.#flags.includes('v');
    let depth = 0;
    let at = this.#at + 1;
    for (; at < this.source.length; at++) {
      const char = this.source[at];
      if (char === '\\') at++;
      else if (char === '[' && nested) depth++;
      else if (char === ']' && depth-- === 0) break;
    }
    this.#at = at + 1;
    const source = this.source.slice(start, this.#at);
    return { kind: 'char', set: this.#classSet(source) };
  }

  /** A class's characters as ranges where it holds only characters, ranges and \d \w \s; else a matcher. */
  #classSet(source: string): CharSet {
    const matcher = new RegExp(`^${source}$`, this.#flags);
    if (this.#flags.includes('v')) return { matcher };
    const negated = source[1] === '^';
    const body = source.slice(negated ? 2 : 1, -1);
    const ranges: [number, number][] = [];
    // Without u an astral character is two code units, each a character of its own.
    const parts = body.match(this.#unicode ? /\\[\s\S]|[\s\S]/gu : /\\[\s\S]|[\s\S]/g) ?? [];
    for (let i = 0; i < parts.length; i++) {
      const part = parts[i];
      if (/^\\[dDwWsS]$/.test(part)) {
        if (this.#ignoreCase && this.#unicode && /[wW]/.test(part)) return { matcher };
        ranges.push(...(new Parser(part, '').#escapeSet() as { ranges: [number, number][] }).ranges);
        continue;
      }
      if (part.startsWith('\\')) return { matcher };
      const lo = part.codePointAt(0)!;
      if (parts[i + 1] === '-' && parts[i + 2] !== undefined && !parts[i + 2].startsWith('\\')) {
        ranges.push([lo, parts[i + 2].codePointAt(0)!]);
        i += 2;
      } else ranges.push([lo, lo]);
    }
    // Case variants are added before a negation, as the engine does.
    const cased = (
      this.#cased(ranges, new RegExp(`^${negated ? `[${body}]` : source}$`, this.#flags)) as {
        ranges: [number, number][];
      }
    ).ranges;
    return { ranges: negated ? complement(cased) : cased };
  }
}

/** Whether the node can match an empty text, and the characters it can start with. */
function nullable(node: Node): boolean {
  switch (node.kind) {
    case 'char':
      return false;
    case 'seq':
      return node.items.every(nullable);
    case 'alt':
      return node.branches.some(nullable);
    case 'repeat':
      return node.min === 0 || nullable(node.body);
    default:
      return true;
  }
}

function firsts(node: Node): Firsts {
  switch (node.kind) {
    case 'char':
      return [node.set];
    case 'backref':
      return [ANY];
    case 'seq': {
      const out: Firsts = [];
      for (const item of node.items) {
        out.push(...firsts(item));
        if (!nullable(item)) break;
      }
      return out;
    }
    case 'alt':
      return node.branches.flatMap(firsts);
    case 'repeat':
      return firsts(node.body);
    default:
      return [];
  }
}

/** A choice inside a loop that the next character does not decide: the part of the source it is about. */
type Finding = { start: number; end: number };

/** Checks every choice in `node`, which `follow` can follow inside the loop being checked. */
function checkChoices(node: Node, follow: Firsts): Finding | undefined {
  switch (node.kind) {
    case 'seq':
      for (let i = 0; i < node.items.length; i++) {
        const rest: Node = { kind: 'seq', items: node.items.slice(i + 1) };
        const after = [...firsts(rest), ...(nullable(rest) ? follow : [])];
        const found = checkChoices(node.items[i], after);
        if (found) return found;
      }
      return undefined;
    case 'alt': {
      const starts = node.branches.map((branch) => [...firsts(branch), ...(nullable(branch) ? follow : [])]);
      for (let i = 0; i < starts.length; i++)
        for (let j = i + 1; j < starts.length; j++)
          if (anyOverlap(starts[i], starts[j])) return { start: node.start, end: node.end };
      for (const branch of node.branches) {
        const found = checkChoices(branch, follow);
        if (found) return found;
      }
      return undefined;
    }
    case 'repeat': {
      const again = node.max > 1 ? firsts(node.body) : [];
      if (node.min < node.max && anyOverlap(firsts(node.body), follow)) return { start: node.start, end: node.end };
      return checkChoices(node.body, [...again, ...follow]);
    }
    case 'assert':
      // What a lookaround's body is followed by is the rest of the text, anything.
      return node.body && checkChoices(node.body, [ANY]);
    default:
      return undefined;
  }
}

/** Finds the outermost loops (repetitions that may run more than once) and checks the choices inside each. */
function checkLoops(node: Node): Finding | undefined {
  switch (node.kind) {
    case 'seq':
      for (const item of node.items) {
        const found = checkLoops(item);
        if (found) return found;
      }
      return undefined;
    case 'alt':
      for (const branch of node.branches) {
        const found = checkLoops(branch);
        if (found) return found;
      }
      return undefined;
    case 'assert':
      return node.body && checkLoops(node.body);
    case 'repeat':
      if (node.max > 1) {
        // The end of the body is followed by the next iteration's start.
        const found = checkChoices(node.body, firsts(node.body));
        return found && { start: node.start, end: node.end };
      }
      return checkLoops(node.body);
    default:
      return undefined;
  }
}

/** The part of a rule's source (one that compiles with these flags) that may backtrack exponentially, or undefined
 * when none may. */
export function backtrackingPart(source: string, flags: string): string | undefined {
  let tree: Node;
  try {
    tree = new Parser(source, flags).parse();
  } catch {
    // A form this parser does not know: refused rather than run unchecked.
    return source;
  }
  const found = checkLoops(tree);
  return found && source.slice(found.start, found.end);
}

/** Throws, with the text of docs/errors.md#options, for the first rule of `config` that could backtrack without
 * bound. The error's name is REFUSED_RULES: init's promise rejects with it, and the page tries no other engine
 * (app/logging/engines/choose-engine.ts), since each would refuse the same rules. */
export function refuseBacktracking(config: RedactConfig): void {
  config.rules.forEach((rule, index) => {
    const part = backtrackingPart(rule.source, rule.flags);
    if (part === undefined) return;
    throw Object.assign(
      new Error(
        `'redact.rules[${index}].pattern' may backtrack without bound: in '${part}' a repetition can match the same text in more than one way.`,
      ),
      { name: REFUSED_RULES },
    );
  });
}
