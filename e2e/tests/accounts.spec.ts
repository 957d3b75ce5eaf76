// Accounts in the browser: the register modal (with the proof-of-work captcha), the mailed
// confirmation link, the pending notice, approval, sign-in with the mailed code and a
// remembered device, the notifications bell, the account tabs, recovery and the unconfirmed
// card. Mails are read from the server's outbox (DATA_DIR/outbox).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { apiToken, loginFromHeader } from './fixtures.ts';

const dataDir = process.env.E2E_DATA_DIR ?? join(import.meta.dirname, '..', '..', 'test-results', 'e2e-data');
const outbox = join(dataDir, 'outbox');
const PASSWORD = 'Browser-pass-1';

type Mail = { to: string; subject: string; text: string; file: string };

function mails(): Mail[] {
  if (!existsSync(outbox)) return [];
  return readdirSync(outbox)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => ({ ...(JSON.parse(readFileSync(join(outbox, f), 'utf8')) as Mail), file: f }));
}

const seen = new Set<string>();
async function waitForMail(to: string, subject: RegExp): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(() => {
      found = mails().find((m) => !seen.has(m.file) && m.to === to && subject.test(m.subject));
      return !!found;
    }, { timeout: 15_000 })
    .toBe(true);
  seen.add(found!.file);
  return found!;
}

const pathIn = (mail: Mail, route: string) => new URL(mail.text.match(new RegExp(`https?://\\S*${route}\\S*`))![0]).pathname;
const codeIn = (mail: Mail) => mail.text.match(/\b(\d{6})\b/)![1]!;

async function api(baseURL: string, path: string, init: { method?: string; body?: unknown; token?: string } = {}) {
  const res = await fetch(`${baseURL}/api/${path}`, {
    method: init.method ?? (init.body ? 'POST' : 'GET'),
    headers: { 'content-type': 'application/json', ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, body: (res.headers.get('content-type') ?? '').includes('json') && text ? JSON.parse(text) : text };
}

async function fillCredentials(page: Page, userName: string, password: string) {
  await page.getByTestId('login-button').click();
  const form = page.getByTestId('login-form').first();
  await form.getByLabel('User name').fill(userName);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Log in' }).click();
}

test('register → confirm → pending → approved → sign in with the mailed code → account tabs', async ({ page, browser, baseURL }) => {
  test.setTimeout(90_000);
  const user = `browser${Date.now().toString(36)}`;
  const email = `${user}@example.org`;

  await page.goto('/');
  await page.getByTestId('home-prompt').getByRole('link', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/account\/register$/);
  const modal = page.getByTestId('register-form');

  // Validation with the spec's messages.
  await modal.getByRole('button', { name: 'Register' }).click();
  await expect(modal.getByText('Please fix the errors below and try again.')).toBeVisible();
  await expect(modal.getByText('Required').first()).toBeVisible();
  await modal.getByLabel(/^Email( \*)?$/).fill('not-an-email');
  await modal.getByLabel('Confirm email').fill('other@example.org');
  await modal.getByLabel(/^Password( \*)?$/).fill('short');
  await modal.getByLabel('Confirm password').fill('different');
  await modal.getByRole('button', { name: 'Register' }).click();
  await expect(modal.getByText('Please enter a valid email address')).toBeVisible();
  await expect(modal.getByText('Email addresses must match')).toBeVisible();
  await expect(modal.getByText('Passwords must match')).toBeVisible();

  // A complete form (values with spaces are trimmed); the captcha solves itself.
  await modal.getByLabel('First name').fill('  Katherine ');
  await modal.getByLabel('Last name').fill('Johnson');
  await modal.getByLabel(/^Email( \*)?$/).fill(` ${email} `);
  await modal.getByLabel('Confirm email').fill(email);
  await modal.getByLabel('Company or organization').fill('NACA');
  await modal.getByLabel('Category').selectOption('Federal government');
  await expect(modal.getByLabel('Country')).toHaveValue('United States');
  await modal.getByLabel('State').selectOption('Virginia');
  await modal.getByLabel('Reason for use').fill('Trajectories of rivers');
  await modal.getByLabel('User name').fill(user);
  await modal.getByLabel(/^Password( \*)?$/).fill(PASSWORD);
  await modal.getByLabel('Confirm password').fill(PASSWORD);
  await expect(page.getByTestId('captcha')).toHaveAttribute('data-state', 'solved', { timeout: 30_000 });
  await modal.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByTestId('register-done')).toContainText('check your email');

  // The confirmation link from the mail.
  const confirm = await waitForMail(email, /confirm your email/);
  await page.goto(pathIn(confirm, '/account/confirm/'));
  await expect(page.getByTestId('link-result')).toContainText('Thank you for confirming your email address');

  // Sign in: the code step shows the masked address; the code comes by mail.
  await page.goto('/');
  await fillCredentials(page, user, PASSWORD);
  const mfa = page.getByTestId('mfa-step');
  await expect(mfa).toBeVisible();
  await expect(page.getByTestId('mfa-email')).toHaveText(/^br\*+@e\*+\.org$/);
  await mfa.getByRole('button', { name: 'Verify' }).click();
  await expect(mfa.getByText('Please enter the code from your email.')).toBeVisible();
  await mfa.getByLabel('Code').fill(codeIn(await waitForMail(email, /sign-in code/)));
  await expect(mfa.getByLabel('Remember this device')).toBeChecked();
  await mfa.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByTestId('menu-account')).toHaveText(user);

  // Pending approval.
  await page.goto('/account');
  await expect(page.getByTestId('pending-notice')).toHaveText('Your account is pending approval. You will receive a notification by email when it is approved.');

  // The administrator hears of the account through the bell and approves it; the user gets a
  // notification (live) and a mail.
  const admin = await apiToken(baseURL!);
  const pending = await api(baseURL!, 'admin/users/pending', { token: admin });
  expect(pending.body.find((u: { userName: string }) => u.userName === user).firstName).toBe('Katherine');
  const adminContext = await browser.newContext();
  const ap = await adminContext.newPage();
  await ap.goto('/');
  await loginFromHeader(ap);
  await ap.getByTestId('notifications-bell').click();
  await ap.getByTestId('notifications-list').getByRole('button', { name: 'Review pending users' }).first().click();
  await expect(ap).toHaveURL(/\/admin\/users\/pending$/);
  await ap.getByTestId('pending-users').getByRole('row').filter({ hasText: user }).getByRole('button', { name: 'Approve' }).click();
  await expect(ap.getByText(`${user} approved.`)).toBeVisible();
  await adminContext.close();
  await waitForMail(email, /approved/);
  await expect(page.getByTestId('notifications-count')).toContainText('1');
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Profile' })).toBeVisible();

  // The bell: the approval notice, opened, then deleted.
  await page.getByTestId('notifications-bell').click();
  const list = page.getByTestId('notifications-list');
  await expect(list.getByText('Your account has been approved')).toBeVisible();
  await list.getByRole('button', { name: 'Delete notification' }).click();
  await expect(list.getByText('You have no notifications at this time.')).toBeVisible();
  await page.keyboard.press('Escape');

  // Profile: units.
  const profile = page.getByTestId('profile-form');
  await expect(profile.getByLabel('First name')).toHaveValue('Katherine');
  await profile.getByLabel('Units').selectOption('Imperial');
  await profile.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Changes saved.')).toBeVisible();

  // Change email: the verification notice replaces the form.
  await page.getByRole('tab', { name: 'Change email' }).click();
  const emailForm = page.getByTestId('email-form');
  await emailForm.getByLabel('New email', { exact: true }).fill(`new-${email}`);
  await emailForm.getByLabel('Confirm new email').fill(`other-${email}`);
  await emailForm.getByRole('button', { name: 'Change email' }).click();
  await expect(emailForm.getByText('Email addresses must match')).toBeVisible();
  await emailForm.getByLabel('Confirm new email').fill(`new-${email}`);
  await emailForm.getByRole('button', { name: 'Change email' }).click();
  await expect(page.getByTestId('email-sent')).toContainText('verification link');
  await waitForMail(`new-${email}`, /confirm your new email/);

  // Change password.
  await page.getByRole('tab', { name: 'Change password' }).click();
  const pw = page.getByTestId('password-form');
  await pw.getByLabel('Current password').fill(PASSWORD);
  await pw.getByLabel('New password', { exact: true }).fill('Browser-pass-2');
  await pw.getByLabel('Confirm new password').fill('Browser-pass-3');
  await pw.getByRole('button', { name: 'Change password' }).click();
  await expect(pw.getByText('Passwords must match')).toBeVisible();
  await pw.getByLabel('Confirm new password').fill('Browser-pass-2');
  await pw.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your password has been changed.')).toBeVisible();

  // Tier limitations and the tier request.
  await page.getByRole('tab', { name: 'Tier Limitations' }).click();
  await expect(page.getByTestId('current-tier')).toHaveText('Tier I');
  await expect(page.getByTestId('tiers-table')).toContainText('Tier III');
  const tierForm = page.getByTestId('tier-request-form');
  await tierForm.getByRole('button', { name: 'Send request' }).click();
  await expect(tierForm.getByText('Required').first()).toBeVisible();
  await tierForm.getByLabel('Why do you need a higher tier?').fill('A regional model');
  await tierForm.getByLabel('For how long (estimated)?').fill('3 months');
  await tierForm.getByRole('button', { name: 'Send request' }).click();
  await expect(page.getByTestId('tier-request-sent')).toBeVisible();

  // Delete account: only the exact word enables the button.
  await page.getByRole('tab', { name: 'Delete account' }).click();
  const del = page.getByTestId('delete-form');
  await del.getByLabel('Type DELETE to confirm').fill('delete');
  await expect(del.getByText('You must type DELETE')).toBeVisible();
  await expect(del.getByRole('button', { name: 'Delete account' })).toBeDisabled();

  // Log out; the remembered device signs in without a code (the new password; devices
  // remembered before a password change are forgotten, so the code is asked once more).
  await page.getByTestId('menu-account').click();
  await page.getByTestId('logout').click();
  await fillCredentials(page, user, 'Browser-pass-2');
  await page.getByTestId('mfa-step').getByLabel('Code').fill(codeIn(await waitForMail(email, /sign-in code/)));
  await page.getByTestId('mfa-step').getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByTestId('menu-account')).toHaveText(user);
  await page.getByTestId('menu-account').click();
  await page.getByTestId('logout').click();
  await fillCredentials(page, user, 'Browser-pass-2');
  await expect(page.getByTestId('menu-account')).toHaveText(user);
  await expect(page.getByTestId('mfa-step')).toHaveCount(0);

  // Finally delete the account.
  await page.goto('/account');
  await page.getByRole('tab', { name: 'Delete account' }).click();
  await page.getByTestId('delete-form').getByLabel('Type DELETE to confirm').fill('DELETE');
  await page.getByTestId('delete-form').getByRole('button', { name: 'Delete account' }).click();
  await expect(page.getByTestId('login-button')).toBeVisible();
  expect((await api(baseURL!, 'auth/login', { body: { userName: user, password: 'Browser-pass-2' } })).status).toBe(400);
});

test('an unconfirmed account gets the check-your-email card; a forgotten password is reset from the mailed link', async ({ page, baseURL }) => {
  const admin = await apiToken(baseURL!);
  const user = `unconf${Date.now().toString(36)}`;
  const email = `${user}@example.org`;
  // Registered through the API (the captcha solved by the browser is covered above).
  const challenge = await api(baseURL!, 'account/captcha');
  expect(challenge.status).toBe(200);
  const created = await api(baseURL!, 'admin/users', {
    token: admin,
    body: { firstName: 'U', lastName: 'C', email, userName: `${user}x`, password: PASSWORD, country: 'Canada', organizationCategory: 'Individual', affiliation: 'Self', reasonForUse: 'Tests' },
  });
  expect(created.status).toBe(201);
  await page.goto('/account/register');
  const modal = page.getByTestId('register-form');
  await modal.getByLabel('First name').fill('Una');
  await modal.getByLabel('Last name').fill('Confirmed');
  await modal.getByLabel(/^Email( \*)?$/).fill(`u-${email}`);
  await modal.getByLabel('Confirm email').fill(`u-${email}`);
  await modal.getByLabel('Company or organization').fill('Self');
  await modal.getByLabel('Category').selectOption('Individual');
  await modal.getByLabel('Country').selectOption('Canada');
  await expect(modal.getByLabel('State')).toHaveCount(0);
  await modal.getByLabel('Reason for use').fill('Tests');
  await modal.getByLabel('User name').fill(user);
  await modal.getByLabel(/^Password( \*)?$/).fill(PASSWORD);
  await modal.getByLabel('Confirm password').fill(PASSWORD);
  await expect(page.getByTestId('captcha')).toHaveAttribute('data-state', 'solved', { timeout: 30_000 });
  await modal.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByTestId('register-done')).toBeVisible();
  await waitForMail(`u-${email}`, /confirm your email/);

  await page.goto('/');
  await fillCredentials(page, user, PASSWORD);
  await expect(page.getByTestId('unconfirmed-card')).toContainText('Please check your email');
  await page.getByRole('button', { name: 'Re-send email' }).click();
  await expect(page.getByTestId('login-notice')).toHaveText(
    'Confirmation sent! Please check your email. If you do not receive anything after one hour, please try again or contact support.',
  );
  await waitForMail(`u-${email}`, /confirm your email/);
  await page.keyboard.press('Escape');

  // Forgot password → mailed link → reset page → log in.
  await page.goto('/');
  await page.getByTestId('login-button').click();
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await page.getByTestId('forgot-step').getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByTestId('login-notice')).toHaveText(
    'Request received. If an account matches the email address provided, you will receive instructions for resetting your password.',
  );
  const reset = await waitForMail(email, /reset your password/);
  await page.goto(pathIn(reset, '/account/reset/'));
  const form = page.getByTestId('reset-form');
  await form.getByLabel('User name').fill(`${user}x`);
  await form.getByLabel('New password', { exact: true }).fill('Reset-pass-99');
  await form.getByLabel('Confirm new password').fill('Reset-pass-99');
  await form.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByTestId('reset-done')).toHaveText('Your account has been reset! Please log in below.');
  const loginModal = page.getByRole('dialog');
  await expect(loginModal.getByText('Your account has been reset! Please log in below.')).toBeVisible();
  await loginModal.getByLabel('User name').fill(`${user}x`);
  await loginModal.getByLabel('Password', { exact: true }).fill('Reset-pass-99');
  await loginModal.getByRole('button', { name: 'Log in' }).click();
  // 'Send a new code': the first code stops working, the second signs in.
  const firstCode = codeIn(await waitForMail(email, /sign-in code/));
  await loginModal.getByRole('button', { name: 'Send a new code' }).click();
  await expect(loginModal.getByText('A new code has been sent.')).toBeVisible();
  const secondCode = codeIn(await waitForMail(email, /sign-in code/));
  if (firstCode !== secondCode) {
    await loginModal.getByLabel('Code').fill(firstCode);
    await loginModal.getByRole('button', { name: 'Verify' }).click();
    await expect(loginModal.getByText('The code is invalid or has expired. Please try again.')).toBeVisible();
  }
  await loginModal.getByLabel('Code').fill(secondCode);
  await loginModal.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByTestId('menu-account')).toHaveText(`${user}x`);
});
