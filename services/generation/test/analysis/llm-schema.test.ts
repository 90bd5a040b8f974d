import { describe, expect, it } from 'vitest';
import { ANALYSIS_JSON_SCHEMA } from '../../src/analysis/llm.ts';
import { strictModeProblems } from '../support/strict-json-schema.ts';

describe('the JSON Schema the LLM analyser sends (derived from LlmAnalysis)', () => {
  it('holds to strict structured outputs: every property required, no others, no refused keywords', () => {
    expect(strictModeProblems(ANALYSIS_JSON_SCHEMA)).toEqual([]);
  });

  it('asks for a review of the built-in reading: the function, the words of the page, and its stated pains quoted exactly', () => {
    expect(ANALYSIS_JSON_SCHEMA).toMatchObject({
      type: 'object',
      required: [
        'function',
        'companyDescription',
        'targetAudience',
        'targetJobTitles',
        'titlesInferred',
        'statedPains',
      ],
      properties: {
        function: { type: 'string' },
        targetJobTitles: { type: 'array', items: { type: 'string' }, maxItems: 8 },
        titlesInferred: { type: 'boolean' },
        statedPains: {
          type: 'array',
          maxItems: 6,
          items: {
            required: ['quote', 'painId'],
            properties: { quote: { type: 'string' }, painId: { type: ['string', 'null'] } },
          },
        },
      },
    });
    expect(ANALYSIS_JSON_SCHEMA.properties).toMatchObject({
      statedPains: { items: { properties: { quote: { description: expect.stringMatching(/copied exactly/) } } } },
    });
  });
});
