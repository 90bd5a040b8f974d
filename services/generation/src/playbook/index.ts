import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { parse } from 'yaml';
import { FunctionPlaybook, Industries, type Industry } from './schema.ts';

/**
 * The playbook (docs/architecture.md §6; the copy and its rules in ../../playbook/README.md): every
 * business function's pains, capabilities, objections, angles, subject lines and questions, and the
 * industries, in English, German, French and Spanish. Read from the YAML files once, on first use,
 * and validated: a file that breaks the schema stops the service with the file's name and the field.
 */

export type {
  Capability,
  FunctionPlaybook,
  Industry,
  Level,
  Lists,
  Objection,
  Outcome,
  Pain,
  PlaybookLanguage,
  Text,
} from './schema.ts';
export { PLAYBOOK_LANGUAGES } from './schema.ts';

const PLAYBOOK_DIR = new URL('../../playbook/', import.meta.url);

/** The fallback function when a site matches none well enough: general B2B selling. */
export const GENERAL_FUNCTION = 'general-b2b';

export interface Playbook {
  /** Every function, by id, in file-name order. */
  functions: ReadonlyMap<string, FunctionPlaybook>;
  industries: ReadonlyMap<string, Industry>;
}

let loaded: Playbook | undefined;

/** The playbook, read and validated on the first call. */
export function playbook(): Playbook {
  loaded ??= readPlaybook(PLAYBOOK_DIR);
  return loaded;
}

/**
 * Where a parsed, validated playbook is kept between starts, by the hash of its files and of the
 * schema: reading 2 MB of YAML and validating it takes over a second and ~100 MB of short-lived
 * garbage, which `npm start` paid before it could listen (issue 25, "npm start ready ≤ 3 s and
 * ≤ 350 MB"; figures in bench-report.md). Beside NODE_COMPILE_CACHE's folder (package.json `start`).
 */
const CACHE_DIR = new URL('../../../../node_modules/.cache/seqgen-playbook/', import.meta.url);
const SCHEMA_FILE = new URL('./schema.ts', import.meta.url);

interface PlaybookFiles {
  functions: [file: string, text: string][];
  industries: string;
}

function readFiles(dir: URL): PlaybookFiles {
  const functionsDir = new URL('functions/', dir);
  const names = readdirSync(functionsDir)
    .filter((name) => name.endsWith('.yaml'))
    .sort();
  return {
    functions: names.map((file) => [file, readFileSync(new URL(file, functionsDir), 'utf8')]),
    industries: readFileSync(new URL('industries.yaml', dir), 'utf8'),
  };
}

/**
 * Reads and validates every file under `dir` (tests point it at a folder of their own). The result
 * of an unchanged folder comes from the cache: a file or the schema that changed is read and
 * validated again, so a broken file still stops the service with its name and field.
 */
export function readPlaybook(dir: URL, cacheDir: URL | undefined = CACHE_DIR): Playbook {
  const files = readFiles(dir);
  const hash = createHash('sha256');
  hash.update(readFileSync(SCHEMA_FILE, 'utf8'));
  for (const [file, text] of files.functions) hash.update(`\0${file}\0${text}`);
  hash.update(`\0industries.yaml\0${files.industries}`);
  const cached = cacheDir && new URL(`${hash.digest('hex')}.json`, cacheDir);
  if (cached) {
    try {
      return fromJson(readFileSync(cached, 'utf8'));
    } catch {
      // Not cached yet (or unreadable): read the YAML below.
    }
  }
  const parsed = parseFiles(files);
  if (cached) {
    try {
      // Written whole, then renamed, so a start running beside this one never reads half a file.
      mkdirSync(cacheDir, { recursive: true });
      const partial = new URL(`${cached.pathname.split('/').pop()}.${process.pid}.tmp`, cacheDir);
      writeFileSync(partial, toJson(parsed));
      renameSync(partial, cached);
    } catch {
      // A read-only install (a container's image) reads the YAML on every start instead.
    }
  }
  return parsed;
}

function parseFiles(files: PlaybookFiles): Playbook {
  const functions = new Map<string, FunctionPlaybook>();
  for (const [file, text] of files.functions) {
    const parsed = FunctionPlaybook.safeParse(parse(text));
    if (!parsed.success) throw new PlaybookError(`functions/${file}`, parsed.error.issues);
    if (`${parsed.data.id}.yaml` !== file) {
      throw new PlaybookError(`functions/${file}`, [
        { path: ['id'], message: `id "${parsed.data.id}" differs from the file name` },
      ]);
    }
    functions.set(parsed.data.id, parsed.data);
  }
  const industriesFile = Industries.safeParse(parse(files.industries));
  if (!industriesFile.success) throw new PlaybookError('industries.yaml', industriesFile.error.issues);
  const industries = new Map(industriesFile.data.industries.map((industry) => [industry.id, industry]));
  return { functions, industries };
}

const toJson = (source: Playbook) =>
  JSON.stringify({ functions: [...source.functions.values()], industries: [...source.industries.values()] });

function fromJson(text: string): Playbook {
  const { functions, industries } = JSON.parse(text) as { functions: FunctionPlaybook[]; industries: Industry[] };
  return {
    functions: new Map(functions.map((fn) => [fn.id, fn])),
    industries: new Map(industries.map((industry) => [industry.id, industry])),
  };
}

export class PlaybookError extends Error {
  constructor(file: string, issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
    const first = issues
      .slice(0, 5)
      .map((issue) => `${issue.path.map(String).join('.') || '(file)'}: ${issue.message}`)
      .join('; ');
    super(`playbook ${file}: ${first}${issues.length > 5 ? ` (and ${issues.length - 5} more)` : ''}`);
    this.name = 'PlaybookError';
  }
}
