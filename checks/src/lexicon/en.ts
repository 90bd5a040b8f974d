import { phrases, words } from './list.ts';
import type { Lexicon } from './types.ts';

export const en: Lexicon = {
  functionWords: words(`
    a about after again all also am an and any are as at be because been before being both but by can could did do
    does down each even every few for from had has have he her here him his how i if in into is it its just me more
    most much must my no not now of off on once only or other our out over she should so some such than that the their
    them then there these they this those through to too under until up us very was we were what when where which
    while who why will with would you your yours since though without within across around between during many may
    might own same like last next
  `),
  fillerWords: words(`
    thanks thank hope think want worth still really already maybe well back week weeks time times often something
    anything nothing someone thing things help helps look looking take takes make makes know team teams email note
    quick question happy glad reach reaching idea ideas good great need needs usually most every year month today
    tomorrow call chat send share reply open sure does doing
  `),
  abbreviations: [
    'e.g',
    'i.e',
    'vs',
    'mr',
    'mrs',
    'ms',
    'dr',
    'prof',
    'approx',
    'jr',
    'sr',
    'st',
    'ca',
    'co',
    'corp',
    'inc',
    'ltd',
  ],
  closings: phrases(`
    best | best regards | kind regards | warm regards | regards | thanks | thank you | many thanks | cheers |
    all the best | sincerely | talk soon | speak soon | best wishes | warmly | yours
  `),
  askPhrases: ['let me know', 'grab a time', 'pick a time', 'book a time', 'find a time', 'hit reply'],
  askCommands: ['reply', 'book a', 'schedule', 'send me', 'click'],
  askSofteners: phrases(`
    please | just | simply | feel free to | you can | you could | can you | could you | or | and | then | so | if so |
    do
  `),
  spamPhrases: phrases(`
    act now | act fast | 100% free | risk-free | risk free | no obligation | click here | buy now | order now |
    call now | apply now | limited time | once in a lifetime | winner | cash bonus | make money | double your |
    earn $ | guaranteed results | satisfaction guaranteed | 100% guaranteed | no strings attached | urgent action |
    urgent response | urgent reply | urgent: | dear friend | congratulations | you have been selected |
    while supplies last | money back | miracle | !!! | $$$
  `),
  // Business and industry acronyms reps write as they are: not shouting.
  acronyms: [
    'GDPR',
    'HIPAA',
    'CCPA',
    'EBITDA',
    'OSHA',
    'FINRA',
    'NIST',
    'FEDRAMP',
    'SOC2',
    'CMMS',
    'HACCP',
    'CAPA',
    'CSRD',
    'ESRS',
    'HVAC',
    'SAML',
    'SCIM',
    'OKTA',
    'JSON',
    'HTTP',
    'HTTPS',
    'OAUTH',
    'SLAS',
    'KPIS',
    'OKRS',
    'ESG',
    'ERP',
    'CRM',
    'WMS',
    'TMS',
    'MES',
    'QMS',
    'EHR',
    'EMR',
    'RCM',
    'ATS',
    'HRIS',
    'LMS',
    'ITSM',
    'SIEM',
    'SOAR',
    'EDR',
    'XDR',
    'DEVOPS',
    'FINOPS',
    'IPAAS',
    'SAAS',
    'PAAS',
    'IAAS',
    'AWS',
    'GCP',
    'SKUS',
    'SAP',
    'NETSUITE',
    'PCI',
    'ISO',
    'FMCSA',
    'USDA',
    'FSMA',
    'IFRS',
    'GAAP',
    'ASC',
    'VAT',
    'SEPA',
    'ACH',
    'EDI',
    'API',
    'APIS',
    'CPQ',
    'MRR',
    'ARR',
    'NPS',
    'CSAT',
    'SDRS',
    'BDRS',
    'OEE',
    'MRO',
    'FIFO',
    'FEFO',
    'RFID',
    'IIOT',
  ],
  breakup: phrases(`
    close the loop | closing the loop | last email | last note | last message | last time i | won't follow up |
    won't keep | will not follow up | i'll stop | i will stop | close your file | close the file | not a priority |
    leave it there | leave you alone | step back | final note | final email
  `),
  strongBreakup: phrases(`
    last email | last message | last note | final note | final email | close the loop | closing the loop |
    close your file | won't follow up | will not follow up
  `),
  modelChatter: phrases(`
    as an ai | language model | i cannot help | i can't help | i'm sorry, but | i am sorry, but | here is your email |
    here's your email | here is the email | here's the email | here is the sequence | here's the sequence |
    here are the emails | here's your sequence | here is your sequence | system prompt
  `),
  names: {
    resultVerbs: phrases(`
      cut | cuts | reduced | reduces | lowered | lowers | increased | increases | raised | raises | grew | grows |
      saved | saves | doubled | tripled | halved | improved | improves | boosted | boosts | shortened | shortens |
      recovered | achieved | achieves | saw | sees | went from | slashed | trimmed | lifted | gained | dropped
    `),
    beforeVerbSkip: ['has', 'have', 'had', 'recently', 'just', 'already', 'also', 'quickly', 'team', 'teams', 'then'],
    prepositions: ['at', 'for', 'with'],
    enumerationCues: phrases(`
      customers like | customers such as | customers including | companies like | companies such as | teams like |
      teams at | clients like | clients such as | brands like | including | such as
    `),
    afterCues: ['helped', 'helps', 'helping', 'worked with', 'work with', 'works with', 'partnered with'],
    beforeCues: [],
    possessiveNouns: ['team', 'teams'],
    determiners: ['the', 'a', 'an', 'this', 'that', 'these', 'those'],
    pronouns: ['i', 'we', 'you', 'they', 'he', 'she', 'it', 'our', 'your', 'their', 'us', 'them', 'my', 'me'],
    calendar: words(`
      monday tuesday wednesday thursday friday saturday sunday january february march april may june july august
      september october november december
    `),
    conjunctions: ['and', 'or'],
    auxiliaries: [],
    commonNounEndings: [],
    capitalisedNouns: false,
  },
};
