/**
 * Every schema — proto's contracts, the services' settings, the web app's forms — is written in
 * zod 4's own forms (`z.uuid()`, `z.iso.datetime()`, `z.email()`, `z.url()`, `error`
 * parameters), not the ones zod 4 keeps only for compatibility and marks deprecated.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

const root = fileURLToPath(new URL('../../', import.meta.url));
const sourceFolders = [
  'proto/src',
  'checks/src',
  'web/src',
  ...readdirSync(path.join(root, 'services')).map((service) => `services/${service}/src`),
];
const sources = sourceFolders.flatMap((folder) =>
  readdirSync(path.join(root, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file))
    .map((file) => ({ file: `${folder}/${file}`, text: readFileSync(path.join(root, folder, file), 'utf8') })),
);

const STRING_FORMATS =
  'email|url|jwt|emoji|guid|uuid|uuidv4|uuidv6|uuidv7|nanoid|cuid|cuid2|ulid|base64|base64url|xid|ksuid|ipv4|ipv6|cidrv4|cidrv6|e164|datetime|date|time|duration';

/**
 * A format on a string schema (`z.string().url()`, also after other checks): `z.url()` and
 * `z.iso.datetime()` are the current forms. Read across lines, as a chain is often written.
 */
const STRING_FORMAT_CHAIN = new RegExp(
  `z\\s*\\.string\\(\\)(?:\\s*\\.\\w+\\((?:[^()]|\\([^()]*\\))*\\))*?\\s*\\.(${STRING_FORMATS})\\(`,
  'g',
);

/** Each deprecated form (line by line), and the current one to write instead. */
const DEPRECATED: [RegExp, string][] = [
  [/\.(finite|safe|step)\(/, 'z.number() (finite and safe already) / .multipleOf()'],
  [/\.(passthrough|merge|deepPartial|strip)\(/, 'z.looseObject() / .extend()'],
  [/\bz\.nativeEnum\(/, 'z.enum()'],
  [/\b(invalid_type_error|required_error|errorMap)\s*:/, '{ error }'],
];

describe('schemas use zod 4’s current forms', () => {
  it('finds the sources', () => {
    expect(sources.length).toBeGreaterThan(100);
    for (const folder of ['proto/src', 'services/auth/src', 'web/src']) {
      expect(sources.some(({ file }) => file.startsWith(folder))).toBe(true);
    }
  });

  it('nowhere a format on z.string() (write z.<format>() / z.iso.<format>())', () => {
    const found = sources.flatMap(({ file, text }) =>
      [...text.matchAll(STRING_FORMAT_CHAIN)].map(
        (match) => `${file}:${text.slice(0, match.index).split('\n').length}`,
      ),
    );
    expect(found).toEqual([]);
    // The check itself sees the forms it is for.
    expect('z.string().url()'.match(STRING_FORMAT_CHAIN)).toHaveLength(1);
    expect('z\n  .string()\n  .min(1)\n  .email("must be")'.match(STRING_FORMAT_CHAIN)).toHaveLength(1);
    expect('z.url(); c.email(x); z.iso.datetime()'.match(STRING_FORMAT_CHAIN)).toBeNull();
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
