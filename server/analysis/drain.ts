// Drain (He, Zhu, Zheng and Lyu, "Drain: An Online Log Parsing Approach with Fixed Depth Tree", ICWS 2017), the
// method behind the log patterns of HyperDX and Datadog: similar lines grouped into templates, their varying
// tokens as `<*>` (docs/explorer.md#patterns).
// A line is masked (server/analysis/variables.ts) and split into tokens at white space. The tree's first level is
// the number of tokens, the next the line's first token (a token holding a wildcard goes under `<*>`, and so
// does any token past MAX_CHILDREN distinct ones), and a leaf holds the groups found so far. The line joins the
// leaf's group most like it, when at least SIMILARITY of its tokens equal the group's template at the same place
// (the template's `<*>` count as neither), and the template's tokens that differ from the line become `<*>`;
// otherwise it starts a group of its own.
import { maskVariables, WILDCARD } from './variables.ts';

/** Tokens compared from the start of a line to choose its leaf: Drain's depth of 4 (the root, the length, one token,
 * the leaf), its authors' and Drain3's default. */
const PREFIX_TOKENS = 1;
/** The fraction of a line's tokens that must equal the template's: Drain3's default. */
const SIMILARITY = 0.4;
/** Children of a tree node before further tokens share one `<*>` child, so that ids cannot grow the tree. */
const MAX_CHILDREN = 100;
/** What of a line is read: the start of a long line says what it is. */
const MAX_CHARS = 1_000;
const MAX_TOKENS = 64;

interface DrainGroup {
  /** 0, 1, 2 … in the order the groups were found. */
  id: number;
  tokens: string[];
  /** How many lines joined it. */
  size: number;
}

interface TreeNode {
  children: Map<string, TreeNode>;
  groups: DrainGroup[];
}

const newNode = (): TreeNode => ({ children: new Map(), groups: [] });

/** A line's tokens as Drain compares them. */
export function drainTokens(text: string): string[] {
  const tokens = maskVariables(text.slice(0, MAX_CHARS)).split(/\s+/).filter(Boolean);
  return tokens.length > MAX_TOKENS ? tokens.slice(0, MAX_TOKENS) : tokens;
}

export const templateOf = (group: DrainGroup) => group.tokens.join(' ');

export function createDrain() {
  const root = newNode();
  const groups: DrainGroup[] = [];

  /** The leaf a line's tokens lead to, made on the way when `grow`. */
  function leafOf(tokens: string[], grow: boolean): TreeNode | undefined {
    const length = String(tokens.length);
    let node: TreeNode | undefined = root.children.get(length);
    if (!node) {
      if (!grow) return undefined;
      root.children.set(length, (node = newNode()));
    }
    for (const token of tokens.slice(0, PREFIX_TOKENS)) {
      const parent: TreeNode = node;
      const key = token.includes(WILDCARD) ? WILDCARD : token;
      let child = parent.children.get(key) ?? (grow ? undefined : parent.children.get(WILDCARD));
      if (!child) {
        if (!grow) return undefined;
        const at = key !== WILDCARD && parent.children.size < MAX_CHILDREN - 1 ? key : WILDCARD;
        child = parent.children.get(at) ?? newNode();
        parent.children.set(at, child);
      }
      node = child;
    }
    return node;
  }

  /** The leaf's group most like the line (ties to the one with more wildcards, as Drain3), if like enough. */
  function closest(leaf: TreeNode, tokens: string[]): DrainGroup | undefined {
    let best: DrainGroup | undefined;
    let bestSimilarity = -1;
    let bestWildcards = -1;
    for (const group of leaf.groups) {
      let same = 0;
      let wildcards = 0;
      group.tokens.forEach((token, i) => {
        if (token === WILDCARD) wildcards++;
        else if (token === tokens[i]) same++;
      });
      const similarity = tokens.length === 0 ? 1 : same / tokens.length;
      if (similarity > bestSimilarity || (similarity === bestSimilarity && wildcards > bestWildcards)) {
        best = group;
        bestSimilarity = similarity;
        bestWildcards = wildcards;
      }
    }
    return best && bestSimilarity >= SIMILARITY ? best : undefined;
  }

  return {
    /** Adds a line; the group it joined or started. */
    add(text: string): DrainGroup {
      const tokens = drainTokens(text);
      const leaf = leafOf(tokens, false);
      const found = leaf && closest(leaf, tokens);
      if (found) {
        found.size++;
        found.tokens = found.tokens.map((token, i) => (token === tokens[i] ? token : WILDCARD));
        return found;
      }
      const group: DrainGroup = { id: groups.length, tokens, size: 1 };
      groups.push(group);
      leafOf(tokens, true)!.groups.push(group);
      return group;
    },
    /** The group a line would join, without adding it. */
    match(text: string): DrainGroup | undefined {
      const tokens = drainTokens(text);
      const leaf = leafOf(tokens, false);
      return leaf && closest(leaf, tokens);
    },
    groups(): readonly DrainGroup[] {
      return groups;
    },
  };
}
