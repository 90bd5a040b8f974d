/**
 * A client's worry in their own words said back to the reader (src/analysis/facts/voice.ts): only
 * where a word list can do it right, never half-turned.
 */
import { describe, expect, it } from 'vitest';
import { inReadersVoice } from '../../src/analysis/facts/voice.ts';

describe('inReadersVoice', () => {
  it.each([
    [
      'en',
      "We've outgrown our spreadsheets and our auditors noticed.",
      "You've outgrown your spreadsheets and your auditors noticed.",
    ],
    ['en', 'Half our crew are freelancers, which worries us.', 'Half your crew are freelancers, which worries you.'],
    [
      'de',
      'Wir verlieren Aufträge, weil unsere Angebote zu spät kommen.',
      'Sie verlieren Aufträge, weil Ihre Angebote zu spät kommen.',
    ],
    ['de', 'Für uns ist das Audit jedes Jahr ein Kraftakt.', 'Für Sie ist das Audit jedes Jahr ein Kraftakt.'],
    ['fr', 'Nous payons nos fournisseurs en retard.', 'Vous payez vos fournisseurs en retard.'],
    ['fr', 'Nous ne savons pas où sont nos contrats.', 'Vous ne savez pas où sont vos contrats.'],
    ['fr', 'Nous sommes débordés en fin de mois.', 'Vous êtes débordés en fin de mois.'],
  ] as const)('%s: "%s"', (language, text, expected) => {
    expect(inReadersVoice(text, language)).toBe(expected);
  });

  it.each([
    ['en', 'I never know how much tax we owe.'],
    ['de', 'Ich weiß nie, wie viel Steuer wir zahlen.'],
    ['fr', 'Je ne sais jamais combien nous devons.'],
    ['es', 'Pagamos el impuesto cada año sin saber cuánto.'],
  ] as const)('%s: leaves what it cannot turn ("%s")', (language, text) => {
    expect(inReadersVoice(text, language)).toBeUndefined();
  });
});
