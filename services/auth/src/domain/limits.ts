import type { BackoffRule, RateLimitRule } from '@seqgen/kit';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * Sign-in throttling (issue 10, finding 5; OWASP Authentication Cheat Sheet, "Login Throttling"):
 * only wrong passwords count (unknown accounts alike, so a 429 says nothing about existence), and
 * every limit is a back-off that starts at a second and doubles, never a fixed lock:
 *
 * - per account AND address (`loginPerPair`): tight. Five free failures, then 1 s, 2 s, 4 s …
 *   up to 15 minutes between tries; a successful sign-in (or a password reset from that address)
 *   clears it. One guesser at one address gets about a hundred tries a day.
 * - per account, every address (`loginPerAccount`): the distributed guesser. Past 20 failures in
 *   an hour the same back-off holds every address that has already failed on the account; an
 *   address that has not (the owner's, usually) is never refused for the account's count, so
 *   nobody can lock the owner out by failing on purpose.
 * - under a massive attack (`loginUnderAttack`: 100 failures in the account's hour) even clean
 *   addresses are slowed, by a short wait before the password is checked rather than a refusal:
 *   the owner still gets in, a second or two later.
 * - per address, every account (`loginPerIp`): credential stuffing and password spraying. Thirty
 *   free failures an hour, then the back-off.
 *
 * Account counters are keyed by the normalised e-mail whether or not an account exists.
 */
export interface AuthLimits {
  loginPerPair: BackoffRule;
  loginPerAccount: BackoffRule;
  loginPerIp: BackoffRule;
  loginUnderAttack: { failures: number; delayMs: number };
  registerPerIp: RateLimitRule;
  registerPerAccount: RateLimitRule;
  resetRequestPerIp: RateLimitRule;
  resetRequestPerAccount: RateLimitRule;
  resetPerIp: RateLimitRule;
}

const doubling = { baseDelayMs: SECOND, maxDelayMs: 15 * MINUTE };

export const DEFAULT_AUTH_LIMITS: AuthLimits = {
  loginPerPair: { name: 'login:pair', free: 5, ...doubling, windowMs: DAY },
  loginPerAccount: { name: 'login:account', free: 20, ...doubling, windowMs: HOUR },
  loginPerIp: { name: 'login:ip', free: 30, ...doubling, windowMs: HOUR },
  loginUnderAttack: { failures: 100, delayMs: 2 * SECOND },
  registerPerIp: { name: 'register:ip', limit: 10, windowMs: HOUR },
  registerPerAccount: { name: 'register:account', limit: 5, windowMs: HOUR },
  resetRequestPerIp: { name: 'reset-request:ip', limit: 10, windowMs: HOUR },
  resetRequestPerAccount: { name: 'reset-request:account', limit: 3, windowMs: HOUR },
  resetPerIp: { name: 'reset:ip', limit: 20, windowMs: HOUR },
};

/** The pair counter's key: one account tried from one address. */
export const accountAtAddress = (email: string, clientIp: string) => `${email}\n${clientIp}`;
