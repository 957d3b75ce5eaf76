// Accounts end to end through the API on PostgreSQL and Redis, reading mails from the outbox:
// register → mail → confirm → pending → approve → login → code → remembered device → profile,
// recovery, e-mail and password changes, deletion, notifications, throttling, admin calls.
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '@headwater/plugin-sdk/schema';
import { MESSAGES } from '../src/http/errors.ts';
import { startProcessing } from '../src/jobs/processors.ts';
import { solvePow, verifyRemote, type PowChallenge } from '../src/modules/accounts/captcha.ts';
import { startTestApp, type TestApp } from './helpers.ts';
import { codeIn, linkIn, readOutbox, waitForMail } from './mail-helpers.ts';

let app: TestApp;
let admin: string;
let outbox: string;
const seen = new Set<string>();
const sockets: Socket[] = [];

beforeAll(async () => {
  app = await startTestApp();
  app.config.captchaProvider = 'none';
  startProcessing(app.deps, 1);
  outbox = app.config.mailOutboxDir;
  admin = await app.login();
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await app?.close();
});

const PASSWORD = 'Correct-horse-1';

function registration(n: string, extra: Record<string, unknown> = {}) {
  return {
    firstName: '  Ada ',
    lastName: 'Lovelace',
    email: ` ${n}@example.org `,
    compareEmail: `${n}@example.org`,
    userName: ` ${n} `,
    password: PASSWORD,
    comparePassword: PASSWORD,
    country: 'United States',
    state: 'Texas',
    organizationCategory: 'University or college',
    affiliation: 'Analytical Engines Ltd',
    reasonForUse: 'Modelling nitrogen loads',
    ...extra,
  };
}

const mailTo = (to: string, subject: RegExp) => waitForMail(outbox, (m) => m.to === to && subject.test(m.subject), seen);

/** Registers, confirms from the mail, approves and signs in with the mailed code. */
async function approvedUser(n: string): Promise<{ token: string; deviceToken: string; id: number }> {
  expect((await app.request('/api/account/register', { body: registration(n) })).status).toBe(201);
  const link = linkIn(await mailTo(`${n}@example.org`, /confirm your email/), '/account/confirm/');
  const [, , , userId, code] = link.split('/');
  expect((await app.request(`/api/account/confirm?userId=${userId}&code=${code}`)).status).toBe(200);
  expect((await app.request(`/api/admin/users/approve?id=${userId}`, { token: admin })).status).toBe(200);
  const { token, deviceToken } = await loginWithCode(n);
  return { token, deviceToken: deviceToken!, id: Number(userId) };
}

async function loginWithCode(userName: string, password = PASSWORD, email = `${userName}@example.org`) {
  const res = await app.request('/api/auth/login', { body: { userName, password, deviceToken: null } });
  expect(res.status).toBe(200);
  expect(res.body.multiFactorValidated).toBe(false);
  const code = codeIn(await mailTo(email, /sign-in code/));
  const done = await app.request('/api/auth/confirmmfa', { body: { code, token: res.body.auth_token } });
  expect(done.status).toBe(200);
  return { token: done.body.auth_token as string, deviceToken: done.body.deviceToken as string | undefined, body: done.body };
}

describe('location data and captcha', () => {
  it('serves countries, US states and organization categories', async () => {
    const res = await app.request('/api/account/locationdata');
    expect(res.status).toBe(200);
    expect(res.body.countries).toContain('United States');
    expect(res.body.countries).toContain('Canada');
    expect(res.body.states).toContain('Texas');
    expect(res.body.organizationCategories).toContain('University or college');
  });

  it('requires a solved proof-of-work challenge with the altcha provider, once', async () => {
    app.config.captchaProvider = 'altcha';
    try {
      const cfg = (await app.request('/api/account/captcha')).body as { provider: string; challenge: PowChallenge };
      expect(cfg.provider).toBe('altcha');
      const none = await app.request('/api/account/register', { body: registration('powless') });
      expect(none.status).toBe(400);
      expect(none.body).toEqual({ errors: { recaptchaToken: [ACCOUNT_MESSAGES.captchaFailed] } });
      const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(solvePow(cfg.challenge), 'base64').toString()), signature: 'ab'.repeat(32) })).toString('base64');
      expect((await app.request('/api/account/register', { body: registration('powforged', { recaptchaToken: forged }) })).status).toBe(400);
      const token = solvePow(cfg.challenge);
      expect((await app.request('/api/account/register', { body: registration('powuser', { recaptchaToken: token }) })).status).toBe(201);
      const replay = await app.request('/api/account/register', { body: registration('powuser2', { recaptchaToken: token }) });
      expect(replay.status).toBe(400);
      expect(replay.body.errors.recaptchaToken).toEqual([ACCOUNT_MESSAGES.captchaFailed]);
    } finally {
      app.config.captchaProvider = 'none';
    }
  });
});

describe('reCAPTCHA and hCaptcha verification', () => {
  it('posts the secret and the token to the provider and trusts only success: true', async () => {
    const calls: { url: string; body: string }[] = [];
    const fake = (success: boolean) =>
      (async (url: string | URL | Request, init?: RequestInit) => {
        calls.push({ url: String(url), body: String(init?.body) });
        return new Response(JSON.stringify({ success }), { headers: { 'content-type': 'application/json' } });
      }) as typeof fetch;
    expect(await verifyRemote('recaptcha', 'sekret', 'tok', '10.0.0.1', fake(true))).toBe(true);
    expect(calls[0]!.url).toBe('https://www.google.com/recaptcha/api/siteverify');
    expect(new URLSearchParams(calls[0]!.body).get('secret')).toBe('sekret');
    expect(new URLSearchParams(calls[0]!.body).get('response')).toBe('tok');
    expect(await verifyRemote('hcaptcha', 'sekret', 'tok', undefined, fake(false))).toBe(false);
    expect(calls[1]!.url).toBe('https://api.hcaptcha.com/siteverify');
    expect(await verifyRemote('hcaptcha', undefined, 'tok', undefined, fake(true))).toBe(false); // no secret configured
    expect(await verifyRemote('recaptcha', 'sekret', undefined, undefined, fake(true))).toBe(false);
  });
});

describe('registration validation', () => {
  it('requires every field with the spec messages', async () => {
    const res = await app.request('/api/account/register', { body: { country: 'United States' } });
    expect(res.status).toBe(400);
    const required = ['firstName', 'lastName', 'email', 'userName', 'password', 'state', 'organizationCategory', 'affiliation', 'reasonForUse'];
    for (const f of required) expect(res.body.errors[f], f).toEqual(['Required']);
    const noCountry = await app.request('/api/account/register', { body: {} });
    expect(noCountry.body.errors.country).toEqual(['Required']);
    expect(noCountry.body.errors.state).toBeUndefined(); // state only for the United States
  });

  it('checks e-mail, matching fields and the strong password', async () => {
    const res = await app.request('/api/account/register', { body: registration('val1', { email: 'not-an-email', compareEmail: 'x@example.org', password: 'short', comparePassword: 'other' }) });
    expect(res.status).toBe(400);
    expect(res.body.errors.email).toEqual([ACCOUNT_MESSAGES.invalidEmail]);
    expect(res.body.errors.compareEmail).toEqual([ACCOUNT_MESSAGES.emailsMustMatch]);
    expect(res.body.errors.password).toEqual([ACCOUNT_MESSAGES.passwordRequirements]);
    expect(res.body.errors.comparePassword).toEqual([ACCOUNT_MESSAGES.passwordsMustMatch]);
    for (const weak of ['alllowercase1', 'NoDigits-here', 'UPPERONLY-123', 'abcdefg1!']) {
      const r = await app.request('/api/account/register', { body: registration('val2', { password: weak, comparePassword: weak }) });
      expect(r.body.errors.password, weak).toEqual([ACCOUNT_MESSAGES.passwordRequirements]);
    }
    const spaces = await app.request('/api/account/register', { body: registration('val3', { userName: 'has space' }) });
    expect(spaces.body.errors.userName).toEqual([ACCOUNT_MESSAGES.userNameInvalid]);
    const country = await app.request('/api/account/register', { body: registration('val4', { country: 'Atlantis' }) });
    expect(country.body.errors.country).toBeDefined();
  });

  it('trims values, drops the state outside the United States, and answers duplicates as new accounts', async () => {
    const res = await app.request('/api/account/register', { body: registration('canuck', { country: 'Canada', state: 'Texas' }) });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(ACCOUNT_MESSAGES.registered);
    const row = await app.deps.db('users').where('user_name', 'canuck').first();
    expect(row).toMatchObject({ firstName: 'Ada', email: 'canuck@example.org', country: 'Canada', state: null, emailConfirmed: false, roles: ['Pending'] });
    const tier = await app.deps.db('tiers').where('id', row.tierId).first();
    expect(tier.name).toBe('Tier I');
    // Issue 23: the public form tells nobody which accounts exist: a taken user name or e-mail gets
    // the very answer a new account gets, nothing is created, and the owner is told by e-mail
    // (hardening.test.ts). Administrators still see 'taken' (POST admin/users, below).
    const dup = await app.request('/api/account/register', { body: registration('CANUCK', { email: 'other@example.org', compareEmail: 'other@example.org' }) });
    expect(dup.status).toBe(201);
    expect(dup.body).toEqual(res.body);
    const dupMail = await app.request('/api/account/register', { body: registration('canuck2', { email: 'CANUCK@example.org', compareEmail: 'canuck@example.org' }) });
    expect(dupMail.status).toBe(201);
    expect(dupMail.body).toEqual(res.body);
    expect(await app.deps.db('users').whereIn('user_name', ['CANUCK', 'canuck2']).count('* as n').first()).toMatchObject({ n: '0' });
  });
});

describe('register → confirm → pending → approve → login with the mailed code', () => {
  it('walks the whole account life cycle', async () => {
    expect((await app.request('/api/account/register', { body: registration('grace') })).status).toBe(201);
    const first = await mailTo('grace@example.org', /confirm your email/);
    const firstLink = linkIn(first, '/account/confirm/');
    expect(firstLink).toMatch(/^\/account\/confirm\/\d+\/[\w-]+$/);
    expect(first.html).toContain('/account/confirm/');

    // Before confirming: the login answers the unconfirmed state with a token that only re-sends.
    const early = await app.request('/api/auth/login', { body: { userName: 'grace', password: PASSWORD } });
    expect(early.status).toBe(200);
    expect(early.body.identity.emailConfirmed).toBe(false);
    expect(early.body.multiFactorValidated).toBe(false);
    expect((await app.request('/api/auth/check', { token: early.body.auth_token })).status).toBe(401);
    expect((await app.request('/api/account/profile', { token: early.body.auth_token })).status).toBe(401);
    const resent = await app.request('/api/account/resendconfirmation', { body: {}, token: early.body.auth_token });
    expect(resent.status).toBe(200);
    expect(resent.body.message).toBe(ACCOUNT_MESSAGES.confirmationResent);
    const link = linkIn(await mailTo('grace@example.org', /confirm your email/), '/account/confirm/');
    expect((await app.request('/api/account/resendconfirmation', { body: {} })).status).toBe(401);

    // The first link stopped working when a new one was sent; the new one works once.
    const [, , , oldId, oldCode] = firstLink.split('/');
    expect((await app.request(`/api/account/confirm?userId=${oldId}&code=${oldCode}`)).status).toBe(400);
    const [, , , userId, code] = link.split('/');
    expect((await app.request(`/api/account/confirm?userId=${Number(userId) + 1}&code=${code}`)).status).toBe(400);
    const confirmed = await app.request(`/api/account/confirm?userId=${userId}&code=${code}`);
    expect(confirmed.status).toBe(200);
    expect((await app.request(`/api/account/confirm?userId=${userId}&code=${code}`)).body).toBe(ACCOUNT_MESSAGES.codeLinkInvalid);

    // Confirmed but pending: the mailed code signs in; the session holds only Pending.
    const login = await app.request('/api/auth/login', { body: { userName: 'grace', password: PASSWORD, deviceToken: null } });
    expect(login.body.multiFactorValidated).toBe(false);
    expect(login.body.identity.email).toBe('gr***@e******.org');
    expect((await app.request('/api/auth/check', { token: login.body.auth_token })).status).toBe(401);
    const mfaMail = await mailTo('grace@example.org', /sign-in code/);
    const wrong = await app.request('/api/auth/confirmmfa', { body: { code: codeIn(mfaMail) === '000000' ? '111111' : '000000', token: login.body.auth_token } });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ errors: { code: [ACCOUNT_MESSAGES.invalidCode] } });
    const malformed = await app.request('/api/auth/confirmmfa', { body: { code: '', token: login.body.auth_token } });
    expect(malformed.body).toEqual({ errors: { code: [ACCOUNT_MESSAGES.enterCode] } });
    const ok = await app.request('/api/auth/confirmmfa', { body: { code: codeIn(mfaMail), token: login.body.auth_token } });
    expect(ok.status).toBe(200);
    expect(ok.body.multiFactorValidated).toBe(true);
    expect(typeof ok.body.deviceToken).toBe('string');
    expect(ok.body.identity.roles).toEqual(['Pending']);
    const pendingToken = ok.body.auth_token as string;
    // The code is single use.
    expect((await app.request('/api/auth/confirmmfa', { body: { code: codeIn(mfaMail), token: login.body.auth_token } })).status).toBe(400);

    // A pending user cannot call admin routes; the administrator sees and approves them.
    expect((await app.request('/api/admin/users/pending', { token: pendingToken })).status).toBe(403);
    expect((await app.request(`/api/admin/users/approve?id=${userId}`, { token: pendingToken })).status).toBe(403);
    const pending = await app.request('/api/admin/users/pending', { token: admin });
    expect(pending.body.find((u: { userName: string }) => u.userName === 'grace')).toMatchObject({ emailConfirmed: true, roles: ['Pending'], affiliation: 'Analytical Engines Ltd' });

    // The administrators were told through the bell.
    const adminBell = (await app.request('/api/account/notifications', { token: admin })).body;
    expect(adminBell.find((n: { details: string }) => n.details.startsWith('grace '))).toMatchObject({ title: 'A new account is waiting for approval', url: '/admin/users/pending' });

    const approved = await app.request(`/api/admin/users/approve?id=${userId}`, { token: admin });
    expect(approved.status).toBe(200);
    expect((await app.request(`/api/admin/users/approve?id=${userId}`, { token: admin })).status).toBe(400);
    expect((await app.request('/api/admin/users/approve?id=99999', { token: admin })).status).toBe(404);
    const approvalMail = await mailTo('grace@example.org', /approved/);
    expect(approvalMail.text).toContain('/projects');
    expect((await app.request('/api/admin/users/pending', { token: admin })).body.some((u: { userName: string }) => u.userName === 'grace')).toBe(false);

    // The remembered device skips the code; a wrong device token does not.
    const remembered = await app.request('/api/auth/login', { body: { userName: 'grace', password: PASSWORD, deviceToken: ok.body.deviceToken } });
    expect(remembered.body.multiFactorValidated).toBe(true);
    expect(remembered.body.identity.roles).toEqual(['Registered']);
    const token = remembered.body.auth_token as string;
    const other = await app.request('/api/auth/login', { body: { userName: 'grace', password: PASSWORD, deviceToken: 'forged-device' } });
    expect(other.body.multiFactorValidated).toBe(false);
    await mailTo('grace@example.org', /sign-in code/);

    const check = await app.request('/api/auth/check', { token });
    expect(check.body).toMatchObject({ userName: 'grace', emailConfirmed: true, roles: ['Registered'] });

    // The approval notice is in the bell.
    const list = await app.request('/api/account/notifications', { token });
    expect(list.body).toHaveLength(1);
    expect(list.body[0]).toMatchObject({ title: 'Your account has been approved', url: '/projects', urlText: 'Go to My Projects', isRead: false });

    const profile = await app.request('/api/account/profile', { token });
    expect(profile.status).toBe(200);
    expect(profile.body.profile).toMatchObject({ userName: 'grace', email: 'grace@example.org', firstName: 'Ada', state: 'Texas', units: 0 });
    expect(profile.body.tier.name).toBe('Tier I');
    expect(profile.body.location.countries).toContain('United States');
  });
});

describe('the account page calls', () => {
  let user: { token: string; deviceToken: string; id: number };
  beforeAll(async () => {
    user = await approvedUser('hopper');
  });

  it('updates the profile with validation (units 0 Metric, 1 Imperial)', async () => {
    const bad = await app.request('/api/account/profile', { token: user.token, body: { firstName: ' ', country: 'United States', units: 7 } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toMatchObject({ firstName: ['Required'], lastName: ['Required'], state: ['Required'], organizationCategory: ['Required'], affiliation: ['Required'], reasonForUse: ['Required'] });
    expect(bad.body.errors.units).toBeDefined();
    const noUnits = await app.request('/api/account/profile', { token: user.token, body: { firstName: 'A' } });
    expect(noUnits.body.errors.units).toEqual(['Required']);
    const ok = await app.request('/api/account/profile', {
      token: user.token,
      body: { firstName: ' Grace ', lastName: 'Hopper', country: 'Canada', state: 'Texas', organizationCategory: 'Federal government', affiliation: 'Navy', reasonForUse: 'COBOL', units: 1 },
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ firstName: 'Grace', country: 'Canada', state: null, units: 1 });
    expect((await app.request('/api/auth/check', { token: user.token })).body.units).toBe(1);
    expect((await app.request('/api/account/profile', { body: {} })).status).toBe(401);
  });

  it('sends a tier request to the administrators', async () => {
    const bad = await app.request('/api/account/tierrequest', { token: user.token, body: { value: ' ', time: '' } });
    expect(bad.body).toEqual({ errors: { value: ['Required'], time: ['Required'] } });
    const ok = await app.request('/api/account/tierrequest', { token: user.token, body: { value: 'A regional study', time: '6 months' } });
    expect(ok.status).toBe(200);
    const mail = await mailTo('admin@example.org', /tier request from hopper/);
    expect(mail.text).toContain('A regional study');
    expect((await app.request('/api/account/profile', { token: user.token })).body.tierRequest).toMatchObject({ value: 'A regional study', time: '6 months' });
  });

  it('manages notifications, announcing each change on the user room', async () => {
    const { notify } = await import('../src/modules/accounts/service.ts');
    const me = await app.deps.db('users').where('id', user.id).first();
    const socket = io(app.url, { path: '/status-hub', transports: ['websocket'], auth: { token: user.token }, reconnection: false });
    sockets.push(socket);
    await new Promise<void>((r) => socket.once('connect', () => r()));
    expect(await new Promise((r) => socket.emit('join', 'user:hopper', r))).toBe(true);
    const events: unknown[] = [];
    socket.on('user-notification-status-changed', (p) => events.push(p));

    const a = await notify(app.deps, { id: me.id, userName: 'hopper' }, { title: 'Project ready', details: 'Done', url: '/projects/1', urlText: 'Open' });
    await notify(app.deps, { id: me.id, userName: 'hopper' }, { title: 'Second' });
    let list = (await app.request('/api/account/notifications', { token: user.token })).body;
    expect(list.map((n: { title: string }) => n.title)).toEqual(['Second', 'Project ready', 'Your account has been approved']);
    const opened = await app.request(`/api/account/notification/${a.id}`, { token: user.token });
    expect(opened.body).toMatchObject({ id: a.id, title: 'Project ready', isRead: true, url: '/projects/1' });
    // Another user's notification is not found for this user.
    expect((await app.request(`/api/account/notification/${a.id}`, { token: admin })).status).toBe(404);
    expect((await app.request(`/api/account/notification/${a.id}`, { method: 'DELETE', token: admin })).status).toBe(404);
    expect((await app.request(`/api/account/notification/${a.id}`, { method: 'DELETE', token: user.token })).status).toBe(204);
    expect((await app.request(`/api/account/notification/${a.id}`, { token: user.token })).status).toBe(404);
    expect((await app.request('/api/account/notifications', { method: 'DELETE', token: user.token })).status).toBe(204);
    list = (await app.request('/api/account/notifications', { token: user.token })).body;
    expect(list).toEqual([]);
    await new Promise((r) => setTimeout(r, 300));
    expect(events).toContainEqual({ userName: 'hopper', notificationID: a.id });
    expect(events).toContainEqual({ userName: 'hopper', notificationID: null });
  });

  it('changes the password: old tokens and remembered devices stop working', async () => {
    const wrong = await app.request('/api/account/changepassword', { token: user.token, body: { oldPassword: 'nope-nope-1', newPassword: 'Another-pass-2' } });
    expect(wrong.body).toEqual({ errors: { oldPassword: ['The current password is incorrect.'] } });
    const weak = await app.request('/api/account/changepassword', { token: user.token, body: { oldPassword: PASSWORD, newPassword: 'weak' } });
    expect(weak.body).toEqual({ errors: { newPassword: [ACCOUNT_MESSAGES.passwordRequirements] } });
    const ok = await app.request('/api/account/changepassword', { token: user.token, body: { oldPassword: PASSWORD, newPassword: 'Another-pass-2' } });
    expect(ok.status).toBe(200);
    expect((await app.request('/api/auth/check', { token: user.token })).status).toBe(401);
    expect((await app.request('/api/auth/check', { token: ok.body.auth_token })).status).toBe(200);
    const login = await app.request('/api/auth/login', { body: { userName: 'hopper', password: 'Another-pass-2', deviceToken: user.deviceToken } });
    expect(login.body.multiFactorValidated).toBe(false);
    await mailTo('hopper@example.org', /sign-in code/);
    user.token = ok.body.auth_token;
  });

  it('changes the e-mail through the link sent to the new address', async () => {
    const bad = await app.request('/api/account/changeemail', { token: user.token, body: { value: 'nope' } });
    expect(bad.body).toEqual({ errors: { value: [ACCOUNT_MESSAGES.invalidEmail] } });
    const taken = await app.request('/api/account/changeemail', { token: user.token, body: { value: 'grace@example.org' } });
    expect(taken.body).toEqual({ errors: { value: [ACCOUNT_MESSAGES.emailTaken] } });
    const ok = await app.request('/api/account/changeemail', { token: user.token, body: { value: ' amazing@example.org ' } });
    expect(ok.body.message).toBe(ACCOUNT_MESSAGES.emailChangeSent);
    await mailTo('hopper@example.org', /email change requested/);
    const link = linkIn(await mailTo('amazing@example.org', /confirm your new email/), '/account/changeemail/');
    const [, , , userId, code, email] = link.split('/');
    expect(decodeURIComponent(email!)).toBe('amazing@example.org');
    // Nothing changes until the link is followed.
    expect((await app.request('/api/account/profile', { token: user.token })).body.profile.email).toBe('hopper@example.org');
    expect((await app.request(`/api/account/confirmEmailChange?userId=${userId}&code=${code}&newEmail=evil%40example.org`)).status).toBe(400);
    const done = await app.request(`/api/account/confirmEmailChange?userId=${userId}&code=${code}&newEmail=${email}`);
    expect(done.status).toBe(200);
    expect((await app.request('/api/auth/check', { token: user.token })).status).toBe(401);
    const { token } = await loginWithCode('hopper', 'Another-pass-2', 'amazing@example.org');
    expect((await app.request('/api/account/profile', { token })).body.profile.email).toBe('amazing@example.org');
    user.token = token;
  });

  it('resets a forgotten password without revealing which addresses exist', async () => {
    const unknown = await app.request('/api/account/forgotpassword', { body: { email: 'nobody@example.org' } });
    const known = await app.request('/api/account/forgotpassword', { body: { email: 'AMAZING@example.org' } });
    expect(unknown.status).toBe(200);
    expect(known.status).toBe(unknown.status);
    expect(known.body).toEqual(unknown.body);
    expect(known.body.message).toBe(ACCOUNT_MESSAGES.forgotPasswordSent);
    expect(readOutbox(outbox).some((m) => m.to === 'nobody@example.org')).toBe(false);
    const link = linkIn(await mailTo('amazing@example.org', /reset your password/), '/account/reset/');
    // A second request within the minute answers the same and sends nothing more.
    const again = await app.request('/api/account/forgotpassword', { body: { email: 'amazing@example.org' } });
    expect(again.body).toEqual(unknown.body);
    await new Promise((r) => setTimeout(r, 300));
    expect(readOutbox(outbox).filter((m) => m.to === 'amazing@example.org' && /reset your password/.test(m.subject))).toHaveLength(1);
    const code = link.split('/')[3]!;
    const weak = await app.request('/api/account/resetpassword', { body: { code, userName: 'hopper', password: 'weak' } });
    expect(weak.body).toEqual({ errors: { password: [ACCOUNT_MESSAGES.passwordRequirements] } });
    expect((await app.request('/api/account/resetpassword', { body: { code, userName: 'grace', password: 'Third-pass-33' } })).status).toBe(400);
    const ok = await app.request('/api/account/resetpassword', { body: { code, userName: 'hopper', password: 'Third-pass-33' } });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe(ACCOUNT_MESSAGES.resetDone);
    expect((await app.request('/api/account/resetpassword', { body: { code, userName: 'hopper', password: 'Fourth-pass-44' } })).body).toBe(ACCOUNT_MESSAGES.codeLinkInvalid);
    expect((await app.request('/api/auth/check', { token: user.token })).status).toBe(401);
    user.token = (await loginWithCode('hopper', 'Third-pass-33', 'amazing@example.org')).token;
  });

  it('revokes the token on logout', async () => {
    const { token } = await loginWithCode('hopper', 'Third-pass-33', 'amazing@example.org');
    expect((await app.request('/api/auth/logout', { body: {}, token })).status).toBe(204);
    expect((await app.request('/api/auth/check', { token })).status).toBe(401);
    expect((await app.request('/api/auth/check', { token: user.token })).status).toBe(200);
  });

  it('deletes the account', async () => {
    expect((await app.request('/api/account/delete', { method: 'DELETE', token: user.token })).status).toBe(204);
    expect((await app.request('/api/auth/check', { token: user.token })).status).toBe(401);
    expect((await app.request('/api/auth/login', { body: { userName: 'hopper', password: 'Third-pass-33' } })).status).toBe(400);
  });
});

describe('administrators', () => {
  it('create approved users without e-mail confirmation, with the same validation', async () => {
    const other = await approvedUser('turing');
    expect((await app.request('/api/admin/users', { token: other.token, body: registration('x') })).status).toBe(403);
    expect((await app.request('/api/admin/users', { body: registration('x') })).status).toBe(401);
    const bad = await app.request('/api/admin/users', { token: admin, body: registration('x', { email: 'bad', compareEmail: 'bad2', password: 'weak', comparePassword: 'weak2', state: '' }) });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toMatchObject({
      email: [ACCOUNT_MESSAGES.invalidEmail],
      compareEmail: [ACCOUNT_MESSAGES.emailsMustMatch],
      password: [ACCOUNT_MESSAGES.passwordRequirements],
      comparePassword: [ACCOUNT_MESSAGES.passwordsMustMatch],
      state: ['Required'],
    });
    const created = await app.request('/api/admin/users', { token: admin, body: registration('made', { compareEmail: undefined, comparePassword: undefined }) });
    expect(created.status).toBe(201);
    const { body } = await loginWithCode('made');
    expect(body.identity).toMatchObject({ userName: 'made', emailConfirmed: true, roles: ['Registered'] });
    expect(readOutbox(outbox).some((m) => m.to === 'made@example.org' && /confirm your email/.test(m.subject))).toBe(false);

    // Only administrators delete other accounts; a partial admin never deletes an admin.
    expect((await app.request(`/api/account/delete?userId=${created.body.id}`, { method: 'DELETE', token: other.token })).status).toBe(403);
    expect((await app.request(`/api/account/delete?userId=${created.body.id}`, { method: 'DELETE', token: admin })).status).toBe(204);
    expect((await app.request(`/api/account/delete?userId=${created.body.id}`, { method: 'DELETE', token: admin })).status).toBe(404);
  });

  it('an exempt account needs the code once its e-mail has changed', async () => {
    const u = await approvedUser('babbage');
    await app.deps.db('users').where('id', u.id).update({ mfaExempt: true });
    const plain = await app.request('/api/auth/login', { body: { userName: 'babbage', password: PASSWORD } });
    expect(plain.body.multiFactorValidated).toBe(true);
    await app.request('/api/account/changeemail', { token: plain.body.auth_token, body: { value: 'charles@example.org' } });
    const link = linkIn(await mailTo('charles@example.org', /confirm your new email/), '/account/changeemail/');
    const [, , , userId, code, email] = link.split('/');
    expect((await app.request(`/api/account/confirmEmailChange?userId=${userId}&code=${code}&newEmail=${email}`)).status).toBe(200);
    const after = await app.request('/api/auth/login', { body: { userName: 'babbage', password: PASSWORD } });
    expect(after.body.multiFactorValidated).toBe(false);
    await mailTo('charles@example.org', /sign-in code/);
  });

  it('cannot delete the last administrator', async () => {
    const res = await app.request('/api/account/delete', { method: 'DELETE', token: admin });
    expect(res.status).toBe(400);
    expect(res.body).toBe('The last administrator account cannot be deleted.');
    expect((await app.request('/api/auth/check', { token: admin })).status).toBe(200);
  });

  it('keep the seeded administrator signing in without a code until its e-mail changes', async () => {
    const res = await app.request('/api/auth/login', { body: { userName: 'admin', password: 'Admin-pass-123' } });
    expect(res.body.multiFactorValidated).toBe(true);
  });
});

describe('permissions', () => {
  it('answers 401 without a token and 403 to non-administrators on every protected call', async () => {
    const calls: [string, string][] = [
      ['GET', '/api/account/profile'],
      ['POST', '/api/account/profile'],
      ['POST', '/api/account/changeemail'],
      ['POST', '/api/account/changepassword'],
      ['DELETE', '/api/account/delete'],
      ['POST', '/api/account/tierrequest'],
      ['GET', '/api/account/notifications'],
      ['DELETE', '/api/account/notifications'],
      ['GET', '/api/account/notification/1'],
      ['DELETE', '/api/account/notification/1'],
      ['POST', '/api/account/resendconfirmation'],
      ['GET', '/api/admin/users/pending'],
      ['GET', '/api/admin/users/approve?id=1'],
      ['POST', '/api/admin/users'],
    ];
    for (const [method, path] of calls) {
      const res = await app.request(path, { method, ...(method === 'POST' ? { body: {} } : {}) });
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(res.body).toBe(MESSAGES.unauthorized);
    }
    const { token } = await approvedUser('curie');
    for (const [method, path] of calls.filter(([, p]) => p.startsWith('/api/admin'))) {
      expect((await app.request(path, { method, token, ...(method === 'POST' ? { body: {} } : {}) })).status, `${method} ${path}`).toBe(403);
    }
  });
});

describe('multi-factor codes', () => {
  it('end after five wrong guesses', async () => {
    await approvedUser('noether');
    const res = await app.request('/api/auth/login', { body: { userName: 'noether', password: PASSWORD } });
    const code = codeIn(await mailTo('noether@example.org', /sign-in code/));
    const wrong = code === '123456' ? '654321' : '123456';
    for (let i = 0; i < 5; i++) expect((await app.request('/api/auth/confirmmfa', { body: { code: wrong, token: res.body.auth_token } })).status).toBe(400);
    expect((await app.request('/api/auth/confirmmfa', { body: { code, token: res.body.auth_token } })).status).toBe(400);
    expect((await app.request('/api/auth/confirmmfa', { body: { code, token: 'forged' } })).status).toBe(401);
  });
});

describe('throttling', () => {
  it('answers 429 after repeated wrong passwords and recovers after the cool-down', async () => {
    await approvedUser('lamarr');
    app.config.loginLockSeconds = 2;
    try {
      for (let i = 0; i < app.config.loginMaxFailures; i++) {
        const r = await app.request('/api/auth/login', { body: { userName: 'lamarr', password: `wrong-${i}` } });
        expect(r.status).toBe(400);
        expect(r.body).toBe(MESSAGES.unauthorized);
      }
      const locked = await app.request('/api/auth/login', { body: { userName: 'LAMARR', password: PASSWORD } });
      expect(locked.status).toBe(429);
      expect(locked.body).toMatch(/^Too many failed login attempts\. Please wait 1 minute and try again\.$/);
      // Unknown user names are throttled the same way (nothing tells them apart).
      await new Promise((r) => setTimeout(r, 2100));
      const again = await app.request('/api/auth/login', { body: { userName: 'lamarr', password: PASSWORD } });
      expect(again.status).toBe(200);
      await mailTo('lamarr@example.org', /sign-in code/);
    } finally {
      app.config.loginLockSeconds = 900;
    }
  });

  it('throttles one client address trying many user names', async () => {
    app.config.loginMaxFailures = 2;
    app.config.loginLockSeconds = 2;
    try {
      // 4 × 2 failures from this address, each for a different (unknown) user name.
      for (let i = 0; i < 8; i++) expect((await app.request('/api/auth/login', { body: { userName: `ghost${i}`, password: 'nope-nope-1' } })).status).toBe(400);
      expect((await app.request('/api/auth/login', { body: { userName: 'admin', password: 'Admin-pass-123' } })).status).toBe(429);
      await new Promise((r) => setTimeout(r, 2100));
      expect((await app.request('/api/auth/login', { body: { userName: 'admin', password: 'Admin-pass-123' } })).status).toBe(200);
    } finally {
      app.config.loginMaxFailures = 5;
      app.config.loginLockSeconds = 900;
    }
  });
});
