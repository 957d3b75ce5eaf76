// The administrators' users and tiers (issue 19) in the browser: a partial administrator reaches
// the pending users from the admin menu and approves an account (and sees no full-administrator
// page); an administrator edits a tier's HRU limit and a user's tier, the changes land in the audit
// log, and the new limit blocks a too-large project at once.
// Mails (sign-in codes) are read from the server's outbox (DATA_DIR/outbox).
import { createHash } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { api, apiToken, loginFromHeader, PASSWORD, person, profile, signIn, signInCode } from './fixtures.ts';

const stamp = Date.now().toString(36).slice(-5);

/** A registration through the register call, as the form makes it (its proof-of-work captcha solved here): a Pending account. */
async function register(baseURL: string, userName: string): Promise<void> {
  const captcha = (await (await fetch(`${baseURL}/api/account/captcha`)).json()) as { provider: string; challenge?: { algorithm: string; challenge: string; maxnumber: number; salt: string; signature: string } };
  let recaptchaToken = '';
  const c = captcha.challenge;
  if (c) {
    for (let n = 0; n <= c.maxnumber; n++) {
      if (createHash('sha256').update(c.salt + n).digest('hex') === c.challenge) {
        recaptchaToken = Buffer.from(JSON.stringify({ algorithm: c.algorithm, challenge: c.challenge, number: n, salt: c.salt, signature: c.signature })).toString('base64');
        break;
      }
    }
  }
  const res = await fetch(`${baseURL}/api/account/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...profile(userName), compareEmail: `${userName}@example.org`, comparePassword: PASSWORD, recaptchaToken }),
  });
  expect(res.status).toBe(201);
}

/** A token through the API sign-in with the mailed code. */
async function tokenWithCode(baseURL: string, userName: string): Promise<string> {
  const login = (await (await fetch(`${baseURL}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userName, password: PASSWORD }) })).json()) as { auth_token: string; multiFactorValidated: boolean };
  if (login.multiFactorValidated) return login.auth_token;
  const code = await signInCode(`${userName}@example.org`);
  const done = (await (await fetch(`${baseURL}/api/auth/confirmmfa`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code, token: login.auth_token, rememberDevice: false }) })).json()) as { auth_token: string };
  return done.auth_token;
}

/** Opens an admin page from the admin menu: the header's lock leads to the admin area, whose side menu lists the pages. */
async function openFromAdminMenu(page: Page, label: string) {
  await page.getByTestId('nav-admin').click();
  await expect(page).toHaveURL(/\/admin$/);
  await page.keyboard.press('Escape'); // the lock's dropdown, when it opened
  await page.getByTestId('admin-menu').getByRole('link', { name: label, exact: true }).click();
}

test('a partial administrator approves a pending user from the admin menu', async ({ page, baseURL }) => {
  const admin = await apiToken(baseURL!);
  const partial = `pat${stamp}`;
  const pending = `penny${stamp}`;
  const partialId = (await person(baseURL!, admin, partial)).id;
  expect((await api(baseURL!, admin, `admin/users/setrole/${partialId}`, { method: 'POST', body: { value: 'PartialAdmin' } })).status).toBe(200);
  await register(baseURL!, pending);

  await signIn(page, { userName: partial, email: `${partial}@example.org` });
  await page.getByTestId('nav-admin').click();
  await expect(page).toHaveURL(/\/admin$/);
  await page.keyboard.press('Escape');
  const menu = page.getByTestId('admin-menu');
  // What a partial administrator may use, and no full-administrator page.
  await expect(menu.getByRole('link', { name: 'Users', exact: true })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Tiers', exact: true })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Plugins', exact: true })).toHaveCount(0);

  await menu.getByRole('link', { name: 'Pending users', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/users\/pending$/);
  const row = page.getByTestId(`pending-${pending}`);
  await expect(row).toContainText(`${pending}@example.org`);
  await row.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText(`${pending} approved.`)).toBeVisible();
  await expect(page.getByTestId(`pending-${pending}`)).toHaveCount(0);

  // The account is approved, and the approval is in its audit log with who did it.
  const users = await api(baseURL!, admin, `admin/users?filter=${pending}`);
  const id = ((users.body as { items: { id: number }[] }).items[0]!).id;
  const detail = (await api(baseURL!, admin, `admin/users/${id}`)).body as { user: { roles: string[] }; auditLog: { actor: string; action: string }[] };
  expect(detail.user.roles).toEqual(['Registered']);
  expect(detail.auditLog[0]).toMatchObject({ actor: partial, action: 'approve' });

  // The server refuses what the menu does not offer: the plugin administration, and making an administrator.
  const partialToken = await tokenWithCode(baseURL!, partial);
  expect((await api(baseURL!, partialToken, 'admin/plugins')).status).toBe(403);
  expect((await api(baseURL!, partialToken, `admin/users/setrole/${id}`, { method: 'POST', body: { value: 'Admin' } })).status).toBe(403);
});

test("an administrator edits a tier's HRU limit and a user's tier; the new limit blocks a too-large project", async ({ page, baseURL }) => {
  const admin = await apiToken(baseURL!);
  const modeller = `mo${stamp}`;
  const tierName = `Small ${stamp}`;
  const userId = (await person(baseURL!, admin, modeller)).id;
  const tier = await api(baseURL!, admin, 'admin/tiers', {
    method: 'POST',
    body: { name: tierName, description: 'Classroom', subbasinLimit: 0, hruLimit: 10_000, taskLimit: 0, taskLimitInterval: 24, concurrencyLimit: 1, queuePriority: 'default', datasetUploadLimit: 0, datasets: [], featureList: [] },
  });
  expect(tier.status).toBe(200);

  await page.goto('/');
  await loginFromHeader(page);
  await openFromAdminMenu(page, 'Tiers');
  await expect(page).toHaveURL(/\/admin\/users\/tiers$/);
  await page.getByTestId(`tier-link-${tierName}`).click();
  const form = page.getByTestId('tier-form');
  await form.getByLabel('Max. HRUs').fill('2');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Changes saved.')).toBeVisible();
  await expect(page.getByTestId('tier-audit-log')).toContainText('hruLimit: 10000 → 2');

  // The user's tier, from the users grid.
  await page.getByTestId('admin-menu').getByRole('link', { name: 'Users', exact: true }).click();
  await page.getByLabel('Filter').fill(modeller);
  await page.getByTestId(`user-link-${modeller}`).click();
  await expect(page).toHaveURL(new RegExp(`/admin/users/${userId}$`));
  const profileForm = page.getByTestId('admin-profile-form');
  await profileForm.getByTestId('tier-select').selectOption({ label: tierName });
  await profileForm.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Changes saved.')).toBeVisible();
  await page.getByRole('tab', { name: 'Audit log' }).click();
  await expect(page.getByTestId('audit-log')).toContainText(`tier: ${tierName}`);

  // The limit is in force for the next project: even one HRU per subbasin of the whole watershed is too many.
  const token = await tokenWithCode(baseURL!, modeller);
  const map = (await api(baseURL!, token, 'maps/subbasin/name/1/3')).body as { downstreamID: number };
  const created = await fetch(`${baseURL}/api/projects`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ datasetID: 1, endID: map.downstreamID, startIDs: [], name: 'Too large' }),
  });
  expect(created.status).toBe(400);
  expect(await created.text()).toContain('Your account is limited to unlimited subbasins and 2 HRUs per project. Please select a smaller watershed.');
});
