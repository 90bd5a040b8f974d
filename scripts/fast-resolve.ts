/**
 * Preloaded by `npm start` (`node --import ./scripts/fast-resolve.ts`; issue 12, "ready in ≤ 3 s"):
 * resolves a package's relative imports of `.js` files itself, with the format Node would give
 * them, so Node's resolver does not work it out again for every module.
 *
 * Why: for each `.js` file it resolves, Node 24 looks up the package.json that decides the file's
 * format, and getPackageScopeConfig copies that package.json's fields into a fresh object, which
 * parses its `exports` map again each time. drizzle-orm's package.json is 179 KB with 447 exports
 * and hundreds of its modules import each other: measured with --cpu-prof, ~410 ms of each
 * thread's start went to that one step (package_json_reader `get`).
 *
 * The rule is Node's own (nodejs.org/api/packages.html, "Determining module system"): a `.js`
 * file is an ES module when the nearest package.json above it says "type": "module", CommonJS
 * otherwise. Each directory's answer is looked up once. Anything else (bare specifiers, other
 * extensions, a file that is not there) goes to Node's resolver as before.
 */
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { registerHooks } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

type Format = 'module' | 'commonjs';
const formatOfDirectory = new Map<string, Format>();

function formatOfJsIn(directory: string): Format {
  const known = formatOfDirectory.get(directory);
  if (known) return known;
  const manifest = path.join(directory, 'package.json');
  const parent = path.dirname(directory);
  let format: Format;
  if (existsSync(manifest)) {
    format =
      (JSON.parse(readFileSync(manifest, 'utf8')) as { type?: string }).type === 'module' ? 'module' : 'commonjs';
  } else {
    format = parent === directory ? 'commonjs' : formatOfJsIn(parent);
  }
  formatOfDirectory.set(directory, format);
  return format;
}

registerHooks({
  resolve(specifier, context, nextResolve) {
    const parentUrl = context.parentURL;
    if (!parentUrl?.startsWith('file:') || !/^\.\.?\//.test(specifier) || !specifier.endsWith('.js')) {
      return nextResolve(specifier, context);
    }
    let file: string;
    try {
      // Node resolves symbolic links too (unless --preserve-symlinks); this also fails on a missing file.
      file = realpathSync(fileURLToPath(new URL(specifier, parentUrl)));
    } catch {
      return nextResolve(specifier, context);
    }
    return { url: pathToFileURL(file).href, format: formatOfJsIn(path.dirname(file)), shortCircuit: true };
  },
});
