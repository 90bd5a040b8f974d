import { LIMITS } from '@seqgen/checks';
import { describe, expect, it } from 'vitest';
import { EMAIL_JSON_SCHEMA, SEQUENCE_JSON_SCHEMA } from '../../src/writing/llm/schemas.ts';
import { strictModeProblems } from '../support/strict-json-schema.ts';

describe('the JSON Schemas the LLM writer sends (derived from LlmSequence and LlmEmail)', () => {
  const email = {
    type: 'object',
    properties: {
      subject: {
        type: 'string',
        description: `At most ${LIMITS.subject.maxChars} characters and ${LIMITS.subject.maxWords} words.`,
      },
      body: { type: 'string' },
    },
    required: ['subject', 'body'],
    additionalProperties: false,
  };

  it('hold to strict structured outputs', () => {
    expect(strictModeProblems(SEQUENCE_JSON_SCHEMA)).toEqual([]);
    expect(strictModeProblems(EMAIL_JSON_SCHEMA)).toEqual([]);
  });

  it('ask for exactly seven emails of a subject and a body, and for one email when it is rewritten', () => {
    expect(SEQUENCE_JSON_SCHEMA).toMatchObject({
      type: 'object',
      properties: {
        emails: {
          type: 'array',
          minItems: 7,
          maxItems: 7,
          items: email,
          description: 'Exactly seven emails, in sending order.',
        },
      },
      required: ['emails'],
      additionalProperties: false,
    });
    expect(EMAIL_JSON_SCHEMA).toMatchObject(email);
  });
});
