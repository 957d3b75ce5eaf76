// The administrators' user management (spec 3 §2.3, §3 Admin user, §4 account states, §5, §6,
// §7 'Admin users'): the users grid, one user's detail with its audit log, profile, password,
// roles, lockout, access codes, approval, denial and deletion.
//
// Who may do what (spec 3 §6, enforced here whatever the client shows):
// - the admin area needs Admin or PartialAdmin (the routes check it);
// - a partial administrator manages non-administrator accounts only: the profile, password,
//   lockout, access codes, roles and deletion of an account holding Admin or PartialAdmin are for
//   full administrators (a partial administrator who could change an administrator's address or
//   password could take the account over);
// - only a full administrator grants or removes Admin;
// - nobody changes their own roles, locks or deletes themselves here, and the last full
//   administrator cannot lose the role.
import type { Knex } from 'knex';
import {
  ACCOUNT_MESSAGES,
  isStrongPassword,
  isValidEmail,
  normalizeProfile,
  validateProfile,
  type FieldErrorMap,
} from '@headwater/plugin-sdk/schema';
import { InputError, NotAllowedError, NotFoundError } from '@headwater/plugin-sdk/server';
import type { AppDeps } from '../../deps.ts';
import type { GridSpec } from '../../db/grid.ts';
import { issueCode, forgetDevices, CODE_TTL_MINUTES } from '../accounts/codes.ts';
import { locationData } from '../accounts/location.ts';
import * as mails from '../accounts/mails.ts';
import { approveUser, checkLists, emailInUse, registerUser, send, siteName } from '../accounts/service.ts';
import { Tier } from '../tiers/models.ts';
import { User, ROLES, type Role } from '../users/models.ts';
import { hashPassword } from '../users/service.ts';
import { entriesFor, record } from './audit.ts';
import { lockedNow } from './models.ts';

type Deps = Pick<AppDeps, 'db' | 'config' | 'queue' | 'bus' | 'tokens' | 'log'>;

/** Spec 3 §9: a lock lasts 30 days; -1 days unlocks. */
export const LOCKOUT_DAYS = 30;
export const UNLOCK_DAYS = -1;
/** Spec 3 §9: admin grids show 50 rows a page; a user's projects 20. */
export const ADMIN_PAGE_SIZE = 50;
export const USER_PROJECTS_PAGE_SIZE = 20;

export const ADMIN_USER_MESSAGES = {
  fullAdminOnly: (what: string) => `Only a full administrator (the Admin role) may ${what} an administrator's account.`,
  grantAdmin: 'Only a full administrator (the Admin role) may grant or remove the Admin role.',
  ownRoles: 'You cannot change your own roles.',
  ownLock: 'You cannot lock your own account.',
  ownDelete: 'Please delete your own account from your account page.',
  lastAdmin: 'The last administrator account cannot lose the Admin role.',
  lastAdminDelete: 'The last administrator account cannot be deleted.',
  notPending: 'This account is not pending approval.',
  unknownRole: `The role must be one of ${ROLES.filter((r) => r !== 'Pending').join(', ')}.`,
  pendingRole: 'Pending accounts are approved or denied from the pending users list.',
  lockDays: 'The number of days must be -1 (unlock) or between 1 and 3650.',
  unknownTier: 'Please select a tier from the list.',
  badDate: 'Please enter a valid date.',
} as const;

const ADMIN_ROLES: Role[] = ['Admin', 'PartialAdmin'];
const isAdminAccount = (u: Pick<User, 'roles'>) => u.roles.some((r) => ADMIN_ROLES.includes(r));

async function targetUser(id: number, trx?: Knex.Transaction, forUpdate = false): Promise<User> {
  const q = User.query(trx).findById(id);
  const user = await (forUpdate ? q.forUpdate() : q);
  if (!user) throw new NotFoundError();
  return user;
}

/** A partial administrator may not touch an administrator's account (see the head comment). */
export function assertMayManage(actor: User, target: User, what: string): void {
  if (isAdminAccount(target) && !actor.hasRole('Admin')) throw new NotAllowedError(ADMIN_USER_MESSAGES.fullAdminOnly(what));
}

const named = (u: Pick<User, 'id' | 'userName'>) => ({ id: u.id, name: u.userName });

async function fullAdminCount(trx: Knex.Transaction): Promise<number> {
  return User.query(trx).whereRaw(`roles @> '["Admin"]'::jsonb`).where('emailConfirmed', true).resultSize();
}

// ─── the users grid ─────────────────────────────────────────────────────────────────────

export const USER_GRID: GridSpec = {
  columns: [
    { field: 'id', header: 'ID', filter: false },
    { field: 'userName', header: 'User name' },
    { field: 'email', header: 'Email' },
    { field: 'firstName', header: 'First name' },
    { field: 'lastName', header: 'Last name' },
    { field: 'affiliation', header: 'Affiliation' },
    { field: 'organizationCategory', header: 'Category' },
    { field: 'country', header: 'Country' },
    { field: 'state', header: 'State' },
    { field: 'roles', header: 'Roles' },
    { field: 'tier', header: 'Tier' },
    { field: 'tierExpiration', header: 'Tier expiration', filter: false },
    { field: 'isLockedOut', header: 'Locked out', filter: false },
    { field: 'lockoutEndDate', header: 'Lockout end', filter: false },
    { field: 'lastLoginDate', header: 'Last login', filter: false },
    { field: 'registrationDate', header: 'Registered', filter: false },
  ],
  defaultSort: 'userName',
  defaultPerPage: ADMIN_PAGE_SIZE,
};

/** GET admin/users (and admin/exports/users): every account; the tier shown is the default one when none is set. */
export function userRowsQuery(db: Knex): Knex.QueryBuilder {
  return db('users as u')
    .leftJoin('tiers as t', 't.id', 'u.tierId')
    .select(
      'u.id',
      'u.userName',
      'u.email',
      'u.firstName',
      'u.lastName',
      'u.affiliation',
      'u.organizationCategory',
      'u.country',
      'u.state',
      db.raw(`array_to_string(array(select jsonb_array_elements_text(u.roles)), ', ') as roles`),
      db.raw(`coalesce(t.name, (select name from tiers where is_default limit 1), '') as tier`),
      'u.tierExpiration',
      db.raw('(u.is_locked_out and (u.lockout_end_date is null or u.lockout_end_date > now())) as is_locked_out'),
      'u.lockoutEndDate',
      'u.lastLoginDate',
      db.raw('u.created_at as registration_date'),
    );
}

// ─── one user ───────────────────────────────────────────────────────────────────────────

function adminUserJson(u: User) {
  return {
    id: u.id,
    userName: u.userName,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    affiliation: u.affiliation,
    organizationCategory: u.organizationCategory,
    reasonForUse: u.reasonForUse,
    country: u.country,
    state: u.state,
    units: u.units,
    tierID: u.tierId,
    tierExpiration: u.tierExpiration,
    roles: u.roles,
    emailConfirmed: u.emailConfirmed,
    isLockedOut: lockedNow(u),
    lockoutEndDate: lockedNow(u) ? u.lockoutEndDate : null,
    lastLoginDate: u.lastLoginDate,
    registrationDate: u.createdAt,
  };
}

/** The user's activity by month over the last 12 months (the Usage statistics tab's chart). */
async function statisticsChart(db: Knex, userId: number) {
  const months: string[] = [];
  const now = new Date();
  for (let i = 11; i >= 0; i--) {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - i, 1));
    months.push(d.toISOString().slice(0, 7));
  }
  const since = `${months[0]}-01`;
  const count = async (sql: string) => {
    const rows = (await db.raw(sql, [userId, since])).rows as { month: string; n: number }[];
    const byMonth = new Map(rows.map((r) => [r.month, Number(r.n)]));
    return months.map((m) => byMonth.get(m) ?? 0);
  };
  const projects = await count(`select to_char(created_at at time zone 'UTC', 'YYYY-MM') as month, count(*)::int as n from projects where user_id = ? and created_at >= ? group by 1`);
  const scenarios = await count(
    `select to_char(s.created_at at time zone 'UTC', 'YYYY-MM') as month, count(*)::int as n from scenarios s join projects p on p.id = s.project_id where coalesce(s.user_id, p.user_id) = ? and s.created_at >= ? group by 1`,
  );
  // A scenario keeps only its latest run: this counts scenarios by the month of their last run.
  const runs = await count(
    `select to_char(s.last_run_date at time zone 'UTC', 'YYYY-MM') as month, count(*)::int as n from scenarios s join projects p on p.id = s.project_id where coalesce(s.run_user_id, p.user_id) = ? and s.last_run_date >= ? group by 1`,
  );
  return {
    title: 'Activity over the last 12 months',
    categories: months,
    series: [
      { name: 'Projects created', data: projects },
      { name: 'Scenarios created', data: scenarios },
      { name: 'Scenarios last run', data: runs },
    ],
  };
}

/** GET admin/users/{id}: the profile of spec 3 §3 Admin user, flags, the statistics chart,
 * the tiers to choose from, the location lists, and the audit log. */
export async function getUserDetail(deps: Pick<Deps, 'db'>, actor: User, id: number) {
  const user = await targetUser(id);
  const tiers = await Tier.query().orderBy([{ column: 'sortOrder' }, { column: 'id' }]).select('id', 'name', 'isDefault');
  const counts = (await deps.db.raw('select (select count(*)::int from projects where user_id = ?) as projects', [id])).rows[0] as { projects: number };
  return {
    user: adminUserJson(user),
    isPending: user.roles.includes('Pending'),
    hasApiAccess: user.roles.includes('ApiUser'),
    isAdminAccount: isAdminAccount(user),
    canManage: !isAdminAccount(user) || actor.hasRole('Admin'),
    canGrantAdmin: actor.hasRole('Admin'),
    numProjects: counts.projects,
    statistics: await statisticsChart(deps.db, id),
    tiers: tiers.map((t) => ({ value: t.id, text: t.name, isDefault: t.isDefault })),
    location: await locationData(),
    auditLog: await entriesFor('user', id),
  };
}

// ─── profile, tier and password ─────────────────────────────────────────────────────────

function parseDate(v: unknown): Date | null | 'bad' {
  if (v === undefined || v === null || v === '') return null;
  if (typeof v !== 'string' && !(v instanceof Date)) return 'bad';
  const d = new Date(v);
  return Number.isNaN(d.getTime()) ? 'bad' : d;
}

const PROFILE_FIELDS = ['email', 'firstName', 'lastName', 'affiliation', 'organizationCategory', 'reasonForUse', 'country', 'state', 'units', 'tierId', 'tierExpiration'] as const;

/** POST admin/users/{id}: the profile (spec 3 §5: first name, last name, a valid email,
 * affiliation, category, reason for use, country, units; state for the United States), the
 * tier and its expiration. */
export async function updateUserProfile(deps: Deps, actor: User, id: number, body: unknown) {
  const raw = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const p = normalizeProfile(raw);
  const errors: FieldErrorMap = validateProfile(p);
  const email = typeof raw.email === 'string' ? raw.email.trim() : '';
  if (!email) (errors.email ??= []).push(ACCOUNT_MESSAGES.required);
  else if (!isValidEmail(email)) (errors.email ??= []).push(ACCOUNT_MESSAGES.invalidEmail);
  const tierRaw = raw.tierID ?? raw.tierId;
  const tierId = tierRaw === undefined || tierRaw === null || tierRaw === '' ? null : Number(tierRaw);
  if (tierId !== null && !Number.isInteger(tierId)) (errors.tierID ??= []).push(ADMIN_USER_MESSAGES.unknownTier);
  const tierExpiration = parseDate(raw.tierExpiration);
  if (tierExpiration === 'bad') (errors.tierExpiration ??= []).push(ADMIN_USER_MESSAGES.badDate);

  const updated = await deps.db.transaction(async (trx) => {
    const target = await targetUser(id, trx, true);
    assertMayManage(actor, target, 'edit');
    await checkLists(trx, p, errors);
    if (email && !errors.email && (await emailInUse(trx, email, id))) (errors.email ??= []).push(ACCOUNT_MESSAGES.emailTaken);
    if (tierId !== null && !errors.tierID && !(await Tier.query(trx).findById(tierId))) (errors.tierID ??= []).push(ADMIN_USER_MESSAGES.unknownTier);
    if (Object.keys(errors).length) throw new InputError(errors);
    const patch = { ...p, units: p.units!, email, tierId, tierExpiration: tierExpiration as Date | null };
    const changed = PROFILE_FIELDS.filter((f) => String(valueOf(target[f])) !== String(valueOf(patch[f])));
    const next = await User.query(trx).patchAndFetchById(id, patch);
    if (changed.length) {
      const tierNote = changed.includes('tierId') || changed.includes('tierExpiration') ? ` (tier: ${(tierId && (await Tier.query(trx).findById(tierId))?.name) || 'default'}${tierExpiration ? `, expires ${(tierExpiration as Date).toISOString().slice(0, 10)}` : ''})` : '';
      await record(trx, actor, 'user', named(target), 'profile', `Changed ${changed.map((f) => (f === 'tierId' ? 'tier' : f)).join(', ')}${tierNote}`);
    }
    return next;
  });
  return adminUserJson(updated);
}

const valueOf = (v: unknown) => (v instanceof Date ? v.toISOString() : v ?? '');

/** POST admin/users/password/{id} {value[, comparePassword]}: the user's older tokens and
 * remembered devices stop working. */
export async function setPassword(deps: Deps, actor: User, id: number, input: { value: string; comparePassword?: string }): Promise<void> {
  const errors: FieldErrorMap = {};
  if (!input.value) errors.value = [ACCOUNT_MESSAGES.required];
  else if (!isStrongPassword(input.value)) errors.value = [ACCOUNT_MESSAGES.passwordRequirements];
  if (input.comparePassword !== undefined && input.comparePassword !== input.value) errors.comparePassword = [ACCOUNT_MESSAGES.passwordsMustMatch];
  await deps.db.transaction(async (trx) => {
    const target = await targetUser(id, trx, true);
    assertMayManage(actor, target, 'change the password of');
    if (Object.keys(errors).length) throw new InputError(errors);
    await User.query(trx).patch({ passwordHash: await hashPassword(input.value), tokenVersion: target.tokenVersion + 1 }).where('id', id);
    await forgetDevices(trx, id);
    await record(trx, actor, 'user', named(target), 'password', 'Set a new password (the user was signed out everywhere)');
  });
}

// ─── roles ──────────────────────────────────────────────────────────────────────────────

/** The main role: Registered, or Registered with one administrator role (as the seeded
 * administrator holds ['Registered', 'Admin']); ApiUser is held alongside. */
const MAIN_ROLES: Role[] = ['Registered', 'PartialAdmin', 'Admin'];

/**
 * POST admin/users/setrole/{id} {value[, remove]}: `value` Registered, PartialAdmin or Admin sets
 * the account's main role (Registered drops both administrator roles); ApiUser is added, or removed with
 * `remove: true`. Roles are read from the database on every request: the change is in force at once.
 */
export async function setRole(deps: Deps, actor: User, id: number, input: { value: string; remove?: boolean }): Promise<{ roles: Role[] }> {
  const role = input.value as Role;
  if (!ROLES.includes(role)) throw new InputError({ value: [ADMIN_USER_MESSAGES.unknownRole] });
  if (role === 'Pending') throw new InputError({ value: [ADMIN_USER_MESSAGES.pendingRole] });
  if (id === actor.id) throw new NotAllowedError(ADMIN_USER_MESSAGES.ownRoles);
  return deps.db.transaction(async (trx) => {
    const target = await targetUser(id, trx, true);
    assertMayManage(actor, target, 'change the roles of');
    if (role === 'Admin' && !actor.hasRole('Admin')) throw new NotAllowedError(ADMIN_USER_MESSAGES.grantAdmin);
    let roles: Role[];
    if (role === 'ApiUser') {
      roles = input.remove ? target.roles.filter((r) => r !== 'ApiUser') : [...new Set<Role>([...target.roles, 'ApiUser'])];
    } else {
      if (target.roles.includes('Pending')) throw new InputError({ value: [ADMIN_USER_MESSAGES.pendingRole] });
      if (input.remove) throw new InputError({ value: ['Set another main role instead of removing this one.'] });
      roles = [...target.roles.filter((r) => !MAIN_ROLES.includes(r)), 'Registered', ...(role === 'Registered' ? [] : [role])];
    }
    if (target.roles.includes('Admin') && !roles.includes('Admin') && (await fullAdminCount(trx)) <= 1) throw new InputError(ADMIN_USER_MESSAGES.lastAdmin);
    const before = target.roles.join(', ') || 'none';
    if (before !== roles.join(', ')) {
      await User.query(trx).patch({ roles }).where('id', id);
      await record(trx, actor, 'user', named(target), 'role', `Roles ${before} → ${roles.join(', ') || 'none'}`);
    }
    return { roles };
  });
}

// ─── lockout ────────────────────────────────────────────────────────────────────────────

/** GET admin/users/setlock/{id}/{days}: locked for `days` days (30 from the client), or
 * unlocked with -1. A locked user's tokens stop working at once (http/auth.ts checks the lock
 * on every request) and they cannot sign in until the end date. */
export async function setLock(deps: Deps, actor: User, id: number, days: number) {
  if (!Number.isInteger(days) || (days !== UNLOCK_DAYS && (days < 1 || days > 3650))) throw new InputError(ADMIN_USER_MESSAGES.lockDays);
  return deps.db.transaction(async (trx) => {
    const target = await targetUser(id, trx, true);
    if (days !== UNLOCK_DAYS && id === actor.id) throw new NotAllowedError(ADMIN_USER_MESSAGES.ownLock);
    assertMayManage(actor, target, days === UNLOCK_DAYS ? 'unlock' : 'lock');
    const patch = days === UNLOCK_DAYS ? { isLockedOut: false, lockoutEndDate: null } : { isLockedOut: true, lockoutEndDate: new Date(Date.now() + days * 86_400_000) };
    const next = await User.query(trx).patchAndFetchById(id, patch);
    await record(trx, actor, 'user', named(target), days === UNLOCK_DAYS ? 'unlock' : 'lock', days === UNLOCK_DAYS ? 'Unlocked the account' : `Locked the account for ${days} days (until ${patch.lockoutEndDate!.toISOString().slice(0, 10)})`);
    return { isLockedOut: lockedNow(next), lockoutEndDate: lockedNow(next) ? next.lockoutEndDate : null };
  });
}

// ─── projects ───────────────────────────────────────────────────────────────────────────

export const USER_PROJECT_GRID: GridSpec = {
  columns: [
    { field: 'id', header: 'ID', filter: false, csv: false },
    { field: 'name', header: 'Name' },
    { field: 'lastModifiedDate', header: 'Last Modified', filter: false },
    { field: 'dataset', header: 'Dataset' },
    { field: 'endingSubbasin', header: 'Downstream ID' },
    { field: 'numSubbasins', header: 'Subbasins' },
    { field: 'numHrus', header: 'HRUs' },
    { field: 'totalArea', header: 'Total Area (sq km)', filter: false },
    { field: 'numScenarios', header: 'Scenarios', filter: false },
  ],
  defaultSort: 'lastModifiedDate_desc',
  defaultPerPage: USER_PROJECTS_PAGE_SIZE,
};

/** GET admin/users/projects/{id}: the projects the user owns. */
export async function userProjectsQuery(db: Knex, id: number): Promise<{ query: Knex.QueryBuilder }> {
  await targetUser(id);
  // Wrapped: a query builder is a thenable, and an async function would run it.
  const query = db('projects as p')
    .leftJoin('datasets as d', 'd.id', 'p.datasetId')
    .where('p.userId', id)
    .select('p.id', 'p.name', 'p.lastModifiedDate', db.raw(`coalesce(d.name, '') as dataset`), 'p.endingSubbasin', 'p.numSubbasins', 'p.numHrus', 'p.totalArea', db.raw('(select count(*)::int from scenarios s where s.project_id = p.id) as num_scenarios'));
  return { query };
}

// ─── access codes ───────────────────────────────────────────────────────────────────────

const CODE_KINDS: Record<string, string> = { mfa: 'Sign-in code', confirm: 'Email confirmation link', reset: 'Password reset link', changeemail: 'Email change link' };

/** GET admin/users/accesscodes/{id}: the user's codes still open (the codes themselves are
 * stored hashed: only their kind, creation and expiry dates can be shown). */
export async function accessCodes(actor: User, id: number) {
  const target = await targetUser(id);
  assertMayManage(actor, target, 'see the access codes of');
  const rows = (await User.knex()('user_codes').where('userId', id).whereNull('usedAt').where('expiresAt', '>', new Date()).orderBy('createdAt', 'desc')) as { id: number; kind: string; createdAt: Date; expiresAt: Date }[];
  return rows.map((r) => ({ id: r.id, kind: CODE_KINDS[r.kind] ?? r.kind, createdDate: r.createdAt, expiryDate: r.expiresAt }));
}

/** POST admin/users/accesscodes/{id}: a new sign-in code for a user whose mail does not arrive;
 * shown once to the administrator (who passes it on), recorded in the audit log. */
export async function issueAccessCode(deps: Deps, actor: User, id: number): Promise<{ code: string; expiryDate: Date }> {
  return deps.db.transaction(async (trx) => {
    const target = await targetUser(id, trx, true);
    assertMayManage(actor, target, 'issue access codes for');
    const code = await issueCode(trx, id, 'mfa');
    await record(trx, actor, 'user', named(target), 'accesscode', 'Issued a sign-in access code');
    return { code, expiryDate: new Date(Date.now() + CODE_TTL_MINUTES.mfa * 60_000) };
  });
}

// ─── creation, approval, denial, deletion ───────────────────────────────────────────────

/** POST admin/users: an approved account that needs no e-mail confirmation (spec 3 §2.3). */
export async function createUserByAdmin(deps: Deps, actor: User, body: unknown): Promise<{ id: number; userName: string }> {
  const user = await registerUser(deps, body, { byAdmin: true });
  await record(undefined, actor, 'user', named(user), 'create', 'Created the account (no email confirmation needed)');
  return { id: user.id, userName: user.userName };
}

/** GET admin/users/pending: accounts holding the Pending role, oldest first. */
export async function pendingUsers() {
  const rows = await User.query().whereRaw(`roles @> '["Pending"]'::jsonb`).orderBy('createdAt');
  return rows.map((u) => ({ ...adminUserJson(u), reasonForUse: u.reasonForUse }));
}

/** GET admin/users/approve?id=: Pending becomes Registered; a notification and a mail. */
export async function approve(deps: Deps, actor: User, id: number): Promise<void> {
  const target = await targetUser(id);
  await approveUser(deps, id);
  await record(undefined, actor, 'user', named(target), 'approve', 'Approved the account');
}

/** POST admin/users/deny/{id} {value}: a pending registration is refused: the person gets a
 * mail with the reason and the account is removed (they may register again). */
export async function deny(deps: Deps, actor: User, id: number, reason: string): Promise<void> {
  const mail = await deps.db.transaction(async (trx) => {
    const target = await targetUser(id, trx, true);
    if (!target.roles.includes('Pending')) throw new InputError(ADMIN_USER_MESSAGES.notPending);
    await User.query(trx).deleteById(id);
    await record(trx, actor, 'user', named(target), 'deny', reason ? `Denied the registration: ${reason}` : 'Denied the registration');
    return mails.deniedMail(target, reason, await siteName(trx));
  });
  await send(deps, [mail]);
}

/** DELETE account/delete?userId= by an administrator (spec 3 §7): the account and, through the
 * database's cascades, its projects go. */
export async function deleteUser(deps: Deps, actor: User, id: number): Promise<void> {
  if (!actor.isAdmin) throw new NotAllowedError();
  if (id === actor.id) throw new InputError(ADMIN_USER_MESSAGES.ownDelete);
  await deps.db.transaction(async (trx) => {
    const target = await targetUser(id, trx, true);
    assertMayManage(actor, target, 'delete');
    if (target.roles.includes('Admin') && (await fullAdminCount(trx)) <= 1) throw new InputError(ADMIN_USER_MESSAGES.lastAdminDelete);
    await User.query(trx).deleteById(id);
    await record(trx, actor, 'user', named(target), 'delete', target.roles.includes('Pending') ? 'Deleted the pending account' : 'Deleted the account');
  });
}
