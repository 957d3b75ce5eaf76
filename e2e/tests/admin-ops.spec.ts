// The administrator area, part 1 (issue 19) in the browser: the header's lock leads to the
// dashboard, whose counts are the server's; the side menu leads to the feedback and error
// reports, where an administrator moves a user's report from Submitted to Resolved with a reply,
// and the user sees status and reply at /feedback/{id} (and the notification in the bell); a
// report is created on /admin/reports, completes live and its CSV downloads.
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { adminLogin, api, apiToken, mails, person, signIn, tokenOf, waitForMail, type Mail } from './fixtures.ts';

/** Signs in with the mailed code; the home page goes on to the projects page. */
async function signInToProjects(page: Page, who: { userName: string; email: string }) {
  await signIn(page, who);
  await expect(page).toHaveURL(/\/projects$/); // the home page goes on to the projects page
}

/** The admin's way in: the header's lock leads to the dashboard and its side menu. */
async function openAdmin(page: Page) {
  await page.getByTestId('nav-admin').click();
  await expect(page).toHaveURL(/\/admin$/);
  await page.keyboard.press('Escape'); // the lock's menu opened too
  await expect(page.getByTestId('admin-menu')).toBeVisible();
}

test('the lock leads to the dashboard, whose counts are the server’s', async ({ page, baseURL }) => {
  await adminLogin(page);
  await openAdmin(page);
  await page.getByTestId('dashboard-refresh').click();
  const token = await apiToken(baseURL!);
  const d = (await api(baseURL!, token, 'admin/dashboard')).body as { numUsers: number; numProjects: number; numScenarios: number };
  await expect(page.getByTestId('dashboard-numUsers-value')).toHaveText(d.numUsers.toLocaleString('en-US'));
  await expect(page.getByTestId('dashboard-numProjects-value')).toHaveText(d.numProjects.toLocaleString('en-US'));
  await expect(page.getByTestId('dashboard-numScenarios-value')).toHaveText(d.numScenarios.toLocaleString('en-US'));
  await expect(page.getByTestId('admin-statistics-chart').locator('svg').first()).toBeVisible();
  // the side menu names the full administrator's pages too
  await expect(page.getByTestId('admin-menu').getByText('Send an email to all users')).toBeVisible();
  await expect(page.getByTestId('admin-menu').getByText('Plugins')).toBeVisible();
});

test('an error report goes Submitted → Resolved and the user sees the reply', async ({ page, baseURL }) => {
  test.setTimeout(240_000);
  const admin = await apiToken(baseURL!);
  const stamp = Date.now().toString(36);
  const user = await person(baseURL!, admin, `reporter${stamp}`);
  const userToken = await tokenOf(baseURL!, user);
  const title = `Map is blank ${stamp}`;
  const filed = await api(baseURL!, userToken, 'errorreports', { method: 'POST', body: { title, userComments: 'The map page shows no subbasins.' } });
  expect(filed.status).toBe(200);
  const id = filed.body.id as number;

  await adminLogin(page);
  await openAdmin(page);
  await page.getByTestId('admin-menu').getByText('Feedback and error reports', { exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/errors$/);
  await page.getByLabel('Filter').fill(title);
  const link = page.getByTestId(`admin-error-${id}`);
  await expect(link).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: title })).toContainText('Submitted');
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/admin/errors/${id}$`));
  await expect(page.getByTestId('admin-error-status')).toHaveText('Submitted');
  await expect(page.getByTestId('admin-error-comments')).toHaveText('The map page shows no subbasins.');

  await page.getByTestId('admin-error-status-select').click();
  await page.getByRole('option', { name: 'Resolved' }).click();
  await page.getByTestId('admin-error-developer-comments').fill('The map layer loads again after the fix.');
  await page.getByTestId('admin-error-email-user').check();
  await page.getByTestId('admin-error-save').click();
  await expect(page.getByText('Changes saved.')).toBeVisible();
  await expect(page.getByTestId('admin-error-status')).toHaveText('Resolved');
  await expect(page.getByTestId('admin-error-resolved')).toContainText('by admin');
  const mail = await waitForMail(user.email, /is Resolved/);
  expect(mail.text).toContain('The map layer loads again after the fix.');

  // the user (in the same browser, once the administrator has logged out): status and reply on
  // the report's page, and the notification
  await page.getByTestId('menu-account').click();
  await page.getByTestId('logout').click();
  await expect(page.getByTestId('login-button')).toBeVisible();
  const mine = page;
  await signInToProjects(mine, user);
  await mine.goto(`/feedback/${id}`);
  await expect(mine.getByTestId('feedback-view-status')).toHaveText('Resolved');
  await expect(mine.getByTestId('feedback-view-reply')).toHaveText('The map layer loads again after the fix.');
  await expect(mine.getByTestId('feedback-view-resolved')).toContainText('by admin');
  const notes = (await api(baseURL!, userToken, 'account/notifications')).body as unknown as { title: string; url: string }[];
  expect(notes.some((n) => n.url === `/feedback/${id}` && n.title === `Your report "${title}" is Resolved`)).toBe(true);
});

test('a report is created, completes live and its CSV downloads', async ({ page }) => {
  await adminLogin(page);
  await openAdmin(page);
  await page.getByTestId('admin-menu').getByText('Reports', { exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/reports$/);
  await page.getByTestId('report-type').click();
  await page.getByRole('option', { name: 'User Statistics' }).click();
  await expect(page.getByTestId('report-dataset')).toBeDisabled();
  await page.getByTestId('report-create').click();
  const row = page.getByRole('row').filter({ hasText: 'User Statistics' }).first();
  await expect(row.getByText('complete')).toBeVisible({ timeout: 30_000 });
  const file = row.getByRole('link', { name: /user-statistics-\d+\.csv/ });
  const [download] = await Promise.all([page.waitForEvent('download'), file.click()]);
  expect(download.suggestedFilename()).toMatch(/^user-statistics-\d+\.csv$/);
  const text = readFileSync(await download.path(), 'utf8');
  expect(text.split('\r\n')[0]).toBe('Category,Country,Users,Confirmed email');
  expect(text).toMatch(/\r\n.+,.+,\d+,\d+\r\n/);
});

test('a partial administrator’s menu leads only to pages they may use', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const admin = await apiToken(baseURL!);
  const stamp = Date.now().toString(36);
  const who = await person(baseURL!, admin, `partial${stamp}`);
  const users = (await api(baseURL!, admin, `admin/users?filter=${who.userName}`)).body as { items: { id: number; userName: string }[] };
  const id = users.items.find((u) => u.userName === who.userName)!.id;
  expect((await api(baseURL!, admin, `admin/users/setrole/${id}`, { method: 'POST', body: { value: 'PartialAdmin' } })).status).toBe(200);

  await signIn(page, who);
  await openAdmin(page);
  const menu = page.getByTestId('admin-menu');
  await expect(menu.getByText('Feedback and error reports', { exact: true })).toBeVisible();
  await expect(menu.getByText('Send an email to all users')).toHaveCount(0);
  await expect(menu.getByText('Plugins', { exact: true })).toHaveCount(0);
  const hrefs = await menu.locator('a').evaluateAll((as) => as.map((a) => a.getAttribute('href')!));
  expect(hrefs.length).toBeGreaterThan(3);
  for (const href of hrefs) {
    await menu.locator(`a[href="${href}"]`).click();
    await expect(page).toHaveURL(new RegExp(`${href.replace(/[/?]/g, '\\$&')}$`));
    await expect(page.getByTestId('not-authorized')).toHaveCount(0);
  }
  // a page the menu leaves out answers 'not authorized' (the API refuses it too: platform-api/test/admin-ops.test.ts)
  await page.goto('/admin/users/email');
  await expect(page.getByTestId('not-authorized')).toBeVisible();
});

test('a full administrator e-mails all users: progress shows, one message per user reaches the outbox', async ({ page, baseURL }) => {
  const admin = await apiToken(baseURL!);
  const subject = `Maintenance ${Date.now().toString(36)}`;
  await adminLogin(page);
  await openAdmin(page);
  await page.getByTestId('admin-menu').getByText('Send an email to all users', { exact: true }).click();
  await page.getByTestId('email-subject').fill(subject);
  await page.getByTestId('email-body').click();
  await page.keyboard.type('The site is down on Sunday.');
  await page.getByRole('button', { name: 'Bold' }).click();
  await page.keyboard.type(' Save your work.');
  await page.getByTestId('email-send').click();
  await expect(page.getByTestId('email-progress')).toContainText(/Sent ".+" to \d+ users\./, { timeout: 30_000 });
  const sent = mails().filter((m) => m.subject === subject);
  const n = Number((await page.getByTestId('email-progress').textContent())!.match(/to (\d+) users/)![1]);
  expect(sent).toHaveLength(n);
  expect(new Set(sent.map((m) => m.to)).size).toBe(n);
  expect((sent[0] as Mail & { html: string }).html).toContain('<strong> Save your work.</strong>');
  // recorded: the sent e-mails list names it, its sender and its recipients
  await expect(page.getByTestId('email-history').getByRole('row').filter({ hasText: subject })).toContainText(`admin${n} of ${n}complete`);
  const d = (await api(baseURL!, admin, 'admin/dashboard?refresh=true')).body as { numUsers: number };
  expect(n).toBeLessThanOrEqual(d.numUsers);
});

test('user categories: drag to reorder (keyboard), add and remove; the registration list follows', async ({ page, baseURL }) => {
  const admin = await apiToken(baseURL!);
  const original = (await api(baseURL!, admin, 'admin/users/categories')).body as unknown as string[];
  try {
    await adminLogin(page);
    await openAdmin(page);
    await page.getByTestId('admin-menu').getByText('User categories', { exact: true }).click();
    const items = page.getByTestId('category-item');
    await expect(items.first()).toContainText(original[0]!);
    // dnd-kit's keyboard sensor: pick up with Space, move down one, drop with Space
    await page.getByRole('button', { name: `Drag ${original[0]}` }).focus();
    await page.keyboard.press('Space');
    await page.waitForTimeout(300); // the sensor measures the list once picked up
    await page.keyboard.press('ArrowDown');
    await page.waitForTimeout(300); // the move is animated
    await page.keyboard.press('Space');
    await expect(page.getByText('Changes saved.')).toBeVisible();
    await expect(items.nth(0)).toContainText(original[1]!);
    await expect(items.nth(1)).toContainText(original[0]!);

    await page.getByTestId('category-input').fill('Watershed council');
    await page.getByTestId('category-add').click();
    await expect(items.last()).toContainText('Watershed council');
    await page.getByRole('button', { name: `Remove ${original.at(-1)}` }).click();
    await expect(page.getByRole('button', { name: `Remove ${original.at(-1)}` })).toHaveCount(0);

    const expected = [original[1]!, original[0]!, ...original.slice(2, -1), 'Watershed council'];
    await expect.poll(async () => ((await (await fetch(`${baseURL}/api/account/locationdata`)).json()) as { organizationCategories: string[] }).organizationCategories).toEqual(expected);
  } finally {
    await api(baseURL!, admin, 'admin/users/categories', { method: 'POST', body: original });
  }
});
