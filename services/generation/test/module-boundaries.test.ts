import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The generation service's modules (docs/architecture.md §6): analysis, writing and the shared
 * LLM client each have an index.ts that is the only way in from outside them; their own tests
 * (test/<module>/) may reach inside. The analysis never depends on the writing, and the LLM
 * client on neither, not even through another file.
 */
const SERVICE = resolve(fileURLToPath(new URL('..', import.meta.url)));
const REPO = resolve(SERVICE, '../..');
const MODULES = ['analysis', 'writing', 'llm'] as const;
type Module = (typeof MODULES)[number];
/** What each module must never reach, directly or through the files it imports. */
const NEVER: Record<Module, Module[]> = { analysis: ['writing'], writing: [], llm: ['analysis', 'writing'] };

/** Where the files that may import the service's code live: the service, the scripts and the system tests. */
const ROOTS = [SERVICE, join(REPO, 'scripts'), join(REPO, 'tests')];

function typeScriptFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === 'node_modules' || entry.name === 'fixtures') return [];
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return typeScriptFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The files a source imports or re-exports (static and dynamic), resolved; packages left out. */
function importsOf(file: string, source: string): string[] {
  return ts
    .preProcessFile(source, true, true)
    .importedFiles.map((imported) => imported.fileName)
    .filter((name) => name.startsWith('.'))
    .map((name) => resolve(dirname(file), name));
}

const moduleOf = (file: string): Module | undefined =>
  MODULES.find((name) => file.startsWith(join(SERVICE, 'src', name, '/')));
/** A module's own tests count as inside it. */
const insideOf = (file: string): Module | undefined =>
  moduleOf(file) ?? MODULES.find((name) => file.startsWith(join(SERVICE, 'test', name, '/')));

/** Every import that breaks the rules, as "importer → imported: why", paths relative to the repository. */
function boundaryViolations(sources: Map<string, string>): string[] {
  const graph = new Map([...sources].map(([file, source]) => [file, importsOf(file, source)]));
  const shown = (file: string) => relative(REPO, file);
  const violations: string[] = [];
  for (const [file, imported] of graph) {
    for (const target of imported) {
      const module = moduleOf(target);
      if (!module || insideOf(file) === module || target === join(SERVICE, 'src', module, 'index.ts')) continue;
      violations.push(
        `${shown(file)} → ${shown(target)}: only ${module}/index.ts may be imported from outside ${module}`,
      );
    }
  }
  for (const module of MODULES) {
    if (!NEVER[module].length) continue;
    // Everything the module's source reaches, through any file.
    const reached = new Map<string, string>();
    const queue = [...graph.keys()].filter((file) => moduleOf(file) === module);
    for (const file of queue) reached.set(file, file);
    while (queue.length) {
      const file = queue.shift() as string;
      for (const target of graph.get(file) ?? []) {
        if (reached.has(target)) continue;
        reached.set(target, reached.get(file) as string);
        queue.push(target);
      }
    }
    for (const [target, from] of reached) {
      const other = moduleOf(target);
      if (other && NEVER[module].includes(other)) {
        violations.push(`${shown(from)} → ${shown(target)}: ${module} must not depend on ${other}`);
      }
    }
  }
  return violations;
}

describe('module boundaries of the generation service', () => {
  it('holds: modules are entered through their index, analysis never reaches writing, the LLM client neither', () => {
    const files = ROOTS.flatMap(typeScriptFiles);
    expect(files.some((file) => moduleOf(file) === 'writing')).toBe(true);
    const sources = new Map(files.map((file) => [file, readFileSync(file, 'utf8')]));
    expect(boundaryViolations(sources)).toEqual([]);
  });

  it('names an import of a module internal from outside, and analysis reaching writing through another file', () => {
    const src = (path: string) => join(SERVICE, 'src', path);
    const violations = boundaryViolations(
      new Map([
        [src('routes/emails.ts'), "import { composeSequence } from '../writing/composer/composer.ts';"],
        [src('writing/composer/composer.ts'), ''],
        [src('analysis/builtin/company.ts'), "import { helper } from '../../shared.ts';"],
        [src('shared.ts'), "export { buildBrief } from './writing/index.ts';"],
        [src('writing/index.ts'), ''],
        [join(SERVICE, 'test/writing/composer.test.ts'), "import '../../src/writing/composer/composer.ts';"],
        [join(SERVICE, 'test/analysis/x.test.ts'), "import '../../src/analysis/builtin/company.ts';"],
      ]),
    );
    expect(violations).toEqual([
      'services/generation/src/routes/emails.ts → services/generation/src/writing/composer/composer.ts: only writing/index.ts may be imported from outside writing',
      'services/generation/src/analysis/builtin/company.ts → services/generation/src/writing/index.ts: analysis must not depend on writing',
    ]);
  });
});
