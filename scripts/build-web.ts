/**
 * `npm start` builds the web app only when what it is built from changed since the last build
 * (issue 12: rebuilding on every start cost ~5 s of the 7 s to answer). What it is built from:
 * the web workspace's sources and config, the workspaces it imports (proto, checks) and the lock
 * file. The hash of all of them is stamped into the build output; `vite build` empties that folder
 * first, so any build made another way drops the stamp and the next start builds again.
 *
 *   node scripts/build-web.ts           build if needed
 *   node scripts/build-web.ts --always  build (npm run build)
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Files and folders, relative to the repository root, that the web build reads. */
export const WEB_BUILD_INPUTS = [
  'web/src',
  'web/public',
  'web/index.html',
  'web/vite.config.ts',
  'web/package.json',
  'proto/src',
  'proto/package.json',
  'checks/src',
  'checks/package.json',
  'package-lock.json',
];
export const STAMP = '.source-hash';

function filesUnder(root: string, relative: string): string[] {
  const full = path.join(root, relative);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [relative];
  return readdirSync(full, { withFileTypes: true })
    .filter((entry) => !entry.name.startsWith('.'))
    .flatMap((entry) => filesUnder(root, path.join(relative, entry.name)));
}

/** One hash over every input file's path and bytes, in a fixed order. */
export function webSourceHash(root: string, inputs: readonly string[] = WEB_BUILD_INPUTS): string {
  const hash = createHash('sha256');
  for (const file of inputs.flatMap((input) => filesUnder(root, input)).sort()) {
    hash
      .update(file.split(path.sep).join('/'))
      .update('\0')
      .update(readFileSync(path.join(root, file)))
      .update('\0');
  }
  return hash.digest('hex');
}

/** Whether `dist` holds a complete build of exactly these sources. */
export function builtFrom(dist: string, hash: string): boolean {
  const stamp = path.join(dist, STAMP);
  return existsSync(path.join(dist, 'index.html')) && existsSync(stamp) && readFileSync(stamp, 'utf8') === hash;
}

if (import.meta.main) {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const dist = path.join(root, 'web/dist');
  const hash = webSourceHash(root);
  if (!process.argv.includes('--always') && builtFrom(dist, hash)) {
    process.stderr.write('web app: up to date (built from these sources), not rebuilt\n');
  } else {
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const built = spawnSync(npm, ['run', 'build', '-w', 'web'], { cwd: root, stdio: 'inherit' });
    if (built.status !== 0) process.exit(built.status ?? 1);
    writeFileSync(path.join(dist, STAMP), hash);
  }
}
