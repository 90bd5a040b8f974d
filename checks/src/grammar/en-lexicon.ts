import { words } from '../lexicon/list.ts';

/*
 * English verbs of business writing, as lemmas. A mark after a lemma says what else the word is:
 *   ~  also a noun, but mostly a verb ("help", "call", "reply")
 *   ^  mostly a noun ("plan", "cost", "report"): a verb only where a verb must stand
 *   °  also an adjective ("open", "clear", "free")
 * Regular forms are generated: base, -s and -ed (a final consonant after one vowel is also doubled,
 * so "plan" gives "planed" and "planned"; a spelling nobody writes does no harm).
 */
const REGULAR = words(`
  abandon absorb accelerate accept access^ accommodate accomplish account~ accrue achieve acknowledge acquire act~
  activate adapt add address~ adhere adjust administer admit adopt advance~ advertise advise advocate~ affect affirm
  afford aggregate^ agree aim~ alert~ align allocate allow alleviate alter amend amplify analyse analyze announce
  annotate answer~ anticipate apologise apologize appear apply appoint appreciate approach~ approve archive^ argue
  arrange arrive articulate ask assemble assert assess assign assist assume assure attach attain attempt~ attend
  attest attract audit^ augment authorise authorize automate avoid await award^ balance^ ban~ base^ believe belong
  benchmark^ benefit^ bill^ blend~ block~ boast book~ boost~ borrow bother bounce~ brand^ breathe brief^ broaden browse
  budget^ bundle^ burden^ calculate calibrate call~ campaign^ cancel cap~ capture~ care~ carry categorise categorize
  cater cause~ celebrate centralise centralize certify challenge^ change~ charge~ chart^ chase~ chat~ check~ circulate
  cite claim~ clarify classify clean° clear° click~ close° coach~ code^ collaborate collapse~ collect combine comment~
  commission^ commit communicate compare compensate compete compile complain complement compound^ complete° comply compose
  compute concentrate concern^ conclude condense conduct~ configure confirm confront connect conserve consider consist
  consolidate constrain construct consult consume contact~ contain contend continue contract^ contribute control~
  convene convert~ convey convince cooperate coordinate cope copy^ correct° correspond count~ cover~ craft^ crash~
  create credit^ cross~ cultivate curate curb^ customise customize cycle^ date^ debate^ debug decide declare decline~
  decrease~ dedicate deduct deepen default^ defend defer define delay~ delegate delete delight~ deliver demand~ demo^
  demonstrate deny depend deploy deposit^ derive describe deserve design~ despatch detail^ detect determine develop
  devote diagnose dictate differ digest digitise digitize diminish direct° disappear disclose disconnect discount^
  discover discuss dispatch~ display~ disrupt dissolve distinguish distribute diversify divide document^ donate double°
  doubt~ download~ draft^ drag dress drill^ drop~ duplicate earn ease~ edit educate elevate eliminate email^ embark
  embed embrace emerge emphasise emphasize employ empower empty° enable encounter encourage end~ enforce engage enhance
  enjoy enrich enrol enroll ensure entail enter envision equip escalate escape establish estimate^ evaluate evolve
  examine exceed excel exchange~ exclude execute exercise^ exhibit^ exist expand expect expedite experience^
  experiment~ expire explain exploit explore export^ expose extend extract face~ facilitate fade fail fasten favor^
  favour^ fear~ feature^ fetch figure^ file^ fill filter^ finalise finalize finance^ finish~ fire~ fix~ flag^ flatten
  flip~ flow~ focus~ follow force^ format^ forward° foster found frame^ free° frustrate fuel^ fulfil fulfill fund^ gain~
  gather generate govern grab grade^ grant^ greet guarantee^ guard^ guess~ guide^ halt~ halve hand^ handle~ happen
  harm~ harness hate head^ heal hedge^ help~ hesitate highlight^ hinder hire~ honor^ honour^ hope~ host^ hurry
  identify ignore illustrate imagine implement imply import^ impose impress improve incentivise incentivize include
  incorporate increase~ incur index^ indicate influence^ inform inherit initiate innovate input^ inquire insert insist
  inspect inspire install insure integrate intend interact interest^ interpret interrupt intervene interview^
  introduce invent invest investigate invite invoice^ involve isolate issue^ join judge^ jump~ justify kick~ knock~
  label^ lack~ lag~ land~ launch~ layer^ leak~ lease^ lengthen level^ leverage^ license^ lift~ limit~ link~ list^ listen
  live load~ locate lock~ log^ look~ love~ lower° maintain manage map^ mark^ market^ master^ match~ matter~ maximise
  maximize measure~ mention~ merge merit^ message^ migrate mind~ minimise minimize mirror^ miss~ mitigate mix~ mobilise
  model^ modernise modernize modify monitor~ motivate move~ multiply name^ navigate need~ neglect negotiate network^
  note^ notice~ notify nurture object^ observe obtain occupy occur offer~ omit onboard open° operate opt optimise
  optimize order^ organise organize outline^ outperform outsource overhaul^ overlap~ overload^ overlook overwhelm owe
  own° pack~ package^ pair^ panic park^ participate partner^ pass~ pause~ perform permit~ persist personalise
  personalize persuade phone^ pick~ picture^ pilot^ pitch^ pivot~ place^ plan^ play~ plug~ point^ polish~ populate
  position^ possess post^ postpone power^ practice^ practise praise~ precede predict prefer prepare present^ preserve
  press~ prevent preview^ price^ print^ prioritise prioritize proceed process^ procure produce^ profile^ profit^
  program^ progress^ prohibit project^ promise~ promote prompt^ propose protect provide publish pull~ purchase^ pursue
  push~ qualify quantify question^ quote^ raise~ rank~ rate^ reach~ react realise realize reassure rebrand recall~
  receive recognise recognize recommend reconcile reconsider record^ recover recruit redeem redesign redirect reduce
  refer refine reflect refocus refresh refund^ refuse regain register^ regret~ regulate rehire reinforce reinvent
  reject relate relax release~ relieve relocate rely remain remember remind remove renegotiate renew reopen reorganise
  reorganize repair~ repeat~ replace replicate reply~ report^ reposition represent request^ require rescue research^
  reschedule reserve~ reshape resist resolve resonate respect^ respond rest~ restart restore restrict restructure
  result^ resume retain retarget retire retrain retrieve return~ reuse reveal review^ revise revisit revolutionise
  revolutionize reward^ risk^ roll~ rotate route^ rule^ rush~ sample^ satisfy save~ scale^ scan~ schedule^ score^
  scrap^ screen^ seal~ search~ secure° seem segment^ select sense^ sequence^ serve service^ settle shape^ share~
  sharpen shift^ ship~ shorten sign~ simplify skip skyrocket slash~ slip~ slow° smooth° snap~ soften solve sort~
  source^ spark^ specialise specialize specify sponsor^ spot^ squeeze~ stabilise stabilize stack^ staff^ stall~
  standardise standardize start~ state^ stay steer stem~ step~ stock^ stop~ store^ streamline strengthen stress^
  stretch~ structure^ struggle~ study^ submit subscribe substitute^ succeed suffer suggest suit^ summarise summarize
  supervise supplement^ supply^ support~ suppose surface^ surge~ surpass surprise^ survey^ survive suspect suspend
  sustain swap~ switch~ sync~ tackle tailor^ talk~ tap~ target^ tend terminate test^ thank^ thrive tie~ tighten
  tolerate top~ total^ touch~ trace~ track~ trade^ train~ transfer~ transform transition^ translate transmit travel~
  treat~ trial^ trigger^ trim~ triple° troubleshoot trust~ try~ tune^ turn~ tweak~ uncover underestimate underline
  underpin underscore unify unite unlock unpack unveil update~ upgrade~ upload~ urge~ use~ utilise utilize validate
  value^ vary verify vet view^ visit~ visualise visualize volunteer^ vote^ wait~ walk~ want~ warn waste^ watch~ weigh
  welcome~ widen wish~ witness^ wonder~ work~ worry~ wrap~ sound~ adore blame climb~ collide dominate drain~ drift~
  echo~ endure exhaust explode flood~ glance~ hunt~ juggle linger lurk pile~ plunge~ pop~ quadruple reclaim recur
  resent rival^ rocket~ sag slump~ soar spike~ spiral~ stagnate stumble swamp tank^ trail^ vanish worsen yield~
  plateau^ dip~ hover peak^ drown struggle~ reinvest refuel relaunch rebalance reallocate reroute resubmit retest
  type^ key^ back^ patch^ dread~ dial~ wipe~ narrow° retype rekey reorder^ restock spoil appeal^ query^ lapse^ stitch~
  rework^ paste~ dispute^ discontinue scope^ chill^ rent^ reimburse remit lodge^ replenish tender^ churn^ downgrade^
  offboard upsell triage^ discharge^ prescribe dispense encrypt authenticate provision^ deprovision revoke refactor
  rightsize overprovision throttle^ cache^ reprice poll^ thaw evict vacate weld^ chase~ nudge~ ping~ log^ email^ text^
  invoice^ bill^ clog~ jam^ pile~ queue^ stall~ age° expire outlast outpace overrun^ overbook overlook overpay
  underbill underquote undercut misplace mislabel miscount misroute misfile mistype reissue reconnect reinstate
  redeploy retrain reassign reapprove recheck recount recalculate recode reclassify reconcile refile refill^ rehouse
  rekey relabel reload^ rename renumber repack repost reprint reprocess requalify reship resync retag retest
  retype reupload reverify rewire rework^ double° triple° halve quadruple overcharge^ undercharge overstock^
  understock^ overorder oversell undersell backfill^ backorder^ timestamp^ geotag handwrite sign~ countersign
  notarise notarize greenlight~ sanction^ veto^ waive whitelist^ blacklist^ flag^ snooze~ unblock unlock
  unclog untangle unwind transcribe suffice sprawl~ herd^ wrangle tag^ roster^ ramp~ prospect^
`);

/** Irregular verbs: base, past, past participle ("-" when the past is regular, "/" between variants). */
const IRREGULAR = words(`
  arise~ arose arisen | bear bore borne | beat beat beaten | become became become | begin began begun |
  bend bent bent | bet^ bet bet | creep crept crept | overspend overspent overspent | underspend underspent underspent | bid^ bid bid | bind bound bound | break~ broke broken | bring brought brought |
  broadcast^ broadcast broadcast | build built built | burn burnt/burned burnt/burned | buy bought bought |
  catch~ caught caught | choose chose chosen | come came come | cost^ cost cost | cut~ cut cut | deal^ dealt dealt |
  dig dug dug | dive dove/dived dived | draw~ drew drawn | dream~ dreamt/dreamed dreamt/dreamed | drink drank drunk |
  drive~ drove driven | eat ate eaten | fall~ fell fallen | feed~ fed fed | feel felt felt | fight~ fought fought |
  find found found | fit~ fit/fitted fit/fitted | fly flew flown | forbid forbade forbidden |
  forecast^ forecast forecast | foresee foresaw foreseen | forget forgot forgotten | forgive forgave forgiven |
  freeze~ froze frozen | get got got/gotten | give gave given | go went gone | grow grew grown | hang hung hung |
  hear heard heard | hide hid hidden | hit~ hit hit | hold~ held held | hurt hurt hurt | keep kept kept |
  know knew known | lay laid laid | lead^ led led | lean~ leant/leaned leant/leaned | learn learnt/learned learnt/learned |
  leave~ left left | lend lent lent | let let let | light^ lit lit | lose lost lost | make made made |
  mean meant meant | meet met met | mislead misled misled | misunderstand misunderstood misunderstood |
  offset^ offset offset | outgrow outgrew outgrown | outsell outsold outsold | overcome overcame overcome |
  override overrode overridden | overpay overpaid overpaid | oversee oversaw overseen | pay~ paid paid |
  prove proved proven/proved | put put put | quit quit quit | read read read | rebuild rebuilt rebuilt |
  repay repaid repaid | resell resold resold | reset~ reset reset | rethink rethought rethought |
  rewrite rewrote rewritten | ride rode ridden | ring~ rang rung | rise~ rose risen | run~ ran run | say said said |
  see saw seen | seek sought sought | sell sold sold | send sent sent | set~ set set | shake shook shaken |
  shoot shot shot | show~ showed shown/showed | shrink shrank shrunk | shut shut shut | sink sank sunk | sit sat sat |
  sleep slept slept | slide~ slid slid | speak spoke spoken | speed^ sped sped | spend spent spent | spin~ spun spun |
  split~ split split | spread~ spread spread | stand~ stood stood | steal stole stolen | stick stuck stuck |
  strike~ struck struck | strive strove striven | sweep swept swept | swing~ swung swung | take took taken |
  teach taught taught | tear tore torn | tell told told | think thought thought | throw threw thrown |
  undergo underwent undergone | understand understood understood | undertake undertook undertaken |
  undo undid undone | underwrite underwrote underwritten | uphold upheld upheld | upset upset upset |
  wake woke woken | wear~ wore worn | win~ won won | withdraw withdrew withdrawn | withstand withstood withstood |
  write wrote written | rerun^ reran rerun | proofread proofread proofread | mistake^ mistook mistaken |
  withhold withheld withheld | sublet sublet sublet | outrun outran outrun | bleed bled bled | unstick unstuck unstuck
`)
  .join(' ')
  .split('|');

/** What a word form can be. */
export const BASE = 1; // base form: present (not 3rd singular), imperative, infinitive
export const S3 = 2; // 3rd person singular present
export const PAST = 4; // simple past that is not also a participle ("took")
export const PAST_PART = 8; // simple past or participle ("made", "reduced")
export const NOUN_TOO = 16; // the base or -s form is also a common noun, verb use dominant
export const NOUN_FIRST = 32; // the base or -s form is mostly a noun
export const ADJ_TOO = 64; // the base form is also an adjective

const MARKS: Record<string, number> = { '~': NOUN_TOO, '^': NOUN_FIRST, '°': ADJ_TOO };

const VOWEL = /[aeiou]/;

function thirdPerson(base: string): string[] {
  if (/(?:s|sh|ch|x|z|o)$/.test(base)) return [`${base}es`, ...(base.endsWith('s') ? [`${base}ses`] : [])];
  if (/[^aeiou]y$/.test(base)) return [`${base.slice(0, -1)}ies`];
  return [`${base}s`];
}

function pastForms(base: string): string[] {
  if (base.endsWith('e')) return [`${base}d`];
  if (/[^aeiou]y$/.test(base)) return [`${base.slice(0, -1)}ied`];
  const last = base.charAt(base.length - 1);
  const before = base.charAt(base.length - 2);
  const doubled =
    /[bdgklmnprtz]/.test(last) && VOWEL.test(before) && !VOWEL.test(base.charAt(base.length - 3))
      ? [`${base}${last}ed`]
      : [];
  return [`${base}ed`, ...doubled, ...(base.endsWith('c') ? [`${base}ked`] : [])];
}

function lemma(entry: string): { base: string; flags: number } {
  const mark = MARKS[entry.charAt(entry.length - 1)];
  return mark ? { base: entry.slice(0, -1), flags: mark } : { base: entry, flags: 0 };
}

let forms: Map<string, number> | undefined;

function add(map: Map<string, number>, form: string, flags: number): void {
  map.set(form, (map.get(form) ?? 0) | flags);
}

function build(): Map<string, number> {
  const map = new Map<string, number>();
  for (const entry of REGULAR) {
    const { base, flags } = lemma(entry);
    add(map, base, BASE | flags);
    for (const form of thirdPerson(base)) add(map, form, S3 | (flags & ~ADJ_TOO));
    for (const form of pastForms(base)) add(map, form, PAST_PART);
  }
  for (const line of IRREGULAR) {
    const [entry, past, participle] = line.trim().split(/\s+/);
    if (!entry || !past || !participle) continue;
    const { base, flags } = lemma(entry);
    const participles = new Set(participle.split('/'));
    add(map, base, BASE | flags);
    for (const form of thirdPerson(base)) add(map, form, S3 | flags);
    for (const form of past.split('/')) add(map, form, participles.has(form) ? PAST_PART : PAST);
  }
  // "back" is a particle far more often than the verb ("holds back", "call me back"); "backs up" stays.
  map.delete('back');
  return map;
}

/** Every generated form with what it can be (built once, on first use). */
export function englishForms(): ReadonlyMap<string, number> {
  forms ??= build();
  return forms;
}

/** How many lemmas the lexicon lists. */
export const ENGLISH_LEMMAS = new Set(
  [...REGULAR, ...IRREGULAR.map((line) => line.trim().split(/\s+/)[0] ?? '')].map((entry) => lemma(entry).base),
).size;
