import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, expect, it } from 'vitest';

/**
 * The lint step's dependency check (`npm run lint` runs knip with knip.jsonc): on a small npm
 * workspace, with the repository's own configuration, it passes while every declared dependency
 * is imported, and fails, naming it, once one is declared and no longer imported; an import of
 * an undeclared package and a file nothing reaches fail it too.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const KNIP = path.join(ROOT, 'node_modules/knip/bin/knip.js');

const fixture = mkdtempSync(path.join(tmpdir(), 'seqgen-knip-'));
afterAll(() => rmSync(fixture, { recursive: true, force: true }));

function write(file: string, content: string | object) {
  const target = path.join(fixture, file);
  mkdirSync(path.dirname(target), { recursive: true });
  writeFileSync(target, typeof content === 'string' ? content : JSON.stringify(content, null, 2));
}

interface KnipIssue {
  file: string;
  dependencies: Array<{ name: string }>;
  unlisted: Array<{ name: string }>;
  files: Array<{ name: string }>;
}

async function knip(): Promise<{ exitCode: number; issues: KnipIssue[] }> {
  const args = [KNIP, '--directory', fixture, '--reporter', 'json', '--no-progress', '--no-config-hints'];
  try {
    const { stdout } = await promisify(execFile)(process.execPath, args);
    return { exitCode: 0, issues: JSON.parse(stdout).issues };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string };
    if (typeof failed.code !== 'number' || !failed.stdout) throw error;
    return { exitCode: failed.code, issues: JSON.parse(failed.stdout).issues };
  }
}

it('fails on a dependency declared and not imported, an undeclared import and an unreached file', async () => {
  copyFileSync(path.join(ROOT, 'knip.jsonc'), path.join(fixture, 'knip.jsonc'));
  write('package.json', { name: 'fixture', private: true, type: 'module', workspaces: ['services/*'] });
  write('services/demo/package.json', {
    name: '@fixture/demo',
    private: true,
    type: 'module',
    scripts: { start: 'node src/main.ts' },
    dependencies: { 'left-pad': '^1.3.0' },
  });
  write('services/demo/src/main.ts', "import leftPad from 'left-pad';\n\nexport const padded = leftPad('1', 3);\n");

  expect(await knip()).toEqual({ exitCode: 0, issues: [] });

  write('services/demo/src/main.ts', "import { z } from 'zod';\n\nexport const name = z.string();\n");
  write('services/demo/src/orphan.ts', 'export const unused = 1;\n');
  const { exitCode, issues } = await knip();
  expect(exitCode).toBe(1);
  const found = (kind: 'dependencies' | 'unlisted' | 'files') =>
    issues.flatMap((issue) => issue[kind].map(({ name }) => `${issue.file}: ${name}`));
  expect(found('dependencies')).toEqual(['services/demo/package.json: left-pad']);
  expect(found('unlisted')).toEqual(['services/demo/src/main.ts: zod']);
  expect(found('files')).toEqual(['services/demo/src/orphan.ts: services/demo/src/orphan.ts']);
}, 60_000);
