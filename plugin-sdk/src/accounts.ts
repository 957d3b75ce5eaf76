// Account validation rules of spec 1 §5 and spec 3 §5, shared by the client forms and the
// server (which enforces every one of them). Pure TypeScript: no React, no Node.

export const ACCOUNT_MESSAGES = {
  required: 'Required',
  invalidEmail: 'Please enter a valid email address',
  emailsMustMatch: 'Email addresses must match',
  passwordsMustMatch: 'Passwords must match',
  passwordRequirements:
    'Passwords must be at least 10 characters long and contain at least one lowercase letter, one digit, and one non-alphanumeric character or underscore.',
  userNameHint: 'Letters, numbers, periods and underscores only; no spaces.',
  userNameInvalid: 'User names may contain only letters, numbers, periods and underscores, with no spaces.',
  userNameTaken: 'That user name is already taken.',
  emailTaken: 'An account with that email address already exists.',
  typeDelete: 'You must type DELETE',
  enterCode: 'Please enter the code from your email.',
  invalidCode: 'The code is invalid or has expired. Please try again.',
  codeLinkInvalid: 'This link is invalid or has expired.',
  captchaFailed: 'Please complete the captcha.',
  fixErrors: 'Please fix the errors below and try again.',
  registered:
    'Your account has been created. Please check your email to confirm your address. An administrator will then approve your account; you will receive an email when it is approved. If the confirmation email does not arrive, log in to re-send it.',
  forgotPasswordSent:
    'Request received. If an account matches the email address provided, you will receive instructions for resetting your password.',
  confirmationResent:
    'Confirmation sent! Please check your email. If you do not receive anything after one hour, please try again or contact support.',
  resetDone: 'Your account has been reset! Please log in below.',
  emailConfirmed: 'Thank you for confirming your email address. An administrator will review your account; you will receive an email when it is approved.',
  emailChanged: 'Your email address has been changed. Please log in again.',
  emailChangeSent: 'A verification link has been sent to your new email address. Your email changes once you follow it.',
  passwordChanged: 'Your password has been changed.',
  tierRequestSent: 'Your request has been sent. An administrator will review it and contact you by email.',
  tooManyAttempts: (minutes: number) =>
    `Too many failed login attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
} as const;

export const UNITS = [
  { value: 0, label: 'Metric' },
  { value: 1, label: 'Imperial' },
] as const;

export const UNITED_STATES = 'United States';

/** A practical e-mail check: one @, no spaces, a dot in the domain. */
export function isValidEmail(value: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value) && value.length <= 254;
}

/** Spec 1 §5: at least one lowercase letter, one digit, one non-alphanumeric character or
 * underscore, length at least 10. */
export function isStrongPassword(value: string): boolean {
  return value.length >= 10 && /[a-z]/.test(value) && /\d/.test(value) && /[\W_]/.test(value);
}

export function isValidUserName(value: string): boolean {
  return /^[A-Za-z0-9._]{1,64}$/.test(value);
}

export type FieldErrorMap = Record<string, string[]>;

/** Longest value of each account field (characters; issue 23: a 1 MB value was stored, mailed to
 * administrators and used as an index key). E-mail per RFC 5321; the rest generous for people's
 * names and organisations. */
export const ACCOUNT_FIELD_LIMITS = {
  userName: 100,
  email: 254,
  password: 256,
  firstName: 100,
  lastName: 100,
  affiliation: 200,
  organizationCategory: 200,
  reasonForUse: 2000,
  country: 100,
  state: 100,
} as const;

/** A 'Must be at most N characters.' problem for each account field over its limit. */
function addLengthErrors(errors: FieldErrorMap, values: Partial<Record<keyof typeof ACCOUNT_FIELD_LIMITS, string | null | undefined>>): void {
  for (const [field, max] of Object.entries(ACCOUNT_FIELD_LIMITS)) {
    const v = values[field as keyof typeof ACCOUNT_FIELD_LIMITS];
    if (typeof v === 'string' && v.length > max) {
      delete errors[field];
      add(errors, field, `Must be at most ${max} characters.`);
    }
  }
}

function add(errors: FieldErrorMap, field: string, message: string): void {
  (errors[field] ??= []).push(message);
}

function str(v: unknown): string {
  return typeof v === 'string' ? v.trim() : '';
}

export type RegistrationInput = {
  firstName: string;
  lastName: string;
  email: string;
  compareEmail?: string;
  userName: string;
  password: string;
  comparePassword?: string;
  country: string;
  state: string | null;
  organizationCategory: string;
  affiliation: string;
  reasonForUse: string;
  recaptchaToken?: string;
};

/** Trims every text value (spec 1 §5 'Text values are trimmed'); passwords are kept as typed. */
export function normalizeRegistration(raw: unknown): RegistrationInput {
  const o = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const country = str(o.country);
  return {
    firstName: str(o.firstName),
    lastName: str(o.lastName),
    email: str(o.email),
    compareEmail: o.compareEmail === undefined ? undefined : str(o.compareEmail),
    userName: str(o.userName),
    password: typeof o.password === 'string' ? o.password : '',
    comparePassword: o.comparePassword === undefined ? undefined : typeof o.comparePassword === 'string' ? o.comparePassword : '',
    country,
    state: country === UNITED_STATES ? str(o.state) || null : null,
    organizationCategory: str(o.organizationCategory),
    affiliation: str(o.affiliation),
    reasonForUse: str(o.reasonForUse),
    recaptchaToken: typeof o.recaptchaToken === 'string' ? o.recaptchaToken : undefined,
  };
}

/**
 * Registration and admin-created users (spec 1 §5, spec 3 §5). The confirmation fields are
 * checked when present (the client form always sends them to itself; the API payload may
 * leave them out, as the spec's payload does).
 */
export function validateRegistration(r: RegistrationInput, opts: { requireConfirmations?: boolean } = {}): FieldErrorMap {
  const errors: FieldErrorMap = {};
  const req = (field: keyof RegistrationInput, value: string | null | undefined) => {
    if (!value) add(errors, field, ACCOUNT_MESSAGES.required);
  };
  req('firstName', r.firstName);
  req('lastName', r.lastName);
  if (!r.email) add(errors, 'email', ACCOUNT_MESSAGES.required);
  else if (!isValidEmail(r.email)) add(errors, 'email', ACCOUNT_MESSAGES.invalidEmail);
  if (r.compareEmail !== undefined || opts.requireConfirmations) {
    if (!r.compareEmail) add(errors, 'compareEmail', ACCOUNT_MESSAGES.required);
    else if (r.compareEmail.toLowerCase() !== r.email.toLowerCase()) add(errors, 'compareEmail', ACCOUNT_MESSAGES.emailsMustMatch);
  }
  if (!r.userName) add(errors, 'userName', ACCOUNT_MESSAGES.required);
  else if (!isValidUserName(r.userName)) add(errors, 'userName', ACCOUNT_MESSAGES.userNameInvalid);
  if (!r.password) add(errors, 'password', ACCOUNT_MESSAGES.required);
  else if (!isStrongPassword(r.password)) add(errors, 'password', ACCOUNT_MESSAGES.passwordRequirements);
  if (r.comparePassword !== undefined || opts.requireConfirmations) {
    if (!r.comparePassword) add(errors, 'comparePassword', ACCOUNT_MESSAGES.required);
    else if (r.comparePassword !== r.password) add(errors, 'comparePassword', ACCOUNT_MESSAGES.passwordsMustMatch);
  }
  req('country', r.country);
  if (r.country === UNITED_STATES) req('state', r.state);
  req('organizationCategory', r.organizationCategory);
  req('affiliation', r.affiliation);
  req('reasonForUse', r.reasonForUse);
  addLengthErrors(errors, r);
  return errors;
}

export type ProfileInput = {
  firstName: string;
  lastName: string;
  affiliation: string;
  organizationCategory: string;
  reasonForUse: string;
  country: string;
  state: string | null;
  units: number | null;
};

export function normalizeProfile(raw: unknown): ProfileInput {
  const o = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const country = str(o.country);
  const units = o.units === undefined || o.units === null || o.units === '' ? null : Number(o.units);
  return {
    firstName: str(o.firstName),
    lastName: str(o.lastName),
    affiliation: str(o.affiliation),
    organizationCategory: str(o.organizationCategory),
    reasonForUse: str(o.reasonForUse),
    country,
    state: country === UNITED_STATES ? str(o.state) || null : null,
    units: units === null || Number.isNaN(units) ? null : units,
  };
}

/** Profile tab: first name, last name, country, category, company, reason, units required;
 * state required for the United States. */
export function validateProfile(p: ProfileInput): FieldErrorMap {
  const errors: FieldErrorMap = {};
  for (const f of ['firstName', 'lastName', 'country', 'organizationCategory', 'affiliation', 'reasonForUse'] as const) {
    if (!p[f]) add(errors, f, ACCOUNT_MESSAGES.required);
  }
  if (p.country === UNITED_STATES && !p.state) add(errors, 'state', ACCOUNT_MESSAGES.required);
  if (p.units === null) add(errors, 'units', ACCOUNT_MESSAGES.required);
  else if (p.units !== 0 && p.units !== 1) add(errors, 'units', 'Units must be 0 (Metric) or 1 (Imperial).');
  addLengthErrors(errors, p);
  return errors;
}

export function validateNewEmail(value: string, compare?: string): FieldErrorMap {
  const errors: FieldErrorMap = {};
  if (!value) add(errors, 'value', ACCOUNT_MESSAGES.required);
  else if (!isValidEmail(value)) add(errors, 'value', ACCOUNT_MESSAGES.invalidEmail);
  if (compare !== undefined) {
    if (!compare) add(errors, 'compareEmail', ACCOUNT_MESSAGES.required);
    else if (compare.toLowerCase() !== value.toLowerCase()) add(errors, 'compareEmail', ACCOUNT_MESSAGES.emailsMustMatch);
  }
  return errors;
}

export function validatePasswordChange(oldPassword: string, newPassword: string, confirm?: string): FieldErrorMap {
  const errors: FieldErrorMap = {};
  if (!oldPassword) add(errors, 'oldPassword', ACCOUNT_MESSAGES.required);
  if (!newPassword) add(errors, 'newPassword', ACCOUNT_MESSAGES.required);
  else if (!isStrongPassword(newPassword)) add(errors, 'newPassword', ACCOUNT_MESSAGES.passwordRequirements);
  if (confirm !== undefined) {
    if (!confirm) add(errors, 'comparePassword', ACCOUNT_MESSAGES.required);
    else if (confirm !== newPassword) add(errors, 'comparePassword', ACCOUNT_MESSAGES.passwordsMustMatch);
  }
  return errors;
}

export function validatePasswordReset(userName: string, password: string, confirm?: string): FieldErrorMap {
  const errors: FieldErrorMap = {};
  if (!userName) add(errors, 'userName', ACCOUNT_MESSAGES.required);
  if (!password) add(errors, 'password', ACCOUNT_MESSAGES.required);
  else if (!isStrongPassword(password)) add(errors, 'password', ACCOUNT_MESSAGES.passwordRequirements);
  if (confirm !== undefined) {
    if (!confirm) add(errors, 'comparePassword', ACCOUNT_MESSAGES.required);
    else if (confirm !== password) add(errors, 'comparePassword', ACCOUNT_MESSAGES.passwordsMustMatch);
  }
  return errors;
}

/** Masks the middle of the local part and the domain name: `ad***@ex*****.org`. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  const mask = (s: string, keep: number) => (s.length <= keep ? s[0] + '*'.repeat(Math.max(1, s.length - 1)) : s.slice(0, keep) + '*'.repeat(s.length - keep));
  const dot = domain.lastIndexOf('.');
  const host = dot > 0 ? domain.slice(0, dot) : domain;
  const tld = dot > 0 ? domain.slice(dot) : '';
  return `${mask(local, 2)}@${mask(host, 1)}${tld}`;
}
