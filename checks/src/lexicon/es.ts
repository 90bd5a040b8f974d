import { phrases, words } from './list.ts';
import type { Lexicon } from './types.ts';

export const es: Lexicon = {
  functionWords: words(`
    el la los las un una unos unas y o pero es son fue ser estar está están hay ha han he yo usted ustedes nosotros su
    sus mi mis tu tus nuestro nuestra nuestros que qué quien cual como cómo cuando donde de del al en con sin por para
    sobre entre hasta desde no sí más muy también ya lo le les se me te nos esto este esta estos estas ese esa eso
    porque si cada todo todos
  `),
  fillerWords: words(`
    gracias equipo equipos pregunta semana semanas tiempo tema simplemente puede hoy menudo cosa cosas idea ideas
    necesita solo realmente llamada enviar compartir responder saber ver rápida rápido breve
  `),
  // Titles before a name and forms of a company in a byline ("Dña. María López", "Cía. Levantina").
  abbreviations: [
    'sr',
    'sra',
    'srta',
    'sres',
    'dr',
    'dra',
    'd',
    'dña',
    'ing',
    'lic',
    'arq',
    'prof',
    'cía',
    'dpto',
    'depto',
    'avda',
    'dir',
    'gral',
    'gte',
    'coord',
    'resp',
    'adm',
    'admón',
    'téc',
    'aux',
    's.a',
    's.l',
    's.l.u',
    'coop',
    'aprox',
    'ej',
    'p.ej',
    'ud',
    'uds',
    'vs',
  ],
  closings: ['saludos', 'un saludo', 'saludos cordiales', 'atentamente', 'gracias', 'un abrazo', 'muchas gracias'],
  askPhrases: phrases(`
    hágame saber | házmelo saber | déjame saber | haga clic | haz clic | no dude en | elija un horario
  `),
  // Spelt like the indicative ("nadie responde", "quién le dice"): a command only where a sentence
  // or clause starts, perhaps after a softener ("Por favor, respóndame…").
  askCommands: [
    'responda',
    'respóndame',
    'responde',
    'respóndeme',
    'dígame',
    'dime',
    'avíseme',
    'avísame',
    'reserve un',
    'reserva un',
    'agende',
    'agenda una',
    'escríbame',
    'escríbeme',
    'envíeme',
    'envíame',
    'indíqueme',
  ],
  askSofteners: phrases(`
    por favor | simplemente | solo | sólo | y | o | entonces | si le parece | si quiere | si le interesa
  `),
  spamPhrases: phrases(`
    actúe ahora | 100% gratis | sin obligación | haga clic aquí | compre ahora | tiempo limitado | oferta limitada |
    ganador | dinero fácil | garantizado | urgente | felicidades | gane dinero | duplique su | única oportunidad |
    !!! | €€€ | $$$
  `),
  acronyms: ['RGPD', 'GDPR', 'EBITDA'],
  breakup: phrases(`
    último mensaje | último correo | último email | última vez | no volveré a escribir | no le escribiré más |
    no insistiré | cierro el tema | cerrar el tema | cerrar el expediente | no es una prioridad | le dejo tranquilo |
    lo dejo aquí | dejarlo aquí | cerrar el ciclo
  `),
  strongBreakup: phrases(`
    último mensaje | último correo | último email | no volveré a escribir | no le escribiré más | cerrar el expediente
  `),
  modelChatter: phrases(`
    como ia | modelo de lenguaje | no puedo ayudar | lo siento, pero | aquí está tu correo | aquí está su correo |
    aquí tienes la secuencia | aquí está la secuencia
  `),
  names: {
    resultVerbs: phrases(`
      redujo | reducido | reduce | redujeron | disminuyó | bajó | aumentó | aumentado | mejoró | mejorado | ahorró |
      ahorrado | duplicó | triplicó | acortó | recortó | logró | consiguió | incrementó | pasó de | pasaron de
    `),
    beforeVerbSkip: ['ha', 'han', 'había', 'habían', 'ya', 'también'],
    prepositions: ['en', 'para', 'con'],
    enumerationCues: phrases(`
      clientes como | empresas como | equipos como | marcas como | como | tales como | incluidos | incluyendo |
      entre ellos
    `),
    afterCues: phrases(`
      ayudado a | ayudamos a | ayudó a | trabajado con | trabajamos con | acompañado a | el equipo de
    `),
    beforeCues: [],
    possessiveNouns: [],
    determiners: ['el', 'la', 'los', 'las', 'un', 'una'],
    pronouns: ['yo', 'nosotros', 'usted', 'ustedes', 'ellos', 'ellas', 'él', 'ella', 'su', 'sus', 'nuestro', 'nuestra'],
    calendar: words(`
      lunes martes miércoles jueves viernes sábado domingo enero febrero marzo abril mayo junio julio agosto
      septiembre octubre noviembre diciembre
    `),
    conjunctions: ['y', 'o', 'e'],
    auxiliaries: [],
    commonNounEndings: [],
    capitalisedNouns: false,
  },
};
