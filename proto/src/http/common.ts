import { z } from 'zod';

/**
 * The one rule every piece of text a client sends must pass, whatever the field (issue 10,
 * finding 2): no NUL (U+0000) and no unpaired UTF-16 surrogate. Both pass JSON.parse ("\u0000",
 * "\ud800" are valid JSON escapes) but cannot be stored: PostgreSQL refuses NUL in text and jsonb,
 * and a lone surrogate is silently turned into U+FFFD on the way to UTF-8, so "a\ud800" and
 * "a\ufffd" would become the same e-mail address. bcrypt stops reading a password at a NUL.
 */
export function hasForbiddenCharacter(value: string): boolean {
  for (let index = 0; index < value.length; index += 1) {
    const unit = value.charCodeAt(index);
    if (unit === 0) return true;
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = value.charCodeAt(index + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        index += 1;
        continue;
      }
      return true;
    }
    if (unit >= 0xdc00 && unit <= 0xdfff) return true;
  }
  return false;
}

/** Said after the field's name ("email: contains a character …"), as every validation message is. */
export const FORBIDDEN_CHARACTER_MESSAGE = 'contains a character that is not allowed (NUL or an unpaired surrogate).';

/**
 * The only way proto builds a string field: `z.string()` with the rule above as its first check.
 * A test (proto/test/text-rules.test.ts) walks every exported schema and fails on any string that
 * does not refuse NUL and lone surrogates, so a new field cannot forget it. The check does not
 * abort the rest: zod's unions pass on the issues of the one branch whose type matched only while
 * those issues are not aborting, and that is how a NUL deep in a saved sequence is reported at
 * its own field ("emailSequence.0.subject: contains …") rather than as "Invalid input".
 */
export function text(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).refine((value) => !hasForbiddenCharacter(value), FORBIDDEN_CHARACTER_MESSAGE);
}

/**
 * A URL as users type it: "acme.com", "https://acme.com/customers". Only the shape is checked
 * here; whether it may be fetched is the SSRF-safe client's decision.
 */
export const UserUrl = text({ error: 'URL must be text' })
  .trim()
  .min(1, 'Please enter a company URL')
  .max(2048, 'URL is too long (2048 characters at most)');

/** The product's only client-side e-mail rule is "non-empty and contains an at-sign" (docs/product.md §5). */
export const EmailAddress = text({ error: 'Please enter a valid email address' })
  .trim()
  .min(1, 'Please enter a valid email address')
  .max(254, 'Email address is too long (254 characters at most)')
  .refine((v) => v.includes('@'), 'Please enter a valid email address');

/**
 * An ISO 8601 time with its offset ("2026-11-22T10:00:00.000Z"). The format is a check after the
 * text rule, so a NUL is told as such first (zod 4's `z.iso.datetime()`, as a check of `text()`).
 */
export const IsoDateTime = text().check(z.iso.datetime({ offset: true }));
