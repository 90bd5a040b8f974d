/**
 * What seqgen sells (docs/product.md §9), defined once for every part that states or applies it:
 * billing charges the prices and grants the sequences, quota counts the free trial, auth's mails
 * and the web app's pages name the plans and say what they include.
 */

/** Sequences a new account may generate before paying, once per account (docs/product.md §9). */
export const FREE_TRIAL_SEQUENCES = 5;

/** docs/product.md §9: a year costs ten months (two months free). */
export const ANNUAL_MONTHS_CHARGED = 10;

/** `organization` is the top tier; /pricing calls it "sales-org" (docs/product.md §3). */
export const PLAN_TYPES = ['individual', 'leader', 'organization'] as const;

export interface Plan {
  id: (typeof PLAN_TYPES)[number];
  name: string;
  /** US dollars per month on monthly billing (whole dollars; billing charges them in cents). */
  monthlyPrice: number;
  /** What quota grants for each month of a paid period. */
  sequencesPerMonth: number;
  description: string;
  features: readonly string[];
  /** The plan the pricing cards mark 'Most Popular'. */
  popular: boolean;
}

/** Every plan includes the same features; plans differ only in their sequences per month. */
const INCLUDED = [
  'AI-powered company analysis',
  'Personalised 7‑email sequences',
  'Case study integration',
  'Export to CSV and text',
] as const;

/** The features line up as the cards show them: the plan's sequences first, then what all include. */
const plan = (terms: Omit<Plan, 'features'>): Plan => ({
  ...terms,
  features: [`${terms.sequencesPerMonth} sequences per month`, ...INCLUDED],
});

/** In the order the pricing pages show them. */
export const PLANS: readonly Plan[] = [
  plan({
    id: 'individual',
    name: 'Individual Contributor',
    monthlyPrice: 15,
    sequencesPerMonth: 100,
    description: 'For SDRs and AEs running their own outbound.',
    popular: false,
  }),
  plan({
    id: 'leader',
    name: 'Sales Leader',
    monthlyPrice: 25,
    sequencesPerMonth: 200,
    description: 'For team leads who write sequences for their reps.',
    popular: true,
  }),
  plan({
    id: 'organization',
    name: 'Sales Org',
    monthlyPrice: 50,
    sequencesPerMonth: 500,
    description: 'For sales organisations running outbound at scale.',
    popular: false,
  }),
];

const PLANS_BY_ID = new Map(PLANS.map((plan) => [plan.id, plan]));

export function planById(id: Plan['id']): Plan {
  const plan = PLANS_BY_ID.get(id);
  if (!plan) throw new Error(`no plan "${id}"`);
  return plan;
}
