import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The repository explains itself (issue 13, item 9): comments and docs cite docs/product.md and
 * docs/architecture.md by section, never a document that is not in the repository, and every
 * `docs/<file>.md §n` names a file and a section that exist. Nothing is skipped: web/src is
 * scanned like everything else.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const DOCS = path.join(ROOT, 'docs');
const SCANNED = /\.(ts|tsx|md|ya?ml|sh)$/;
const SKIPPED_DIRS = new Set(['node_modules', 'dist', '.tmp', '.git']);
/** The embedded database's files (`DATA_DIR`), not the services' `src/data` folders. */
const SKIPPED_AT_ROOT = new Set(['data']);

/** Documents that live outside the repository, spelled so this file does not cite them itself. */
const OUTSIDE = [
  { name: 'the design document', pattern: new RegExp(['DESIGN', 'md'].join('\\.')) },
  { name: 'the toolchain notes', pattern: new RegExp(['TOOLCHAIN', 'md'].join('\\.')) },
  // The word spec (or spec's) followed by a section sign, also when the sign opens the next comment line.
  {
    name: 'the product spec',
    pattern: new RegExp(`\\bspec(?:'s|’s)?[ \\t]*(?:\\r?\\n[ \\t]*(?:\\*|//|#)?[ \\t]*)?${'§'}`, 'gi'),
  },
];

/** `docs/product.md`, optionally followed by sections: "§2", "§2, §4", "§4 and §9". */
const DOC_CITATION = /\bdocs\/([\w.-]+\.md)((?:[ \t]*(?:,|and|or)?[ \t]*§\d+)*)/g;

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      const skipped = SKIPPED_DIRS.has(entry.name) || (dir === ROOT && SKIPPED_AT_ROOT.has(entry.name));
      if (!skipped) yield* sourceFiles(path.join(dir, entry.name));
    } else if (entry.isFile() && SCANNED.test(entry.name)) {
      yield path.join(dir, entry.name);
    }
  }
}

const files = [...sourceFiles(ROOT)].map((file) => ({
  file: path.relative(ROOT, file),
  text: readFileSync(file, 'utf8'),
}));

const lineOf = (text: string, index: number) => text.slice(0, index).split('\n').length;
const lineText = (text: string, line: number) => text.split('\n')[line - 1]?.trim() ?? '';

/** The section numbers a doc has: its `## n. Title` headings. */
function sectionsOf(docFile: string): Set<number> | undefined {
  const doc = files.find(({ file }) => file === path.join('docs', docFile));
  if (!doc) return undefined;
  return new Set([...doc.text.matchAll(/^## (\d+)\. /gm)].map((match) => Number(match[1])));
}

describe('citations of documents', () => {
  it('scans the whole repository, web/src included', () => {
    expect(files.some(({ file }) => file.startsWith(`web${path.sep}src${path.sep}`))).toBe(true);
    expect(files.some(({ file }) => file.startsWith(`services${path.sep}`))).toBe(true);
    expect(files.some(({ file }) => file === path.join('docs', 'product.md'))).toBe(true);
  });

  it('numbers the docs as they are cited: product §1–§9, architecture §1–§8', () => {
    expect([...(sectionsOf('product.md') ?? [])]).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect([...(sectionsOf('architecture.md') ?? [])]).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(readdirSync(DOCS)).toContain('README.md');
  });

  it('cites no document that is not in the repository', () => {
    const offenders: string[] = [];
    for (const { file, text } of files) {
      for (const { name, pattern } of OUTSIDE) {
        for (const match of text.matchAll(new RegExp(pattern.source, 'gi'))) {
          const line = lineOf(text, match.index);
          offenders.push(`${file}:${line}: cites ${name}: ${lineText(text, line)}`);
        }
      }
    }
    expect(offenders, 'cite docs/product.md §n or docs/architecture.md §n instead').toEqual([]);
  });

  it('cites only docs files and sections that exist', () => {
    const offenders: string[] = [];
    for (const { file, text } of files) {
      for (const match of text.matchAll(DOC_CITATION)) {
        const [, docFile = '', sectionText = ''] = match;
        const line = lineOf(text, match.index);
        const sections = sectionsOf(docFile);
        if (!sections) {
          offenders.push(`${file}:${line}: docs/${docFile} does not exist: ${lineText(text, line)}`);
          continue;
        }
        for (const [, number] of sectionText.matchAll(/§(\d+)/g)) {
          if (!sections.has(Number(number))) {
            offenders.push(`${file}:${line}: docs/${docFile} has no §${number}: ${lineText(text, line)}`);
          }
        }
      }
    }
    expect(offenders).toEqual([]);
  });
});
