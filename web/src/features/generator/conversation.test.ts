import { describe, expect, it } from 'vitest';
import { generatorReducer, hasConversation, initialGeneratorState } from './conversation';

const analysis = {
  companyName: 'Acme',
  companyDescription: 'd',
  targetAudience: 'a',
  targetJobTitles: [],
  customerPains: ['p'],
  solutions: ['s'],
};
const customization = {
  persona: 'generic',
  specificPersona: '',
  seniority: '',
  industry: 'agnostic',
  specificIndustry: '',
  tone: 50,
  additionalContext: '',
  targetSpecificCompany: 'no',
  prospectCompanyUrl: '',
  language: 'auto',
} as const;
const emails = Array.from({ length: 7 }, (_, i) => ({ subject: `s${i}`, body: `b${i}` }));

describe('generator states (spec §4)', () => {
  it('goes input → analyzing → analysis → customizing → generating → result', () => {
    let state = generatorReducer(initialGeneratorState, { type: 'analyze' });
    expect(state.phase).toBe('analyzing');
    expect(hasConversation(state)).toBe(false);
    const source = { kind: 'url', companyUrl: 'https://acme.test/', caseStudies: '' } as const;
    state = generatorReducer(state, { type: 'analyzed', source, analysis });
    expect(state.phase).toBe('analysis');
    expect(hasConversation(state)).toBe(true);
    state = generatorReducer(state, { type: 'proceed' });
    state = generatorReducer(state, { type: 'generate', customization, now: 1 });
    expect(state.phase).toBe('generating');
    expect(state.messages).toEqual([{ type: 'user', content: 'https://acme.test/', timestamp: 1 }]);
    state = generatorReducer(state, { type: 'generated', emails, now: 2 });
    expect(state.phase).toBe('result');
    expect(state.messages[1]).toMatchObject({ type: 'assistant', emailSequence: emails });
    expect(generatorReducer(state, { type: 'startOver' })).toEqual(initialGeneratorState);
  });

  it('returns to input when analysis fails and to the wizard when generation fails', () => {
    const failed = generatorReducer(generatorReducer(initialGeneratorState, { type: 'analyze' }), {
      type: 'analysisFailed',
    });
    expect(failed.phase).toBe('input');
    const manual = generatorReducer(initialGeneratorState, { type: 'manualEntered', analysis });
    expect(manual).toMatchObject({ phase: 'customizing', source: { kind: 'manual' }, analysis });
    const generating = generatorReducer(manual, { type: 'generate', customization, now: 1 });
    expect(generating.messages[0]?.content).toBe('Acme');
    const back = generatorReducer(generating, { type: 'generationFailed' });
    expect(back).toMatchObject({ phase: 'customizing', messages: [] });
  });

  it('opens a sequence from the history as a finished conversation', () => {
    const entry = {
      id: 'g1',
      companyUrl: 'https://acme.test/',
      createdAt: '2026-01-02T03:04:05.000Z',
      customization,
      sequence: emails,
    };
    const state = generatorReducer(initialGeneratorState, { type: 'openHistory', entry });
    expect(state).toMatchObject({ phase: 'result', customization, analysis: null });
    expect(state.messages.map((m) => m.type)).toEqual(['user', 'assistant']);
    expect(state.messages[0]?.content).toBe('https://acme.test/');
    expect(state.messages[1]?.emailSequence).toBe(emails);
  });
});
