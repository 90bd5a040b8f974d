import { Customization, SubmittedAnalysis } from '@seqgen/proto';
import { describe, expect, it } from 'vitest';
import { buildBrief } from '../../src/writing/brief/brief.ts';
import { composeSequence } from '../../src/writing/composer/composer.ts';

/**
 * How a capability is named and told mid-sentence in English: a name of common words in lower
 * case, with its article when it is one thing of a kind; a page's command to its visitor told as
 * what the reader can do; and a result that already names what made the difference is not
 * followed by a line saying it again.
 */

const analysis = (solutions: string[], extra: Partial<Record<string, unknown>> = {}) =>
  SubmittedAnalysis.parse({
    companyName: 'Dispatchwell',
    companyDescription: 'Dispatchwell is field service software for HVAC, plumbing and electrical contractors.',
    targetAudience: 'Owners of HVAC and plumbing companies',
    targetJobTitles: ['Owner', 'Operations Manager'],
    customerPains: [
      'The schedule lives on a whiteboard, so every change means three phone calls.',
      'Technicians arrive without the right part and have to come back another day.',
    ],
    solutions,
    language: 'en',
    ...extra,
  });

const briefOf = (solutions: string[], extra: Partial<Record<string, unknown>> = {}, tone = 50) =>
  buildBrief({
    analysis: analysis(solutions, extra),
    customization: Customization.parse({
      persona: 'generic',
      industry: 'agnostic',
      targetSpecificCompany: 'no',
      tone,
    }),
    language: 'en',
    sender: { firstName: 'Maria' },
  });

const solutionOf = (solution: string) => briefOf([solution]).pairs[0]?.solution;

describe('capability names mid-sentence', () => {
  it('lower-cases a name of common words, hyphenated first words included', () => {
    expect(solutionOf('On-my-way texts: Customers get a text with the arrival time of their technician.')?.name).toBe(
      'on-my-way texts',
    );
    expect(solutionOf('Invoice capture: Invoices are read from PDFs and every field is filled in seconds.')?.name).toBe(
      'invoice capture',
    );
  });

  it('gives a thing you count its article, and leaves mass nouns, plurals and product names alone', () => {
    expect(
      solutionOf('Drag-and-drop dispatch board: Every technician, job and drive time sit on one board.')?.name,
    ).toBe('the drag-and-drop dispatch board');
    expect(solutionOf('Customer portal: Customers book, pay and see their history in one place.')?.name).toBe(
      'the customer portal',
    );
    expect(solutionOf('Truck stock: Every van keeps its parts list up to date as parts are used.')?.name).toBe(
      'truck stock',
    );
    expect(solutionOf('Smart Board: Every technician, job and drive time sit on one board.')?.name).toBe('Smart Board');
  });

  it('lists capabilities without their article', () => {
    const brief = briefOf([
      'Drag-and-drop dispatch board: Every technician, job and drive time sit on one board.',
      'Truck stock: Every van keeps its parts list up to date as parts are used.',
    ]);
    const text = composeSequence(brief)
      .map((email) => email.body)
      .join('\n');
    expect(text).not.toMatch(/^- The /m);
    expect(text).not.toMatch(/\b(with|was|is) drag-and-drop dispatch board\b/i);
  });
});

describe("a page's command to its visitor", () => {
  it('is told as what the reader can do', () => {
    expect(
      solutionOf('Dispatch board: See every technician, job and drive time on one board, and move a job with one drag.')
        ?.sentence,
    ).toBe('You can see every technician, job and drive time on one board, and move a job with one drag.');
    expect(solutionOf('Payments: Get your invoices paid on the spot by card or ACH.')?.sentence).toBe(
      'You can get your invoices paid on the spot by card or ACH.',
    );
  });

  it('leaves a sentence that only starts with a word a verb could be', () => {
    expect(solutionOf('Scheduling: Schedule builder lets managers fill every shift in minutes.')?.sentence).toBe(
      'Schedule builder lets managers fill every shift in minutes.',
    );
    expect(solutionOf('Tracking: Track & Trace shows every parcel on one map.')?.sentence).toBe(
      'Track & Trace shows every parcel on one map.',
    );
  });
});

describe('a result that names what made the difference', () => {
  it('is not followed by a line naming it again', () => {
    const brief = briefOf(
      [
        'Drag-and-drop dispatch board: Every technician, job and drive time sit on one board.',
        'Truck stock: Every van keeps its parts list up to date as parts are used.',
      ],
      {
        proofPoints: [
          {
            customer: 'Northbay Heating & Air',
            result:
              'Northbay Heating & Air cut second trips for parts by 38% after moving its 24 vans to Dispatchwell truck stock.',
            solution: 'Truck stock: Every van keeps its parts list up to date as parts are used.',
          },
        ],
      },
    );
    const proofEmail = composeSequence(brief).find((email) => email.body.includes('Northbay'));
    expect(proofEmail?.body).toContain('Dispatchwell truck stock');
    expect(proofEmail?.body.match(/truck stock/gi)).toHaveLength(1);
  });
});

describe('a result that names a capability', () => {
  it('is credited to that capability, whatever the analysis credited', () => {
    const brief = briefOf(
      [
        'Drag-and-drop dispatch board: Every technician, job and drive time sit on one board.',
        'Truck stock: Every van keeps its parts list up to date as parts are used.',
      ],
      {
        proofPoints: [
          {
            customer: 'Northbay Heating & Air',
            result: 'Northbay Heating & Air cut second trips for parts by 38% after switching its vans to truck stock.',
            solution: 'Drag-and-drop dispatch board: Every technician, job and drive time sit on one board.',
          },
        ],
      },
    );
    expect(brief.proofs[0]?.pair).toBe(1);
    const text = composeSequence(brief)
      .map((email) => email.body)
      .join('\n');
    expect(text).not.toMatch(/difference was the drag-and-drop dispatch board/i);
  });
});

describe('the company said again at once', () => {
  it('becomes "It" in the sentence that follows the one naming it', () => {
    for (const tone of [0, 50, 100]) {
      const brief = briefOf(
        [
          'Dispatch board: Dispatchwell shows every technician, job and drive time on one board.',
          'Parts tracking: Dispatchwell keeps every van parts list up to date as parts are used.',
        ],
        {},
        tone,
      );
      for (const email of composeSequence(brief)) {
        expect(email.body, `tone ${tone}`).not.toMatch(/Dispatchwell\b[^.!?]*[.!?] Dispatchwell (shows|keeps)\b/);
      }
    }
  });
});
