import { describe, expect, it } from 'vitest';
import {
  bodyToHtml,
  type Dialect,
  fixedTags,
  SENDER_PLACEHOLDER,
  senderAsText,
  translateMergeFields,
} from './merge-tags';

const TAGS = fixedTags({ first_name: '<first>', company: '<company>', sender_name: '<me>' });

describe('translateMergeFields', () => {
  it('replaces only the three seqgen fields, with or without fallbacks', () => {
    expect(
      translateMergeFields('Hi {{first_name|there}}, {{company}} / {{sender_name|}} {{first name}} {{title}}', TAGS),
    ).toBe('Hi <first>, <company> / <me> {{first name}} {{title}}');
  });

  it('gives the dialect the trimmed fallback, or "" when there is none', () => {
    const seen: string[] = [];
    const record = (tag: string) => (fallback: string) => {
      seen.push(fallback);
      return tag;
    };
    const spy: Dialect = { first_name: record('F'), company: record('C'), sender_name: record('S') };
    translateMergeFields('{{first_name| there }} {{company|}} {{sender_name}}', spy);
    expect(seen).toEqual(['there', '', '']);
  });

  it('takes the space before a field it cannot write along, never leaving "Hi ,"', () => {
    const none: Dialect = { ...TAGS, first_name: () => '' };
    expect(translateMergeFields('Hi {{first_name|there}}, thanks', none)).toBe('Hi, thanks');
    expect(translateMergeFields('Hi {{first_name}} and team', none)).toBe('Hi and team');
    expect(translateMergeFields('Dear{{first_name}}friend', none)).toBe('Dearfriend');
  });

  it('is not thrown off by a lastIndex left on the shared pattern', () => {
    expect(translateMergeFields('{{first_name}} {{first_name}}', TAGS)).toBe('<first> <first>');
    expect(translateMergeFields('{{first_name}} {{first_name}}', TAGS)).toBe('<first> <first>');
  });

  it('writes the sender as text when a tool has no sender variable', () => {
    const dialect: Dialect = { ...TAGS, sender_name: senderAsText };
    expect(translateMergeFields('Best,\n{{sender_name}}', dialect)).toBe(`Best,\n${SENDER_PLACEHOLDER}`);
    expect(translateMergeFields('Best,\n{{sender_name|Ana}}', dialect)).toBe('Best,\nAna');
  });
});

describe('bodyToHtml', () => {
  it('turns blank-line paragraphs into <p> and single breaks into <br>, escaping the text only', () => {
    expect(bodyToHtml('Hi {{first_name}},\r\n\r\n\r\nA & B <c>\nline two\n  \nBye', TAGS)).toBe(
      '<p>Hi <first>,</p><p>A &amp; B &lt;c&gt;<br>line two</p><p>Bye</p>',
    );
  });
});
