// Redaction (docs/privacy.md#redaction): every free-text field the engine stores is passed through one function made
// from the rule set once, at start. The built-ins run as one combined pattern, one pass over the text; a candidate
// its detector's check refuses is left, and the search goes on at the next character. Each rule of the app's is one
// more pass. What was found is replaced with `[name]`.
import { DETECTORS, type Detector } from './detectors.ts';
import type { RedactConfig, RedactRule } from './redact-options.ts';

/** Returns the text with what the rules find replaced; the same string when nothing was found. */
export type Redact = (text: string) => string;

/** Redacts nothing: for what is not redacted (a field the app unmasked) and for callers without rules. */
export const keepText: Redact = (text) => text;

interface Pass {
  pattern: RegExp;
  /** The detector of each capturing group, in order; one group per detector. A rule of the app's is one, whatever
   * groups its pattern has. */
  detectors: readonly { name: string; span?: Detector['span'] }[];
}

function builtInPass(names: readonly string[]): Pass | undefined {
  const detectors = DETECTORS.filter((detector) => names.includes(detector.name));
  if (detectors.length === 0) return undefined;
  return { pattern: new RegExp(detectors.map((detector) => `(${detector.source})`).join('|'), 'gu'), detectors };
}

/** An app's rule as a pass of its own: its own groups are its own business, so the whole match is replaced. */
function rulePass(rule: RedactRule): Pass {
  return { pattern: new RegExp(rule.source, `${rule.flags}g`), detectors: [{ name: rule.name }] };
}

function run(pass: Pass, text: string): string {
  const { pattern, detectors } = pass;
  pattern.lastIndex = 0;
  let match = pattern.exec(text);
  if (match === null) return text;
  let out = '';
  let done = 0;
  for (; match !== null; match = pattern.exec(text)) {
    const candidate = match[0];
    const index = match.index;
    if (candidate === '') {
      // A rule that can match nothing at some place (a lookahead alone) must not stop the search there.
      pattern.lastIndex = index + 1;
      continue;
    }
    const detector = detectors.length === 1 ? detectors[0] : detectors[groupOf(match)];
    const span = detector.span
      ? detector.span(text, index, candidate, done)
      : ([index, index + candidate.length] as const);
    if (!span) {
      // Refused: another detector may start inside the candidate.
      pattern.lastIndex = index + 1;
      continue;
    }
    out += `${text.slice(done, span[0])}[${detector.name}]`;
    done = span[1];
    // A span may end past its candidate (a secret's value): the search goes on after it.
    if (pattern.lastIndex < done) pattern.lastIndex = done;
  }
  return done === 0 && out === '' ? text : out + text.slice(done);
}

/** Which detector's group took part in the match. */
function groupOf(match: RegExpExecArray): number {
  for (let group = 1; group < match.length; group++) if (match[group] !== undefined) return group - 1;
  return 0;
}

/** The redaction the rule set asks for: built-ins in one pass, then each of the app's rules. */
export function createRedactor(config: RedactConfig): Redact {
  const passes = [builtInPass(config.builtIns), ...config.rules.map(rulePass)].filter(
    (pass): pass is Pass => pass !== undefined,
  );
  if (passes.length === 0) return keepText;
  return (text) => {
    let result = text;
    for (const pass of passes) result = run(pass, result);
    return result;
  };
}
