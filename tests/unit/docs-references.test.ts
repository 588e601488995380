// Every reference from the code and the docs to a document of this repository resolves: the file exists and, where
// a section is named (`docs/uploader.md#steps`), a heading of that section exists. References to documents that
// are not in the repository are refused (a specification, design notes, an issue tracker's issue by its number):
// someone who only clones the repository must be able to follow every pointer, so a comment says what it means or
// points into docs/ (docs/README.md#references).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, test } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const SCANNED = [
  'app',
  'worker',
  'protocol',
  'portal',
  'server',
  'scripts',
  'bench',
  'fixtures',
  'tests',
  'public',
  'docs',
  'explorer',
  'explorer-contract',
  'sourcemap-upload',
];
const TOP_FILES = [
  'README.md',
  'index.html',
  'explorer.html',
  'vite.config.ts',
  'vitest.bench.config.ts',
  'package.json',
];
const EXTENSIONS = /\.(ts|tsx|css|html|md|json)$/;
const THIS_FILE = relative(ROOT, import.meta.filename);

function filesUnder(path: string): string[] {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return EXTENSIONS.test(path) ? [path] : [];
  return readdirSync(path).flatMap((name) =>
    name === 'node_modules' || name === 'results' ? [] : filesUnder(join(path, name)),
  );
}

const files = [...SCANNED.map((dir) => join(ROOT, dir)), ...TOP_FILES.map((name) => join(ROOT, name))]
  .flatMap(filesUnder)
  .map((path) => relative(ROOT, path))
  .filter((path) => path !== THIS_FILE);

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchorsOf(markdownPath: string): Set<string> {
  const text = readFileSync(join(ROOT, markdownPath), 'utf8').replace(/```[\s\S]*?```/g, '');
  return new Set([...text.matchAll(/^#{1,6}\s+(.+)$/gm)].map((match) => slug(match[1])));
}

interface Reference {
  from: string;
  target: string;
  anchor?: string;
}

/** `docs/x.md#y` and `README.md#y` anywhere; in markdown, relative links `[text](x.md#y)` as well. */
function referencesIn(path: string): Reference[] {
  const text = readFileSync(join(ROOT, path), 'utf8');
  const found: Reference[] = [];
  for (const match of text.matchAll(/(?<![\w/.-])((?:docs\/[\w-]+|README)\.md)(?:#([\w-]+))?/g)) {
    found.push({ from: path, target: match[1], anchor: match[2] });
  }
  if (path.endsWith('.md')) {
    for (const match of text.matchAll(/\]\(([\w./-]+\.md)(?:#([\w-]+))?\)/g)) {
      found.push({ from: path, target: relative(ROOT, resolve(ROOT, dirname(path), match[1])), anchor: match[2] });
    }
  }
  return found;
}

/** Names of documents the repository does not hold: a specification (by that word, or `spec §`), a `§` number, design
 * or style notes, an issue of a tracker by its number. */
const OUTSIDE = /\bspecification|\bthe spec\b|spec §|§\s?\d|design\.md|style\.md|\bissues? #?\d+/gi;

function outsideReferencesIn(text: string): string[] {
  return [...text.matchAll(OUTSIDE)].map((match) => match[0]);
}

describe('references to documents', () => {
  test('slug follows GitHub headings', () => {
    expect(slug('The path of a log call')).toBe('the-path-of-a-log-call');
    expect(slug('appID and intent URLs')).toBe('appid-and-intent-urls');
    expect(slug('Issues, crashes and feedback')).toBe('issues-crashes-and-feedback');
  });

  test('the scan finds the code and the docs', () => {
    expect(files).toContain('worker/uploader.ts');
    expect(files).toContain('docs/uploader.md');
    expect(files.filter((path) => referencesIn(path).length > 0).length).toBeGreaterThan(30);
  });

  test('every reference names a file and a section that exist', () => {
    const broken = files.flatMap(referencesIn).filter(({ target, anchor }) => {
      if (!existsSync(join(ROOT, target))) return true;
      return anchor !== undefined && !anchorsOf(target).has(anchor);
    });
    expect(broken.map(({ from, target, anchor }) => `${from}: ${target}${anchor ? `#${anchor}` : ''}`)).toEqual([]);
  });

  test('nothing points to documents kept outside the repository', () => {
    const outside = files.flatMap((path) =>
      outsideReferencesIn(readFileSync(join(ROOT, path), 'utf8')).map((found) => `${path}: ${found}`),
    );
    expect(outside).toEqual([]);
  });

  test('what counts as a reference to a document outside the repository', () => {
    for (const text of [
      'as the specification says',
      "the Specification's texts",
      'see the spec for it',
      'spec §4',
      '§ 7',
      'design.md',
      'style.md',
      '(issue 12)',
      'Issue 11. Logs',
      'issues 11 and 13',
      'issue #7',
    ])
      expect(outsideReferencesIn(text), text).not.toEqual([]);
    // Words of the product and of the code are not references: issue types, numbered test data, a contender's spec,
    // the Russian texts the screens show.
    for (const text of [
      'sendIssue(title, text)',
      'Issue number 200',
      'an issue, 2 crashes',
      'for (const spec of order)',
      "'Не указан адрес email.'",
      'docs/uploader.md#steps',
    ])
      expect(outsideReferencesIn(text), text).toEqual([]);
  });
});
