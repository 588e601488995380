// The `redact` option: the app's own rules and which built-in detectors run (docs/privacy.md#redaction). Validated on
// the page at init, with the texts of docs/errors.md#options; what it resolves to travels to the engine once, in its
// config, as plain data a structured clone or JSON carries (a rule's pattern as its source and flags), so that the
// service can take the same rule set later. Kept small: the page's first load validates options.

/** The built-in detectors, in the order they are tried at one position; each replaces what it finds with `[name]`. */
export const BUILT_IN_NAMES = ['email', 'card', 'iban', 'jwt', 'credential', 'secret', 'phone'] as const;
export type BuiltInName = (typeof BUILT_IN_NAMES)[number];

/** A rule as the app gives it: its replacement is `[name]`. */
interface RedactRuleOption {
  name: string;
  /** A RegExp, or its source. */
  pattern: string | RegExp;
  /** For a source: any of i, m, s, u, v. A RegExp keeps its own. */
  flags?: string;
}

export interface RedactOption {
  /** The app's own rules, applied after the built-ins. */
  rules?: RedactRuleOption[];
  /** Which built-ins run: all when not given, none with false. */
  builtIns?: false | BuiltInName[];
}

/** A rule as it travels: plain data. */
export interface RedactRule {
  name: string;
  source: string;
  flags: string;
}

export interface RedactConfig {
  builtIns: BuiltInName[];
  rules: RedactRule[];
}

/** Every built-in, no rule of the app's: what an engine applies when the page named nothing. */
export const DEFAULT_REDACT: RedactConfig = { builtIns: [...BUILT_IN_NAMES], rules: [] };

/** Each rule costs one more pass over every field, in the engine. */
const MAX_REDACT_RULES = 32;
const RULE_NAME = /^[A-Za-z0-9_-]{1,32}$/;
const RULE_FLAGS = /^[imsuv]*$/;

const isRegExp = (value: unknown): value is RegExp => Object.prototype.toString.call(value) === '[object RegExp]';

function resolveRule(input: unknown, at: string): RedactRule {
  if (typeof input !== 'object' || input === null)
    throw new Error(`'${at}' must be an object with a name and a pattern.`);
  const { name, pattern, flags } = input as Record<string, unknown>;
  if (typeof name !== 'string' || !RULE_NAME.test(name))
    throw new Error(`'${at}.name' must be 1 to 32 letters, digits, '_' or '-'.`);
  let source: string;
  let given: unknown;
  if (isRegExp(pattern)) {
    source = pattern.source;
    // The engine adds g itself; y and d mean nothing to a replacement.
    given = pattern.flags.replace(/[gyd]/g, '');
  } else if (typeof pattern === 'string' && pattern !== '') {
    source = pattern;
    given = flags ?? '';
  } else {
    throw new Error(`'${at}.pattern' must be a RegExp or a non-empty string.`);
  }
  if (typeof given !== 'string' || !RULE_FLAGS.test(given))
    throw new Error(`'${at}.flags' may hold only the flags i, m, s, u and v.`);
  let compiled: RegExp;
  try {
    compiled = new RegExp(source, given);
  } catch {
    throw new Error(`'${at}.pattern' is not a valid regular expression.`);
  }
  if (compiled.test('')) throw new Error(`'${at}.pattern' must not match an empty text.`);
  // Whether it could backtrack without bound is checked where rules run, not here on the page's first load: by the
  // engine as it starts and by the admin API (protocol/redact/backtracking.ts, docs/privacy.md#rules-that-could-hang).
  return { name, source, flags: given };
}

function resolveBuiltIns(input: unknown): BuiltInName[] {
  if (input === undefined) return [...BUILT_IN_NAMES];
  if (input === false) return [];
  if (!Array.isArray(input)) throw new Error("'redact.builtIns' option must be false or an array of built-in names.");
  for (const name of input) {
    if (!(BUILT_IN_NAMES as readonly unknown[]).includes(name)) {
      throw new Error(
        `'redact.builtIns' option names an unknown built-in '${String(name)}' (known: ${BUILT_IN_NAMES.join(', ')}).`,
      );
    }
  }
  return BUILT_IN_NAMES.filter((name) => input.includes(name));
}

/** The `redact` option checked and made plain data; throws the texts of docs/errors.md#options. */
export function resolveRedact(input: unknown): RedactConfig {
  if (input === undefined) return { builtIns: [...BUILT_IN_NAMES], rules: [] };
  if (typeof input !== 'object' || input === null || Array.isArray(input))
    throw new Error("'redact' option must be an object.");
  const { rules, builtIns } = input as Record<string, unknown>;
  if (rules !== undefined && !Array.isArray(rules)) throw new Error("'redact.rules' option must be an array.");
  if (rules && rules.length > MAX_REDACT_RULES)
    throw new Error(`'redact.rules' option may hold at most ${MAX_REDACT_RULES} rules.`);
  return {
    builtIns: resolveBuiltIns(builtIns),
    rules: (rules ?? []).map((rule, index) => resolveRule(rule, `redact.rules[${index}]`)),
  };
}
