import { describe, expect, it } from 'vitest';
import { playbook } from '../../src/playbook/index.ts';
import { FunctionPlaybook } from '../../src/playbook/schema.ts';

/** The schema's rules across entries (src/playbook/schema.ts), on a real function changed one rule at a time. */
const original = playbook().functions.get('accounts-payable') as FunctionPlaybook;
const copy = (): FunctionPlaybook => structuredClone(original);
const problems = (fn: unknown) => {
  const parsed = FunctionPlaybook.safeParse(fn);
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
};

describe('the playbook schema', () => {
  it('accepts the function as it is', () => {
    expect(problems(copy())).toEqual([]);
  });

  it('refuses an objection answered by a capability the function does not have', () => {
    const fn = copy();
    (fn.objections[0] as { answeredBy?: string[] }).answeredBy = ['teleportation'];
    expect(problems(fn)).toContain('"teleportation" is not a capability of accounts-payable');
  });

  it('needs two objections any company can answer, one of them for any reader', () => {
    const capability = original.capabilities[0]?.id as string;
    const allClaim = copy();
    for (const objection of allClaim.objections) objection.answeredBy = [capability];
    expect(problems(allClaim)).toContain('needs two objections without answeredBy, one at level both');
    const noneForAll = copy();
    for (const objection of noneForAll.objections) if (!objection.answeredBy) objection.level = 'above';
    expect(problems(noneForAll)).toContain('needs two objections without answeredBy, one at level both');
  });

  it('refuses a pain answered by an unknown capability and a capability that answers no pain', () => {
    const fn = copy();
    (fn.pains[0] as { answeredBy: string[] }).answeredBy = ['teleportation'];
    fn.capabilities.push({ ...(original.capabilities[0] as FunctionPlaybook['capabilities'][number]), id: 'orphan' });
    expect(problems(fn)).toEqual(
      expect.arrayContaining([
        '"teleportation" is not a capability of accounts-payable',
        'capability "orphan" answers no pain',
      ]),
    );
  });
});
