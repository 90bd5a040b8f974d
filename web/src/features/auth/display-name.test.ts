import { describe, expect, it } from 'vitest';
import { fullName, initialsOf, shortName } from './display-name';

describe('user display', () => {
  it('prefers the first name, else the e-mail', () => {
    expect(shortName({ email: 'ada@acme.com', firstName: 'Ada' })).toBe('Ada');
    expect(shortName({ email: 'ada@acme.com', firstName: null })).toBe('ada@acme.com');
    expect(shortName({ email: 'ada@acme.com', firstName: '  ' })).toBe('ada@acme.com');
  });

  it('builds a full name and initials', () => {
    expect(fullName({ firstName: 'Ada', lastName: 'Lovelace' })).toBe('Ada Lovelace');
    expect(fullName({ firstName: null, lastName: null })).toBeNull();
    expect(initialsOf({ email: 'ada@acme.com', firstName: 'Ada', lastName: 'Lovelace' })).toBe('AL');
    expect(initialsOf({ email: 'zed@acme.com', firstName: null, lastName: null })).toBe('Z');
  });
});
