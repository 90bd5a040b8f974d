/**
 * The web app's import boundaries (docs/architecture.md §7) are enforced by `npm run lint`, which
 * runs dependency-cruiser with web/.dependency-cruiser.ts over web/src. This runs the same command
 * on a scratch tree laid out like web/src, with one file breaking each rule beside imports that
 * are allowed, and expects exactly those files to fail.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const depcruise = path.join(repoRoot, 'node_modules/dependency-cruiser/bin/dependency-cruiser.mjs');
const config = path.join(repoRoot, 'web/.dependency-cruiser.ts');

const ALLOWED: Record<string, string> = {
  'src/main.tsx': "import { App } from './app/App';\nApp();",
  // app/ composes features.
  'src/app/App.tsx': [
    "import { Generator } from '../features/generator/Generator';",
    "import { Library } from '../features/library/Library';",
    'export const App = () => [Generator, Library];',
  ].join('\n'),
  // A feature uses its own modules, components/ and lib/.
  'src/features/generator/Generator.tsx': [
    "import { Button } from '../../components/ui/Button';",
    "import { PLANS } from '../../lib/plans';",
    "import { steps } from './wizard';",
    'export const Generator = () => [Button, PLANS, steps];',
  ].join('\n'),
  'src/features/generator/wizard.ts': 'export const steps = 3;',
  'src/features/library/Library.tsx':
    "import { Button } from '../../components/ui/Button';\nexport const Library = Button;",
  'src/features/library/saved.ts': 'export type Saved = { id: string };',
  // components/ build on lib/; a lib/ test may render a component.
  'src/components/ui/Button.tsx': "import { cn } from '../../lib/cn';\nexport const Button = cn;",
  'src/lib/cn.ts': 'export const cn = (...names: string[]) => names.join(" ");',
  'src/lib/plans.ts': 'export const PLANS = [];',
  'src/lib/plans.test.tsx': "import { Button } from '../components/ui/Button';\nButton();",
};

const BREAKING: Record<string, string> = {
  'src/features/generator/uses-library.ts': "import { Library } from '../library/Library';\nLibrary();",
  'src/features/generator/uses-library-type.ts':
    "import type { Saved } from '../library/saved';\nexport type S = Saved;",
  'src/components/sequence/uses-feature.tsx': "import { steps } from '../../features/generator/wizard';\nsteps;",
  'src/lib/uses-component.ts': "import { Button } from '../components/ui/Button';\nButton();",
  'src/features/library/uses-app.ts': "import { App } from '../../app/App';\nApp();",
  'src/lib/cycle-a.ts': "import { b } from './cycle-b';\nexport const a = () => b;",
  'src/lib/cycle-b.ts': "import { a } from './cycle-a';\nexport const b = () => a;",
};

const trees: string[] = [];
afterAll(() => {
  for (const tree of trees) rmSync(tree, { recursive: true, force: true });
});

function scratchTree(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'seqgen-boundaries-'));
  trees.push(root);
  const tsconfig = {
    compilerOptions: { module: 'ESNext', moduleResolution: 'Bundler', jsx: 'react-jsx', strict: true },
  };
  for (const [file, text] of Object.entries({ ...files, 'tsconfig.json': JSON.stringify(tsconfig) })) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}

/** `depcruise src --config web/.dependency-cruiser.ts` in the tree, as web's lint script runs it. */
async function lint(root: string): Promise<{ code: number; errors: string[] }> {
  const run = promisify(execFile)(process.execPath, [depcruise, 'src', '--config', config], { cwd: root });
  const { code, stdout } = await run.then(
    (done) => ({ code: 0, stdout: done.stdout }),
    (failed: { code?: number; stdout?: string }) => ({ code: failed.code ?? -1, stdout: failed.stdout ?? '' }),
  );
  // One "error <rule>: <from> → <to>" per violation; a cycle continues on indented lines.
  const errors: string[] = [];
  for (const line of stdout.split('\n')) {
    if (line.trimStart().startsWith('error ')) errors.push(line.trim().slice('error '.length));
    else if (/^\s{4,}\S/.test(line) && errors.length > 0) errors.push(`${errors.pop()} ${line.trim()}`);
  }
  return { code, errors };
}

describe('web import boundaries (npm run lint)', () => {
  it('passes a tree that keeps them', async () => {
    expect(await lint(scratchTree(ALLOWED))).toEqual({ code: 0, errors: [] });
  }, 60_000);

  it('fails on a cross-feature import, a shared module importing a feature or app/, lib/ importing a component, and a cycle', async () => {
    const { code, errors } = await lint(scratchTree({ ...ALLOWED, ...BREAKING }));
    expect(code).not.toBe(0);
    expect(errors.sort()).toEqual(
      [
        'no-cross-feature-import: src/features/generator/uses-library.ts → src/features/library/Library.tsx',
        'no-cross-feature-import: src/features/generator/uses-library-type.ts → src/features/library/saved.ts',
        'no-feature-import-from-shared: src/components/sequence/uses-feature.tsx → src/features/generator/wizard.ts',
        'no-component-import-from-lib: src/lib/uses-component.ts → src/components/ui/Button.tsx',
        'no-app-import: src/features/library/uses-app.ts → src/app/App.tsx',
        'no-import-cycle: src/lib/cycle-a.ts → src/lib/cycle-b.ts → src/lib/cycle-a.ts',
      ].sort(),
    );
  }, 60_000);
});
