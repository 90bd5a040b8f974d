import type { WritingLanguage } from '@seqgen/proto';
import { BASE, englishForms } from './en-lexicon.ts';
import { frenchInfinitives } from './fr-lexicon.ts';

/*
 * Verbless sentences a reader takes as whole utterances: the formulae of a conversation, not the
 * noun phrases of a heading. An email answering an objection opens with one ("Fair question.",
 * "Gute Frage.", "Question légitime.", "Buena pregunta."), agrees or lets go ("Totally fair.", "No
 * pressure either way.", "Kein Problem."), answers its own question in two words ("Die meisten
 * schon.", "La plupart, oui.", "La mayoría sí.") or says what the writer would gladly do with the
 * subject left out ("Happy to share the numbers.", "Ravi de vous montrer…", "Encantado de
 * enseñárselo."). Each is matched as the whole sentence, so a heading that starts like one ("Quick
 * question about your rota.", "Gute Frage zur Planung.") is still verbless. Thanks are left out:
 * they close an email, and the sign-off is not judged as prose.
 */
const FORMULAE: Readonly<Record<WritingLanguage, readonly RegExp[]>> = {
  en: [
    /^(?:a )?(?:(?:very|really|totally|completely) )?(?:fair|good|great|valid|reasonable|honest) (?:question|point|ask|concern|challenge)$/,
    /^(?:(?:totally|completely|entirely|absolutely|perfectly) )?(?:fair|understood|agreed|noted|reasonable)(?: enough)?$/,
    /^no (?:worries|pressure|problem|rush|stress|obligation)(?: (?:either way|at all|whatsoever|on my end|on my side))?$/,
    /^(?:not at all|not a problem(?: at all)?|of course|absolutely|exactly|sure|sure thing|all good|likewise|same here|good to know|point taken)$/,
  ],
  de: [
    /^(?:eine |ein )?(?:(?:sehr|absolut|völlig|durchaus|wirklich) )?(?:gute[rs]?|berechtigte[rs]?|faire[rs]?|legitime[rs]?|spannende[rs]?|wichtige[rs]?) (?:frage|punkt|einwand|hinweis|argument)$/,
    /^(?:(?:absolut|völlig|durchaus|total|voll|sehr gut|gut) )?(?:verständlich|nachvollziehbar|berechtigt|fair|verstanden|einverstanden)$/,
    /^(?:kein (?:problem|stress|thema|druck)|keine (?:sorge|eile)|alles klar|natürlich|gern|gerne|genau|klar|selbstverständlich|gar nicht|auf jeden fall)$/,
    /^(?:die meisten|viele|einige|manche|wenige|alle|fast alle)(?: tatsächlich)? (?:schon|ja|nicht|noch nicht)$/,
  ],
  fr: [
    /^(?:une )?(?:(?:très|vraiment) )?(?:bonne|excellente|vraie|juste|légitime) (?:question|remarque|objection)$/,
    /^(?:question|remarque|objection|inquiétude|crainte) (?:(?:tout à fait|très|parfaitement) )?(?:légitime|pertinente|justifiée|compréhensible|fondée|normale)$/,
    /^(?:(?:tout à fait|totalement|parfaitement) )?(?:légitime|compréhensible|compris|entendu|noté|normal|logique|justifié)$/,
    /^(?:aucun (?:souci|problème)|pas de (?:souci|soucis|problème|stress|pression)|bien sûr|évidemment|absolument|exactement|tout à fait|d'accord|avec plaisir|volontiers)$/,
    /^(?:la plupart|beaucoup|certains|certaines|peu|tous|toutes|la majorité)(?: d'entre eux| d'entre elles)? (?:oui|non|si|pas encore|pas vraiment|en effet)$/,
  ],
  es: [
    /^(?:(?:muy|una) )?(?:buena|gran|justa|excelente|lógica) (?:pregunta|observación|objeción)$/,
    /^(?:pregunta|observación|objeción|duda) (?:(?:muy|totalmente|más que) )?(?:justa|lógica|legítima|razonable|válida|comprensible)$/,
    /^(?:buen|gran|justo) (?:punto|apunte)$/,
    /^(?:(?:totalmente|completamente|muy) )?(?:lógico|comprensible|razonable|entendido|normal|justo|válido)$/,
    /^(?:ningún problema|sin (?:prisa|compromiso|presión|problema)|por supuesto|claro|desde luego|exacto|exactamente|perfecto|de acuerdo|con gusto|faltaría más)$/,
    /^(?:la mayoría|muchos|muchas|algunos|algunas|pocos|pocas|todos|todas|casi todos|casi todas)(?: de ellos| de ellas)? (?:sí|no|también|todavía no|aún no)$/,
  ],
};

/** Particles a formula may open or close with: "Sin compromiso, claro.", "Fair question, though." */
const PARTICLES: Readonly<Record<WritingLanguage, RegExp>> = {
  en: /^(?:(?:yes|yeah|sure|ok|okay|well|and|so|honestly|also) )?(.+?)(?: (?:though|then|of course|either way|too|for sure))?$/,
  de: /^(?:(?:ja|ok|okay|also|ehrlich gesagt|und) )?(.+?)(?: (?:natürlich|übrigens|auch|ehrlich gesagt))?$/,
  fr: /^(?:(?:oui|ok|d'accord|et|alors) )?(.+?)(?: (?:bien sûr|évidemment|d'ailleurs))?$/,
  es: /^(?:(?:sí|vale|ok|y|pues) )?(.+?)(?: (?:claro|por supuesto|desde luego|eso sí))?$/,
};

/** What the writer would gladly do, its subject left out: an attitude, then an infinitive. */
const GLAD: Readonly<Record<WritingLanguage, RegExp | undefined>> = {
  en: /^(?:(?:always|more than|very|really|also) )?(?:happy|glad|keen|eager|delighted|pleased|curious|excited) to (\S+)/,
  de: undefined,
  fr: /^(?:(?:toujours|très) )?(?:ravie?s?|heureux|heureuse|heureuses|curieux|curieuse) (?:de |d')(?:(?:vous|en|le|la|les|lui|leur|y) )*(\S+)/,
  es: /^(?:(?:siempre|muy) )?(?:encantad[oa]s?|feliz|felices|content[oa]s?) de (\S+)/,
};

const INFINITIVE: Readonly<Record<WritingLanguage, (word: string) => boolean>> = {
  en: (word) => !!((englishForms().get(word) ?? 0) & BASE),
  de: () => false,
  fr: (word) => frenchInfinitives().has(word) || /(?:er|ir)$/.test(word),
  // An infinitive, with its clitics attached: "enseñárselo", "ayudarle", "mostrarles".
  es: (word) =>
    /[aei]r(?:(?:se|me|te|le|nos|les)?(?:lo|la|los|las)?|le|les|me|te|nos|se)?$/.test(
      word.normalize('NFD').replace(/\p{M}/gu, ''),
    ),
};

/** The sentence as lower-case words: no punctuation, typographic apostrophes as "'". */
function plainWords(text: string): string {
  return text
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .replace(/[^\p{L}\p{N}'\s-]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A verbless sentence that is a whole utterance by convention: see FORMULAE and GLAD. */
export function isFormula(text: string, language: WritingLanguage): boolean {
  const words = plainWords(text);
  if (!words || words.length > 80) return false;
  const core = PARTICLES[language].exec(words)?.[1] ?? words;
  if (FORMULAE[language].some((formula) => formula.test(words) || formula.test(core))) return true;
  const glad = GLAD[language]?.exec(words);
  return !!glad?.[1] && INFINITIVE[language](glad[1]);
}
