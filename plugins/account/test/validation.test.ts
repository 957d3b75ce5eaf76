// Unit tests of the account validation rules (spec 1 §5, spec 3 §5) the register, profile,
// e-mail, password and reset forms share with the server.
import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_MESSAGES,
  isStrongPassword,
  isValidEmail,
  maskEmail,
  normalizeProfile,
  normalizeRegistration,
  validateNewEmail,
  validatePasswordChange,
  validatePasswordReset,
  validateProfile,
  validateRegistration,
} from '@headwater/plugin-sdk/schema';

const good = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.org',
  compareEmail: 'ada@example.org',
  userName: 'ada.l_1',
  password: 'Correct-horse-1',
  comparePassword: 'Correct-horse-1',
  country: 'United States',
  state: 'Texas',
  organizationCategory: 'Individual',
  affiliation: 'Engines',
  reasonForUse: 'Study',
};

describe('strong passwords', () => {
  it.each([
    ['Correct-horse-1', true],
    ['abcdefgh1_', true],
    ['abcdefg1!', false], // 9 characters
    ['ABCDEFGH1!', false], // no lowercase
    ['abcdefghij!', false], // no digit
    ['abcdefghi12', false], // no symbol
  ])('%s → %s', (pw, ok) => expect(isStrongPassword(pw)).toBe(ok));
});

describe('e-mail addresses', () => {
  it.each([
    ['a@b.org', true],
    ['first.last+tag@sub.example.org', true],
    ['no-at.example.org', false],
    ['a@b', false],
    ['a b@c.org', false],
  ])('%s → %s', (e, ok) => expect(isValidEmail(e)).toBe(ok));

  it('masks the middle characters', () => {
    expect(maskEmail('grace@example.org')).toBe('gr***@e******.org');
    expect(maskEmail('a@b.io')).toBe('a*@b*.io');
  });
});

describe('registration', () => {
  it('accepts a complete form and trims the text values', () => {
    const r = normalizeRegistration({ ...good, firstName: '  Ada  ', email: ' ada@example.org ' });
    expect(r.firstName).toBe('Ada');
    expect(r.email).toBe('ada@example.org');
    expect(validateRegistration(r)).toEqual({});
  });

  it('requires every field; state only for the United States', () => {
    const errors = validateRegistration(normalizeRegistration({ country: 'United States' }), { requireConfirmations: true });
    for (const f of ['firstName', 'lastName', 'email', 'compareEmail', 'userName', 'password', 'comparePassword', 'state', 'organizationCategory', 'affiliation', 'reasonForUse']) {
      expect(errors[f], f).toEqual([ACCOUNT_MESSAGES.required]);
    }
    const canada = normalizeRegistration({ ...good, country: 'Canada', state: 'Texas' });
    expect(canada.state).toBeNull();
    expect(validateRegistration(canada)).toEqual({});
  });

  it('uses the spec messages verbatim', () => {
    const errors = validateRegistration(normalizeRegistration({ ...good, email: 'bad', compareEmail: 'other@example.org', password: 'weak', comparePassword: 'weak2' }));
    expect(errors.email).toEqual(['Please enter a valid email address']);
    expect(errors.compareEmail).toEqual(['Email addresses must match']);
    expect(errors.comparePassword).toEqual(['Passwords must match']);
    expect(errors.password).toEqual([ACCOUNT_MESSAGES.passwordRequirements]);
  });
});

describe('profile, e-mail, password and reset forms', () => {
  it('profile requires units 0 or 1 and the state for the United States', () => {
    expect(validateProfile(normalizeProfile({ ...good, units: 1 }))).toEqual({});
    expect(validateProfile(normalizeProfile({ ...good, state: '', units: 0 }))).toEqual({ state: ['Required'] });
    expect(validateProfile(normalizeProfile({ ...good })).units).toEqual(['Required']);
    expect(validateProfile(normalizeProfile({ ...good, units: 2 })).units).toHaveLength(1);
  });

  it('change e-mail, change password and reset', () => {
    expect(validateNewEmail('', '')).toEqual({ value: ['Required'], compareEmail: ['Required'] });
    expect(validateNewEmail('a@b.org', 'c@d.org')).toEqual({ compareEmail: ['Email addresses must match'] });
    expect(validatePasswordChange('', 'weak', 'weak2')).toEqual({ oldPassword: ['Required'], newPassword: [ACCOUNT_MESSAGES.passwordRequirements], comparePassword: ['Passwords must match'] });
    expect(validatePasswordReset('', 'Correct-horse-1', 'Correct-horse-1')).toEqual({ userName: ['Required'] });
  });
});
