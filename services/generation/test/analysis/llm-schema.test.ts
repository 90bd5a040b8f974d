import { describe, expect, it } from 'vitest';
import { ANALYSIS_JSON_SCHEMA } from '../../src/analysis/llm.ts';
import { strictModeProblems } from '../support/strict-json-schema.ts';

describe('the JSON Schema the LLM analyser sends (derived from LlmAnalysis)', () => {
  it('holds to strict structured outputs: every property required, no others, no refused keywords', () => {
    expect(strictModeProblems(ANALYSIS_JSON_SCHEMA)).toEqual([]);
  });

  it('asks for the analysis as the product reads it', () => {
    const nullableText = { anyOf: [{ type: 'string' }, { type: 'null' }] };
    expect(ANALYSIS_JSON_SCHEMA).toMatchObject({
      type: 'object',
      required: [
        'companyName',
        'companyDescription',
        'targetAudience',
        'targetJobTitles',
        'titlesInferred',
        'language',
        'pains',
        'proofPoints',
        'customers',
      ],
      properties: {
        companyName: { type: 'string' },
        targetJobTitles: { type: 'array', items: { type: 'string' }, maxItems: 8 },
        titlesInferred: { type: 'boolean' },
        language: { type: 'string', enum: ['en', 'de', 'fr', 'es'] },
        pains: {
          type: 'array',
          maxItems: 6,
          items: {
            required: ['pain', 'phrase', 'solution'],
            properties: { pain: { type: 'string' }, phrase: nullableText, solution: { type: 'string' } },
          },
        },
        proofPoints: {
          type: 'array',
          maxItems: 8,
          items: {
            required: ['customer', 'result', 'solution', 'quote', 'person'],
            properties: { solution: nullableText, quote: { type: 'boolean' }, person: nullableText },
          },
        },
        customers: { type: 'array', items: { type: 'string' }, maxItems: 12 },
      },
    });
    expect(ANALYSIS_JSON_SCHEMA.properties).toMatchObject({
      pains: { items: { properties: { pain: { description: expect.stringMatching(/one complete sentence/) } } } },
    });
  });
});
