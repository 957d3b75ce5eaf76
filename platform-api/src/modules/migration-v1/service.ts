// Migration from version 1 (spec 3 §2.5, §3, §5, §7; spec 1 login): check (a code mailed to the
// version-1 address), verify (the code and the address: the registration form's data), register
// (an approved account, its e-mail confirmed by the code, and the chosen projects imported in the
// background, job.ts). The version-1 source is source.ts. Check and verify carry no token.
import { randomInt } from 'node:crypto';
import { InputError, NotFoundError, type FieldErrors } from '@headwater/plugin-sdk/server';
import { isValidEmail } from '@headwater/plugin-sdk/schema';
import type { AppDeps } from '../../deps.ts';
import { queueMail } from '../../mail/job.ts';
import { COUNTRIES, US_STATES, organizationCategories } from '../accounts/location.ts';
import { registerUser, siteName } from '../accounts/service.ts';
import { findByUserName } from '../users/service.ts';
import type { User } from '../users/models.ts';
import { findV1User, v1Database, v1Projects, v1UserById } from './source.ts';

export const V1_IMPORT_QUEUE = 'v1-import';
export type V1ImportJob = { migrationId: number };
export const CODE_HOURS = 72;

export const V1_MESSAGES = {
  checkRequired: 'Please enter either your user name or email address from HAWQS version 1.',
  notFound: 'We could not find a version 1 account with that user name or email address.',
  alreadyMigrated: 'This version 1 account has already been set up. Please log in with it.',
  required: 'Required',
  invalidEmail: 'Please enter a valid email address',
  badCode: 'The verification code is not valid for this email address, or it has expired. Please request a new one.',
  notConnected: 'Migration from version 1 is not available on this site.',
  /** The login failure for a version-1 user name not set up yet: the login form offers the link (it contains 'version 1'). */
  login: 'That user name is a version 1 account that has not been set up here yet. Set up your account and import your old projects.',
} as const;

type MigrationRow = { id: number; v1UserId: string; email: string; code: string; codeExpiresAt: Date; userId: number | null; projectsToImport: number[]; isImporting: boolean; numImported: number; importError: string };

function source() {
  const db = v1Database();
  if (!db) throw new InputError(V1_MESSAGES.notConnected);
  return db;
}

async function migratedUserOf(deps: Pick<AppDeps, 'db'>, v1UserId: number): Promise<boolean> {
  return !!(await deps.db('v1_migrations').where({ v1UserId: String(v1UserId) }).whereNotNull('userId').first());
}

const newCode = () => Array.from({ length: 8 }, () => 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'[randomInt(32)]).join('');

/** POST version1/checkuser { userName, email }: mails a verification code to the version-1 address. */
export async function checkUser(deps: AppDeps, body: { userName?: string; email?: string }): Promise<{ value: true }> {
  const userName = (body.userName ?? '').trim();
  const email = (body.email ?? '').trim();
  if (!userName && !email) throw new InputError({ userName: [V1_MESSAGES.checkRequired] });
  const v1 = await findV1User(source(), userName ? { userName } : { email });
  if (!v1) throw new InputError(V1_MESSAGES.notFound);
  if (await migratedUserOf(deps, v1.id)) throw new InputError(V1_MESSAGES.alreadyMigrated);
  const code = newCode();
  await deps.db('v1_migrations').insert({ v1UserId: String(v1.id), email: v1.email, code, codeExpiresAt: new Date(Date.now() + CODE_HOURS * 3600_000) });
  const site = await siteName();
  const url = `${deps.config.publicUrl}/v1/verify/${code}`;
  await queueMail(deps, {
    to: v1.email,
    subject: `Set up your ${site} account`,
    text: `Hello ${v1.firstName || v1.userName},\n\nTo set up your ${site} account from version 1 and bring your old projects across, open\n\n${url}\n\nand enter this email address with the verification code ${code}. The code is valid for ${CODE_HOURS} hours.\n`,
  });
  return { value: true };
}

async function migrationFor(deps: Pick<AppDeps, 'db'>, email: string, code: string): Promise<MigrationRow> {
  const row = (await deps.db('v1_migrations')
    .where('code', code.trim().toUpperCase())
    .whereRaw('lower(email) = lower(?)', [email.trim()])
    .whereNull('userId')
    .where('codeExpiresAt', '>', new Date())
    .orderBy('id', 'desc')
    .first()) as MigrationRow | undefined;
  if (!row) throw new InputError({ code: [V1_MESSAGES.badCode] });
  return row;
}

function checkVerifyInput(body: { email?: string; code?: string }): { email: string; code: string } {
  const errors: FieldErrors = {};
  const email = (body.email ?? '').trim();
  const code = (body.code ?? '').trim();
  if (!code) errors.code = [V1_MESSAGES.required];
  if (!email) errors.email = [V1_MESSAGES.required];
  else if (!isValidEmail(email)) errors.email = [V1_MESSAGES.invalidEmail];
  if (Object.keys(errors).length) throw new InputError(errors);
  return { email, code };
}

/** POST version1/verify { email, code }: the registration form's data (spec 3 §3 Version 1 verify response). */
export async function verify(deps: AppDeps, body: { email?: string; code?: string }) {
  const { email, code } = checkVerifyInput(body);
  const row = await migrationFor(deps, email, code);
  const db = source();
  const v1 = await v1UserById(db, Number(row.v1UserId));
  if (!v1) throw new NotFoundError();
  const projects = await v1Projects(db, v1.id);
  // a user name taken here meanwhile must be changed on the form
  const taken = !!(await findByUserName(v1.userName));
  return {
    firstName: v1.firstName,
    lastName: v1.lastName,
    email: v1.email,
    userName: taken ? '' : v1.userName,
    affiliation: v1.affiliation,
    reasonForUse: v1.reasonForUse,
    organizationCategory: v1.organizationCategory,
    country: v1.country || 'United States',
    state: v1.state ?? '',
    projects: projects.map((p) => ({ id: p.id, name: p.name })),
    location: { countries: COUNTRIES, states: US_STATES, organizationCategories: await organizationCategories() },
  };
}

export type RegisterBody = Record<string, unknown> & { code?: string; email?: string; importAllProjects?: boolean; projectsToImport?: unknown[] };

/** POST version1/register: the account (approved, e-mail confirmed by the code) and the import queued. */
export async function register(deps: AppDeps, body: RegisterBody): Promise<{ value: true; importing: boolean }> {
  const { email, code } = checkVerifyInput(body);
  const row = await migrationFor(deps, email, code);
  const db = source();
  const v1 = await v1UserById(db, Number(row.v1UserId));
  if (!v1) throw new NotFoundError();
  // the e-mail is the version-1 one (read-only on the form)
  const user = await registerUser(deps, { ...body, email: v1.email, compareEmail: v1.email }, { byAdmin: true });
  const own = (await v1Projects(db, v1.id)).map((p) => p.id);
  const chosen = body.importAllProjects ? own : (Array.isArray(body.projectsToImport) ? body.projectsToImport.map(Number) : []).filter((id) => own.includes(id));
  await deps.db('v1_migrations').where('id', row.id).update({ userId: user.id, projectsToImport: JSON.stringify(chosen), isImporting: chosen.length > 0, updatedAt: new Date() });
  // the other codes of this version-1 account are spent
  await deps.db('v1_migrations').where({ v1UserId: row.v1UserId }).whereNull('userId').delete();
  if (chosen.length) await deps.queue.queue<V1ImportJob>(V1_IMPORT_QUEUE).add({ migrationId: row.id }, { retries: 1 });
  return { value: true, importing: chosen.length > 0 };
}

/** Whether the user's version-1 projects are importing (the projects page banner). */
export async function isImportingV1(deps: Pick<AppDeps, 'db'>, user: Pick<User, 'id'>): Promise<boolean> {
  return !!(await deps.db('v1_migrations').where({ userId: user.id, isImporting: true }).first());
}

/** For a failed login: the version-1 wording when the user name is a version-1 account not set up here. */
export async function loginFailureMessage(deps: Pick<AppDeps, 'db'>, userName: string): Promise<string | undefined> {
  const db = v1Database();
  if (!db || !userName.trim()) return undefined;
  try {
    const v1 = await findV1User(db, { userName });
    if (!v1 || (await migratedUserOf(deps, v1.id))) return undefined;
    return V1_MESSAGES.login;
  } catch {
    return undefined; // the version-1 database is unreachable: the ordinary failure
  }
}

/** Whether a version-1 database is connected (the migration pages say so when not). */
export function isAvailable(): boolean {
  return !!v1Database();
}
