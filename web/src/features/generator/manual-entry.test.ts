import { SubmittedAnalysis } from '@seqgen/proto';
import { describe, expect, it } from 'vitest';
import {
  emptyManualCompany,
  isManualComplete,
  type ManualCompany,
  manualAnalysis,
  missingManualFields,
  splitLines,
} from './manual-entry';

const complete: ManualCompany = {
  ...emptyManualCompany(),
  companyName: ' Acme ',
  companyDescription: 'Invoice automation',
  industry: 'Fintech',
  companySize: '50-200',
  targetAudience: 'Finance teams',
  targetJobTitles: 'CFO\nController',
  customerPains: 'Slow close\n\n  Manual matching  \n',
  solutions: 'Auto close\nAuto matching',
  keyDifferentiators: 'Fast setup',
};

describe('manual entry (docs/product.md §3, §5)', () => {
  it('splits lists on newlines, trims and drops blanks', () => {
    expect(splitLines(' a \r\n\n b\n   \nc')).toEqual(['a', 'b', 'c']);
    expect(splitLines('   ')).toEqual([]);
  });

  it('requires the nine required fields non-blank; the optional ones may stay empty', () => {
    expect(isManualComplete(complete)).toBe(true);
    expect(missingManualFields({ ...complete, industry: '  ', solutions: '\n' })).toEqual(['industry', 'solutions']);
    expect(missingManualFields(emptyManualCompany())).toHaveLength(9);
  });

  it('sends the required fields, lists split per line, and leaves blank optional fields out', () => {
    const analysis = manualAnalysis({ ...complete, recentNews: '   ', competitors: '\n \n', roi: '' });
    expect(analysis).toEqual({
      companyName: 'Acme',
      companyDescription: 'Invoice automation',
      targetAudience: 'Finance teams',
      targetJobTitles: ['CFO', 'Controller'],
      customerPains: ['Slow close', 'Manual matching'],
      solutions: ['Auto close', 'Auto matching'],
      industry: 'Fintech',
      companySize: '50-200',
      keyDifferentiators: ['Fast setup'],
    });
    // Left out, not sent as undefined or empty.
    for (const key of ['recentNews', 'competitors', 'pricingModel', 'implementationTime', 'roi', 'caseStudies']) {
      expect(Object.hasOwn(analysis, key)).toBe(false);
    }
  });

  it('sends every field of the form when all are filled', () => {
    const analysis = manualAnalysis({
      ...complete,
      keyDifferentiators: 'Fast setup\n Native ERP sync ',
      recentNews: ' Series B in March ',
      competitors: 'Blackline\n\nFloQast',
      pricingModel: 'Per seat, annual',
      implementationTime: '2 weeks',
      roi: '3x in year one',
      caseStudies: 'Globex closed in 3 days instead of 10.\nInitech cut costs by 62%.',
    });
    expect(analysis).toMatchObject({
      industry: 'Fintech',
      companySize: '50-200',
      keyDifferentiators: ['Fast setup', 'Native ERP sync'],
      recentNews: 'Series B in March',
      competitors: ['Blackline', 'FloQast'],
      pricingModel: 'Per seat, annual',
      implementationTime: '2 weeks',
      roi: '3x in year one',
      caseStudies: 'Globex closed in 3 days instead of 10.\nInitech cut costs by 62%.',
    });
    // Every field of the form has its place in the analysis the service accepts.
    const formFields = Object.keys(emptyManualCompany());
    expect(Object.keys(analysis).sort()).toEqual([...formFields].sort());
    expect(SubmittedAnalysis.parse(analysis)).toMatchObject(analysis);
  });
});
