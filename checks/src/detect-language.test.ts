import { describe, expect, it } from 'vitest';
import { detectLanguage, guessLanguage, phraseLanguage } from './detect-language.ts';

describe("guessLanguage (a user's short line)", () => {
  it('guesses a short line from its function words, where detectLanguage will not say', () => {
    expect(detectLanguage('We are at SaaStr next month.')).toBeUndefined();
    expect(guessLanguage('We are at SaaStr next month.')).toBe('en');
    expect(guessLanguage('Wir sind nächste Woche auf der LogiMAT.')).toBe('de');
    expect(guessLanguage('Nous serons au salon le mois prochain.')).toBe('fr');
    expect(guessLanguage('Estaremos en la feria el mes que viene.')).toBe('es');
  });

  it('says nothing for a line without enough of one language', () => {
    expect(guessLanguage('SaaStr 2026')).toBeUndefined();
    expect(guessLanguage('Acme GmbH')).toBeUndefined();
  });
});

describe('phraseLanguage', () => {
  it('names the one language all of a short phrase’s function words belong to', () => {
    expect(phraseLanguage('Fruit and vegetables')).toBe('en');
    expect(phraseLanguage('Frutas y hortalizas')).toBe('es');
    expect(phraseLanguage('Obst und Gemüse')).toBe('de');
  });

  it('says nothing without a function word, or with words several languages use', () => {
    expect(phraseLanguage('Industrial machinery')).toBeUndefined();
    expect(phraseLanguage('Fabricantes de muebles')).toBeUndefined();
  });
});
