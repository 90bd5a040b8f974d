import { describe, expect, it } from 'vitest';
import { REGENERATE_BLOCKERS, regenerateBlocker } from '../../components/sequence/use-regenerate';
import { saveChangesBlocker, savedRegenerateBase } from './saved-studio';

describe('a saved sequence in the studio', () => {
  it('regenerates with its URL and its customization, completed with the wizard defaults', () => {
    const base = savedRegenerateBase({
      companyUrl: 'https://acme.test/',
      customization: { persona: 'specific', specificPersona: 'CFO', tone: 20 },
    });
    expect(base).toMatchObject({
      companyUrl: 'https://acme.test/',
      customization: {
        persona: 'specific',
        specificPersona: 'CFO',
        industry: 'agnostic',
        targetSpecificCompany: 'no',
        tone: 20,
      },
    });
    expect(savedRegenerateBase({ companyUrl: '', customization: null })?.customization.persona).toBe('generic');
  });

  it('says why an email cannot be regenerated: not seven emails, or neither website nor analysis', () => {
    const base = savedRegenerateBase({ companyUrl: 'https://acme.test/', customization: null });
    expect(regenerateBlocker(base, 7)).toBeUndefined();
    expect(regenerateBlocker(base, 3)).toBe(REGENERATE_BLOCKERS.length);
    expect(regenerateBlocker(savedRegenerateBase({ companyUrl: '', customization: null }), 7)).toBe(
      REGENERATE_BLOCKERS.source,
    );
    expect(regenerateBlocker(undefined, 7)).toBe(REGENERATE_BLOCKERS.source);
  });

  it('saves changes only with a title and valid send days', () => {
    expect(saveChangesBlocker({ title: 'Q3 push', cadenceMessage: undefined })).toBeUndefined();
    expect(saveChangesBlocker({ title: '  ', cadenceMessage: undefined })).toBe('Give the sequence a title.');
    expect(saveChangesBlocker({ title: 'Q3', cadenceMessage: 'Each send day must be a number' })).toBe(
      'Each send day must be a number',
    );
  });
});
