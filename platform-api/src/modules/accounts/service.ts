// Accounts (spec 1 §3–§5, spec 3 §5): registration, confirmation, sign-in with the mailed
// multi-factor code and remembered devices, recovery, profile, e-mail and password changes,
// deletion, tier requests, notifications, and approval by administrators.
// Mails are queued (the worker delivers them) after the transaction that made their code.
import type { Knex } from 'knex';
import {
  ACCOUNT_MESSAGES,
  maskEmail,
  normalizeProfile,
  normalizeRegistration,
  validateNewEmail,
  validatePasswordChange,
  validatePasswordReset,
  validateProfile,
  validateRegistration,
  type FieldErrorMap,
} from '@headwater/plugin-sdk/schema';
import type { AppDeps } from '../../deps.ts';
import { MESSAGES } from '@headwater/plugin-sdk/schema';
import { InputError, NotAllowedError, NotFoundError, NotSignedInError } from '@headwater/plugin-sdk/server';
import type { Mail } from '../../mail/outbox.ts';
import { queueMail } from '../../mail/job.ts';
import { SiteText } from '../site/models.ts';
import { lockedNow } from '../admin-users/models.ts';
import { Tier } from '../tiers/models.ts';
import { listPublicTiers } from '../tiers/service.ts';
import { User, type Role } from '../users/models.ts';
import { checkPassword, createUser, findByUserName, hashPassword } from '../users/service.ts';
import { verifyCaptcha } from './captcha.ts';
import { consumeLinkCode, consumeMfaCode, forgetDevices, isRememberedDevice, issueCode, rememberDevice } from './codes.ts';
import { locationData, organizationCategories, COUNTRIES, US_STATES } from './location.ts';
import * as mails from './mails.ts';
import { Notification, TierRequest } from './models.ts';
import { clearFailures, countAttempt, throttleKeys } from '../auth/throttle.ts';
import { loginFailureMessage } from '../migration-v1/service.ts';
import { effectiveFeatures } from '../api-clients/service.ts';

type Deps = Pick<AppDeps, 'db' | 'config' | 'queue' | 'bus' | 'tokens' | 'log'>;

export async function siteName(trx?: Knex): Promise<string> {
  return (await SiteText.query(trx as Knex.Transaction).findById('siteName'))?.value || 'Headwater';
}

export async function send(deps: Deps, list: Mail[]): Promise<void> {
  for (const m of list) await queueMail(deps, m);
}

/** What other modules do once an address is confirmed — groups: the invitations that waited
 * for it — by module name (registering twice replaces). A failing handler is logged, never fatal. */
const confirmedHandlers = new Map<string, (user: User) => Promise<unknown>>();
export function onEmailConfirmed(name: string, handler: (user: User) => Promise<unknown>): void {
  confirmedHandlers.set(name, handler);
}
async function emailConfirmed(deps: Deps, user: User): Promise<void> {
  for (const [name, handler] of confirmedHandlers) {
    try {
      await handler(user);
    } catch (err) {
      deps.log.warn({ err, handler: name }, 'email confirmation handler failed');
    }
  }
}

function fail(errors: FieldErrorMap): void {
  if (Object.keys(errors).length) throw new InputError(errors);
}

export async function emailInUse(trx: Knex, email: string, exceptUserId?: number): Promise<boolean> {
  const q = User.query(trx as Knex.Transaction).whereRaw('lower(email) = lower(?)', [email]);
  if (exceptUserId) q.whereNot('id', exceptUserId);
  return !!(await q.first());
}

/** Server-side checks of the pick lists (a country, state or category that is not offered). */
export async function checkLists(trx: Knex, r: { country: string; state: string | null; organizationCategory: string }, errors: FieldErrorMap): Promise<void> {
  if (r.country && !COUNTRIES.includes(r.country)) (errors.country ??= []).push('Please select a country from the list.');
  if (r.state && !US_STATES.includes(r.state)) (errors.state ??= []).push('Please select a state from the list.');
  if (r.organizationCategory && !(await organizationCategories(trx as Knex.Transaction)).includes(r.organizationCategory)) (errors.organizationCategory ??= []).push('Please select a category from the list.');
}

// ─── registration ────────────────────────────────────────────────────────────────────────

export type RegisterOptions = { byAdmin?: boolean; remoteIp?: string };

/** POST account/register (captcha, e-mail confirmation, role Pending) and POST admin/users
 * (no captcha, no confirmation, approved at once). Same validation (spec 3 §5). */
/** The new account; undefined when the public form named an existing account (answered the same). */
export async function registerUser(deps: Deps, body: unknown, opts: RegisterOptions & { byAdmin: true }): Promise<User>;
export async function registerUser(deps: Deps, body: unknown, opts?: RegisterOptions): Promise<User | undefined>;
export async function registerUser(deps: Deps, body: unknown, opts: RegisterOptions = {}): Promise<User | undefined> {
  const r = normalizeRegistration(body);
  const errors = validateRegistration(r);
  const { user, mail } = await deps.db.transaction(async (trx) => {
    await checkLists(trx, r, errors);
    // Administrators are told a name or address is taken; the public form is not (issue 23: it
    // told anyone which accounts exist). It answers as for a new account and the existing
    // account's owner hears of the attempt by e-mail.
    const takenName = r.userName && !errors.userName ? await findByUserName(r.userName, trx) : undefined;
    const takenEmail = r.email && !errors.email ? await User.query(trx).whereRaw('lower(email) = lower(?)', [r.email]).first() : undefined;
    if (opts.byAdmin) {
      if (takenName) (errors.userName ??= []).push(ACCOUNT_MESSAGES.userNameTaken);
      if (takenEmail) (errors.email ??= []).push(ACCOUNT_MESSAGES.emailTaken);
    }
    if (!opts.byAdmin && !Object.keys(errors).length && !(await verifyCaptcha(deps.config, r.recaptchaToken, opts.remoteIp, trx))) {
      (errors.recaptchaToken ??= []).push(ACCOUNT_MESSAGES.captchaFailed);
    }
    fail(errors);
    if (takenName || takenEmail) {
      await hashPassword(r.password); // the time a new account's hash takes: no timing hint either
      const site = await siteName(trx);
      const owners = [...new Map([takenName, takenEmail].filter((u): u is User => !!u).map((u) => [u.id, u])).values()];
      return { user: undefined, mail: owners.map((o) => mails.registrationAttemptMail(deps.config, o, { userName: o.id === takenName?.id, email: o.id === takenEmail?.id }, site)) };
    }
    const tier = await Tier.query(trx).where('isDefault', true).first();
    const created = await createUser(
      { userName: r.userName, email: r.email, password: r.password, firstName: r.firstName, lastName: r.lastName, roles: opts.byAdmin ? ['Registered'] : ['Pending'], emailConfirmed: !!opts.byAdmin, tierId: tier?.id ?? null },
      trx,
    );
    const user = await User.query(trx).patchAndFetchById(created.id, {
      affiliation: r.affiliation,
      organizationCategory: r.organizationCategory,
      reasonForUse: r.reasonForUse,
      country: r.country,
      state: r.state,
    });
    if (opts.byAdmin) return { user, mail: undefined };
    const code = await issueCode(trx, user.id, 'confirm');
    return { user, mail: [mails.confirmationMail(deps.config, user, code, await siteName(trx))] };
  });
  if (mail) await send(deps, mail);
  else if (user) await emailConfirmed(deps, user); // an administrator's account is confirmed at once
  return user;
}

/** GET account/confirm?userId&code: the e-mail is confirmed; the account waits for approval. */
export async function confirmAccount(deps: Deps, userId: number, code: string): Promise<void> {
  const user = await deps.db.transaction(async (trx) => {
    const used = await consumeLinkCode(trx, 'confirm', code, userId);
    if (!used) throw new InputError(ACCOUNT_MESSAGES.codeLinkInvalid);
    return User.query(trx).patchAndFetchById(userId, { emailConfirmed: true });
  });
  await emailConfirmed(deps, user);
  // The administrators hear of an account waiting for them (bell → the pending-users page).
  if (user.roles.includes('Pending')) {
    const admins = await User.query().where('emailConfirmed', true).where((q) => q.whereRaw(`roles @> '["Admin"]'::jsonb`).orWhereRaw(`roles @> '["PartialAdmin"]'::jsonb`));
    for (const a of admins) {
      await notify(deps, a, { title: 'A new account is waiting for approval', details: `${user.userName} (${user.firstName} ${user.lastName}, ${user.affiliation}) confirmed their email address.`, url: '/admin/users/pending', urlText: 'Review pending users' });
    }
  }
}

/** POST account/resendconfirmation: a fresh confirmation link (earlier links stop working). */
/** POST account/resendconfirmation: for the signed-in user, or the user of the limited token a
 * login with an unconfirmed e-mail returns. */
export async function resendConfirmationFor(deps: Deps, signedIn: User | undefined, token: string | undefined): Promise<void> {
  const user = signedIn ?? (await userOfLimitedToken(deps, token, 'unconfirmed'));
  if (!user) throw new NotSignedInError();
  await resendConfirmation(deps, user.id);
}

export async function resendConfirmation(deps: Deps, userId: number): Promise<void> {
  const mail = await deps.db.transaction(async (trx) => {
    const user = await User.query(trx).findById(userId);
    if (!user) throw new NotFoundError();
    if (user.emailConfirmed) return undefined;
    const code = await issueCode(trx, user.id, 'confirm');
    return mails.confirmationMail(deps.config, user, code, await siteName(trx));
  });
  if (mail) await send(deps, [mail]);
}

// ─── sign-in ─────────────────────────────────────────────────────────────────────────────

export type LoginResult = {
  auth_token: string;
  identity: Record<string, unknown>;
  multiFactorValidated: boolean;
};

/** POST auth/login. A wrong password counts towards the throttle; an unconfirmed e-mail gets
 * a token good only for re-sending the confirmation; a device that is not remembered gets a
 * short-lived pending token and a mailed code. */
export async function login(deps: Deps, input: { userName: string; password: string; deviceToken?: string | null }, ip: string): Promise<LoginResult> {
  const keys = throttleKeys(input.userName, ip);
  // counted before the password is checked (one upsert): concurrent guesses cannot exceed the allowance
  await countAttempt(deps.db, deps.config, keys);
  const user = await findByUserName(input.userName);
  const lockedOut = !!user && lockedNow(user);
  // An unknown user name costs the same argon2 verification as a known one (no timing hint).
  if (!user) await checkPassword({ passwordHash: await dummyHash() } as User, input.password);
  // A version-1 user name not set up here yet: the wording with 'version 1' makes the login form offer the migration link (spec 1 §4).
  if (!user) {
    const v1 = await loginFailureMessage(deps, input.userName);
    if (v1) throw new InputError(v1);
  }
  if (!user || !(await checkPassword(user, input.password))) throw new InputError(MESSAGES.unauthorized);
  if (lockedOut) throw new InputError(MESSAGES.unauthorized);
  await clearFailures(deps.db, keys);

  if (!user.emailConfirmed) {
    const token = await deps.tokens.issue(user, { mfa: 'unconfirmed' }, '1h');
    return { auth_token: token, identity: { userName: user.userName, email: maskEmail(user.email), emailConfirmed: false }, multiFactorValidated: false };
  }
  const needsCode = deps.config.mfaRequired && !user.mfaExempt && !(await isRememberedDevice(deps.db, user.id, input.deviceToken));
  if (needsCode) {
    const code = await deps.db.transaction((trx) => issueCode(trx, user.id, 'mfa'));
    await send(deps, [mails.mfaMail(user, code, await siteName())]);
    const token = await deps.tokens.issue(user, { mfa: 'pending' }, '15m');
    return { auth_token: token, identity: { userName: user.userName, email: maskEmail(user.email), emailConfirmed: true }, multiFactorValidated: false };
  }
  return completeLogin(deps, user);
}

let dummy: Promise<string> | undefined;
const dummyHash = () => (dummy ??= hashPassword('not-a-real-password-1!'));

async function completeLogin(deps: Deps, user: User, extra: Record<string, unknown> = {}): Promise<LoginResult> {
  await User.query().patch({ lastLoginDate: new Date() }).where('id', user.id);
  const token = await deps.tokens.issue(user);
  return { auth_token: token, identity: { ...user.toSessionUser(), featureAccess: await effectiveFeatures(user), token }, multiFactorValidated: true, ...extra };
}

/** The user of a pending (`mfa`) or unconfirmed-login token, checked against its version. */
export async function userOfLimitedToken(deps: Deps, token: string | undefined, kind: 'pending' | 'unconfirmed'): Promise<User | undefined> {
  if (!token) return undefined;
  const payload = await deps.tokens.verify(token);
  if (!payload || payload.mfa !== kind) return undefined;
  const user = await User.query().findById(Number(payload.sub));
  return user && user.tokenVersion === payload.tv ? user : undefined;
}

/** POST auth/confirmmfa {code, token[, rememberDevice]}: the full token, and a device token
 * when the device is to be remembered (default on). */
export async function confirmMfa(deps: Deps, input: { code: string; token: string; rememberDevice: boolean }): Promise<LoginResult & { deviceToken?: string }> {
  const user = await userOfLimitedToken(deps, input.token, 'pending');
  if (!user) throw new NotSignedInError();
  const result = await deps.db.transaction(async (trx) => {
    if (!(await consumeMfaCode(trx, user.id, input.code))) return undefined;
    return input.rememberDevice ? await rememberDevice(trx, user.id) : null;
  });
  if (result === undefined) throw new InputError({ code: [ACCOUNT_MESSAGES.invalidCode] });
  return completeLogin(deps, user, result ? { deviceToken: result } : {});
}

// ─── recovery ────────────────────────────────────────────────────────────────────────────

/** POST account/forgotpassword: the same answer whether or not the address has an account. */
export async function forgotPassword(deps: Deps, email: string): Promise<void> {
  if (!email) return;
  const list = await deps.db.transaction(async (trx) => {
    const users = await User.query(trx).whereRaw('lower(email) = lower(?)', [email.trim()]);
    const out: Mail[] = [];
    const site = await siteName(trx);
    for (const u of users) {
      // At most one reset mail a minute per account (no mail bombing through this form).
      const recent = await trx('user_codes').where({ userId: u.id, kind: 'reset' }).where('createdAt', '>', new Date(Date.now() - 60_000)).first();
      if (!recent) out.push(mails.resetMail(deps.config, u, await issueCode(trx, u.id, 'reset'), site));
    }
    return out;
  });
  await send(deps, list);
}

/** POST account/resetpassword {code, userName, password}. */
export async function resetPassword(deps: Deps, input: { code: string; userName: string; password: string; comparePassword?: string }): Promise<void> {
  fail(validatePasswordReset(input.userName, input.password, input.comparePassword));
  await deps.db.transaction(async (trx) => {
    const user = await findByUserName(input.userName, trx);
    const used = user ? await consumeLinkCode(trx, 'reset', input.code, user.id) : undefined;
    if (!user || !used) throw new InputError(ACCOUNT_MESSAGES.codeLinkInvalid);
    await User.query(trx).patch({ passwordHash: await hashPassword(input.password), tokenVersion: user.tokenVersion + 1 }).where('id', user.id);
    await forgetDevices(trx, user.id);
  });
}

// ─── the account page ────────────────────────────────────────────────────────────────────

export function profileOf(user: User) {
  return {
    userName: user.userName,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    affiliation: user.affiliation,
    organizationCategory: user.organizationCategory,
    reasonForUse: user.reasonForUse,
    country: user.country,
    state: user.state,
    units: user.units,
  };
}

/** GET account/profile: profile, tier, location data (and the public tiers for the tier tab). */
export async function getProfile(user: User) {
  const tier = user.tierId ? await Tier.query().findById(user.tierId) : undefined;
  const tiers = await listPublicTiers();
  const openRequest = await TierRequest.query().modify('accessibleBy', user).where({ status: 'open' }).orderBy('id', 'desc').first();
  return {
    profile: profileOf(user),
    tier: tier ? { ...(tiers.find((t) => t.id === tier.id) ?? { id: tier.id, name: tier.name }), expirationDate: user.tierExpiration } : null,
    location: await locationData(),
    tiers,
    tierRequest: openRequest ? { value: openRequest.value, time: openRequest.time, createdAt: openRequest.createdAt } : null,
  };
}

export async function updateProfile(deps: Deps, user: User, body: unknown) {
  const p = normalizeProfile(body);
  const errors = validateProfile(p);
  return deps.db.transaction(async (trx) => {
    await checkLists(trx, p, errors);
    fail(errors);
    const updated = await User.query(trx).patchAndFetchById(user.id, { ...p, units: p.units! });
    return profileOf(updated);
  });
}

/** POST account/changeemail {value}: a link to the new address; the change waits for it. */
export async function requestEmailChange(deps: Deps, user: User, value: string, compareEmail?: string): Promise<void> {
  const email = value.trim();
  const errors = validateNewEmail(email, compareEmail?.trim());
  const list = await deps.db.transaction(async (trx) => {
    if (!errors.value && email.toLowerCase() === user.email.toLowerCase()) (errors.value ??= []).push('That is already your email address.');
    if (!errors.value && (await emailInUse(trx, email, user.id))) (errors.value ??= []).push(ACCOUNT_MESSAGES.emailTaken);
    fail(errors);
    const code = await issueCode(trx, user.id, 'changeemail', email);
    const site = await siteName(trx);
    return [mails.changeEmailMail(deps.config, user, email, code, site), mails.changeEmailNoticeMail(user.email, user, site)];
  });
  await send(deps, list);
}

/** GET account/confirmEmailChange?userId&code&newEmail: the address changes and every token
 * of the user is revoked (the client logs out). */
export async function confirmEmailChange(deps: Deps, userId: number, code: string, newEmail: string): Promise<void> {
  await deps.db.transaction(async (trx) => {
    const used = await consumeLinkCode(trx, 'changeemail', code, userId);
    if (!used || !used.data || used.data.toLowerCase() !== newEmail.trim().toLowerCase()) throw new InputError(ACCOUNT_MESSAGES.codeLinkInvalid);
    if (await emailInUse(trx, used.data, userId)) throw new InputError(ACCOUNT_MESSAGES.emailTaken);
    const user = await User.query(trx).findById(userId);
    if (!user) throw new InputError(ACCOUNT_MESSAGES.codeLinkInvalid);
    // A mailbox that received the link is proven: the address counts as confirmed, and the
    // bootstrap administrator's code-less sign-in ends with a real address.
    await User.query(trx).patch({ email: used.data, emailConfirmed: true, mfaExempt: false, tokenVersion: user.tokenVersion + 1 }).where('id', userId);
  });
  const changed = await User.query().findById(userId);
  if (changed) await emailConfirmed(deps, changed);
}

/** POST account/changepassword {oldPassword, newPassword}: older tokens and remembered
 * devices stop working; a fresh token keeps this session. */
export async function changePassword(deps: Deps, user: User, input: { oldPassword: string; newPassword: string; comparePassword?: string }): Promise<{ auth_token: string }> {
  fail(validatePasswordChange(input.oldPassword, input.newPassword, input.comparePassword));
  if (!(await checkPassword(user, input.oldPassword))) throw new InputError({ oldPassword: ['The current password is incorrect.'] });
  const updated = await deps.db.transaction(async (trx) => {
    await forgetDevices(trx, user.id);
    return User.query(trx).patchAndFetchById(user.id, { passwordHash: await hashPassword(input.newPassword), tokenVersion: user.tokenVersion + 1 });
  });
  return { auth_token: await deps.tokens.issue(updated) };
}

/** DELETE account/delete (own account) or ?userId= (administrators; only a full
 * administrator deletes an administrator). */
export async function deleteAccount(deps: Deps, actor: User, userId?: number): Promise<void> {
  const targetId = userId ?? actor.id;
  if (targetId !== actor.id && !actor.isAdmin) throw new NotAllowedError();
  await deps.db.transaction(async (trx) => {
    const target = await User.query(trx).findById(targetId);
    if (!target) throw new NotFoundError();
    if (target.id !== actor.id && (target.roles.includes('Admin') || target.roles.includes('PartialAdmin')) && !actor.hasRole('Admin')) throw new NotAllowedError();
    if (target.roles.includes('Admin')) {
      const admins = await User.query(trx).whereRaw(`roles @> '["Admin"]'::jsonb`).where('emailConfirmed', true).resultSize();
      if (admins <= 1) throw new InputError('The last administrator account cannot be deleted.');
    }
    await User.query(trx).deleteById(target.id);
  });
}

/** POST account/tierrequest {value, time}: kept, and mailed to the full administrators. */
export async function requestTier(deps: Deps, user: User, input: { value: string; time: string }): Promise<void> {
  const value = input.value.trim();
  const time = input.time.trim();
  const errors: FieldErrorMap = {};
  if (!value) errors.value = [ACCOUNT_MESSAGES.required];
  if (!time) errors.time = [ACCOUNT_MESSAGES.required];
  fail(errors);
  const list = await deps.db.transaction(async (trx) => {
    await TierRequest.query(trx).insert({ userId: user.id, tierId: user.tierId, value, time, status: 'open' });
    const admins = await User.query(trx).whereRaw(`roles @> '["Admin"]'::jsonb`).where('emailConfirmed', true);
    const site = await siteName(trx);
    return admins.map((a) => mails.tierRequestMail(a.email, user, value, time, site));
  });
  await send(deps, list);
}

/** POST auth/logout-all: every token of the user stops working (tokens are stateless; the version moves on). */
export async function logoutEverywhere(user: User): Promise<void> {
  await User.query().patch({ tokenVersion: user.tokenVersion + 1 }).where('id', user.id);
}

// ─── notifications ───────────────────────────────────────────────────────────────────────

async function announce(deps: Deps, userName: string, notificationID: number | null): Promise<void> {
  try {
    await deps.bus.publish(`user:${userName}`, 'user-notification-status-changed', { userName, notificationID });
  } catch (err) {
    deps.log.warn({ err }, 'notification status not published');
  }
}

export async function notify(deps: Deps, user: Pick<User, 'id' | 'userName'>, n: { title: string; details?: string; url?: string; urlText?: string }, trx?: Knex.Transaction): Promise<Notification> {
  const row = await Notification.query(trx).insertAndFetch({ userId: user.id, title: n.title, details: n.details ?? '', url: n.url ?? null, urlText: n.urlText ?? null, isRead: false, notificationDate: new Date() });
  if (!trx) await announce(deps, user.userName, row.id);
  return row;
}

export async function listNotifications(user: User) {
  const rows = await Notification.query().modify('accessibleBy', user).orderBy([{ column: 'notificationDate', order: 'desc' }, { column: 'id', order: 'desc' }]);
  return rows.map((r) => r.toJSONForClient());
}

export async function openNotification(deps: Deps, user: User, id: number) {
  const row = await Notification.query().findById(id).modify('accessibleBy', user);
  if (!row) throw new NotFoundError();
  if (!row.isRead) {
    await Notification.query().patch({ isRead: true }).where('id', id);
    row.isRead = true;
    await announce(deps, user.userName, id);
  }
  return row.toJSONForClient();
}

export async function deleteNotification(deps: Deps, user: User, id: number): Promise<void> {
  const n = await Notification.query().deleteById(id).modify('accessibleBy', user);
  if (!n) throw new NotFoundError();
  await announce(deps, user.userName, id);
}

export async function clearNotifications(deps: Deps, user: User): Promise<void> {
  await Notification.query().delete().modify('accessibleBy', user);
  await announce(deps, user.userName, null);
}

// ─── administrators ──────────────────────────────────────────────────────────────────────

/** GET admin/users/approve?id=: Pending becomes Registered; a notification and a mail. */
export async function approveUser(deps: Deps, id: number): Promise<void> {
  const { user, site } = await deps.db.transaction(async (trx) => {
    const user = await User.query(trx).findById(id).forUpdate();
    if (!user) throw new NotFoundError();
    if (!user.roles.includes('Pending')) throw new InputError('This account is not pending approval.');
    const roles: Role[] = [...user.roles.filter((r) => r !== 'Pending'), ...(user.roles.includes('Registered') ? [] : (['Registered'] as Role[]))];
    await User.query(trx).patch({ roles }).where('id', id);
    return { user, site: await siteName(trx) };
  });
  await notify(deps, user, { title: 'Your account has been approved', details: `Welcome to ${site}. You can now create projects.`, url: '/projects', urlText: 'Go to My Projects' });
  await send(deps, [mails.approvedMail(deps.config, user, site)]);
}
