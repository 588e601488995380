// What a developer's editor shows of Sidelog's API, the doc comments shipped in the package's types: each option's
// (protocol/options.ts) says what it does and its default, the default `init` fills in, and docs/api.md's table has the
// same options in the same order with the same defaults; each public member of the client (app/logging/client.ts) says
// what it does.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, test } from 'vitest';
import { resolveOptions } from '../../protocol/index.ts';

const ROOT = resolve(import.meta.dirname, '../..');
/** A source file's declarations. */
const parsed = (path: string) =>
  ts.createSourceFile(path, readFileSync(resolve(ROOT, path), 'utf8'), ts.ScriptTarget.Latest, true).statements;

/** A declaration's doc comment, on one line. */
const docOf = (node: ts.Node) =>
  ts
    .getJSDocCommentsAndTags(node)
    .map((doc) => ts.getTextOfJSDocComment(doc.comment) ?? '')
    .join(' ')
    .replace(/\s+/g, ' ');

/** Each option of SidelogOptions, in its order, with its doc comment's text. */
function documentedOptions(): { name: string; doc: string }[] {
  const options = parsed('protocol/options.ts').find(
    (statement): statement is ts.InterfaceDeclaration =>
      ts.isInterfaceDeclaration(statement) && statement.name.text === 'SidelogOptions',
  )!;
  return options.members.map((member) => ({ name: (member.name as ts.Identifier).text, doc: docOf(member) }));
}

/** docs/api.md's options table: each row's option and default. */
function tableOptions(): { name: string; default: string }[] {
  const api = readFileSync(resolve(ROOT, 'docs/api.md'), 'utf8');
  const section = api.slice(api.indexOf('## Options'), api.indexOf('\n## ', api.indexOf('## Options') + 1));
  return [...section.matchAll(/^\| `(\w+)` \| .+? \| (.+) \|$/gm)].map((row) => ({ name: row[1]!, default: row[2]! }));
}

/** The default a doc comment names as a literal (`true`, `'0'`): its text, without the backticks. */
const literalDefault = (doc: string) => /Default: `([^`]+)`/.exec(doc)?.[1];
/** A literal's value. */
const valueOf = (literal: string): unknown => (literal.startsWith("'") ? literal.slice(1, -1) : JSON.parse(literal));

const resolved = resolveOptions({ appKey: 'key' }, { origin: 'http://127.0.0.1:8080', deviceName: 'Chromium' });
/** Defaults that depend on the page (its origin, its browser): said in words. */
const OF_THE_PAGE = ['apiURL', 'baseURL', 'deviceName'];

describe("the options' doc comments (docs/api.md#options)", () => {
  const documented = documentedOptions();

  test('name the options of docs/api.md, in its order', () => {
    expect(documented.map((option) => option.name)).toEqual(tableOptions().map((option) => option.name));
  });

  test.each(documented)('$name says its default, or that it is required', ({ name, doc }) => {
    expect(doc).toMatch(name === 'appKey' ? /Required\.$/ : /Default: .+\.$/);
  });

  // Every option init fills in with a plain value (all but appKey, redact, workerURL and otlp).
  const filledIn = documented.filter(
    ({ name }) => name !== 'appKey' && ['boolean', 'string'].includes(typeof resolved[name as keyof typeof resolved]),
  );
  test.each(filledIn)("$name's default is the one init fills in and docs/api.md gives", ({ name, doc }) => {
    const literal = literalDefault(doc);
    if (OF_THE_PAGE.includes(name)) return expect(literal).toBeUndefined();
    expect(valueOf(literal!)).toEqual(resolved[name as keyof typeof resolved]);
    const row = tableOptions().find((option) => option.name === name)!;
    expect(row.default.slice(0, literal!.length + 2)).toBe(`\`${literal}\``);
  });
});

describe("the client's public members (docs/api.md)", () => {
  const client = parsed('app/logging/client.ts').find(
    (statement): statement is ts.ClassDeclaration =>
      ts.isClassDeclaration(statement) && statement.name?.text === 'SidelogClient',
  )!;
  const members = client.members
    .filter((member) => member.name && ts.isIdentifier(member.name))
    .map((member) => ({ name: (member.name as ts.Identifier).text, doc: docOf(member) }));

  test('are the API docs/api.md gives', () => {
    const api = readFileSync(resolve(ROOT, 'docs/api.md'), 'utf8');
    expect(members.map((member) => member.name).filter((name) => !api.includes(`\`${name}`))).toEqual([]);
  });

  test.each(members)('$name says what it does', ({ doc }) => {
    expect(doc).toMatch(/\w.*\.$/);
  });
});
