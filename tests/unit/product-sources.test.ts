// Test code stays out of the product (docs/README.md#tests-and-the-product): no file in the product's folders imports
// from tests/, and none defines a name made for tests (…ForTests) or for fault injection, which the tests mount
// themselves (tests/support/collector-faults.ts). Read with the TypeScript compiler, so comments never count.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, test } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const PRODUCT = [
  'app',
  'worker',
  'protocol',
  'portal',
  'explorer',
  'explorer-contract',
  'server',
  'scripts',
  'sourcemap-upload',
];
const SOURCE = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/;

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : sourcesUnder(path);
    return SOURCE.test(name) ? [path] : [];
  });
}

const sources = PRODUCT.flatMap((dir) => sourcesUnder(join(ROOT, dir))).map((path) => ({
  path: relative(ROOT, path),
  text: readFileSync(path, 'utf8'),
}));

/** The repository paths a file's imports name: static, dynamic, re-exports, require, and `new URL(…, import.meta.url)`. */
function importedPaths(path: string, text: string): string[] {
  const specifiers = ts.preProcessFile(text, true, true).importedFiles.map((file) => file.fileName);
  for (const match of text.matchAll(/new URL\(\s*(['"`])([^'"`]+)\1\s*,\s*import\.meta\.url\s*\)/g))
    specifiers.push(match[2]);
  return specifiers
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) => relative(ROOT, resolve(ROOT, dirname(path), specifier)));
}

/** A name's words: `setFaultMode` is set, fault, mode; `MAX_PAGE_SIZE` is max, page, size. */
const wordsOf = (name: string) =>
  name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[\s_$]+/);

/** Whether a defined name is made for tests: a `…ForTests` helper, or fault injection (injecting, setting or
 * mounting faults, their modes, requests left hanging). A fault the product meets, `storageFault`, is not. */
function madeForTests(name: string): boolean {
  const words = wordsOf(name);
  const faults = words.some((word) => word === 'fault' || word === 'faults');
  return (
    /ForTest(s|ing)?$/.test(name) ||
    words.some((word) => word.startsWith('inject') || word === 'hang' || word === 'hangs') ||
    (faults &&
      (words.length === 1 ? name === 'faults' : words.some((word) => ['set', 'mode', 'modes', 'mount'].includes(word))))
  );
}

const { SyntaxKind: K } = ts;
/** The nodes that define a name: declarations, members, properties, parameters. */
const DEFINES = new Set([
  K.FunctionDeclaration,
  K.VariableDeclaration,
  K.ClassDeclaration,
  K.InterfaceDeclaration,
  K.TypeAliasDeclaration,
  K.EnumDeclaration,
  K.EnumMember,
  K.ModuleDeclaration,
  K.MethodDeclaration,
  K.MethodSignature,
  K.PropertyDeclaration,
  K.PropertySignature,
  K.PropertyAssignment,
  K.ShorthandPropertyAssignment,
  K.GetAccessor,
  K.SetAccessor,
  K.Parameter,
  K.BindingElement,
]);

/** The names a file defines and its string literals. */
function namesAndStrings(path: string, text: string): { names: string[]; strings: string[] } {
  const file = ts.createSourceFile(
    path,
    text,
    ts.ScriptTarget.Latest,
    false,
    path.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const names: string[] = [];
  const strings: string[] = [];
  const visit = (node: ts.Node) => {
    const name = (node as { name?: ts.Node }).name;
    if (DEFINES.has(node.kind) && name && (ts.isIdentifier(name) || ts.isStringLiteral(name))) names.push(name.text);
    if (ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node)) strings.push(node.text);
    ts.forEachChild(node, visit);
  };
  visit(file);
  return { names, strings };
}

describe('the product', () => {
  test('reads its sources', () => {
    expect(sources.length).toBeGreaterThan(100);
    expect(sources.map((source) => source.path)).toContain('server/service.ts');
  });

  test('imports nothing from tests/', () => {
    const found = sources.flatMap(({ path, text }) =>
      importedPaths(path, text)
        .filter((target) => target.startsWith('tests/'))
        .map((target) => `${path} -> ${target}`),
    );
    expect(found).toEqual([]);
  });

  test('defines no name made for tests, and no fault injection route', () => {
    const found = sources.flatMap(({ path, text }) => {
      const { names, strings } = namesAndStrings(path, text);
      return [
        ...names.filter((name) => madeForTests(name)).map((name) => `${path}: ${name}`),
        ...strings.filter((value) => /\/faults\b/.test(value)).map((value) => `${path}: '${value}'`),
      ];
    });
    expect(found).toEqual([]);
  });
});

/** The bench and what it shares with the tests (fixtures/) are apart from the tests too: a bench that reached into
 * tests/ would break when a test's helper changed for the test's own sake. */
const APART = ['bench', 'fixtures'].flatMap((dir) =>
  sourcesUnder(join(ROOT, dir)).map((path) => ({ path: relative(ROOT, path), text: readFileSync(path, 'utf8') })),
);

test('the bench and fixtures/ import nothing from tests/', () => {
  expect(APART.map((source) => source.path)).toContain('bench/source-maps.ts');
  const found = APART.flatMap(({ path, text }) =>
    importedPaths(path, text)
      .filter((target) => target.startsWith('tests/'))
      .map((target) => `${path} -> ${target}`),
  );
  expect(found).toEqual([]);
});

describe('the rule', () => {
  test('sees an import of tests/ in each form', () => {
    const text = [
      `import { a } from '../tests/support/a.ts';`,
      `export * from '../tests/b.ts';`,
      `const c = await import('../tests/c.ts');`,
      `new Worker(new URL('../tests/d.ts', import.meta.url));`,
      `import { e } from './tests-like.ts';`,
    ].join('\n');
    expect(importedPaths('server/x.ts', text).filter((target) => target.startsWith('tests/'))).toEqual([
      'tests/support/a.ts',
      'tests/b.ts',
      'tests/c.ts',
      'tests/d.ts',
    ]);
  });

  test.each([
    ['feedbackDialogRootForTests', true],
    ['resetForTesting', true],
    ['setFault', true],
    ['FaultMode', true],
    ['INJECTED_FAULTS', true],
    ['mountCollectorFaults', true],
    ['createHangs', true],
    ['storageFault', false],
    ['fault', false],
    ['faults', true],
    ['DEFAULT_PAGE_SIZE', false],
    ['defaults', false],
    ['firebase_test_lab', false],
    ['testTimeout', false],
  ])('%s made for tests: %s', (name, expected) => {
    expect(madeForTests(name)).toBe(expected);
  });
});
