/**
 * The event a rep met the reader at, read from the user's context (src/writing/compose/brief.ts
 * occasionOf): the whole name, small words inside it included, and nothing after it.
 */
import { describe, expect, it } from 'vitest';
import { occasionOf } from '../../src/writing/compose/brief.ts';
import { eventIn } from '../../src/writing/compose/compose.ts';

describe('the event in the context', () => {
  it.each([
    ['We met at CIPD Festival of Work last week.', 'CIPD Festival of Work'],
    ['Great to meet you at the Festival of Work 2026 in London.', 'Festival of Work 2026'],
    ['Wir haben uns auf der LogiMAT Stuttgart getroffen.', 'LogiMAT Stuttgart'],
    ['Nous nous sommes rencontrés au Salon des Entrepreneurs la semaine dernière.', 'Salon des Entrepreneurs'],
    ["On s'est rencontrés lors du Salon de l'Industrie à Lyon.", "Salon de l'Industrie"],
    ['Nos conocimos en el Salón de la Logística la semana pasada.', 'Salón de la Logística'],
    ['We met at Acme and talked about invoices.', 'Acme'],
  ])('%s → %s', (context, event) => {
    expect(occasionOf(context).event).toBe(event);
  });

  it('is no event without a meeting', () => {
    expect(occasionOf('Our customers include teams at Acme of Boston.').event).toBeUndefined();
  });
});

describe('the event in a sentence', () => {
  it.each([
    ['fr', 'Salon des Entrepreneurs', "l'occasion du Salon des Entrepreneurs"],
    ['fr', 'Foire de Paris', "l'occasion de la Foire de Paris"],
    ['fr', 'VivaTech', 'VivaTech'],
    ['es', 'Salón de la Logística', 'el Salón de la Logística'],
    ['es', 'Feria de Zaragoza', 'la Feria de Zaragoza'],
    ['de', 'LogiMAT', 'LogiMAT'],
    ['en', 'Festival of Work', 'Festival of Work'],
  ])('%s: %s after the frame preposition is %s', (language, event, said) => {
    expect(eventIn(event, language)).toBe(said);
  });
});
