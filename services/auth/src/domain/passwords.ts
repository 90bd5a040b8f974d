import { randomBytes } from 'node:crypto';
import { PASSWORD_MAX_BYTES, passwordBytes } from '@seqgen/proto';
import bcrypt from 'bcrypt';

/**
 * bcrypt at the configured cost (12 or more in every real deployment; tests pass less). Every
 * verification runs exactly one bcrypt comparison, against a throwaway hash when there is no
 * account or no password, so a wrong e-mail takes as long as a wrong password.
 */
export class PasswordHasher {
  readonly cost: number;
  #dummy: Promise<string> | undefined;

  constructor(cost: number) {
    this.cost = cost;
  }

  hash(password: string): Promise<string> {
    // The request schema already refuses longer passwords; bcrypt itself would silently ignore
    // everything past byte 72, so this is the last line of that defence.
    if (passwordBytes(password) > PASSWORD_MAX_BYTES) throw new RangeError('password longer than bcrypt can hash');
    return bcrypt.hash(password, this.cost);
  }

  /** True only for a stored hash that matches a password bcrypt can see all of. */
  async verify(password: string, hash: string | null | undefined): Promise<boolean> {
    const usable = passwordBytes(password) <= PASSWORD_MAX_BYTES;
    const match = await bcrypt.compare(password, usable && hash ? hash : await this.#dummyHash());
    return match && usable && Boolean(hash);
  }

  /** Hashes made at a lower cost (an older setting) are redone at the next successful sign-in. */
  needsRehash(hash: string): boolean {
    return bcrypt.getRounds(hash) < this.cost;
  }

  /** Computed once, at the configured cost, so the no-account path costs the same. */
  warmUp(): Promise<string> {
    return this.#dummyHash();
  }

  #dummyHash(): Promise<string> {
    this.#dummy ??= bcrypt.hash(randomBytes(24).toString('base64url'), this.cost);
    return this.#dummy;
  }
}
