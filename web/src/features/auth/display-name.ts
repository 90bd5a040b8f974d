import type { User } from '@seqgen/proto';

/** What the header calls the user: the first name when known, else the e-mail (docs/product.md §2). */
export function shortName(user: Pick<User, 'email' | 'firstName'>): string {
  return user.firstName?.trim() || user.email;
}

export function fullName(user: Pick<User, 'firstName' | 'lastName'>): string | null {
  const name = [user.firstName, user.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return name || null;
}

/** One or two letters for the avatar. */
export function initialsOf(user: Pick<User, 'email' | 'firstName' | 'lastName'>): string {
  const name = fullName(user);
  if (!name) return user.email.slice(0, 1).toUpperCase();
  return name
    .split(/\s+/)
    .slice(0, 2)
    .map((part) => part.slice(0, 1).toUpperCase())
    .join('');
}
