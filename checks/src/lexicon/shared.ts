/** Word lists that do not depend on the email's language (units, markup, legal forms). */

import { words } from './list.ts';

/** Words that make a number a percentage ("62 Prozent"). */
export const PERCENT_WORDS = ['percent', 'per cent', 'pct', 'prozent', 'pour cent', 'pourcent', 'por ciento'];

/** Spelled-out scales after a number, and what they multiply by. */
export const SCALE_WORDS: Readonly<Record<string, number>> = {
  thousand: 1e3,
  tausend: 1e3,
  mille: 1e3,
  mil: 1e3,
  million: 1e6,
  millions: 1e6,
  millionen: 1e6,
  mio: 1e6,
  millones: 1e6,
  millón: 1e6,
  millon: 1e6,
  mn: 1e6,
  mm: 1e6,
  billion: 1e9,
  billions: 1e9,
  bn: 1e9,
  milliarde: 1e9,
  milliarden: 1e9,
  milliard: 1e9,
  milliards: 1e9,
  mrd: 1e9,
  md: 1e9,
};

/** Single-letter scales, only when written against the number ("5k", "$1.2M"). */
export const SCALE_LETTERS: Readonly<Record<string, number>> = { k: 1e3, m: 1e6, b: 1e9 };

export const CURRENCY_SYMBOLS = ['$', '€', '£', '¥'];
export const CURRENCY_WORDS = ['usd', 'eur', 'gbp', 'chf', 'euro', 'euros', 'dollar', 'dollars', 'dólares'];

/** Units that make a number the length of a meeting ("15-minute call", "30 Minuten"). */
export const MINUTE_WORDS = ['minute', 'minutes', 'min', 'mins', 'minuten', 'minuto', 'minutos'];

/** Tags of real HTML; anything else in angle brackets is treated as a placeholder. */
export const HTML_TAGS = words(`
  a abbr b blockquote body br center code div em font h1 h2 h3 h4 h5 h6 head hr html i img li ol p pre small span
  strong style sub sup table tbody td th thead tr u ul section header footer script meta link title style button
  form input label article main nav
`);

/** Words that make a bracketed token a slot to fill ("[Your Name]", "[insert case study]"). */
export const SLOT_WORDS = words(`
  name names company title insert your prospect date link first last role industry product sender recipient contact
  city number phone email url placeholder firma unternehmen vorname nachname ihr datum nom prénom entreprise société
  nombre empresa fecha enlace
`);

/** Legal forms, dropped before matching a prospect's name ("Nordwind Logistik GmbH"). */
export const LEGAL_FORMS = words(`
  gmbh ag se kg ug inc ltd llc corp co sa sas sarl sl srl bv nv plc oy ab as spa limited corporation company group
`);
