/**
 * The error codes are the contract between the services and their callers (docs/architecture.md
 * §3): one list, each code once, each in a group, and every code the product's error catalogue
 * (docs/product.md §8) names is one a service may answer with.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ERROR_CODE_GROUPS, ERROR_CODES, ErrorBody, ErrorCode } from '../src/http/errors.ts';

const productDoc = readFileSync(new URL('../../docs/product.md', import.meta.url), 'utf8');

/** The codes in the "Answers from the services" table of docs/product.md §8. */
function catalogueCodes(): string[] {
  const start = productDoc.indexOf('### Answers from the services');
  const end = productDoc.indexOf('\n## ', start);
  expect(start, 'docs/product.md §8 has the table of answers').toBeGreaterThan(0);
  const rows = productDoc
    .slice(start, end)
    .split('\n')
    .filter((line) => /^\| \d{3} \|/.test(line));
  return rows.flatMap((row) => [...(row.split('|')[2] ?? '').matchAll(/`([a-z_]+)`/g)].map((match) => match[1] ?? ''));
}

describe('error codes', () => {
  it('are each listed once, in exactly one group, in snake_case', () => {
    const grouped = Object.values(ERROR_CODE_GROUPS).flat();
    expect(new Set(grouped).size).toBe(grouped.length);
    expect(ERROR_CODES).toEqual(grouped);
    for (const code of ERROR_CODES) expect(code).toMatch(/^[a-z]+(_[a-z]+)*$/);
  });

  it('hold the codes the web app decides on, in their groups', () => {
    expect(ERROR_CODE_GROUPS.quota).toContain('limit_reached');
    expect(ERROR_CODE_GROUPS.ai).toEqual(expect.arrayContaining(['ai_timeout', 'ai_busy']));
    expect(ERROR_CODE_GROUPS.availability).toEqual(
      expect.arrayContaining(['upstream_timeout', 'upstream_unavailable']),
    );
    expect(ERROR_CODE_GROUPS.request).toContain('rate_limited');
    expect(ERROR_CODE_GROUPS.account).toContain('unauthorized');
  });

  it('include every code of the error catalogue in docs/product.md §8', () => {
    const documented = catalogueCodes();
    expect(documented.length).toBeGreaterThan(30);
    expect(documented.filter((code) => !ErrorCode.safeParse(code).success)).toEqual([]);
  });
});

describe('ErrorBody', () => {
  it('is a known code and the human message', () => {
    const body = { error: 'limit_reached', message: 'Email generation limit reached: you have used 5 of 5 sequences.' };
    expect(ErrorBody.parse(body)).toEqual(body);
  });

  it('refuses a code that is not in the list, and a missing message', () => {
    expect(ErrorBody.safeParse({ error: 'limit_reched', message: 'Limit reached' }).success).toBe(false);
    expect(ErrorBody.safeParse({ error: 'Limit reached', message: 'Limit reached' }).success).toBe(false);
    expect(ErrorBody.safeParse({ error: 'limit_reached' }).success).toBe(false);
  });
});
