import { describe, expect, it } from 'vitest';
import { bareGreetingField, intendedField, isMergeField, mergeFieldToken, renderMergeFields } from './index.ts';

describe('merge-field lint helpers', () => {
  it('knows which field a misspelt token meant, with the fallback it carried', () => {
    expect(intendedField('{{firstName}}')).toEqual({ field: 'first_name', fallback: undefined });
    expect(intendedField('{{ first_name }}')).toEqual({ field: 'first_name', fallback: undefined });
    expect(intendedField('{{FirstName|friend}}')).toEqual({ field: 'first_name', fallback: 'friend' });
    expect(intendedField('{{name}}')).toEqual({ field: 'first_name', fallback: undefined });
    expect(intendedField('{{Company Name}}')).toEqual({ field: 'company', fallback: undefined });
    expect(intendedField('{{sender}}')).toEqual({ field: 'sender_name', fallback: undefined });
    // Real fields and unrelated tokens are not misspellings.
    expect(intendedField('{{first_name|there}}')).toBeUndefined();
    expect(intendedField('{{anything}}')).toBeUndefined();
    expect(isMergeField('{{company}}')).toBe(true);
  });

  it('writes a field with or without its fallback', () => {
    expect(mergeFieldToken('first_name', 'there')).toBe('{{first_name|there}}');
    expect(mergeFieldToken('first_name', '')).toBe('{{first_name|}}');
    expect(mergeFieldToken('sender_name')).toBe('{{sender_name}}');
  });

  it('finds a field without fallback in the greeting and how a sequencer would send it empty', () => {
    expect(bareGreetingField('Hi {{first_name}},\n\nBody.', 6)).toEqual({
      token: '{{first_name}}',
      field: 'first_name',
      readsEmpty: 'Hi ,',
    });
    expect(bareGreetingField('  Hello {{company}} team,\r\nBody', 6)?.readsEmpty).toBe('Hello team,');
    expect(bareGreetingField('Hi {{first_name|there}},\n\n{{company}}', 6)).toBeUndefined();
    expect(bareGreetingField('Hi {{first_name|}},', 6)).toBeUndefined();
    expect(bareGreetingField('We help {{company}} and teams like yours win every single dispute.', 6)).toBeUndefined();
    // seqgen's own rendering never leaves "Hi ,": the lint is about the sequencers that do.
    expect(renderMergeFields('Hi {{first_name}},')).toBe('Hi,');
  });
});
