/**
 * Issue 10, finding 2: NUL bytes and lone surrogates gave 500s on register, login, generate,
 * feedback, save, contact and waitlist. The rule lives in one place, `text()` in
 * proto/src/http/common.ts; these tests make it structural:
 *
 * - every string reachable from every schema proto/src/http exports refuses NUL and unpaired
 *   surrogates with the one message, so a field built with a bare `z.string()` fails here;
 * - every request schema (a name ending in Request or Params) has a complete example, and each
 *   string in it, spoiled, is refused with an issue at that field's path (the services prefix the
 *   message with that path: "email: contains a character …");
 * - no route in services builds a string schema by hand instead of taking it from proto.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { FORBIDDEN_CHARACTER_MESSAGE, hasForbiddenCharacter } from '../src/http/common.ts';

const httpFolder = fileURLToPath(new URL('../src/http/', import.meta.url));
const servicesFolder = fileURLToPath(new URL('../../services/', import.meta.url));

/** Every zod schema exported by every module of proto/src/http, by export name. */
const schemas = new Map<string, z.ZodType>();
for (const file of readdirSync(httpFolder).filter((name) => name.endsWith('.ts'))) {
  const module = (await import(path.join(httpFolder, file))) as Record<string, unknown>;
  for (const [name, value] of Object.entries(module)) {
    if (value instanceof z.ZodType) schemas.set(name, value);
  }
}

const SPOILERS = { NUL: '\u0000', 'a lone high surrogate': '\ud800', 'a lone low surrogate': '\udc00' };

interface StringLeaf {
  /** Dotted path, `[]` for any array item: "customization.specificPersona", "sequence[].subject". */
  path: string;
  schema: z.ZodType;
}

/**
 * Walks a schema to every string it can accept. A kind of schema this walk does not know (a
 * record, `z.any()`, a lazy schema) fails the test rather than being skipped: whatever text it
 * lets through would be unproven.
 */
function stringLeaves(schema: z.ZodType, at = ''): StringLeaf[] {
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
  const inner = (key: string, where = at) => stringLeaves(def[key] as z.ZodType, where);
  switch (def.type) {
    case 'string':
      return [{ path: at, schema }];
    case 'object':
      return Object.entries(def.shape as Record<string, z.ZodType>).flatMap(([key, value]) =>
        stringLeaves(value, at ? `${at}.${key}` : key),
      );
    case 'array':
      return inner('element', `${at}[]`);
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      return inner('innerType');
    case 'union':
      return (def.options as z.ZodType[]).flatMap((option) => stringLeaves(option, at));
    case 'pipe':
      return [...inner('in'), ...inner('out')];
    case 'transform':
    case 'enum':
    case 'literal':
    case 'number':
    case 'boolean':
    case 'null':
    case 'undefined':
    case 'never':
      return [];
    default:
      throw new Error(`${at || 'the schema'}: cannot prove what text a "${def.type}" schema accepts`);
  }
}

/** Every string inside a value, with its path as zod reports it (array indices as numbers). */
function stringsIn(value: unknown, at: (string | number)[] = []): (string | number)[][] {
  if (typeof value === 'string') return [at];
  if (Array.isArray(value)) return value.flatMap((item, index) => stringsIn(item, [...at, index]));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => stringsIn(item, [...at, key]));
  }
  return [];
}

function withValueAt(value: unknown, at: (string | number)[], replace: (old: string) => string): unknown {
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let parent = copy;
  for (const key of at.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  const last = at[at.length - 1] as string | number;
  parent[last] = replace(parent[last] as string);
  return copy;
}

const asLeafPath = (at: (string | number)[]) =>
  at.reduce<string>((text, key) => (typeof key === 'number' ? `${text}[]` : text ? `${text}.${key}` : key), '');

const email = (n: number) => ({ subject: `Subject ${n}`, body: `Body of email ${n}` });
const sevenEmails = Array.from({ length: 7 }, (_, n) => email(n + 1));
const customization = {
  persona: 'specific',
  specificPersona: 'Head of Finance',
  seniority: 'above',
  industry: 'specific',
  specificIndustry: 'Retail',
  tone: 40,
  additionalContext: 'Met at a trade fair',
  targetSpecificCompany: 'yes',
  prospectCompanyUrl: 'prospect.example',
  language: 'en',
};
const submittedAnalysis = {
  companyName: 'Northwind Ledger',
  companyDescription: 'Accounts payable automation',
  targetAudience: 'Finance teams',
  targetJobTitles: ['CFO'],
  customerPains: ['Invoices pile up at month end'],
  solutions: ['Invoices are matched automatically'],
  language: 'en',
  painPhrases: [{ pain: 'Invoices pile up at month end', phrase: 'invoice backlog' }],
  proofPoints: [
    {
      customer: 'Brightmart',
      result: 'Closed the books 3 days sooner',
      solution: 'Matching',
      person: 'Laura, CFO',
      figures: ['3 days'],
      evidence: { page: 'caseStudies', block: 4, role: 'story', text: 'Brightmart closed the books 3 days sooner' },
    },
  ],
  classification: {
    function: 'accounts-payable',
    label: 'accounts payable',
    confidence: 0.8,
    kind: 'software',
    alternatives: [{ function: 'financial-close', label: 'financial close', confidence: 0.2 }],
    industries: [{ industry: 'retail', label: 'retail', confidence: 0.9 }],
  },
  pairs: [
    {
      pain: 'Invoices pile up at month end',
      solution: 'Invoices are matched automatically',
      origin: 'stated',
      confidence: 0.7,
      painId: 'month-end',
      capabilityId: 'matching',
      capabilityName: 'Matching',
      solutionOrigin: 'stated',
      evidence: [{ page: 'company', block: 2, role: 'problem', text: 'Invoices pile up at month end' }],
    },
  ],
  customers: ['Brightmart'],
  notice: 'No pricing on the page',
  industry: 'Software',
  companySize: '50-200',
  keyDifferentiators: ['Fast setup'],
  recentNews: 'Raised a round',
  competitors: ['Acme AP'],
  pricingModel: 'Per invoice',
  implementationTime: 'Two weeks',
  roi: '3x in a year',
  caseStudies: 'Brightmart story',
};

/**
 * One complete example per request schema (every optional text field filled); a union that
 * takes text in different places gets one example per branch.
 */
const EXAMPLES: Record<string, unknown[]> = {
  RegisterRequest: [
    { email: 'new@example.com', password: 'correct horse battery', firstName: 'Ada', lastName: 'Lovelace' },
  ],
  LoginRequest: [{ email: 'new@example.com', password: 'correct horse battery' }],
  RequestPasswordResetRequest: [{ email: 'new@example.com' }],
  ResetPasswordRequest: [{ token: 'abc123', newPassword: 'correct horse battery' }],
  CreateSubscriptionRequest: [{ planType: 'individual', billing: 'monthly' }],
  SandboxConfirmRequest: [{ clientSecret: 'sandbox_secret_1', cardNumber: '4242 4242 4242 4242' }],
  AnalyzeCompanyRequest: [
    { companyUrl: 'northwind.example', caseStudies: 'northwind.example/customers', prospectCompanyUrl: 'p.example' },
  ],
  CheckProspectRequest: [
    {
      prospectCompanyUrl: 'prospect.example',
      seller: { companyName: 'Northwind', function: 'accounts-payable', industries: ['software'] },
    },
  ],
  GenerateEmailsRequest: [
    {
      companyUrl: 'northwind.example',
      caseStudies: 'northwind.example/cases',
      analysis: submittedAnalysis,
      customization,
    },
  ],
  RegenerateEmailRequest: [
    {
      companyUrl: 'northwind.example',
      caseStudies: 'northwind.example/cases',
      analysis: submittedAnalysis,
      customization,
      sequence: sevenEmails,
      index: 2,
      modifier: 'shorter',
    },
  ],
  FeedbackRequest: [
    { emailSequence: sevenEmails, rating: 'good', feedback: 'Great', companyUrl: 'a.example', customization },
    { emailSequence: { sequence: sevenEmails, cadence: [0, 3, 7, 11, 16, 21, 28] }, rating: 'bad' },
  ],
  SaveSequenceRequest: [
    { title: 'Northwind', companyUrl: 'a.example', emailSequence: sevenEmails, customization },
    { title: 'Northwind', emailSequence: { sequence: sevenEmails } },
  ],
  UpdateSavedSequenceRequest: [
    { title: 'Northwind', companyUrl: 'a.example', emailSequence: sevenEmails, customization },
    { title: 'Northwind', emailSequence: { sequence: sevenEmails } },
  ],
  SavedSequenceParams: [{ id: '3b241101-e2bb-4255-8caf-4136c566a962' }],
  SavedSequencePageQuery: [{ limit: '20', cursor: 'MjAyNi0wMS0wMVQ', q: 'fintech' }],
  JoinWaitlistRequest: [{ email: 'early@example.com' }],
  ContactRequest: [{ email: 'someone@example.com', message: 'Hello there' }],
  TrackEventsRequest: [
    {
      anonymousId: 'a1b2c3d4e5f6',
      events: [
        {
          name: 'button_click',
          at: '2026-11-22T10:00:00.000Z',
          props: Object.fromEntries(
            ['label', 'location', 'section', 'source', 'action', 'outcome', 'path', 'targetSpecificCompany']
              .concat(['industry', 'language', 'count', 'plan', 'billing', 'rating', 'kind'])
              .map((key) => [key, `${key} value`]),
          ),
        },
      ],
    },
  ],
};

const requestSchemas = [...schemas].filter(([name]) => /(Request|Params|Query)$/.test(name));

describe('the text rule', () => {
  it.each([
    ['\u0000', true],
    ['abc\u0000', true],
    ['\ud800', true],
    ['a\ud800b', true],
    ['\udc00', true],
    ['a\udc00\ud800', true],
    ['plain text', false],
    ['', false],
    ['emoji 😀 and accents é', false],
    ['\ud83d\ude00', false],
    ['\ufffd', false],
  ])('hasForbiddenCharacter(%j) is %s', (value, forbidden) => {
    expect(hasForbiddenCharacter(value)).toBe(forbidden);
  });
});

describe('every string of every HTTP schema in proto', () => {
  const leaves = [...schemas].flatMap(([name, schema]) =>
    stringLeaves(schema).map((leaf) => ({ name, ...leaf, label: `${name}${leaf.path ? `.${leaf.path}` : ''}` })),
  );

  it('finds the schemas and their strings', () => {
    expect(schemas.size).toBeGreaterThan(30);
    expect(leaves.length).toBeGreaterThan(100);
  });

  describe.each(Object.entries(SPOILERS))('refuses %s', (_what, spoiler) => {
    it.each(leaves.map((leaf) => [leaf.label, leaf.schema] as const))('%s', (_label, schema) => {
      const result = schema.safeParse(`ok${spoiler}ok@example.com`);
      expect(result.success).toBe(false);
      // First: the user is told about the character before anything else about the field.
      expect(result.error?.issues[0]?.message).toBe(FORBIDDEN_CHARACTER_MESSAGE);
    });
  });
});

describe.each(requestSchemas)('%s', (name, schema) => {
  const examples = EXAMPLES[name];

  it('has a complete example here', () => {
    expect(examples, `add an example for ${name} to EXAMPLES`).toBeDefined();
    for (const example of examples ?? []) expect(schema.safeParse(example).error?.issues).toBeUndefined();
    const covered = new Set((examples ?? []).flatMap((example) => stringsIn(example).map(asLeafPath)));
    const missing = stringLeaves(schema)
      .map((leaf) => leaf.path)
      .filter((leaf) => !covered.has(leaf));
    expect(missing, `the example of ${name} leaves these text fields empty`).toEqual([]);
  });

  it.each(Object.entries(SPOILERS))('refuses %s in each text field, naming the field', (_what, spoiler) => {
    const textFields = new Set(stringLeaves(schema).map((leaf) => leaf.path));
    for (const example of examples ?? []) {
      for (const at of stringsIn(example)) {
        const result = schema.safeParse(withValueAt(example, at, (old) => `${old}${spoiler}`));
        const issues = result.error?.issues.map((issue) => ({ path: issue.path, message: issue.message })) ?? [];
        const where = `${name}.${at.join('.')}`;
        expect(issues.length, where).toBeGreaterThan(0);
        // Every issue names the spoiled field (describeValidation in the kit puts it before the message).
        expect(
          issues.filter((issue) => issue.path.join('.') !== at.join('.')),
          where,
        ).toEqual([]);
        // A choice ("individual", "en") is refused as not one of the choices; free text with the rule's message.
        if (textFields.has(asLeafPath(at))) expect(issues[0]?.message, where).toBe(FORBIDDEN_CHARACTER_MESSAGE);
      }
    }
  });
});

describe('routes', () => {
  it('take their request schemas from proto, never a hand-written zod string', () => {
    const routeFiles = readdirSync(servicesFolder, { recursive: true, encoding: 'utf8' }).filter((file) =>
      /^[^/]+\/src\/routes\/.+\.ts$/.test(file),
    );
    expect(routeFiles.length).toBeGreaterThan(5);
    const handWritten = routeFiles.filter((file) =>
      /\bz\s*\.\s*(string|object|any|unknown|record)\s*\(/.test(readFileSync(path.join(servicesFolder, file), 'utf8')),
    );
    expect(handWritten).toEqual([]);
  });
});
