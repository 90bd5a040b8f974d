import { words } from '../lexicon/list.ts';
import { AUXILIARY, CLITIC_ONLY, FINITE, FIRST, IMPERATIVE, INFORMAL, PLURAL, spanishForms } from './es-lexicon.ts';
import type { Token } from './tokens.ts';

const set = (text: string): ReadonlySet<string> => new Set(words(text));

export const SPANISH_DETERMINERS = set(`
  el la los las un una unos unas su sus mi mis tu tus nuestro nuestra nuestros nuestras vuestro vuestra vuestros
  vuestras este esta estos estas ese esa esos esas aquel aquella aquellos aquellas cada cualquier algún alguna algunos
  algunas ningún ninguna otro otra otros otras mucho mucha muchos muchas poco poca pocos pocas del al varios varias
  tanto tanta tantos tantas cuyo cuya cuyos cuyas
`);
export const SPANISH_PREPOSITIONS = set(`
  a ante bajo con contra de desde durante en entre hacia hasta mediante para por según sin sobre tras vía
`);
/** Adjectives before their noun: "la próxima llamada", "su nuevo envío". */
const PRENOMINAL = set(`
  nuevo nueva nuevos nuevas próximo próxima próximos próximas último última últimos últimas primer primera primero
  primeros primeras segundo segunda buen buena buenos buenas mejor mejores gran grande grandes pequeño pequeña mismo
  misma mismos mismas único única sola solas
`);
/** Interrogative determiners: a noun form after them is a noun ("¿qué cifra es…?"); not "cuánto" ("¿Cuánto espera…?"). */
const WH_DETERMINERS = set(`qué cuál cuáles cuánta cuántos cuántas`);
/** Words after which a tú form is a verb: "si tienes", "que sabes", "no puedes", "tú decides". */
const TU_HOSTS = set(`tú si que no también cuando como donde mientras porque aunque cómo qué cuándo dónde cuánto`);
/** Words after which a yo form is a verb: "yo creo", "no trabajo", "y vuelvo a escribirle". */
const YO_HOSTS = set(`yo no también si que cuando porque y e pero o`);
const CLITICS = set(`me te se nos os le les lo la los las no`);
/** Determiners that also stand alone as a subject: "pocos entienden", "muchos creen". */
const QUANTIFIERS = set(
  `pocos pocas muchos muchas otros otras algunos algunas varios varias ambos ambas tantos tantas`,
);
/**
 * Verb forms that are also everyday nouns: after "la", "las" or "los" these are read as nouns ("la
 * prueba"); any other verb form there is read as a verb behind an object pronoun ("la probamos").
 */
const NOUN_FORMS = set(`
  prueba cuenta ayuda mejora compra entrega consulta demanda carga marca espera duda baja alta cita reserva visita firma
  factura alerta lista copia corte cobro cambio uso trabajo pago envío ahorro gasto aumento registro cierre inicio
  retraso proceso resumen reto apoyo ajuste desarrollo diseño estudio filtro forma informe marcha pregunta reparto suma
  toma equipo tema marco muestra nota queja trato vale viaje paso oferta llamada salida venta crítica práctica
  cifra remesa avería disputa etiqueta cocina traza modelo centro contacto presupuesto informe despliegue cuadro
  ajuste control registro pedido cobro plazo cargo abono resto apunte asiento cruce cierre alta baja
`);
const isNounForm = (word: string): boolean => NOUN_FORMS.has(word) || NOUN_FORMS.has(word.replace(/e?s$/, ''));
/** Clitics that are never a determiner, so a verb follows. */
const SURE_CLITICS = set(`me te se nos os le les lo no`);
const SUBJECTS = set(`yo tú él ella usted nosotros nosotras vosotros vosotras ustedes ellos ellas que quien quienes
  esto eso ello ya también`);
/** Verbs that take "de" after them, so "Depende de…" is not a noun phrase like "Ahorro de costes". */
const DE_VERBS = /^(?:depend|acab|trat|dispon|habl|encarg|olvid|dej|cuid|ocup|part|vien|veng|sal|const|hac|se)/;
const ENCLITICS = ['los', 'las', 'les', 'nos', 'lo', 'la', 'le', 'me', 'te', 'se', 'os'];
const ACCENTS: Record<string, string> = { á: 'a', é: 'e', í: 'i', ó: 'o', ú: 'u' };
const plain = (word: string): string => word.replace(/[áéíóú]/g, (vowel) => ACCENTS[vowel] ?? vowel);

/** Verb forms that are mostly adjectives ("visibilidad completa", "una tasa baja"). */
const ADJECTIVE_FORMS = set(`
  completa completo completas completos fija fijo fijas fijos alerta alertas baja bajas presente presentes activa activo
  llena lleno llenas llenos limpia limpio limpias limpios caliente calientes
  activas activos
`);
/** Endings of adjectives: after a sentence's first word they make it a noun ("Alerta temprana…"). */
const ADJECTIVE_ENDING = /(?:ad[oa]s?|id[oa]s?|an[oa]s?|iv[oa]s?|ic[oa]s?|os[oa]s?|ales?|bles?|entes?|antes?|ares?)$/;
/** What a verb takes after it: an object, a clitic, a preposition, an adverb. */
const VERB_FOLLOWERS = new Set([
  ...words(`el la los las un una unos unas su sus mi mis nuestro nuestra nuestros nuestras este esta estos estas me te se
  nos le les lo que a con en por para sin sobre hasta desde muy más menos ya también siempre mucho poco bien mal`),
]);

/** After a tú form, these make it a verb ("Sabes lo que…", "Tienes un momento"). */
const CLITIC_NEXT = set(`me te se nos le les lo la los las un una el mucho muy más`);

const isName = (token: Token | undefined): boolean =>
  !!token && (token.kind === 'name' || (token.kind === 'word' && token.cap && !token.initial));

/** An imperative with clitics at its end: "avísame", "escríbame", "dígaselo", "hazlo". */
function withEnclitics(word: string, forms: ReadonlyMap<string, number>): number {
  let rest = word;
  for (let round = 0; round < 2; round += 1) {
    const clitic = ENCLITICS.find((ending) => rest.endsWith(ending) && rest.length - ending.length >= 2);
    if (!clitic) return 0;
    rest = rest.slice(0, -clitic.length);
    const flags = forms.get(rest) ?? forms.get(plain(rest)) ?? 0;
    if (flags & IMPERATIVE) return flags;
  }
  return 0;
}

function spanishVerb(tokens: readonly Token[], i: number, flags: number): boolean {
  const token = tokens[i];
  if (!token) return false;
  const next = tokens[i + 1];
  const chain: string[] = [];
  let j = i - 1;
  while (j >= 0 && tokens[j]?.kind === 'word' && CLITICS.has(tokens[j]?.lower ?? '')) {
    chain.push(tokens[j]?.lower ?? '');
    j -= 1;
  }
  const before = tokens[j];
  const ambiguous = !(flags & (PLURAL | AUXILIARY));
  if (chain.length) {
    const sure =
      chain.some((word) => SURE_CLITICS.has(word)) ||
      isName(before) ||
      (before?.kind === 'word' && SUBJECTS.has(before.lower));
    // "La probamos" but "la prueba"; "se lo explicamos".
    return sure || !ambiguous || !isNounForm(token.lower);
  }
  // "una avería", but "antes de que se averíe".
  if (flags & CLITIC_ONLY) return false;
  if (before?.kind === 'word') {
    const word = before.lower;
    if (SPANISH_PREPOSITIONS.has(word)) return false;
    // "la prueba", "la próxima llamada", "un nuevo despliegue"; but "cada producto nuevo necesita",
    // "los que pocos entienden": an adjective after its noun, or a quantifier standing alone.
    const pronoun = QUANTIFIERS.has(word) && /n$/.test(token.lower);
    if (SPANISH_DETERMINERS.has(word) && !pronoun) return false;
    // "Formar a los nuevos lleva semanas": a plural adjective before a singular form stands for its noun.
    const disagrees = word.endsWith('s') && !token.lower.endsWith('s');
    if (PRENOMINAL.has(word) && !disagrees && (isNounForm(token.lower) || opensPhrase(tokens[j - 1]))) return false;
    if (WH_DETERMINERS.has(word) && isNounForm(token.lower)) return false;
  }
  // "ventanas estrechas", "cifras limpias", "un margen ya estrecho": a tú or yo form after a noun or
  // adverb is an adjective or a noun.
  const host = (hosts: ReadonlySet<string>) => before?.kind === 'word' && hosts.has(before.lower);
  if (flags & INFORMAL && !token.initial && !host(TU_HOSTS)) return false;
  const clause = !before || (before.kind === 'punct' && /^[,;:]$/.test(before.text));
  if (flags & FIRST && !token.initial && !clause && !host(YO_HOSTS)) return false;
  const verbFollows = next?.kind !== 'word' || VERB_FOLLOWERS.has(next.lower) || isName(next);
  // A tú form opening a formal email's sentence is a plural noun ("Facturas en piloto automático").
  if (
    flags & INFORMAL &&
    token.initial &&
    !tokens.some((t) => t.text === '?') &&
    !(next && CLITIC_NEXT.has(next.lower))
  ) {
    return false;
  }
  if (ADJECTIVE_FORMS.has(token.lower)) {
    const object = next?.kind === 'word' && VERB_FOLLOWERS.has(next.lower) && !SPANISH_PREPOSITIONS.has(next.lower);
    return next?.kind === 'number' || next?.kind === 'name' || object;
  }
  // A noun and its adjective at the start: "Alerta temprana para cada equipo" (not "Entran pedidos…").
  if (
    ambiguous &&
    token.initial &&
    !verbFollows &&
    next?.kind === 'word' &&
    ADJECTIVE_ENDING.test(next.lower) &&
    (isNounForm(token.lower) || !/n$/.test(token.lower))
  ) {
    return false;
  }
  // A noun heading a phrase: "Ahorro de costes para clínicas", but "Depende de usted".
  if (ambiguous && (next?.lower === 'de' || next?.lower === 'del') && !DE_VERBS.test(token.lower)) {
    return !(!before || before.kind === 'punct');
  }
  return true;
}

/** Before a prenominal adjective: the start, a determiner or a preposition ("un nuevo despliegue"). */
const opensPhrase = (token: Token | undefined): boolean =>
  !token ||
  token.kind === 'punct' ||
  (token.kind === 'word' && (SPANISH_DETERMINERS.has(token.lower) || SPANISH_PREPOSITIONS.has(token.lower)));

/**
 * Endings of regular finite forms that no common noun or adjective has: the pretérito's 3rd persons
 * ("interactuaron", "abarcó"), the imperfecto's plurals, the futuro and the condicional of -ar and -ir.
 */
const SURE_ENDING =
  /(?:aron|ieron|aban|ábamos|íamos|ían|arán|erán|irán|aremos|eremos|iremos|aría|arían|iría|irían|[^aeiou]ó|uó)$/;
/** Endings of the present's 3rd persons and 1st plural: a verb only where one must stand. */
const PRESENT_ENDING = /(?:[^aeiouáéíóú]a|[^aeiouáéíóú]an|ua|uan|[^aeiouáéíóú]e|[^aeiouáéíóú]en|amos|emos|imos)$/;
/** Adjectives and adverbs with a verb's ending: "importante", "posible", "realmente". */
const NOT_VERB_ENDING = /(?:ante|antes|ente|entes|ble|bles|mente|ísima|ísimo)$/;
/** Words with a verb's ending that are none: adverbs, pronouns, quantifiers and a few nouns. */
const NOT_VERBS = set(`
  nunca nada nadie toda todas cada otra alguna ninguna cualquiera misma mismas ahora fuera afuera adentro contra hacia
  sobre entre siempre antes entonces donde cuando como este ese esta esa aquella una unas tampoco incluso apenas
  quizá aparte adelante delante detrás encima debajo enfrente mientras tarde noche semana hora gente parte base
  obstante bastante suficiente pese acerca cerca lejos arriba abajo fecha forma manera vez veces empresa agenda
  persona personas sistema problema tema programa idea cuenta cifra media mitad cosa mucha poca tanta cuanta
  bien mal bajo alto pronto luego solo sólo además
`);
/** Words after which a verb must follow (through clitics): "que cabe", "quien gestiona", "se desglosa". */
const VERB_HOSTS = set(`que qué quien quienes quién quiénes yo tú él ella usted nosotros nosotras ellos ellas ustedes`);
const FALLBACK_CLITICS = set(`se le les me te nos os no`);

/**
 * A verb the lexicon lacks, by a regular ending where a verb must stand: after "que", a subject
 * pronoun or a clitic ("que cabe en un turno", "se desglosa"); with an ending no noun has
 * ("interactuaron"); or, in a sentence with no other verb, between a noun and a determiner
 * ("¿Cuántos tipos de turno abarca su planificación?").
 */
function unknownVerb(tokens: readonly Token[], i: number, verbless: boolean): number {
  const token = tokens[i];
  if (token?.kind !== 'word' || token.cap || token.lower.length < 4) return 0;
  const word = token.lower;
  if (NOT_VERBS.has(word) || SPANISH_DETERMINERS.has(word) || SPANISH_PREPOSITIONS.has(word) || PRENOMINAL.has(word)) {
    return 0;
  }
  const flags = FINITE | (/(?:n|mos)$/.test(word) ? PLURAL : 0);
  let j = i - 1;
  let clitic = false;
  while (tokens[j]?.kind === 'word' && CLITICS.has(tokens[j]?.lower ?? '')) {
    clitic ||= FALLBACK_CLITICS.has(tokens[j]?.lower ?? '');
    j -= 1;
  }
  const before = tokens[j];
  const opened =
    before?.kind === 'word' && (SPANISH_DETERMINERS.has(before.lower) || SPANISH_PREPOSITIONS.has(before.lower));
  if (SURE_ENDING.test(word)) return opened && j === i - 1 ? 0 : flags;
  if (!PRESENT_ENDING.test(word) || NOT_VERB_ENDING.test(word)) return 0;
  if (clitic || (before?.kind === 'word' && VERB_HOSTS.has(before.lower))) return flags;
  if (!verbless || j !== i - 1 || before?.kind !== 'word' || opened || CLITICS.has(before.lower)) return 0;
  if (before.lower === 'y' || before.lower === 'o' || PRENOMINAL.has(before.lower) || isNounForm(word)) return 0;
  const next = tokens[i + 1];
  // Not "del"/"al" (a noun's complement) nor "cada" (a time: "Nómina lista cada mes").
  const determiner =
    next?.kind === 'name' ||
    isName(next) ||
    (next?.kind === 'word' && SPANISH_DETERMINERS.has(next.lower) && !/^(?:del|al|cada)$/.test(next.lower));
  return determiner ? flags : 0;
}

/** Spanish finite verbs of a tokenised sentence. */
export function spanishFiniteVerbs(tokens: readonly Token[]): number[] {
  const forms = spanishForms();
  const found: number[] = [];
  const unknown: number[] = [];
  tokens.forEach((token, i) => {
    if (token.kind !== 'word' || (token.cap && !token.initial)) return;
    const flags = forms.get(token.lower) ?? withEnclitics(token.lower, forms);
    if (flags) {
      if (spanishVerb(tokens, i, flags)) found.push(i);
    } else if (unknownVerb(tokens, i, false)) found.push(i);
    else unknown.push(i);
  });
  if (!found.length) {
    const guessed = unknown.find((i) => unknownVerb(tokens, i, true));
    if (guessed !== undefined) found.push(guessed);
  }
  return found;
}
