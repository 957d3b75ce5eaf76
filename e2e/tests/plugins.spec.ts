import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { apiToken, loginFromHeader, setPluginEnabled } from './fixtures.ts';

// The first journey turns help off: whatever happens in it, the next ones start with help on.
test.afterEach(async ({ baseURL }) => setPluginEnabled(baseURL!, 'help', true));

test('an administrator disables help; visitors lose its nav entry and route; re-enabled it returns', async ({ page, browser, baseURL }) => {
  await page.goto('/');
  await loginFromHeader(page);
  // the lock leads to the admin dashboard (and opens its menu); the side menu lists the pages
  await page.getByTestId('nav-admin').click();
  await expect(page).toHaveURL(/\/admin$/);
  await page.keyboard.press('Escape');
  await page.getByTestId('admin-menu').getByRole('link', { name: 'Plugins', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/plugins$/);
  const toggle = page.getByTestId('toggle-help');
  await expect(toggle).toBeChecked();
  await toggle.click({ force: true });
  await expect(page.getByText('help disabled.')).toBeVisible();

  const visitor = await browser.newContext();
  const v = await visitor.newPage();
  await v.goto(`${baseURL}/`);
  await expect(v.getByTestId('home-intro')).toBeVisible();
  await expect(v.getByTestId('nav-help')).toHaveCount(0);
  await v.goto(`${baseURL}/help`);
  await expect(v).toHaveURL(`${baseURL}/`);

  await toggle.click({ force: true });
  await expect(page.getByText('help enabled.')).toBeVisible();
  await v.goto(`${baseURL}/help`);
  await expect(v.getByRole('heading', { name: 'Documentation & Support' })).toBeVisible();
  await expect(v.getByTestId('nav-help')).toBeVisible();
  await visitor.close();
});

test('a plugin whose remote is unreachable shows a contained error while the rest works', async ({ page, baseURL }) => {
  // Deploy an external remote, register it, then take its server down.
  const files: Record<string, unknown> = {
    '/ghost/mf-manifest.json': { id: 'hw_ghost', name: 'hw_ghost', exposes: [{ id: 'hw_ghost:plugin', name: 'plugin', path: './plugin' }], shared: [], remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' }, metaData: { name: 'hw_ghost', publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' }, globalName: 'hw_ghost', buildInfo: { buildVersion: '1.0.0' }, types: { name: '', path: '' } } },
    '/ghost/headwater.json': { id: 'ghost', kind: 'page', title: 'Ghost tool', version: '1.0.0', sdk: '^1', routes: [{ name: 'Ghost', path: '/ghost', title: 'Ghost tool', access: 'public' }], nav: [{ menu: 'header', label: 'Ghost', route: 'Ghost' }] },
  };
  const server: Server = createServer((req, res) => {
    const body = files[req.url ?? ''];
    res.setHeader('access-control-allow-origin', '*');
    if (!body) return res.writeHead(404).end();
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(body));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const manifestUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/ghost/mf-manifest.json`;
  const token = await apiToken(baseURL!);
  const reg = await fetch(`${baseURL}/api/admin/plugins`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify({ manifestUrl }) });
  expect(reg.status).toBe(201);
  await new Promise<void>((r) => server.close(() => r()));
  server.closeAllConnections();

  try {
    await page.goto('/ghost');
    await expect(page.getByTestId('plugin-error')).toContainText('Ghost tool could not be loaded');
    await expect(page.getByTestId('plugin-error').getByRole('button', { name: 'Retry' })).toBeVisible();
    // The rest of the app keeps working.
    await page.getByTestId('nav-help').click();
    await expect(page.getByRole('heading', { name: 'Documentation & Support' })).toBeVisible();
    await page.getByTestId('nav-home').click();
    await expect(page.getByTestId('home-intro')).toBeVisible();
  } finally {
    await fetch(`${baseURL}/api/admin/plugins/ghost`, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } });
  }
});

test('admin pages guard: visitors get the login form, signed-in admins the page', async ({ page, baseURL }) => {
  await setPluginEnabled(baseURL!, 'help', true);
  await page.goto('/admin/plugins');
  await expect(page.getByTestId('login-form')).toBeVisible();
  await page.getByTestId('login-form').getByLabel('User name').fill('admin');
  await page.getByTestId('login-form').getByLabel('Password', { exact: true }).fill('wrong-password');
  await page.getByTestId('login-form').getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByTestId('error-list')).toContainText('Invalid credentials');
  await page.getByTestId('login-form').getByLabel('Password', { exact: true }).fill('E2e-admin-pass1');
  await page.getByTestId('login-form').getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByTestId('plugins-table')).toContainText('Documentation & Support');
  await page.getByTestId('menu-account').click();
  await page.getByTestId('logout').click();
  await expect(page.getByTestId('login-button')).toBeVisible();
});
