import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseAnswer, strictJsonSchema } from '../../src/llm/schema.ts';
import { strictModeProblems } from '../support/strict-json-schema.ts';

describe('strictJsonSchema: the JSON Schema a model is held to, from the zod schema its answer is parsed with', () => {
  const Answer = z.object({
    name: z.string().trim().min(1).max(80).describe('The name.'),
    site: z.string().url().nullable(),
    tags: z
      .array(z.string().regex(/^[a-z]+$/))
      .min(1)
      .max(3),
    kind: z.enum(['a', 'b']).default('a'),
    nested: z.object({ ok: z.boolean() }),
  });

  it('is zod’s own JSON Schema, made strict: every property required, no others, no keywords strict mode refuses', () => {
    const schema = strictJsonSchema(Answer);
    expect(schema).toEqual({
      type: 'object',
      properties: {
        name: { type: 'string', description: 'The name.' },
        site: { anyOf: [{ type: 'string' }, { type: 'null' }] },
        tags: { type: 'array', items: { type: 'string' }, minItems: 1, maxItems: 3 },
        kind: { type: 'string', enum: ['a', 'b'] },
        nested: {
          type: 'object',
          properties: { ok: { type: 'boolean' } },
          required: ['ok'],
          additionalProperties: false,
        },
      },
      required: ['name', 'site', 'tags', 'kind', 'nested'],
      additionalProperties: false,
    });
    expect(strictModeProblems(schema)).toEqual([]);
  });

  it('leaves the refused keywords to zod, which names the first problem of an answer', () => {
    const answer = { name: '', site: null, tags: ['ok'], kind: 'a', nested: { ok: true } };
    expect(parseAnswer(JSON.stringify(answer), Answer)).toEqual({
      ok: false,
      problem: 'name: Too small: expected string to have >=1 characters',
    });
    expect(parseAnswer('{"name":', Answer)).toEqual({ ok: false, problem: 'not JSON' });
  });
});
