// The administrators' user management through the API (issue 19; spec 3 §2.3, §4–§7, §9): every
// call with each role — anonymous, user, partial administrator, administrator — who may and who
// may not, server-side; the lockout that ends a locked user's tokens at once; the audit log.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '@headwater/plugin-sdk/schema';
import { startProcessing } from '../src/jobs/processors.ts';
import { ADMIN_USER_MESSAGES } from '../src/modules/admin-users/service.ts';
import { startTestApp, type TestApp } from './helpers.ts';
import { waitForMail } from './mail-helpers.ts';

let app: TestApp;
const PASSWORD = 'Correct-horse-1';
const tokens = {} as Record<'admin' | 'partial' | 'user', string>;
const ids = {} as Record<'admin' | 'partial' | 'user' | 'target' | 'otherAdmin', number>;
const seen = new Set<string>();

const call = (token: string | undefined, path: string, init: { method?: string; body?: unknown } = {}) => app.request(`/api/${path}`, { ...init, token });

function person(userName: string, extra: Record<string, unknown> = {}) {
  return { firstName: userName, lastName: 'Tester', email: `${userName}@example.org`, userName, password: PASSWORD, country: 'United States', state: 'Texas', organizationCategory: 'University or college', affiliation: 'Lab', reasonForUse: 'Testing', ...extra };
}

async function makeUser(userName: string): Promise<number> {
  const created = await call(tokens.admin, 'admin/users', { body: person(userName) });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.id as number;
}

/** A fresh pending account (registered, e-mail confirmed by hand), as the register form makes one. */
async function pendingUser(userName: string): Promise<number> {
  const res = await call(undefined, 'account/register', { body: { ...person(userName), compareEmail: `${userName}@example.org`, comparePassword: PASSWORD } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const row = await app.deps.db('users').where('userName', userName).first('id');
  await app.deps.db('users').where('id', row.id).update({ emailConfirmed: true });
  return row.id as number;
}

const audit = async (id: number) => ((await call(tokens.admin, `admin/users/${id}`)).body.auditLog as { actor: string; action: string; details: string }[]);

beforeAll(async () => {
  app = await startTestApp();
  app.config.mfaRequired = false;
  app.config.captchaProvider = 'none';
  startProcessing(app.deps, 1);
  tokens.admin = await app.login();
  ids.admin = (await app.deps.db('users').where('userName', 'admin').first('id')).id;
  ids.partial = await makeUser('pat');
  expect((await call(tokens.admin, `admin/users/setrole/${ids.partial}`, { body: { value: 'PartialAdmin' } })).status).toBe(200);
  tokens.partial = await app.login('pat', PASSWORD);
  ids.user = await makeUser('uma');
  tokens.user = await app.login('uma', PASSWORD);
  ids.target = await makeUser('tom');
  ids.otherAdmin = await makeUser('ada');
  expect((await call(tokens.admin, `admin/users/setrole/${ids.otherAdmin}`, { body: { value: 'Admin' } })).status).toBe(200);
}, 60_000);

afterAll(async () => {
  await app?.close();
});

describe('who may call the admin user calls', () => {
  const calls = (): [string, string, unknown?][] => [
    ['GET', 'admin/users'],
    ['GET', 'admin/exports/users'],
    ['GET', 'admin/users/pending'],
    ['GET', `admin/users/${ids.target}`],
    ['GET', `admin/users/projects/${ids.target}`],
    ['GET', `admin/users/accesscodes/${ids.target}`],
    ['GET', 'admin/users/groups'],
    ['POST', `admin/users/${ids.target}`, {}],
    ['POST', `admin/users/password/${ids.target}`, { value: 'x' }],
    ['POST', `admin/users/setrole/${ids.target}`, { value: 'ApiUser' }],
    ['GET', `admin/users/setlock/${ids.target}/30`],
    ['POST', `admin/users/deny/${ids.target}`, { value: 'no' }],
    ['POST', `admin/users/accesscodes/${ids.target}`, {}],
    ['GET', `admin/users/approve?id=${ids.target}`],
    ['POST', 'admin/users', {}],
  ];

  it('refuses anonymous callers (401) and users without an admin role (403)', async () => {
    for (const [method, path, body] of calls()) {
      expect((await call(undefined, path, { method, body })).status, `anonymous ${method} ${path}`).toBe(401);
      expect((await call(tokens.user, path, { method, body })).status, `user ${method} ${path}`).toBe(403);
    }
    expect((await call(tokens.user, `account/delete?userId=${ids.target}`, { method: 'DELETE' })).status).toBe(403);
    // Nothing changed for the target.
    const t = await app.deps.db('users').where('id', ids.target).first();
    expect(t.roles).toEqual(['Registered']);
    expect(t.isLockedOut).toBe(false);
  });

  it('lets a partial administrator read the lists and a user', async () => {
    const grid = await call(tokens.partial, 'admin/users?sort=userName&page=1');
    expect(grid.status).toBe(200);
    expect(grid.body.items.map((u: { userName: string }) => u.userName)).toEqual(['ada', 'admin', 'pat', 'tom', 'uma']);
    expect(grid.body.items.find((u: { userName: string }) => u.userName === 'pat')).toMatchObject({ roles: 'Registered, PartialAdmin', tier: 'Tier I', isLockedOut: false });
    expect((await call(tokens.partial, 'admin/users?filter=tom')).body).toMatchObject({ total: 1, items: [{ userName: 'tom', email: 'tom@example.org' }] });
    const detail = await call(tokens.partial, `admin/users/${ids.target}`);
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({ user: { userName: 'tom', roles: ['Registered'], units: 0, tierID: expect.any(Number) }, isPending: false, hasApiAccess: false, canManage: true, canGrantAdmin: false });
    expect(detail.body.statistics).toMatchObject({ categories: expect.any(Array), series: [{ name: 'Projects created' }, { name: 'Scenarios created' }, { name: 'Scenarios last run' }] });
    expect(detail.body.statistics.categories).toHaveLength(12);
    expect((await call(tokens.partial, `admin/users/${ids.admin}`)).body.canManage).toBe(false);
    expect((await call(tokens.partial, 'admin/users/2147480000')).status).toBe(404);
  });

  it('exports the users as CSV, 50 rows a page in the grid', async () => {
    const csv = await call(tokens.admin, 'admin/exports/users');
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const lines = (csv.body as string).trim().split(/\r?\n/);
    expect(lines[0]).toContain('User name');
    expect(lines).toHaveLength(6);
    expect((await call(tokens.admin, 'admin/users?format=csv')).headers.get('content-type')).toContain('text/csv');
    for (let i = 0; i < 50; i++) await app.deps.db('users').insert({ userName: `bulk${String(i).padStart(2, '0')}`, email: `bulk${i}@example.org`, passwordHash: 'x', roles: JSON.stringify(['Registered']), emailConfirmed: true });
    const page1 = await call(tokens.admin, 'admin/users');
    expect(page1.body.items).toHaveLength(50);
    expect(page1.body.total).toBe(55);
    expect((await call(tokens.admin, 'admin/users?page=2')).body.items).toHaveLength(5);
    await app.deps.db('users').where('userName', 'like', 'bulk%').delete();
  });
});

describe('profile, tier and password', () => {
  it('edits a profile and a tier with the spec validation, and records it', async () => {
    const detail = (await call(tokens.partial, `admin/users/${ids.target}`)).body;
    const tier2 = detail.tiers.find((t: { text: string }) => t.text === 'Tier II').value;
    const bad = await call(tokens.partial, `admin/users/${ids.target}`, { body: { ...detail.user, email: 'nope', firstName: '', state: '', units: null } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toMatchObject({ email: [ACCOUNT_MESSAGES.invalidEmail], firstName: [ACCOUNT_MESSAGES.required], state: [ACCOUNT_MESSAGES.required], units: [ACCOUNT_MESSAGES.required] });
    const taken = await call(tokens.partial, `admin/users/${ids.target}`, { body: { ...detail.user, email: 'UMA@example.org' } });
    expect(taken.body.errors).toEqual({ email: [ACCOUNT_MESSAGES.emailTaken] });
    const ok = await call(tokens.partial, `admin/users/${ids.target}`, { body: { ...detail.user, firstName: 'Thomas', units: 1, tierID: tier2, tierExpiration: '2030-01-31' } });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body).toMatchObject({ firstName: 'Thomas', units: 1, tierID: tier2 });
    expect(new Date(ok.body.tierExpiration).toISOString().slice(0, 10)).toBe('2030-01-31');
    const log = await audit(ids.target);
    expect(log[0]).toMatchObject({ actor: 'pat', action: 'profile' });
    expect(log[0]!.details).toContain('firstName');
    expect(log[0]!.details).toContain('Tier II');
    expect((await call(tokens.admin, `admin/users/${ids.target}`, { body: { ...detail.user, tierID: 999999 } })).body.errors).toEqual({ tierID: [ADMIN_USER_MESSAGES.unknownTier] });
  });

  it('lets only a full administrator edit or reset the password of an administrator', async () => {
    const adminDetail = (await call(tokens.admin, `admin/users/${ids.otherAdmin}`)).body;
    const edit = await call(tokens.partial, `admin/users/${ids.otherAdmin}`, { body: { ...adminDetail.user, firstName: 'Hijack' } });
    expect(edit.status).toBe(403);
    expect(edit.body).toBe(ADMIN_USER_MESSAGES.fullAdminOnly('edit'));
    const pw = await call(tokens.partial, `admin/users/password/${ids.otherAdmin}`, { body: { value: 'Another-pass-1' } });
    expect(pw.status).toBe(403);
    expect(pw.body).toBe(ADMIN_USER_MESSAGES.fullAdminOnly('change the password of'));
    expect((await call(tokens.partial, `admin/users/password/${ids.partial}`, { body: { value: 'Another-pass-1' } })).status).toBe(403); // a partial administrator is an administrator
    expect((await call(tokens.admin, `admin/users/password/${ids.otherAdmin}`, { body: { value: 'Another-pass-1' } })).status).toBe(200);
    expect((await app.request('/api/auth/login', { body: { userName: 'ada', password: 'Another-pass-1' } })).status).toBe(200);
  });

  it('resets a user password: the rules, and the old tokens stop working', async () => {
    const before = await app.login('tom', PASSWORD);
    const weak = await call(tokens.partial, `admin/users/password/${ids.target}`, { body: { value: 'short' } });
    expect(weak.body).toEqual({ errors: { value: [ACCOUNT_MESSAGES.passwordRequirements] } });
    const mismatch = await call(tokens.partial, `admin/users/password/${ids.target}`, { body: { value: 'New-password-1', comparePassword: 'other' } });
    expect(mismatch.body).toEqual({ errors: { comparePassword: [ACCOUNT_MESSAGES.passwordsMustMatch] } });
    expect((await call(tokens.partial, `admin/users/password/${ids.target}`, { body: { value: 'New-password-1' } })).status).toBe(200);
    expect((await call(before, 'account/profile')).status).toBe(401);
    await app.login('tom', 'New-password-1');
    expect((await audit(ids.target))[0]).toMatchObject({ actor: 'pat', action: 'password' });
    await call(tokens.admin, `admin/users/password/${ids.target}`, { body: { value: PASSWORD } });
  });
});

describe('roles (spec 3 §6)', () => {
  it('lets a partial administrator set roles of non-administrators only, and never Admin', async () => {
    const api = await call(tokens.partial, `admin/users/setrole/${ids.target}`, { body: { value: 'ApiUser' } });
    expect(api.status).toBe(200);
    expect(api.body.roles).toEqual(['Registered', 'ApiUser']);
    expect((await call(tokens.admin, `admin/users/${ids.target}`)).body.hasApiAccess).toBe(true);
    expect((await call(tokens.partial, `admin/users/setrole/${ids.target}`, { body: { value: 'ApiUser', remove: true } })).body.roles).toEqual(['Registered']);

    const grant = await call(tokens.partial, `admin/users/setrole/${ids.target}`, { body: { value: 'Admin' } });
    expect(grant.status).toBe(403);
    expect(grant.body).toBe(ADMIN_USER_MESSAGES.grantAdmin);
    const demote = await call(tokens.partial, `admin/users/setrole/${ids.otherAdmin}`, { body: { value: 'Registered' } });
    expect(demote.status).toBe(403);
    expect(demote.body).toBe(ADMIN_USER_MESSAGES.fullAdminOnly('change the roles of'));
    expect((await call(tokens.partial, `admin/users/setrole/${ids.partial}`, { body: { value: 'Admin' } })).status).toBe(403);
    expect((await call(tokens.partial, `admin/users/setrole/${ids.target}`, { body: { value: 'Wizard' } })).body).toEqual({ errors: { value: [ADMIN_USER_MESSAGES.unknownRole] } });
    expect((await app.deps.db('users').where('id', ids.target).first()).roles).toEqual(['Registered']);
  });

  it('takes effect at once; nobody changes their own roles', async () => {
    const tok = await app.login('tom', PASSWORD);
    expect((await call(tok, 'admin/users')).status).toBe(403);
    expect((await call(tokens.admin, `admin/users/setrole/${ids.target}`, { body: { value: 'PartialAdmin' } })).body.roles).toEqual(['Registered', 'PartialAdmin']);
    expect((await call(tok, 'admin/users')).status).toBe(200);
    expect((await call(tokens.admin, `admin/users/setrole/${ids.target}`, { body: { value: 'Registered' } })).body.roles).toEqual(['Registered']);
    expect((await call(tok, 'admin/users')).status).toBe(403);
    expect((await call(tokens.admin, `admin/users/setrole/${ids.admin}`, { body: { value: 'Registered' } })).body).toBe(ADMIN_USER_MESSAGES.ownRoles);
    // With ada the only other full administrator demoted, admin is the last one.
    expect((await call(tokens.admin, `admin/users/setrole/${ids.otherAdmin}`, { body: { value: 'Registered' } })).status).toBe(200);
    const adaToken = await app.login('ada', 'Another-pass-1');
    expect((await call(adaToken, 'admin/users')).status).toBe(403);
    expect((await call(tokens.admin, `admin/users/setrole/${ids.otherAdmin}`, { body: { value: 'Admin' } })).status).toBe(200);
    const log = await audit(ids.otherAdmin);
    expect(log.slice(0, 2).map((e) => [e.actor, e.action, e.details])).toEqual([
      ['admin', 'role', 'Roles Registered → Registered, Admin'],
      ['admin', 'role', 'Roles Registered, Admin → Registered'],
    ]);
  });
});

describe('lockout (spec 3 §4, §9)', () => {
  it('locks for 30 days: the existing token stops at once and sign-in is refused; -1 unlocks', async () => {
    const tok = await app.login('tom', PASSWORD);
    expect((await call(tok, 'account/profile')).status).toBe(200);
    const locked = await call(tokens.partial, `admin/users/setlock/${ids.target}/30`);
    expect(locked.status).toBe(200);
    expect(locked.body.isLockedOut).toBe(true);
    const days = (new Date(locked.body.lockoutEndDate).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    expect((await call(tok, 'account/profile')).status).toBe(401);
    expect((await app.request('/api/auth/login', { body: { userName: 'tom', password: PASSWORD } })).status).toBe(400);
    expect((await call(tokens.admin, 'admin/users?filter=tom')).body.items[0].isLockedOut).toBe(true);

    const unlocked = await call(tokens.partial, `admin/users/setlock/${ids.target}/-1`);
    expect(unlocked.body).toEqual({ isLockedOut: false, lockoutEndDate: null });
    expect((await call(tok, 'account/profile')).status).toBe(200);
    expect((await audit(ids.target)).slice(0, 2).map((e) => e.action)).toEqual(['unlock', 'lock']);
  });

  it('honours the end date: a lock that has ended lets the tokens work again', async () => {
    const tok = await app.login('tom', PASSWORD);
    await app.deps.db('users').where('id', ids.target).update({ isLockedOut: true, lockoutEndDate: new Date(Date.now() - 60_000) });
    expect((await call(tok, 'account/profile')).status).toBe(200);
    await app.deps.db('users').where('id', ids.target).update({ lockoutEndDate: new Date(Date.now() + 60_000) });
    expect((await call(tok, 'account/profile')).status).toBe(401);
    await app.deps.db('users').where('id', ids.target).update({ isLockedOut: false, lockoutEndDate: null });
  });

  it('refuses bad day counts, self-locks, and partial administrators locking administrators', async () => {
    expect((await call(tokens.admin, `admin/users/setlock/${ids.target}/0`)).body).toBe(ADMIN_USER_MESSAGES.lockDays);
    expect((await call(tokens.admin, `admin/users/setlock/${ids.target}/abc`)).status).toBe(404);
    expect((await call(tokens.admin, `admin/users/setlock/${ids.admin}/30`)).body).toBe(ADMIN_USER_MESSAGES.ownLock);
    const r = await call(tokens.partial, `admin/users/setlock/${ids.otherAdmin}/30`);
    expect(r.status).toBe(403);
    expect(r.body).toBe(ADMIN_USER_MESSAGES.fullAdminOnly('lock'));
  });
});

describe('access codes', () => {
  it('issues a sign-in code once, lists open codes without their values', async () => {
    const issued = await call(tokens.partial, `admin/users/accesscodes/${ids.target}`, { body: {} });
    expect(issued.status).toBe(200);
    expect(issued.body.code).toMatch(/^\d{6}$/);
    const list = await call(tokens.partial, `admin/users/accesscodes/${ids.target}`);
    expect(list.body).toEqual([expect.objectContaining({ kind: 'Sign-in code', expiryDate: expect.any(String) })]);
    expect(JSON.stringify(list.body)).not.toContain(issued.body.code);
    expect((await call(tokens.partial, `admin/users/accesscodes/${ids.otherAdmin}`)).status).toBe(403);
    expect((await audit(ids.target))[0]).toMatchObject({ action: 'accesscode', actor: 'pat' });
  });
});

describe('pending users: approve, deny, delete', () => {
  it('approves a pending user (partial administrator), with the audit entry', async () => {
    const id = await pendingUser('penny');
    const list = await call(tokens.partial, 'admin/users/pending');
    expect(list.body.map((u: { userName: string }) => u.userName)).toContain('penny');
    expect((await call(tokens.partial, `admin/users/${id}`)).body.isPending).toBe(true);
    expect((await call(tokens.partial, `admin/users/approve?id=${id}`)).status).toBe(200);
    expect((await app.deps.db('users').where('id', id).first()).roles).toEqual(['Registered']);
    expect((await audit(id))[0]).toMatchObject({ actor: 'pat', action: 'approve' });
  });

  it('denies a pending user with a reason: a mail, the account removed, the entry kept', async () => {
    const id = await pendingUser('dina');
    expect((await call(tokens.partial, `admin/users/deny/${ids.target}`, { body: { value: 'x' } })).body).toBe(ADMIN_USER_MESSAGES.notPending);
    expect((await call(tokens.partial, `admin/users/deny/${id}`, { body: { value: 'Not a watershed modeller.' } })).status).toBe(200);
    expect(await app.deps.db('users').where('id', id).first()).toBeUndefined();
    const mail = await waitForMail(app.config.mailOutboxDir, (m) => m.to === 'dina@example.org' && /not approved/.test(m.subject), seen);
    expect(mail.text).toContain('Not a watershed modeller.');
    const entries = await app.deps.db('adminAuditLog').where({ entity: 'user', entityId: id });
    expect(entries.map((e: { action: string; details: string }) => [e.action, e.details])).toEqual([['deny', 'Denied the registration: Not a watershed modeller.']]);
  });

  it('deletes accounts: users never, partial administrators non-administrators only, nobody the last admin', async () => {
    const id = await pendingUser('dora');
    expect((await call(tokens.user, `account/delete?userId=${id}`, { method: 'DELETE' })).status).toBe(403);
    expect((await call(tokens.partial, `account/delete?userId=${ids.otherAdmin}`, { method: 'DELETE' })).status).toBe(403);
    expect((await call(tokens.partial, `account/delete?userId=${id}`, { method: 'DELETE' })).status).toBe(204);
    expect(await app.deps.db('users').where('id', id).first()).toBeUndefined();
    expect((await app.deps.db('adminAuditLog').where({ entity: 'user', entityId: id }).first()).action).toBe('delete');
    expect((await call(tokens.partial, 'account/delete?userId=2147480000', { method: 'DELETE' })).status).toBe(404);
  });

  it('creates users by hand (partial administrators too), recorded', async () => {
    const res = await call(tokens.partial, 'admin/users', { body: person('newt') });
    expect(res.status).toBe(201);
    expect((await audit(res.body.id))[0]).toMatchObject({ actor: 'pat', action: 'create' });
    const bad = await call(tokens.partial, 'admin/users', { body: person('newt') });
    expect(bad.body.errors.userName).toEqual([ACCOUNT_MESSAGES.userNameTaken]);
  });
});

describe('admin groups and a user projects', () => {
  it('lists every group for administrators, 50 a page, sorted by name', async () => {
    const umaGroup = await call(tokens.user, 'groups', { body: { name: 'Uma lab', description: 'Rivers' } });
    expect(umaGroup.status).toBe(200);
    const grid = await call(tokens.partial, 'admin/users/groups');
    expect(grid.status).toBe(200);
    expect(grid.body.items).toEqual([expect.objectContaining({ name: 'Uma lab', numMembers: 1, numProjects: 0, numInvitations: 0, createdBy: 'uma' })]);
    // The group's own calls serve the detail page for administrators.
    expect((await call(tokens.partial, `groups/${umaGroup.body.id}`)).body).toMatchObject({ name: 'Uma lab', owner: 'uma' });
    expect((await call(tokens.partial, `groups/members/${umaGroup.body.id}`)).body.items).toEqual([expect.objectContaining({ userName: 'uma' })]);
    expect((await call(tokens.user, 'admin/users/groups')).status).toBe(403);
  });

  it("lists a user's projects", async () => {
    const res = await call(tokens.partial, `admin/users/projects/${ids.user}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ items: [], total: 0 });
    expect((await call(tokens.partial, 'admin/users/projects/2147480000')).status).toBe(404);
  });
});
