import type { LanguageCode } from './types.ts';

/** How a language names groups of buyers, and the phrases that say whom a product is for. */
export interface AudienceLexicon {
  patterns: RegExp[];
}

const list = (text: string): string[] =>
  text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

const groupAlternation = (groups: string[]) =>
  groups
    .slice()
    .sort((a, b) => b.length - a.length)
    .map((g) => g.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s+'))
    .join('|');

const PHRASE_WORD = "[\\p{L}\\p{N}&/'’-]+";

const EN_GROUPS = list(`
  teams, team, leaders, companies, businesses, organizations, organisations, manufacturers, brands, retailers,
  clinics, hospitals, practices, providers, banks, lenders, credit unions, insurers, startups, enterprises,
  agencies, firms, professionals, departments, operators, developers, engineers, marketers, founders, owners,
  cfos, ctos, cios, controllers, recruiters, sellers, merchants, distributors, suppliers, schools,
  universities, nonprofits, contractors, fleets, carriers, shippers, restaurants, hotels, physicians, dentists,
  pharmacies, labs, plants, factories, oems, fintechs, health systems, groups, reps, buyers, executives,
  managers, clients, 3pls, distribution centers, distribution centres, warehouses, physician groups
`);
const EN_GROUP_RE = groupAlternation(EN_GROUPS);
/**
 * "banks, credit unions and fintech lenders", "finance teams at mid-market SaaS companies": more
 * groups in a list, then where they sit.
 */
const EN_TAIL = `(?:,\\s*(?:${PHRASE_WORD}\\s+){0,3}?(?:${EN_GROUP_RE}))*(?:,?\\s+(?:and|&|or)\\s+(?:${PHRASE_WORD}\\s+){0,4}?(?:${EN_GROUP_RE}))?(?:\\s+(?:at|in|of|across|within)\\s+(?:${PHRASE_WORD}\\s+){0,4}?(?:${EN_GROUP_RE}))?`;

const DE_GROUPS = list(`
  unternehmen, hersteller, herstellern, mittelständler, mittelstand, betriebe, betrieben, fertigungsbetriebe,
  fertigungsbetrieben, produktionsbetriebe, produktionsbetrieben, maschinenbauer, zulieferer, zulieferern,
  fertiger, kliniken, krankenhäuser, praxen, teams, händler, händlern, banken, sparkassen, versicherer,
  kanzleien, agenturen, startups, konzerne, werke, produktionsleiter, instandhalter, einkäufer, entscheider,
  industriekunden, industrieunternehmen, anwender, kunden, kmu, handwerksbetriebe, handwerksbetrieben,
  logistiker, spediteure
`);
const DE_GROUP_RE = groupAlternation(DE_GROUPS);

export const AUDIENCE: Record<LanguageCode, AudienceLexicon> = {
  en: {
    patterns: [
      new RegExp(
        `\\b(?:built|designed|made|tailored|purpose-built|created|engineered|perfect|ideal)\\s+(?:specifically\\s+|especially\\s+|exclusively\\s+)?for\\s+((?:${PHRASE_WORD}\\s+){0,6}?(?:${EN_GROUP_RE})${EN_TAIL})\\b`,
        'giu',
      ),
      new RegExp(
        `\\b(?:for|helps?|helping|enables?|empowers?|lets|serving|serves|supports?|equips?)\\s+((?:${PHRASE_WORD}\\s+){0,4}?(?:${EN_GROUP_RE})${EN_TAIL})\\b`,
        'giu',
      ),
      new RegExp(
        `\\b(?:trusted by|used by|loved by|chosen by)\\s+(?:more than\\s+|over\\s+)?(?:[\\d.,]+\\s*\\+?\\s*k?\\+?\\s+)?((?:${PHRASE_WORD}\\s+){0,3}?(?:${EN_GROUP_RE}))\\b`,
        'giu',
      ),
    ],
  },
  de: {
    patterns: [
      new RegExp(
        `\\b(?:speziell |eigens |gemacht |entwickelt |gebaut )?für\\s+((?:${PHRASE_WORD}\\s+){0,3}?(?:${DE_GROUP_RE}))\\b`,
        'giu',
      ),
      new RegExp(
        `\\b(?:unterstützt|hilft|begleitet|beliefert)\\s+((?:${PHRASE_WORD}\\s+){0,3}?(?:${DE_GROUP_RE}))\\b`,
        'giu',
      ),
    ],
  },
};
