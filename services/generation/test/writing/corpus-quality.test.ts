import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { checkSequence, detectLanguage, splitSentences } from '@seqgen/checks';
import type { Analysis, Customization, Email } from '@seqgen/proto';
import { describe, expect, it } from 'vitest';
import { analyseSite, extractPage } from '../../src/analysis/index.ts';
import { framesFor, linesFor } from '../../src/playbook/frames.ts';
import { buildComposerBrief } from '../../src/writing/compose/brief.ts';
import { composeChecked } from '../../src/writing/compose/variants.ts';
import { pagesOf, SITES, type SiteName } from '../support/fixture-sites.ts';

/**
 * The product's own checks on every sequence the built-in writer produces for the sites the
 * repository holds (docs/architecture.md §6): the test fixtures and the tuning corpus, each read as
 * the analyser reads it and written three ways, as the held-out scorer asks (evaluation/README.md):
 * (a) generic, tone 50; (b) a senior persona, an industry, tone 15 and an event in the user's
 * context; (c) a junior persona, tone 90. Every check must pass; nothing of the page but names,
 * figures and quoted words may be in an email; every sentence is in the email's language.
 */

interface Site {
  id: string;
  index: string;
  caseStudies: string | undefined;
  persona: string;
  juniorPersona: string;
  industry: string;
  event: string;
}

const TUNING = new URL('../../../../evaluation/tuning/sites/', import.meta.url);

function tuningSites(): Site[] {
  return readdirSync(TUNING)
    .sort()
    .map((id) => {
      const dir = new URL(`${id}/`, TUNING);
      const request = JSON.parse(readFileSync(new URL('expectations.json', dir), 'utf8')).request;
      const caseStudies = new URL('case-studies.html', dir);
      return {
        id: `tuning/${id}`,
        index: readFileSync(new URL('index.html', dir), 'utf8'),
        caseStudies: existsSync(caseStudies) ? readFileSync(caseStudies, 'utf8') : undefined,
        ...request,
      };
    });
}

/** The fixture sites carry no request of their own: personas and industries a rep would pick for each kind. */
function fixtureSites(): Site[] {
  return (Object.keys(SITES) as SiteName[]).map((name, index) => {
    const pages = pagesOf(name);
    return {
      id: `fixtures/${name}`,
      index: pages.index,
      caseStudies: pages.caseStudies,
      persona: ['VP of Operations', 'CFO', 'Head of IT', 'Director of Finance'][index % 4] as string,
      juniorPersona: ['Operations Manager', 'AP Specialist', 'IT Administrator', 'Team Lead'][index % 4] as string,
      industry: ['Logistics', 'Manufacturing', 'Healthcare', 'Retail', 'Food distribution'][index % 5] as string,
      event: ['LogiMAT', 'SaaStr Annual', 'Hannover Messe'][index % 3] as string,
    };
  });
}

const BASE: Customization = {
  persona: 'generic',
  specificPersona: '',
  seniority: '',
  industry: 'agnostic',
  specificIndustry: '',
  tone: 50,
  additionalContext: '',
  targetSpecificCompany: 'no',
  prospectCompanyUrl: '',
  language: 'auto',
};

function customizations(site: Site): [string, Customization][] {
  return [
    ['a', BASE],
    [
      'b',
      {
        ...BASE,
        persona: 'specific',
        specificPersona: site.persona,
        seniority: 'above',
        industry: 'specific',
        specificIndustry: site.industry,
        tone: 15,
        additionalContext: `We met at ${site.event} last week.`,
      },
    ],
    ['c', { ...BASE, persona: 'specific', specificPersona: site.juniorPersona, seniority: 'below', tone: 90 }],
  ];
}

function analysisOf(site: Site): Analysis {
  const origin = `https://${site.id.replace(/\W+/g, '-')}.example/`;
  return analyseSite({
    company: extractPage(site.index, origin),
    caseStudies: site.caseStudies ? extractPage(site.caseStudies, `${origin}case-studies`) : undefined,
  });
}

const textOf = (emails: Email[]) => emails.map((email) => `${email.subject}\n${email.body}`).join('\n\n');

describe.each([...fixtureSites(), ...tuningSites()])('the built-in writer on $id', (site) => {
  const analysis = analysisOf(site);

  it.each(customizations(site))(
    'writes sequence %s that passes every check, in one language, pasting no page sentence',
    (_, customization) => {
      const language = analysis.language ?? 'en';
      const brief = buildComposerBrief({ analysis, customization, language, sender: { firstName: 'Sam' } });
      const { sequence, checks } = composeChecked(brief);
      expect(sequence).toHaveLength(7);
      const failing = [
        ...checks.emails.flatMap((results, index) =>
          results
            .filter((check) => check.status === 'fail')
            .map((check) => `email ${index + 1} ${check.id}: ${check.reason}`),
        ),
        ...checks.sequence.filter((check) => check.status === 'fail').map((check) => `${check.id}: ${check.reason}`),
      ];
      expect(failing).toEqual([]);
      expect(checkSequence(sequence, brief.checkContext).status).not.toBe('fail');
      const text = textOf(sequence);
      // Stated pains are the page's sentences: the emails say them in the playbook's words.
      for (const pair of analysis.pairs ?? []) {
        if (pair.origin === 'stated' && pair.pain.split(' ').length > 6) expect(text).not.toContain(pair.pain);
      }
      // A pain whose answer the page does not show is answered by a capability it shows, or by
      // nothing: never by a line that only says the seller works on the problem.
      for (const line of linesFor(framesFor(brief.language).valueUnconfirmed, 'neutral')) {
        expect(text).not.toContain(line.replaceAll('{company}', brief.company));
      }
      for (const email of sequence) {
        for (const sentence of splitSentences(email.body.replace(/"[^"]*"|„[^“]*“|«[^»]*»/g, ''), language)) {
          const detected = detectLanguage(sentence);
          if (detected) expect(detected, sentence).toBe(language);
        }
        expect(email.body).not.toMatch(/\{\{first_name\|\s*\}\}|^(Hi|Hello|Hallo|Bonjour|Hola) ,/m);
      }
    },
  );
});
