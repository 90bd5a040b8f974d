/** A sequence as a good model writes it for RouteWise (the LLM suites' scripted answer). */
import type { Customization } from '@seqgen/proto';

export const email = (subject: string, ...paragraphs: string[]) => ({
  subject,
  body: ['Hi {{first_name|there}},', ...paragraphs, 'Thanks,\n{{sender_name}}'].join('\n\n'),
});

/** The wizard's answers MODEL_SEQUENCE was written for (the LLM suites and the benches send them). */
export const MODEL_CUSTOMIZATION: Customization = {
  persona: 'specific',
  specificPersona: 'Fleet Manager',
  seniority: 'below',
  industry: 'specific',
  specificIndustry: 'food distribution',
  tone: 30,
  additionalContext: 'We will be at the Manifest conference next month.',
  targetSpecificCompany: 'no',
  prospectCompanyUrl: '',
  language: 'auto',
};

/** What a good model answers for RouteWise, a fleet manager below the line, food distribution, casual. */
export const MODEL_SEQUENCE = [
  email(
    'Fuel costs in food distribution',
    'As a fleet manager in food distribution, you know fuel is a big line on the bill. Most teams still plan routes by hand each morning.',
    'RouteWise plans every route with traffic, time windows and van capacity in mind. That can cut fuel costs by up to 20%.',
    'Open to a quick chat next week?',
  ),
  email(
    'Planning routes by hand',
    'Here is a quick follow-up. Many fleet managers tell me the morning plan eats the first hours of the shift.',
    'With RouteWise, plans for the whole fleet are ready in minutes. Drivers get them on their phones before the shift starts.',
    'Is this on your list this quarter?',
  ),
  email(
    'How Pacific Produce did it',
    'Pacific Produce Distributors cut fuel costs by 18% with RouteWise. Their planning time went from three hours to 15 minutes.',
    'They run food distribution routes much like yours.',
    'Would it help to hear how they got there?',
  ),
  email(
    'Late drops cost more than fuel',
    'Here is a different angle today. Failed drops hurt twice, with a second trip and an unhappy customer.',
    'RouteWise gives dispatchers and customers a live ETA for every van. Metro Parcel reduced failed deliveries by 35%.',
    'Do you know how many second attempts you ran last month?',
  ),
  email(
    'An easy first step',
    'A fair worry: a new routing tool can sound like a big project. It does not have to be.',
    'Most teams start with one depot and grow from there. We will be at the Manifest conference next month, so we could meet there too.',
    'Worth a short call before then?',
  ),
  email(
    'Empty miles in food distribution',
    'Empty miles are the cost most fleets never see in one place.',
    'RouteWise shows your dispatchers where vans run empty, so they can fix the worst routes the same day.',
    'Where do your vans run empty most often?',
  ),
  email(
    'Should I close your file?',
    "I haven't heard back, so I'll assume the timing isn't right. If route planning moves up the list, I'm happy to pick this up again.",
    'Should I close your file, or is someone else the right person?',
  ),
];
