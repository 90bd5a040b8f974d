/**
 * Issue 12: `npm start` rebuilds the web app only when what it is built from changed
 * (scripts/build-web.ts). The decision is checked on a scratch tree; the real build is not run.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { builtFrom, STAMP, WEB_BUILD_INPUTS, webSourceHash } from '../../scripts/build-web.ts';

const repoRoot = path.resolve(import.meta.dirname, '../..');

describe('building the web app only when its sources changed', () => {
  const trees: string[] = [];
  afterEach(() => {
    for (const tree of trees.splice(0)) rmSync(tree, { recursive: true, force: true });
  });

  function scratchTree() {
    const root = mkdtempSync(path.join(os.tmpdir(), 'seqgen-build-web-'));
    trees.push(root);
    const write = (file: string, text: string) => {
      mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      writeFileSync(path.join(root, file), text);
    };
    write('web/src/main.tsx', 'render()');
    write('web/index.html', '<div id="root"></div>');
    write('proto/src/index.ts', 'export const x = 1;');
    write('package-lock.json', '{}');
    return { root, write };
  }

  it('changes the hash when any input changes, and only then', () => {
    const { root, write } = scratchTree();
    const first = webSourceHash(root);
    expect(webSourceHash(root)).toBe(first);
    write('services/quota/src/main.ts', 'not an input of the web build');
    expect(webSourceHash(root)).toBe(first);
    write('proto/src/index.ts', 'export const x = 2;');
    const second = webSourceHash(root);
    expect(second).not.toBe(first);
    write('web/src/new-file.ts', '');
    expect(webSourceHash(root)).not.toBe(second);
  });

  it('trusts a build only with its page and the stamp of the same sources', () => {
    const { root, write } = scratchTree();
    const hash = webSourceHash(root);
    const dist = path.join(root, 'web/dist');
    expect(builtFrom(dist, hash)).toBe(false);
    write(`web/dist/${STAMP}`, hash);
    expect(builtFrom(dist, hash)).toBe(false);
    write('web/dist/index.html', '<!doctype html>');
    expect(builtFrom(dist, hash)).toBe(true);
    write('web/src/main.tsx', 'render(<App />)');
    expect(builtFrom(dist, webSourceHash(root))).toBe(false);
  });

  it('counts every workspace the web app imports among the inputs', () => {
    const manifest = JSON.parse(readFileSync(path.join(repoRoot, 'web/package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    const workspaces = Object.keys(manifest.dependencies)
      .filter((name) => name.startsWith('@seqgen/'))
      .map((name) => name.replace('@seqgen/', ''));
    expect(workspaces.length).toBeGreaterThan(0);
    for (const workspace of workspaces) expect(WEB_BUILD_INPUTS).toContain(`${workspace}/src`);
  });
});
