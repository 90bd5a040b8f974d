import { describe, expect, it } from 'vitest';
import { sentences, wordCount, words } from '../src/text.ts';

describe('sentences', () => {
  it('splits at . ! and ? before a capital, a digit or an opening quote', () => {
    expect(sentences('We count stock.  Every night! Why?\n“Because” it drifts. 3 sites use it.')).toEqual([
      'We count stock.',
      'Every night!',
      'Why?',
      '“Because” it drifts.',
      '3 sites use it.',
    ]);
  });

  it("keeps an abbreviation's full stop inside its sentence, in English and German", () => {
    expect(sentences('Dr. Elaine Foster runs it. Costs fell by 38 Mio. Euro inkl. Baulohn. See e.g. Acme.')).toEqual([
      'Dr. Elaine Foster runs it.',
      'Costs fell by 38 Mio. Euro inkl. Baulohn.',
      'See e.g. Acme.',
    ]);
  });

  it('ends no sentence before a lower-case word, inside a number or a closing quote', () => {
    expect(sentences('Use it for e.g. the dock. It cut 3.5 hours a week. She said “no.” Then it worked.')).toEqual([
      'Use it for e.g. the dock.',
      'It cut 3.5 hours a week.',
      'She said “no.” Then it worked.',
    ]);
  });

  it('opens a sentence at a figure after a full stop, even when a lower-case word follows it', () => {
    expect(sentences('Trusted by 500 teams. 98% renew every year.')).toEqual([
      'Trusted by 500 teams.',
      '98% renew every year.',
    ]);
  });

  it('opens a sentence at a Spanish question or exclamation after a full stop', () => {
    expect(sentences('El camión no aparece el jueves. ¿Con ustedes también pasa? ¡Nunca más!')).toEqual([
      'El camión no aparece el jueves.',
      '¿Con ustedes también pasa?',
      '¡Nunca más!',
    ]);
  });

  it('gives nothing for nothing, and one sentence for text without an end', () => {
    expect(sentences(' \n ')).toEqual([]);
    expect(sentences('Real-time cash visibility')).toEqual(['Real-time cash visibility']);
  });
});

describe('words', () => {
  it('keeps joined words whole and numbers apart at their separators', () => {
    expect(words('Real-time e-commerce for AT&T, C++ and don’t: 3.5 or 1,000')).toEqual([
      'real-time',
      'e-commerce',
      'for',
      'at&t',
      'c++',
      'and',
      'don’t',
      '3',
      '5',
      'or',
      '1',
      '000',
    ]);
    expect(wordCount('Cut costs by 3.5%.')).toBe(5);
  });
});
