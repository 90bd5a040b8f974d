import type { CheckContext } from '@seqgen/proto';
import { describe, expect, it } from 'vitest';
import { clearAllUserData, userKey } from '../../lib/user-storage';
import { generatorReducer, initialGeneratorState } from './conversation';
import { clearDraft, DRAFT_NAME, draftOf, loadDraft, saveDraft, stateFromDraft } from './draft-store';

/** localStorage as the browser has it: strings by key, in insertion order. */
class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value));
  }
}

const analysis = {
  companyName: 'Acme',
  companyDescription: 'd',
  targetAudience: 'a',
  targetJobTitles: [],
  customerPains: ['p'],
  solutions: ['s'],
  industry: 'Logistics',
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
const emails = Array.from({ length: 7 }, (_, i) => ({
  subject: `s${i + 1}`,
  body: `Hi {{first_name|there}}, b${i + 1}`,
}));
const checkContext: CheckContext = { language: 'en', sources: ['Acme'], caseStudyCustomers: [] };

/** A finished, edited result: generated, email 2 edited, a send day changed, email 3 regenerated. */
function editedResult() {
  let state = generatorReducer(initialGeneratorState, { type: 'manualEntered', analysis });
  state = generatorReducer(state, { type: 'generate', customization, now: 1 });
  state = generatorReducer(state, { type: 'generated', emails, checkContext, language: 'en', now: 2 });
  const studio = (action: Parameters<typeof generatorReducer>[1]) => {
    state = generatorReducer(state, action);
  };
  studio({ type: 'studio', action: { type: 'editBody', index: 1, body: 'My edit' } });
  studio({ type: 'studio', action: { type: 'setSendDay', index: 4, day: 14 } });
  studio({ type: 'studio', action: { type: 'regenerated', index: 2, email: { subject: 'New', body: 'Shorter' } } });
  return state;
}

describe('studio draft (survives the Edit button’s reload)', () => {
  it('persists the edited result for the signed-in user and restores it as it was', () => {
    const storage = new MemoryStorage();
    const state = editedResult();
    const draft = draftOf(state, 'user-1');
    expect(draft).toBeDefined();
    expect(saveDraft(storage, draft as NonNullable<typeof draft>)).toBe(true);
    expect(storage.getItem(userKey('user-1', DRAFT_NAME))).toContain('My edit');

    const restored = loadDraft(storage, 'user-1');
    expect(restored).toBeDefined();
    const back = stateFromDraft(restored as NonNullable<typeof restored>);
    expect(back.phase).toBe('result');
    expect(back.studio?.emails[1]?.body).toBe('My edit');
    expect(back.studio?.emails[2]).toEqual({ subject: 'New', body: 'Shorter' });
    expect(back.studio?.undo[2]).toEqual(emails[2]);
    expect(back.studio?.cadence).toEqual([0, 3, 7, 11, 14, 21, 28]);
    expect(back.studio?.regenerating).toEqual([]);
    expect(back.source).toEqual({ kind: 'manual' });
    // The Manual Entry form's extra fields come back too (they are sent with a regeneration).
    expect(back.analysis).toMatchObject({ companyName: 'Acme', industry: 'Logistics' });
    expect(back.customization).toEqual(customization);
    expect(back.checkContext).toEqual(checkContext);
    expect(back.language).toBe('en');
    expect(back.messages.map((m) => [m.type, m.content])).toEqual([
      ['user', 'Acme'],
      ['assistant', 'Here is your 7-email sequence.'],
    ]);
  });

  it('never shows one user’s draft to another', () => {
    const storage = new MemoryStorage();
    saveDraft(storage, draftOf(editedResult(), 'user-1') as NonNullable<ReturnType<typeof draftOf>>);
    expect(loadDraft(storage, 'user-2')).toBeUndefined();
    // A draft copied under another user's key is refused and removed.
    storage.setItem(userKey('user-2', DRAFT_NAME), storage.getItem(userKey('user-1', DRAFT_NAME)) ?? '');
    expect(loadDraft(storage, 'user-2')).toBeUndefined();
    expect(storage.getItem(userKey('user-2', DRAFT_NAME))).toBeNull();
    expect(loadDraft(storage, 'user-1')).toBeDefined();
  });

  it('keeps nothing before there is a result, and Start Over clears it', () => {
    const storage = new MemoryStorage();
    const generating = generatorReducer(generatorReducer(initialGeneratorState, { type: 'manualEntered', analysis }), {
      type: 'generate',
      customization,
      now: 1,
    });
    expect(draftOf(generating, 'user-1')).toBeUndefined();
    const state = editedResult();
    saveDraft(storage, draftOf(state, 'user-1') as NonNullable<ReturnType<typeof draftOf>>);
    // What useGenerator's startOver does: clear the draft, reset the state.
    clearDraft(storage, 'user-1');
    expect(generatorReducer(state, { type: 'startOver' })).toEqual(initialGeneratorState);
    expect(loadDraft(storage, 'user-1')).toBeUndefined();
  });

  it('sign-out clears every user’s data and nothing else', () => {
    const storage = new MemoryStorage();
    saveDraft(storage, draftOf(editedResult(), 'user-1') as NonNullable<ReturnType<typeof draftOf>>);
    saveDraft(storage, draftOf(editedResult(), 'user-2') as NonNullable<ReturnType<typeof draftOf>>);
    storage.setItem('theme', 'dark');
    clearAllUserData(storage);
    expect(storage.length).toBe(1);
    expect(storage.getItem('theme')).toBe('dark');
  });

  it('drops a draft that no longer parses instead of failing', () => {
    const storage = new MemoryStorage();
    storage.setItem(userKey('user-1', DRAFT_NAME), '{"version":0}');
    expect(loadDraft(storage, 'user-1')).toBeUndefined();
    expect(storage.length).toBe(0);
    storage.setItem(userKey('user-1', DRAFT_NAME), 'not json');
    expect(loadDraft(storage, 'user-1')).toBeUndefined();
    // No storage at all (private mode): nothing is kept, nothing breaks.
    expect(loadDraft(undefined, 'user-1')).toBeUndefined();
    expect(saveDraft(undefined, draftOf(editedResult(), 'user-1') as NonNullable<ReturnType<typeof draftOf>>)).toBe(
      false,
    );
  });

  it("keeps the writer's notices with the result across a reload until they are dismissed", () => {
    const storage = new MemoryStorage();
    const NOTICE = "Your additional context is in another language than the emails, so it wasn't pasted in.";
    let state = generatorReducer(initialGeneratorState, { type: 'manualEntered', analysis });
    state = generatorReducer(state, { type: 'generate', customization, now: 1 });
    state = generatorReducer(state, { type: 'generated', emails, notices: [NOTICE], now: 2 });
    saveDraft(storage, draftOf(state, 'user-1') as NonNullable<ReturnType<typeof draftOf>>);
    const back = stateFromDraft(loadDraft(storage, 'user-1') as NonNullable<ReturnType<typeof loadDraft>>);
    expect(back.messages[1]?.notices).toEqual([NOTICE]);
    // Dismissed, they stay dismissed after the next reload.
    const dismissed = generatorReducer(back, { type: 'dismissNotices', timestamp: 2 });
    const draft = draftOf(dismissed, 'user-1');
    expect(draft).not.toHaveProperty('notices');
    saveDraft(storage, draft as NonNullable<typeof draft>);
    const again = stateFromDraft(loadDraft(storage, 'user-1') as NonNullable<ReturnType<typeof loadDraft>>);
    expect(again.messages[1]).not.toHaveProperty('notices');
  });

  it('keeps a send day being typed as an empty field', () => {
    let state = editedResult();
    state = generatorReducer(state, { type: 'studio', action: { type: 'setSendDay', index: 1, day: null } });
    expect(draftOf(state, 'u')?.cadence[1]).toBeNull();
    const back = stateFromDraft(draftOf(state, 'u') as NonNullable<ReturnType<typeof draftOf>>);
    expect(back.studio?.cadence[1]).toBeNull();
  });
});
