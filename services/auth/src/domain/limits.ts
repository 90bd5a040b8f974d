import type { RateLimitRule } from '@seqgen/kit';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * Per address and per account: an address trying many accounts and many addresses trying one
 * account are both throttled. Account counters are keyed by the normalised e-mail whether or
 * not an account exists, so a 429 says nothing about existence.
 */
export interface AuthLimits {
  loginPerIp: RateLimitRule;
  loginPerAccount: RateLimitRule;
  registerPerIp: RateLimitRule;
  registerPerAccount: RateLimitRule;
  resetRequestPerIp: RateLimitRule;
  resetRequestPerAccount: RateLimitRule;
  resetPerIp: RateLimitRule;
}

export const DEFAULT_AUTH_LIMITS: AuthLimits = {
  loginPerIp: { name: 'login:ip', limit: 30, windowMs: 15 * MINUTE },
  loginPerAccount: { name: 'login:account', limit: 10, windowMs: 15 * MINUTE },
  registerPerIp: { name: 'register:ip', limit: 10, windowMs: HOUR },
  registerPerAccount: { name: 'register:account', limit: 5, windowMs: HOUR },
  resetRequestPerIp: { name: 'reset-request:ip', limit: 10, windowMs: HOUR },
  resetRequestPerAccount: { name: 'reset-request:account', limit: 3, windowMs: HOUR },
  resetPerIp: { name: 'reset:ip', limit: 20, windowMs: HOUR },
};
