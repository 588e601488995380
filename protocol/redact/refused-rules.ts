// The name of the error a rule set that could backtrack without bound starts no engine with
// (protocol/redact/backtracking.ts): apart, so that the page can tell it from other start failures without loading the
// check itself.
export const REFUSED_RULES = 'SidelogRedactRuleError';
