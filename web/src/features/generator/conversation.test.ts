import type { CheckContext, SequenceChecks } from '@seqgen/proto';
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

describe('generator states (docs/product.md §4)', () => {
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

describe('streamed generation and the studio', () => {
  const source = { kind: 'url', companyUrl: 'https://acme.test/', caseStudies: '' } as const;
  const generating = () => {
    let state = generatorReducer(initialGeneratorState, { type: 'analyzed', source, analysis });
    state = generatorReducer(state, { type: 'proceed' });
    return generatorReducer(state, { type: 'generate', customization, now: 1 });
  };

  it('collects progress, drafts and emails while streaming, then opens the studio on done', () => {
    let state = generating();
    state = generatorReducer(state, {
      type: 'streamed',
      event: { type: 'progress', step: 'writing', message: 'Writing email 1 of 7…' },
    });
    state = generatorReducer(state, { type: 'streamed', event: { type: 'draft', index: 0, subject: 's', body: 'Hi' } });
    expect(state.stream).toMatchObject({ message: 'Writing email 1 of 7…', draft: { index: 0, body: 'Hi' } });
    state = generatorReducer(state, {
      type: 'streamed',
      event: { type: 'email', index: 0, email: emails[0] as never },
    });
    expect(state.stream?.emails[0]).toEqual(emails[0]);
    expect(state.stream?.draft).toBeUndefined();
    expect(state.phase).toBe('generating');

    const checkContext: CheckContext = { language: 'en', sources: ['x'], caseStudyCustomers: [] };
    const checks: SequenceChecks = { status: 'pass', summary: 'ok', sequence: [], emails: [] };
    state = generatorReducer(state, { type: 'generated', emails, checks, checkContext, language: 'en', now: 2 });
    expect(state).toMatchObject({
      phase: 'result',
      stream: null,
      checks,
      checkContext,
      contextOpened: false,
      language: 'en',
    });
    expect(state.studio?.emails).toEqual(emails);
    expect(state.studio?.cadence).toEqual([0, 3, 7, 11, 16, 21, 28]);
  });

  it('ignores stream events once generation is over, and builds a check context when none came', () => {
    let state = generatorReducer(generating(), { type: 'generated', emails, now: 2 });
    expect(state.contextOpened).toBe(true);
    expect(state.checkContext?.sources[0]).toContain('s1');
    const before = state;
    state = generatorReducer(state, {
      type: 'streamed',
      event: { type: 'email', index: 0, email: emails[1] as never },
    });
    expect(state).toBe(before);
    // The server's context, from a regeneration, replaces the one built in the browser.
    const server: CheckContext = { language: 'en', sources: ['server'], caseStudyCustomers: [] };
    state = generatorReducer(state, { type: 'checkContext', checkContext: server });
    expect(state).toMatchObject({ checkContext: server, contextOpened: false });
  });

  it('edits go into the conversation state; a failed generation drops the question and the stream', () => {
    let state = generatorReducer(generating(), { type: 'generated', emails, now: 2 });
    state = generatorReducer(state, { type: 'studio', action: { type: 'editSubject', index: 1, subject: 'Edited' } });
    expect(state.studio?.emails[1]?.subject).toBe('Edited');
    const failed = generatorReducer(generating(), { type: 'generationFailed' });
    expect(failed).toMatchObject({ phase: 'customizing', stream: null, messages: [] });
  });

  it('opens a history entry in the studio with a context built from it', () => {
    const entry = {
      id: 'g1',
      companyUrl: 'https://acme.test/',
      createdAt: '2026-01-02T03:04:05.000Z',
      customization,
      sequence: emails,
    };
    const state = generatorReducer(initialGeneratorState, { type: 'openHistory', entry });
    expect(state.studio?.emails).toEqual(emails);
    expect(state.contextOpened).toBe(true);
    expect(state.checkContext?.language).toBe('en');
  });
});

describe('server checks after an edit', () => {
  it('are dropped once the emails change, so a restored draft is re-checked', () => {
    const checks = { status: 'pass', summary: 'ok', sequence: [], emails: [] } as never;
    let state = generatorReducer(initialGeneratorState, { type: 'manualEntered', analysis });
    state = generatorReducer(state, { type: 'generate', customization, now: 1 });
    state = generatorReducer(state, { type: 'generated', emails, checks, now: 2 });
    state = generatorReducer(state, { type: 'studio', action: { type: 'setSendDay', index: 1, day: 4 } });
    expect(state.checks).toBe(checks);
    state = generatorReducer(state, { type: 'studio', action: { type: 'editBody', index: 1, body: 'changed' } });
    expect(state.checks).toBeNull();
  });
});

describe("the writer's notices (docs/product.md §2 Sequence result)", () => {
  const NOTICE = "Your additional context is in another language than the emails, so it wasn't pasted in.";
  const generated = (notices?: string[]) => {
    let state = generatorReducer(initialGeneratorState, { type: 'manualEntered', analysis });
    state = generatorReducer(state, { type: 'generate', customization, now: 1 });
    return generatorReducer(state, { type: 'generated', emails, notices, now: 2 });
  };

  it('are kept with the sequence they belong to, until dismissed', () => {
    const state = generated([NOTICE]);
    expect(state.messages[1]).toMatchObject({ type: 'assistant', emailSequence: emails, notices: [NOTICE] });
    const dismissed = generatorReducer(state, { type: 'dismissNotices', timestamp: 2 });
    expect(dismissed.messages[1]).not.toHaveProperty('notices');
    expect(dismissed.messages[1]?.emailSequence).toEqual(emails);
    // Another answer's timestamp leaves them alone.
    expect(generatorReducer(state, { type: 'dismissNotices', timestamp: 1 }).messages[1]?.notices).toEqual([NOTICE]);
  });

  it('are absent when the writer had none, and for a sequence opened from the history', () => {
    expect(generated().messages[1]).not.toHaveProperty('notices');
    expect(generated([]).messages[1]).not.toHaveProperty('notices');
    const withNotice = generated([NOTICE]);
    const entry = {
      id: 'g1',
      companyUrl: 'https://acme.test/',
      createdAt: '2026-01-02T03:04:05.000Z',
      customization,
      sequence: emails,
    };
    const opened = generatorReducer(withNotice, { type: 'openHistory', entry });
    expect(opened.messages.some((message) => message.notices)).toBe(false);
  });
});
