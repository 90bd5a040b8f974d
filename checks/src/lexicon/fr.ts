import { phrases, words } from './list.ts';
import type { Lexicon } from './types.ts';

export const fr: Lexicon = {
  functionWords: words(`
    le la les un une des du de et ou mais est sont été être avoir ont avez avons je vous nous il elle ils elles on ce
    cette ces cet qui que quoi dont où pour par avec sans sur sous dans au aux pas ne plus très votre vos notre nos
    mon ma mes son sa ses leur leurs se si comme aussi tout tous toute toutes bien peu fait faire chez entre depuis
    encore déjà donc alors quand après avant
  `),
  fillerWords: words(`
    merci équipe équipes question semaine semaines temps sujet simplement peut être aujourd souvent chose choses idée
    idées besoin juste vraiment appel échange envoyer partager répondre savoir voir rapide courte court
  `),
  // Titles before a name ("Me Durand", "Pr Martin") and company forms ("Cie.").
  abbreviations: [
    'p.ex',
    'ex',
    'env',
    'm',
    'mme',
    'mlle',
    'me',
    'pr',
    'dr',
    'ing',
    'cie',
    'sté',
    'dir',
    'resp',
    's.a',
    's.a.s',
    'sarl',
    'cf',
    'vs',
  ],
  closings: phrases(`
    cordialement | bien cordialement | bien à vous | merci | à bientôt | belle journée | sincères salutations |
    bonne journée | salutations
  `),
  askPhrases: phrases(`
    répondez | réponds | dites-moi | dis-moi | faites-moi signe | faites-moi savoir | tenez-moi au courant |
    réservez | écrivez-moi | envoyez-moi | cliquez | prenez rendez-vous | choisissez un créneau | n'hésitez pas à |
    indiquez-moi | proposez-moi
  `),
  askCommands: [],
  askSofteners: [],
  spamPhrases: phrases(`
    agissez maintenant | 100% gratuit | sans obligation | cliquez ici | achetez maintenant | offre limitée |
    durée limitée | gagnant | argent facile | garanti | urgent | félicitations | une occasion unique | doublez votre |
    gagnez de l’argent | !!! | €€€
  `),
  acronyms: ['RGPD', 'GDPR', 'EBITDA'],
  breakup: phrases(`
    dernier message | dernier e-mail | dernier email | dernier mail | dernière fois | je ne vous relancerai plus |
    je ne relancerai plus | je clôture | clore | fermer le dossier | je n'insiste pas | je vous laisse tranquille |
    pas une priorité | je m'arrête là | boucler la boucle
  `),
  strongBreakup: phrases(`
    dernier message | dernier e-mail | dernier email | dernier mail | je ne vous relancerai plus | fermer le dossier
  `),
  modelChatter: phrases(`
    en tant qu'ia | modèle de langage | je ne peux pas vous aider | voici votre e-mail | voici votre email |
    voici l'e-mail | voici la séquence
  `),
  names: {
    resultVerbs: phrases(`
      réduit | réduite | réduits | diminué | baissé | augmenté | amélioré | économisé | doublé | triplé | divisé |
      raccourci | gagné | atteint | obtenu | accru | fait passer | est passé de | sont passés de | passé de
    `),
    beforeVerbSkip: ['a', 'ont', 'avait', 'avaient', 'déjà', 'aussi'],
    prepositions: ['chez', 'pour', 'avec'],
    enumerationCues: phrases(`
      clients comme | entreprises comme | équipes comme | marques comme | comme | tels que | telles que | notamment
    `),
    afterCues: ['aidé', 'accompagné', 'accompagne', 'travaillé avec', 'travaille avec', "l'équipe de"],
    beforeCues: [],
    possessiveNouns: [],
    determiners: ['le', 'la', 'les', 'l', 'un', 'une', 'des', 'du'],
    pronouns: ['je', 'nous', 'vous', 'ils', 'elles', 'il', 'elle', 'on', 'votre', 'vos', 'notre', 'nos', 'leur'],
    calendar: words(`
      lundi mardi mercredi jeudi vendredi samedi dimanche janvier février mars avril mai juin juillet août septembre
      octobre novembre décembre
    `),
    conjunctions: ['et', 'ou'],
    auxiliaries: [],
    commonNounEndings: [],
    capitalisedNouns: false,
  },
};
