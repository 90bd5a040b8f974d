import { DEFAULT_BODY_LIMIT, parseConfig } from '@seqgen/kit';
import { describe, expect, it } from 'vitest';
import { WEBHOOK_BODY_LIMIT } from '../../billing/src/routes/webhook.ts';
import { LIBRARY_BODY_LIMIT } from '../../library/src/app.ts';
import { gatewayConfigShape, trustProxyOption } from '../src/config.ts';
import { bodyLimitOf, ROUTES } from '../src/routes.ts';

const trustProxy = (value?: string) =>
  parseConfig(gatewayConfigShape, value === undefined ? {} : { TRUST_PROXY: value }).TRUST_PROXY;

const refusal = (value: string) => {
  try {
    parseConfig(gatewayConfigShape, { TRUST_PROXY: value });
  } catch (error) {
    return (error as Error).message;
  }
  return '';
};

describe('TRUST_PROXY (issue 10, finding 9)', () => {
  it('is off by default, a hop count, or a list of addresses, CIDRs and proxy-addr names', () => {
    expect(trustProxy()).toBe(false);
    expect(trustProxy('false')).toBe(false);
    expect(trustProxy('0')).toBe(false);
    expect(trustProxy('1')).toBe(1);
    expect(trustProxy('2')).toBe(2);
    expect(trustProxy('10.244.0.0/16')).toEqual(['10.244.0.0/16']);
    expect(trustProxy(' 10.0.0.7, fd00::/8 ,loopback,uniquelocal,linklocal')).toEqual([
      '10.0.0.7',
      'fd00::/8',
      'loopback',
      'uniquelocal',
      'linklocal',
    ]);
  });

  it('refuses "true", which believes any X-Forwarded-For a client sends, saying why', () => {
    const message = refusal('true');
    expect(message).toMatch(/TRUST_PROXY: "true" would believe any X-Forwarded-For a client sends/);
    expect(message).toMatch(/number of proxies in front of the gateway/);
  });

  it('refuses what it cannot read, naming the entries', () => {
    expect(refusal('yes')).toMatch(
      /TRUST_PROXY: must be false, a hop count or a comma-separated list.*\(not understood: yes\)/,
    );
    expect(refusal('10.0.0.0/33,example.com')).toMatch(/not understood: 10\.0\.0\.0\/33, example\.com/);
    expect(refusal('11')).toMatch(/TRUST_PROXY: a hop count must be between 0 and 10/);
  });

  it('gives Fastify a function for a hop count (Fastify 5 reads a bare number as "trust no one")', () => {
    const trust = trustProxyOption(1);
    expect(typeof trust).toBe('function');
    const hop = trust as (address: string, hop: number) => boolean;
    expect(hop('10.0.0.1', 0)).toBe(true);
    expect(hop('203.0.113.9', 1)).toBe(false);
    expect(trustProxyOption(0)).toBe(false);
    expect(trustProxyOption(['loopback'])).toEqual(['loopback']);
  });
});

describe('PUBLIC_URL', () => {
  it('is the one shared setting every service reads: an http(s) origin, or unset', () => {
    expect(parseConfig(gatewayConfigShape, { PUBLIC_URL: 'https://app.example.com' }).PUBLIC_URL).toBe(
      'https://app.example.com',
    );
    expect(parseConfig(gatewayConfigShape, {}).PUBLIC_URL).toBeUndefined();
    expect(() => parseConfig(gatewayConfigShape, { PUBLIC_URL: 'ftp://app.example.com' })).toThrow(
      /PUBLIC_URL: must be an http:\/\/ or https:\/\/ URL/,
    );
  });
});

describe('body limits per route (issue 10, finding 7)', () => {
  it("hold each route to its service's own limit, never above the gateway's", () => {
    const config = parseConfig(gatewayConfigShape, {});
    const limitOf = (prefix: string) =>
      bodyLimitOf(
        config,
        ROUTES.find((route) => route.prefix === prefix),
      );
    expect(limitOf('/api/login')).toBe(DEFAULT_BODY_LIMIT);
    expect(limitOf('/api/contact')).toBe(DEFAULT_BODY_LIMIT);
    expect(limitOf('/api/generate-emails')).toBe(DEFAULT_BODY_LIMIT);
    expect(limitOf('/api/billing')).toBe(DEFAULT_BODY_LIMIT);
    for (const prefix of ['/api/save-sequence', '/api/saved-sequences', '/api/email-feedback']) {
      expect(limitOf(prefix)).toBe(LIBRARY_BODY_LIMIT);
    }
    expect(limitOf('/api/billing/webhook')).toBe(WEBHOOK_BODY_LIMIT);
    // Unknown /api paths get the default; the gateway's own setting caps everything.
    expect(bodyLimitOf(config, undefined)).toBe(DEFAULT_BODY_LIMIT);
    const capped = parseConfig(gatewayConfigShape, { BODY_LIMIT_BYTES: '1000' });
    expect(
      bodyLimitOf(
        capped,
        ROUTES.find((route) => route.prefix === '/api/billing/webhook'),
      ),
    ).toBe(1000);
  });
});
