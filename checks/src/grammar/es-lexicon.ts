import { words } from '../lexicon/list.ts';

/*
 * Spanish verbs of business writing. Regular verbs are conjugated by rule (presente, pretérito,
 * imperfecto, futuro, condicional, subjuntivo presente and imperfecto); a mark after a lemma gives
 * its stem change (":ie" cerrar → cierra, ":ue" contar → cuenta, ":i" pedir → pide). Spelling
 * changes follow from the ending (busqué, llegué, empecé, escojo, sigo, ofrezco, incluyo, leyó).
 * Irregular verbs are written out and lend their forms to their compounds (tener → mantener).
 */
const REGULAR = words(`
  acabar aceptar acercar acompañar aconsejar acordar:ue activar actualizar adaptar agendar agilizar ajustar alcanzar
  alertar almacenar alquilar analizar anotar anticipar aplicar apostar:ue aportar apoyar apreciar aprobar:ue aprovechar
  arrancar asegurar asignar atrasar aumentar bajar obligar automatizar autorizar avanzar avisar ayudar basar buscar calcular cambiar
  cancelar capacitar captar cargar centralizar centrar cerrar:ie charlar chequear clasificar cobrar colaborar colocar
  comentar comenzar:ie comparar completar comprar comprobar:ue comunicar concentrar confiar configurar confirmar
  conectar consolidar consultar contactar contar:ue contratar controlar conversar coordinar costar:ue crear cuidar
  dedicar dejar delegar demostrar:ue desarrollar descargar descartar desear destacar detallar detectar digitalizar
  diseñar documentar duplicar echar elaborar eliminar empezar:ie emplear encantar encargar encontrar:ue enfocar
  enseñar entrar entregar entrenar enviar equipar escalar escuchar esperar estimar estudiar evaluar evitar examinar
  explicar explorar exportar expresar facilitar facturar fallar fijar filtrar finalizar financiar firmar fomentar
  formar funcionar ganar garantizar generar gestionar gastar grabar gustar hablar identificar implementar importar
  impulsar incorporar incrementar indicar informar iniciar innovar integrar intentar interesar invitar lanzar lograr
  llamar llegar llevar localizar mandar manejar marcar mejorar mencionar mirar modificar monitorizar mostrar:ue
  motivar necesitar negociar notar notificar ocupar olvidar operar optimizar organizar pagar participar pasar
  pensar:ie perfeccionar personalizar planear planificar plantear preguntar preocupar preparar presentar presupuestar
  prestar priorizar probar:ue programar progresar proyectar publicar quedar quitar realizar recomendar:ie recopilar
  recordar:ue recuperar reemplazar registrar regular relacionar rellenar reorganizar reparar repasar reservar
  respaldar respetar restar resultar retrasar revisar rentabilizar sacar salvar señalar simplificar solicitar
  solucionar sumar superar tardar terminar tocar tomar trabajar tramitar transformar trasladar tratar usar utilizar
  validar valorar verificar viajar visitar visualizar votar agradecer aprender comprender correr creer deber depender
  emprender entender:ie leer mover:ue ofrecer parecer perder:ie poseer prometer proteger recorrer resolver:ue responder
  romper vender volver:ue conocer reconocer aparecer crecer establecer favorecer fortalecer merecer pertenecer
  permanecer absorber cometer comprometer conceder exceder proceder suceder temer escoger recoger atender:ie
  extender:ie defender:ie devolver:ue envolver:ue soler:ue abrir añadir asistir compartir consumir cubrir cumplir
  decidir definir describir descubrir dirigir discutir distribuir dividir escribir existir imprimir incluir insistir
  invertir:ie medir:i ocurrir omitir pedir:i permitir persuadir preferir:ie recibir repetir:i reunir seguir:i
  conseguir:i servir:i sentir:ie subir sufrir sugerir:ie suprimir sustituir transmitir vivir construir contribuir
  atribuir concluir elegir:i corregir:i exigir advertir:ie convertir:ie resumir dormir:ue agilizar imaginar acumular
  ahorrar alargar aliviar apuntar arreglar asumir contestar descansar desaparecer despegar disfrutar disparar dudar
  encajar engañar equivocar faltar fichar frenar juntar liberar limitar llenar soportar cotizar seleccionar supervisar
  escanear acelerar actuar adelantar afectar agregar ampliar asociar calificar coincidir conservar despedir:i
  diferenciar emitir enfrentar ordenar procesar recalcar rechazar reclamar reflejar reforzar:ue renovar:ue repartir
  requerir:ie rodear saltar sentar:ie significar tender:ie unificar vigilar convencer vencer ejercer sonar:ue escapar
  destapar desbordar disparar triplicar calcular subestimar sobreestimar adorar abandonar abordar acceder adjuntar
  agrupar alinear bloquear borrar caducar certificar combinar compensar copiar cortar cruzar desactivar dibujar durar
  editar empaquetar enlazar estabilizar fabricar forzar:ue fusionar indexar migrar minimizar modernizar multiplicar
  normalizar orientar parametrizar pilotar restaurar transferir:ie molestar subcontratar teletrabajar abastecer abonar
  acoger acostumbrar adivinar administrar admitir adquirir:ie afirmar agotar agradar alimentar alterar amortizar
  anular apagar aplazar apretar:ie archivar arriesgar asesorar atrapar auditar beneficiar brindar capturar celebrar
  circular citar clarificar colgar:ue comercializar competir:i complicar computar concertar:ie condicionar conformar
  congelar considerar constar constituir contemplar continuar convocar corresponder cuantificar cuestionar culminar
  cumplimentar dañar debatir declarar demorar denunciar depositar derivar desaprovechar descontar:ue desembolsar
  desempeñar desglosar desplazar desplegar:ie destinar determinar diagnosticar difundir dimensionar disminuir
  distinguir diversificar dotar elevar embarcar emocionar empeorar empujar encarecer encender:ie enriquecer ensayar
  enterar equilibrar esforzar:ue especializar especificar estandarizar estructurar exagerar experimentar explotar
  fidelizar figurar fluir formalizar formular girar guardar guiar habilitar heredar homologar iluminar impactar
  impedir:i implantar implicar incentivar inscribir inspeccionar instalar intercambiar interpretar interrumpir
  inventar investigar involucrar justificar liderar liquidar maximizar mitigar modelar monetizar negar:ie nombrar
  observar obstaculizar ocultar padecer pactar perjudicar persistir poblar:ue posicionar potenciar practicar precisar
  premiar prescindir preservar pretender proporcionar provocar quejar rastrear razonar reaccionar recargar rectificar
  recurrir redactar redondear reestructurar referir:ie regalar rendir:i renunciar replantear representar rescatar
  respirar restringir retirar reutilizar ahogar prohibir sancionar saturar segmentar sincronizar situar sobrevivir solventar
  sorprender sospechar suavizar suministrar suspender tasar tolerar triunfar ubicar urgir variar velar visibilizar
  volcar:ue
  perseguir:i averiguar calentar:ie comer fracasar teclear juzgar reembolsar conciliar contrastar despertar:ie cuadrar
  alejar resistir denominar alegrar atascar colar:ue relajar tarificar desviar averiar anunciar jubilar descatalogar
  eternizar acortar tumbar estropear flojear estancar revertir:ie incumplir contabilizar separar disputar fiar parar
  retrabajar percibir recortar acudir reconstruir pegar esconder estrechar ignorar aislar quemar decepcionar
  desperdiciar aguantar acertar:ie surgir convivir entorpecer restablecer inmovilizar tirar coger puntear reenviar
  externalizar tributar repercutir trazar montar parchear muestrear vincular traspasar rentar casar emparejar
  asentar:ie devengar provisionar domiciliar descuadrar recobrar impagar fraccionar fiscalizar desgravar
  regularizar prorrogar rescindir nutrir cualificar prospectar ofertar licitar adjudicar internalizar tercerizar
  alojar replicar cifrar autenticar desbloquear reasignar replanificar reprogramar fotografiar transcribir maquetar
  etiquetar embalar expedir:i despachar transportar aprovisionar inventariar recontar:ue pesar calibrar limpiar
  desinfectar cocinar hospedar agobiar saturar colapsar frenar retrasar disparar dispararse encarecer abaratar
  duplicar triplicar sobrar escasear faltar caducar vencer prescribir expirar renovar ampliar reducir recortar
  subir bajar crecer caer disminuir aumentar multiplicar dividir repartir asignar distribuir centralizar
  unificar homogeneizar estandarizar normalizar armonizar simplificar agilizar acelerar automatizar optimizar
  escalar crecer expandir internacionalizar exportar importar abrir cerrar lanzar arrancar retomar reanudar
  relanzar reactivar reenganchar recontactar contactar llamar escribir responder contestar insistir perseguir
  chequear comprobar cotejar contrastar validar verificar revisar auditar controlar supervisar vigilar
  monitorizar rastrear trazar seguir localizar geolocalizar detectar alertar avisar notificar informar reportar
  documentar registrar anotar apuntar archivar guardar almacenar conservar custodiar proteger asegurar blindar
  abarcar interactuar bastar apetecer conllevar malgastar testar afinar optar disculpar intuir batir lidiar
  batallar pelear luchar dominar rebajar animar influir
`);

interface Irregular {
  readonly present: string;
  readonly preterite: string;
  readonly subjunctive: string;
  /** Subjuntivo imperfecto, where it does not follow from the preterite's 3rd plural. */
  readonly imperfect: string;
  /** Futuro and condicional stem. */
  readonly future: string;
  /** Tú imperative and other forms. */
  readonly other?: string;
  readonly derived?: string;
}

const IRREGULAR: Readonly<Record<string, Irregular>> = {
  ser: {
    present: 'soy eres es somos sois son',
    preterite: 'fui fuiste fue fuimos fuisteis fueron',
    subjunctive: 'sea seas sea seamos seáis sean',
    imperfect: 'era eras éramos erais eran',
    future: 'ser',
  },
  estar: {
    present: 'estoy estás está estamos estáis están',
    preterite: 'estuve estuviste estuvo estuvimos estuvisteis estuvieron',
    subjunctive: 'esté estés esté estemos estéis estén',
    imperfect: 'estaba estabas estábamos estabais estaban',
    future: 'estar',
  },
  haber: {
    present: 'he has ha hemos habéis han hay',
    preterite: 'hube hubiste hubo hubimos hubieron',
    subjunctive: 'haya hayas haya hayamos hayáis hayan',
    imperfect: 'había habías habíamos habíais habían',
    future: 'habr',
  },
  ir: {
    present: 'voy vas va vamos vais van',
    preterite: 'fui fuiste fue fuimos fuisteis fueron',
    subjunctive: 'vaya vayas vaya vayamos vayáis vayan',
    imperfect: 'iba ibas íbamos ibais iban',
    future: 'ir',
    other: 've',
  },
  tener: {
    present: 'tengo tienes tiene tenemos tenéis tienen',
    preterite: 'tuve tuviste tuvo tuvimos tuvisteis tuvieron',
    subjunctive: 'tenga tengas tenga tengamos tengáis tengan',
    imperfect: 'tenía tenías teníamos teníais tenían',
    future: 'tendr',
    other: 'ten',
    derived: 'mantener obtener contener retener sostener detener entretener',
  },
  venir: {
    present: 'vengo vienes viene venimos venís vienen',
    preterite: 'vine viniste vino vinimos vinisteis vinieron',
    subjunctive: 'venga vengas venga vengamos vengáis vengan',
    imperfect: 'venía venías veníamos veníais venían',
    future: 'vendr',
    other: 'ven',
    derived: 'convenir intervenir prevenir provenir',
  },
  hacer: {
    present: 'hago haces hace hacemos hacéis hacen',
    preterite: 'hice hiciste hizo hicimos hicisteis hicieron',
    subjunctive: 'haga hagas haga hagamos hagáis hagan',
    imperfect: 'hacía hacías hacíamos hacíais hacían',
    future: 'har',
    other: 'haz',
    derived: 'deshacer rehacer',
  },
  poder: {
    present: 'puedo puedes puede podemos podéis pueden',
    preterite: 'pude pudiste pudo pudimos pudisteis pudieron',
    subjunctive: 'pueda puedas pueda podamos podáis puedan',
    imperfect: 'podía podías podíamos podíais podían',
    future: 'podr',
  },
  querer: {
    present: 'quiero quieres quiere queremos queréis quieren',
    preterite: 'quise quisiste quiso quisimos quisisteis quisieron',
    subjunctive: 'quiera quieras quiera queramos queráis quieran',
    imperfect: 'quería querías queríamos queríais querían',
    future: 'querr',
  },
  decir: {
    present: 'digo dices dice decimos decís dicen',
    preterite: 'dije dijiste dijo dijimos dijisteis dijeron',
    subjunctive: 'diga digas diga digamos digáis digan',
    imperfect: 'decía decías decíamos decíais decían',
    future: 'dir',
    other: 'di',
  },
  saber: {
    present: 'sé sabes sabe sabemos sabéis saben',
    preterite: 'supe supiste supo supimos supisteis supieron',
    subjunctive: 'sepa sepas sepa sepamos sepáis sepan',
    imperfect: 'sabía sabías sabíamos sabíais sabían',
    future: 'sabr',
  },
  poner: {
    present: 'pongo pones pone ponemos ponéis ponen',
    preterite: 'puse pusiste puso pusimos pusisteis pusieron',
    subjunctive: 'ponga pongas ponga pongamos pongáis pongan',
    imperfect: 'ponía ponías poníamos poníais ponían',
    future: 'pondr',
    other: 'pon',
    derived: 'proponer suponer componer disponer exponer imponer reponer posponer',
  },
  dar: {
    present: 'doy das da damos dais dan',
    preterite: 'di diste dio dimos disteis dieron',
    subjunctive: 'dé des demos deis den',
    imperfect: 'daba dabas dábamos dabais daban',
    future: 'dar',
  },
  ver: {
    present: 'veo ves ve vemos veis ven',
    preterite: 'vi viste vio vimos visteis vieron',
    subjunctive: 'vea veas vea veamos veáis vean',
    imperfect: 'veía veías veíamos veíais veían',
    future: 'ver',
  },
  prever: {
    present: 'preveo prevés prevé prevemos prevéis prevén',
    preterite: 'previ previste previó previmos previsteis previeron',
    subjunctive: 'prevea preveas prevea preveamos preveáis prevean',
    imperfect: 'preveía preveías preveíamos preveíais preveían',
    future: 'prever',
  },
  traer: {
    present: 'traigo traes trae traemos traéis traen',
    preterite: 'traje trajiste trajo trajimos trajisteis trajeron',
    subjunctive: 'traiga traigas traiga traigamos traigáis traigan',
    imperfect: 'traía traías traíamos traíais traían',
    future: 'traer',
    derived: 'atraer contraer distraer extraer',
  },
  salir: {
    present: 'salgo sales sale salimos salís salen',
    preterite: 'salí saliste salió salimos salisteis salieron',
    subjunctive: 'salga salgas salga salgamos salgáis salgan',
    imperfect: 'salía salías salíamos salíais salían',
    future: 'saldr',
    other: 'sal',
  },
  valer: {
    present: 'valgo vales vale valemos valéis valen',
    preterite: 'valí valiste valió valimos valieron',
    subjunctive: 'valga valgas valga valgamos valgan',
    imperfect: 'valía valías valíamos valían',
    future: 'valdr',
  },
  ducir: {
    present: 'duzco duces duce ducimos ducís ducen',
    preterite: 'duje dujiste dujo dujimos dujisteis dujeron',
    subjunctive: 'duzca duzcas duzca duzcamos duzcáis duzcan',
    imperfect: 'ducía ducías ducíamos ducíais ducían',
    future: 'ducir',
    derived: 'reducir producir conducir introducir traducir deducir inducir',
  },
  oír: {
    present: 'oigo oyes oye oímos oís oyen',
    preterite: 'oí oíste oyó oímos oyeron',
    subjunctive: 'oiga oigas oiga oigamos oigan',
    imperfect: 'oía oías oíamos oían',
    future: 'oir',
  },
  caber: {
    present: 'quepo cabes cabe cabemos cabéis caben',
    preterite: 'cupe cupiste cupo cupimos cupisteis cupieron',
    subjunctive: 'quepa quepas quepa quepamos quepáis quepan',
    imperfect: 'cabía cabías cabíamos cabíais cabían',
    future: 'cabr',
  },
  caer: {
    present: 'caigo caes cae caemos caéis caen',
    preterite: 'caí caíste cayó caímos cayeron',
    subjunctive: 'caiga caigas caiga caigamos caigan',
    imperfect: 'caía caías caíamos caían',
    future: 'caer',
    derived: 'decaer recaer',
  },
};

/** What a form can be. */
export const FINITE = 1;
/** A 1st or 2nd person plural ending (-mos, -áis, -éis, -ís): a verb even after "la" or "los". */
export const PLURAL = 2;
/** Can take clitics at its end as an imperative: "avísame", "escríbame", "dime". */
export const IMPERATIVE = 4;
/** ser, estar, haber, ir, poder, querer, deber, tener. */
export const AUXILIARY = 8;
/** The tú form of the present ("facturas", "alertas"): also a plural noun. */
export const INFORMAL = 16;
/** The yo form of the present ("trabajo", "registro"): also a noun, a verb where a verb stands. */
export const FIRST = 64;
/** A verb used with its pronoun ("se averíe", "se jubilan"): without one the form is a noun ("una avería"). */
export const CLITIC_ONLY = 32;

/** Verbs that go with "se": their forms count only after a clitic. */
const PRONOMINAL = new Set(words(`averiar jubilar atascar quejar eternizar estancar`));

const AUXILIARY_VERBS = new Set(['ser', 'estar', 'haber', 'ir', 'poder', 'querer', 'deber', 'tener']);

type Group = 'ar' | 'er' | 'ir';
const ENDINGS: Record<Group, Record<string, readonly string[]>> = {
  ar: {
    present: ['o', 'as', 'a', 'amos', 'áis', 'an'],
    preterite: ['é', 'aste', 'ó', 'amos', 'asteis', 'aron'],
    imperfect: ['aba', 'abas', 'aba', 'ábamos', 'abais', 'aban'],
    subjunctive: ['e', 'es', 'e', 'emos', 'éis', 'en'],
    past: ['ara', 'aras', 'ara', 'áramos', 'arais', 'aran'],
  },
  er: {
    present: ['o', 'es', 'e', 'emos', 'éis', 'en'],
    preterite: ['í', 'iste', 'ió', 'imos', 'isteis', 'ieron'],
    imperfect: ['ía', 'ías', 'ía', 'íamos', 'íais', 'ían'],
    subjunctive: ['a', 'as', 'a', 'amos', 'áis', 'an'],
    past: ['iera', 'ieras', 'iera', 'iéramos', 'ierais', 'ieran'],
  },
  ir: {
    present: ['o', 'es', 'e', 'imos', 'ís', 'en'],
    preterite: ['í', 'iste', 'ió', 'imos', 'isteis', 'ieron'],
    imperfect: ['ía', 'ías', 'ía', 'íamos', 'íais', 'ían'],
    subjunctive: ['a', 'as', 'a', 'amos', 'áis', 'an'],
    past: ['iera', 'ieras', 'iera', 'iéramos', 'ierais', 'ieran'],
  },
};
const FUTURE = ['é', 'ás', 'á', 'emos', 'éis', 'án'];
const CONDITIONAL = ['ía', 'ías', 'ía', 'íamos', 'íais', 'ían'];
/** Persons whose stem takes the stem change in the present (yo, tú, él, ellos). */
const STRESSED = new Set([0, 1, 2, 5]);

const PLURAL_ENDING = /(?:mos|áis|éis|ís)$/;

function add(map: Map<string, number>, form: string, extra = 0): void {
  const flags = FINITE | extra | (PLURAL_ENDING.test(form) ? PLURAL : 0);
  map.set(form, (map.get(form) ?? 0) | flags);
}

/** The stem with its last e or o changed ("cerr" → "cierr", "cont" → "cuent", "ped" → "pid"). */
function changed(stem: string, change: string): string {
  const index = stem.lastIndexOf(change === 'ue' || change === 'u' ? 'o' : 'e');
  return index < 0 ? stem : stem.slice(0, index) + change + stem.slice(index + 1);
}

/** Spelling before an ending: busqu-é, lleg-ué, empec-é, escoj-o, sig-o, ofrezc-o, incluy-o. */
function spell(stem: string, ending: string, group: Group): string {
  const front = /^[eé]/.test(ending);
  const back = /^[aoáó]/.test(ending);
  if (group === 'ar' && front) {
    if (stem.endsWith('c')) return `${stem.slice(0, -1)}qu${ending}`;
    if (stem.endsWith('g')) return `${stem}u${ending}`;
    if (stem.endsWith('z')) return `${stem.slice(0, -1)}c${ending}`;
  }
  if (group !== 'ar' && back) {
    if (stem.endsWith('gu')) return `${stem.slice(0, -1)}${ending}`;
    if (stem.endsWith('g')) return `${stem.slice(0, -1)}j${ending}`;
    if (/[aeiou]c$/.test(stem)) return `${stem.slice(0, -1)}zc${ending}`;
    if (/c$/.test(stem)) return `${stem.slice(0, -1)}z${ending}`;
  }
  if (group === 'ir' && stem.endsWith('u') && !stem.endsWith('gu') && /^[aeoó]/.test(ending)) {
    return `${stem}y${ending}`;
  }
  // Between vowels, unstressed i is y: leyó, creyeron, incluyó.
  if (/[aeou]$/.test(stem) && /^i[eéoó]/.test(ending)) return `${stem}y${ending.slice(1)}`;
  return stem + ending;
}

function regular(map: Map<string, number>, entry: string): void {
  const [infinitive = '', change] = entry.split(':');
  const group = infinitive.slice(-2) as Group;
  const stem = infinitive.slice(0, -2);
  const endings = ENDINGS[group];
  if (!endings) return;
  const other = change ? changed(stem, change) : stem;
  // -ir verbs that change e→ie or o→ue take i or u where the ending is stressed: sintió, durmieron.
  const narrow = group === 'ir' && change ? changed(stem, change === 'ue' ? 'u' : 'i') : stem;
  const each = (tense: string, extra: (person: number) => number, pick: (person: number) => string) => {
    (endings[tense] ?? []).forEach((ending, person) => {
      add(map, spell(pick(person), ending, group), extra(person));
    });
  };
  each(
    'present',
    (person) => (person === 2 ? IMPERATIVE : person === 1 ? INFORMAL : person === 0 ? FIRST : 0),
    (person) => (STRESSED.has(person) ? other : stem),
  );
  // reunir, prohibir: a written accent where the stem is stressed (reúne, prohíbe).
  const accent = /^(?:re)(u)n/.exec(stem) ?? /(i)b$/.exec(stem);
  if (accent && (infinitive === 'reunir' || infinitive === 'prohibir')) {
    const marked = stem.replace(/u(?=n)|i(?=b$)/, (vowel) => (vowel === 'u' ? 'ú' : 'í'));
    (endings.present ?? []).forEach((ending, person) => {
      if (STRESSED.has(person)) add(map, marked + ending, person === 2 ? IMPERATIVE : 0);
    });
  }
  each(
    'subjunctive',
    (person) => (person === 2 || person === 5 ? IMPERATIVE : person === 1 ? INFORMAL : 0),
    (person) => (STRESSED.has(person) ? other : narrow),
  );
  each(
    'preterite',
    () => 0,
    (person) => (person === 2 || person === 5 ? narrow : stem),
  );
  each(
    'imperfect',
    () => 0,
    () => stem,
  );
  each(
    'past',
    () => 0,
    () => narrow,
  );
  for (const ending of FUTURE) add(map, infinitive + ending);
  for (const ending of CONDITIONAL) add(map, infinitive + ending);
  // -iar and -uar verbs: envío / envio, evalúa / evalua.
  if (/[iu]ar$/.test(infinitive)) {
    const vowel = infinitive.charAt(infinitive.length - 3);
    const accented = `${stem.slice(0, -1)}${vowel === 'i' ? 'í' : 'ú'}`;
    const flag = (person: number, imperative: boolean) => (imperative ? IMPERATIVE : person === 1 ? INFORMAL : 0);
    ENDINGS.ar.present?.forEach((ending, person) => {
      if (STRESSED.has(person)) add(map, accented + ending, flag(person, person === 2));
    });
    ENDINGS.ar.subjunctive?.forEach((ending, person) => {
      if (STRESSED.has(person)) add(map, accented + ending, flag(person, person === 2 || person === 5));
    });
  }
}

function irregular(map: Map<string, number>, verb: Irregular, prefix: string, extra: number): void {
  const put = (list: string, flags: (person: number) => number) => {
    list
      .split(' ')
      .filter(Boolean)
      .forEach((form, person) => {
        add(map, prefix + form, extra | flags(person));
      });
  };
  put(verb.present, (person) => (person === 2 ? IMPERATIVE : 0));
  put(verb.subjunctive, (person) => (person === 2 || person === 5 ? IMPERATIVE : 0));
  put(verb.preterite, () => 0);
  put(verb.imperfect, () => 0);
  put(verb.other ?? '', () => IMPERATIVE);
  const third = verb.preterite.split(' ').pop() ?? '';
  if (third.endsWith('ron')) {
    const base = third.slice(0, -3);
    for (const ending of ['ra', 'ras', 'ran']) add(map, prefix + base + ending, extra);
  }
  for (const ending of FUTURE) add(map, prefix + verb.future + ending, extra);
  for (const ending of CONDITIONAL) add(map, prefix + verb.future + ending, extra);
}

let forms: Map<string, number> | undefined;

function build(): Map<string, number> {
  const map = new Map<string, number>();
  for (const entry of REGULAR) regular(map, entry);
  for (const [lemma, verb] of Object.entries(IRREGULAR)) {
    const extra = AUXILIARY_VERBS.has(lemma) ? AUXILIARY : 0;
    if (lemma !== 'ducir') irregular(map, verb, '', extra);
    for (const compound of (verb.derived ?? '').split(' ').filter(Boolean)) {
      irregular(map, verb, compound.slice(0, compound.length - lemma.length), extra);
    }
  }
  for (const [form, flags] of map) if (form.startsWith('deb')) map.set(form, flags | AUXILIARY);
  // Prepositions and other words that are also a rare verb form ("fuera de", "como").
  for (const word of ['entre', 'bajo', 'sobre', 'para', 'como', 'fuera']) map.delete(word);
  for (const entry of PRONOMINAL) {
    const only = new Map<string, number>();
    regular(only, entry);
    for (const form of only.keys()) map.set(form, (map.get(form) ?? 0) | CLITIC_ONLY);
  }
  return map;
}

/** Every generated form with what it can be (built once, on first use). */
export function spanishForms(): ReadonlyMap<string, number> {
  forms ??= build();
  return forms;
}

export const SPANISH_LEMMAS =
  new Set(REGULAR.map((entry) => entry.split(':')[0])).size +
  Object.entries(IRREGULAR).reduce(
    (sum, [lemma, verb]) => sum + (lemma === 'ducir' ? 0 : 1) + (verb.derived?.split(' ').length ?? 0),
    0,
  );
