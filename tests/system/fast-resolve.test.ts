/**
 * scripts/fast-resolve.ts, which `npm start` preloads (issue 12, "ready in ≤ 3 s"): it answers a
 * package's relative `.js` imports itself, and each must load exactly as Node's own resolver
 * would load it (format from the nearest package.json, symbolic links followed, a missing file
 * the same error). Run in a child Node with and without the preload, on a package tree built here.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const preload = fileURLToPath(new URL('../../scripts/fast-resolve.ts', import.meta.url));
const root = mkdtempSync(path.join(os.tmpdir(), 'seqgen-fast-resolve-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function write(file: string, text: string) {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
}

// An ES module package with a large exports map (as drizzle-orm's), a CommonJS folder inside it
// (a nested package.json, as dual packages ship), a linked file and a CommonJS package.
const exportsMap = Object.fromEntries(Array.from({ length: 300 }, (_, i) => [`./entry-${i}`, `./entry-${i}.js`]));
write(
  'node_modules/esm-pkg/package.json',
  JSON.stringify({ name: 'esm-pkg', type: 'module', exports: { '.': './index.js', ...exportsMap } }),
);
write(
  'node_modules/esm-pkg/index.js',
  `import { b } from './lib/b.js';
import cjs from './cjs/c.js';
import { linked } from './linked.js';
export const seen = { b, cjs, linked, index: typeof require === 'undefined' ? 'module' : 'commonjs' };
export const missing = () => import('./lib/missing.js');`,
);
write('node_modules/esm-pkg/lib/b.js', `export const b = typeof module === 'undefined' ? 'module' : 'commonjs';`);
write('node_modules/esm-pkg/cjs/package.json', JSON.stringify({ type: 'commonjs' }));
write(
  'node_modules/esm-pkg/cjs/c.js',
  `module.exports = { c: typeof module === 'object' ? 'commonjs' : 'module', d: require('./d.js') };`,
);
write('node_modules/esm-pkg/cjs/d.js', `module.exports = 'commonjs';`);
write('node_modules/real/linked-target.js', `export const linked = import.meta.url;`);
write('node_modules/real/package.json', JSON.stringify({ type: 'module' }));
symlinkSync(path.join(root, 'node_modules/real/linked-target.js'), path.join(root, 'node_modules/esm-pkg/linked.js'));
write('node_modules/cjs-pkg/package.json', JSON.stringify({ name: 'cjs-pkg', main: 'index.js' }));
write('node_modules/cjs-pkg/index.js', `module.exports = { own: require('./own.js') };`);
write('node_modules/cjs-pkg/own.js', `module.exports = typeof module === 'object' ? 'commonjs' : 'module';`);

/**
 * A resolve hook registered before the preload runs after it (hooks chain from the last
 * registered): every relative `.js` specifier it sees is one the preload left to Node.
 */
write(
  'probe.mjs',
  `import { registerHooks } from 'node:module';
const reachedNode = [];
registerHooks({ resolve(specifier, context, next) { if (/^\\.\\.?\\/.*\\.js$/.test(specifier)) reachedNode.push(specifier); return next(specifier, context); } });
if (process.env.PRELOAD) await import(process.env.PRELOAD);
const { seen, missing } = await import('esm-pkg');
const cjs = await import('cjs-pkg');
const error = await missing().then(() => 'loaded', (e) => e.code);
console.log(JSON.stringify({ seen, cjs: cjs.default, error, reachedNode }));`,
);

function run(withPreload: boolean) {
  const result = spawnSync(process.execPath, ['probe.mjs'], {
    cwd: root,
    env: { ...process.env, PRELOAD: withPreload ? preload : '' },
    encoding: 'utf8',
  });
  expect(result.stderr).not.toMatch(/Error/);
  return JSON.parse(result.stdout) as {
    seen: Record<string, unknown>;
    cjs: unknown;
    error: string;
    reachedNode: string[];
  };
}

describe('fast-resolve (npm start preload)', () => {
  it("loads every module as Node's resolver does, and answers relative .js imports itself", () => {
    const node = run(false);
    const fast = run(true);
    expect(node.seen).toEqual({
      b: 'module',
      cjs: { c: 'commonjs', d: 'commonjs' },
      linked: expect.stringContaining('/node_modules/real/linked-target.js'),
      index: 'module',
    });
    expect(node.cjs).toEqual({ own: 'commonjs' });
    expect(node.error).toBe('ERR_MODULE_NOT_FOUND');
    expect({ ...fast, reachedNode: undefined }).toEqual({ ...node, reachedNode: undefined });
    // Without the preload Node resolves them all; with it, only the missing file falls through.
    expect(node.reachedNode).toEqual(
      expect.arrayContaining(['./lib/b.js', './cjs/c.js', './linked.js', './d.js', './own.js']),
    );
    expect(fast.reachedNode).toEqual(['./lib/missing.js']);
  });
});
