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

describe('manual entry (spec §3, §5)', () => {
  it('splits lists on newlines, trims and drops blanks', () => {
    expect(splitLines(' a \r\n\n b\n   \nc')).toEqual(['a', 'b', 'c']);
    expect(splitLines('   ')).toEqual([]);
  });

  it('requires the nine required fields non-blank; the optional ones may stay empty', () => {
    expect(isManualComplete(complete)).toBe(true);
    expect(missingManualFields({ ...complete, industry: '  ', solutions: '\n' })).toEqual(['industry', 'solutions']);
    expect(missingManualFields(emptyManualCompany())).toHaveLength(9);
  });

  it('uses name, description, audience, pains and solutions as the analysis', () => {
    expect(manualAnalysis(complete)).toEqual({
      companyName: 'Acme',
      companyDescription: 'Invoice automation',
      targetAudience: 'Finance teams',
      targetJobTitles: [],
      customerPains: ['Slow close', 'Manual matching'],
      solutions: ['Auto close', 'Auto matching'],
    });
  });
});
