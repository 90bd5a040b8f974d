/**
 * proto is written in zod 4's own forms (`z.uuid()`, `z.iso.datetime()`, `z.email()`, `z.url()`,
 * `error` parameters), not the ones zod 4 keeps only for compatibility and marks deprecated.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

const sourceFolder = fileURLToPath(new URL('../src/', import.meta.url));
const sources = readdirSync(sourceFolder, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.ts'))
  .map((file) => ({ file, text: readFileSync(path.join(sourceFolder, file), 'utf8') }));

const STRING_FORMATS =
  'email|url|jwt|emoji|guid|uuid|uuidv4|uuidv6|uuidv7|nanoid|cuid|cuid2|ulid|base64|base64url|xid|ksuid|ipv4|ipv6|cidrv4|cidrv6|e164|datetime|date|time|duration';

/** Each deprecated form, and the current one to write instead. */
const DEPRECATED: [RegExp, string][] = [
  // `.uuid(` on a string schema; `z.uuid(` and `z.iso.datetime(` are the current forms.
  [new RegExp(`(?<!\\bz|\\bz\\.iso)\\.(${STRING_FORMATS})\\(`), 'z.<format>() / z.iso.<format>()'],
  [/\.(finite|safe|step)\(/, 'z.number() (finite and safe already) / .multipleOf()'],
  [/\.(passthrough|merge|deepPartial|strip)\(/, 'z.looseObject() / .extend()'],
  [/\bz\.nativeEnum\(/, 'z.enum()'],
  [/\b(invalid_type_error|required_error|errorMap)\s*:/, '{ error }'],
];

describe('proto uses zod 4’s current forms', () => {
  it('finds the sources', () => {
    expect(sources.length).toBeGreaterThan(10);
  });

  it.each(DEPRECATED)('nowhere %s (write %s)', (pattern) => {
    const found = sources.flatMap(({ file, text }) =>
      text
        .split('\n')
        .map((line, index) => ({ where: `${file}:${index + 1}`, line }))
        .filter(({ line }) => pattern.test(line) && !/^\s*(\*|\/\/)/.test(line)),
    );
    expect(found).toEqual([]);
  });

  it('keeps the behaviour of the forms it replaced: uuids and times as before', () => {
    const uuid = z.uuid();
    expect(uuid.safeParse(crypto.randomUUID()).success).toBe(true);
    expect(uuid.safeParse('3b241101-e2bb-4255-8caf-4136c566a962').success).toBe(true);
    expect(uuid.safeParse('3b241101-e2bb-0255-8caf-4136c566a962').success).toBe(false);
    const time = z.iso.datetime({ offset: true });
    expect(time.safeParse('2026-11-22T10:00:00.000Z').success).toBe(true);
    expect(time.safeParse('2026-11-22T10:00:00+02:00').success).toBe(true);
    expect(time.safeParse('2026-11-22T10:00:00').success).toBe(false);
  });
});
