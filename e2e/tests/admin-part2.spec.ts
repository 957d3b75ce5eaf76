// The administrator area, part 2 (issue 20) in the browser: an administrator copies a user's
// project to another user from /admin/projects and lands on the copy; creates a weather dataset
// from station files placed on the server and uses it in a scenario; uploads a SWAT executable
// (a small test program standing in for one) and makes it the default version; turns the site
// offline (visitors see the site-down page, the administrator keeps working) and back.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { adminLogin, api, apiToken, dataDir, person, projectWithHrus } from './fixtures.ts';

const stamp = Date.now().toString(36);

test("copy a user's project to another user and land on the copy", async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const admin = await apiToken(baseURL!);
  const owner = `owner${stamp}`;
  const receiver = `receiver${stamp}`;
  await person(baseURL!, admin, owner);
  await person(baseURL!, admin, receiver);
  const made = await projectWithHrus(baseURL!, admin, `Source ${stamp}`);
  // the user's project: a copy given to them
  const given = await api(baseURL!, admin, `admin/projects/copy/${made}`, { method: 'POST', body: { name: `Owned ${stamp}`, userName: owner } });
  expect(given.status).toBe(200);
  const userProject = (given.body as { id: number }).id;
  await expect.poll(async () => ((await api(baseURL!, admin, `projects/${userProject}`)).body.status as { isCreated?: boolean } | undefined)?.isCreated, { timeout: 30_000 }).toBe(true);

  await adminLogin(page);
  await page.goto('/admin/projects');
  const grid = page.getByTestId('grid-admin/projects');
  await grid.getByPlaceholder('Filter').fill(`Owned ${stamp}`);
  await expect(grid.getByText(owner)).toBeVisible();
  await page.getByTestId(`select-project-${userProject}`).check();
  await page.getByTestId('copy-project').click();
  await expect(page.getByTestId('copy-name')).toHaveValue(`Owned ${stamp} (Copy)`);
  await page.getByTestId('copy-name').fill('');
  await page.getByTestId('copy-submit').click();
  await expect(page.getByText('Please provide a name for the new scenario.')).toBeVisible();
  await page.getByTestId('copy-name').fill(`For receiver ${stamp}`);
  await page.getByTestId('copy-owner').fill(receiver.slice(0, 8));
  await page.getByRole('option', { name: receiver }).click();
  await page.getByTestId('copy-submit').click();
  await expect(page).toHaveURL(/\/projects\/\d+$/);
  const copyId = Number(page.url().split('/').pop());
  expect(copyId).not.toBe(userProject);
  await expect(page.getByText(`For receiver ${stamp}`).first()).toBeVisible();
  const rows = (await api(baseURL!, admin, `admin/projects?filter=${encodeURIComponent(`For receiver ${stamp}`)}`)).body as { items: { id: number; userName: string }[] };
  expect(rows.items).toEqual([expect.objectContaining({ id: copyId, userName: receiver })]);
});

test('create a weather dataset from station files on the server and use it in a scenario', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const admin = await apiToken(baseURL!);
  const project = await projectWithHrus(baseURL!, admin, `Weather use ${stamp}`);
  // the station files an operator placed under DATA_DIR/weather
  const folder = `e2e-${stamp}`;
  const dir = join(dataDir, 'weather', folder);
  mkdirSync(dir, { recursive: true });
  // SWAT's own layout (four header lines, then yyyyddd and f5.1 values), one station each
  const dates = Array.from({ length: 731 }, (_, i) => (i < 366 ? 2000001 + i : 2001001 + i - 366));
  const f51 = (v: number) => v.toFixed(1).padStart(5);
  const header = (width: number) => ['Station  gage1,', `Lati   ${'35.5'.padStart(width)}`, `Long   ${'-83.6'.padStart(width)}`, `Elev   ${'120'.padStart(width)}`];
  writeFileSync(join(dir, 'pcp1.pcp'), [...header(5), ...dates.map((d, i) => `${d}${f51(i % 5 === 0 ? 8.2 : 0)}`)].join('\r\n') + '\r\n');
  writeFileSync(join(dir, 'Tmp1.Tmp'), [...header(10), ...dates.map((d) => `${d}${f51(24)}${f51(11)}`)].join('\r\n') + '\r\n');

  await adminLogin(page);
  await page.goto('/admin/datasets/weather');
  await page.getByRole('link', { name: 'Create a new weather dataset' }).click();
  await expect(page.getByRole('heading', { name: 'Create a new weather dataset' })).toBeVisible();
  const name = `Station weather ${stamp}`;
  await page.getByTestId('weather-name').fill(name);
  await page.getByTestId('weather-path').fill(folder);
  await page.getByTestId('weather-start').fill('2000-01-01');
  await page.getByTestId('weather-end').fill('2001-12-31');
  await page.getByTestId('weather-save').click();
  await expect(page).toHaveURL(/\/admin\/datasets\/weather$/);
  await expect(page.getByText(name)).toBeVisible();

  await page.goto(`/projects/${project}/scenarios/create`);
  await page.getByTestId('scenario-weather').selectOption({ label: name });
  await page.getByTestId('scenario-name').fill(`On ${name}`);
  await page.getByTestId('scenario-start').fill('2000-01-01');
  await page.getByTestId('scenario-end').fill('2001-12-31');
  await page.getByTestId('scenario-skip').fill('1'); // two simulated years: one warm-up year
  await page.getByTestId('scenario-submit').click();
  await expect(page).toHaveURL(new RegExp(`/projects/${project}/scenarios/\\d+$`));
  const scenario = (await api(baseURL!, admin, `scenarios/${page.url().split('/').pop()}`)).body as { scenario?: { weatherDataset?: string }; weatherDataset?: string };
  expect(JSON.stringify(scenario)).toContain(name);
});

test('upload a SWAT executable and make it the default version', async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  const admin = await apiToken(baseURL!);
  await adminLogin(page);
  await page.goto('/admin/datasets/swatversions');
  await expect(page.getByRole('heading', { name: 'SWAT Executable Versions' })).toBeVisible();
  const exe = `swat-e2e-${stamp}`;
  await page.getByTestId('executable-upload').locator('input[type=file]').setInputFiles({ name: exe, mimeType: 'application/octet-stream', buffer: Buffer.from('#!/bin/sh\necho "SWAT stand-in"\n') });
  await expect(page.getByTestId('executable-uploaded')).toContainText(exe);
  await expect(page.getByTestId('executable-files')).toContainText(exe);
  await page.getByRole('link', { name: 'Create SWAT version' }).click();
  await expect(page.getByText('Files must be uploaded or placed on the server')).toBeVisible();
  await page.getByTestId('version-name').fill(`Test SWAT ${stamp}`);
  await page.getByTestId('version-releaseFileName').selectOption(exe);
  await page.getByTestId('version-debugFileName').selectOption(exe);
  await page.getByTestId('version-default').check();
  await page.getByTestId('version-save').click();
  await expect(page.getByRole('heading', { name: 'Edit SWAT version' })).toBeVisible();
  const id = Number(page.url().split('/').pop());
  const saved = (await api(baseURL!, admin, `admin/swatversions/${id}`)).body as { isDefault: boolean; releaseFileName: string };
  expect(saved).toMatchObject({ isDefault: true, releaseFileName: exe });
  await page.getByRole('link', { name: 'Back to SWAT versions' }).click();
  const grid = page.getByTestId('grid-admin/swatversions');
  await expect(grid.getByRole('row', { name: new RegExp(`Test SWAT ${stamp}`) })).toContainText('Yes');
  // the built-in engine back as the default for the other specs
  const list = (await api(baseURL!, admin, 'admin/swatversions')).body as { items: { id: number; releaseFileName: string; name: string; debugFileName: string }[] };
  const builtin = list.items.find((v) => v.releaseFileName.startsWith('builtin:'))!;
  expect((await api(baseURL!, admin, `admin/swatversions/${builtin.id}`, { method: 'PUT', body: { ...builtin, isDefault: true, isDisabled: false } })).status).toBe(200);
});

test('turn the site offline and back', async ({ page, browser, baseURL }) => {
  test.setTimeout(90_000);
  const admin = await apiToken(baseURL!);
  await adminLogin(page);
  await page.goto('/admin/website-settings');
  await page.getByTestId('setting-isOffline').check();
  await page.getByTestId('website-settings-save').click();
  await expect(page.getByText('Changes saved.')).toBeVisible();
  const visitor = await browser.newPage();
  try {
    await visitor.goto(`${baseURL}/`);
    await expect(visitor.getByTestId('site-down')).toBeVisible();
    await expect(visitor.getByText('The site is offline for maintenance. Please try again later.')).toBeVisible();
    expect((await fetch(`${baseURL}/api/datasets/publiclist`)).status).toBe(503);
    // the administrator keeps working
    await page.goto('/admin/projects');
    await expect(page.getByTestId('grid-admin/projects')).toBeVisible();
    await expect(page.getByTestId('site-down')).toHaveCount(0);
    await page.goto('/admin/website-settings');
    await page.getByTestId('setting-isOffline').uncheck();
    await page.getByTestId('website-settings-save').click();
    await expect(page.getByText('Changes saved.')).toBeVisible();
    await visitor.reload();
    await expect(visitor.getByTestId('site-down')).toHaveCount(0);
    expect((await fetch(`${baseURL}/api/datasets/publiclist`)).status).not.toBe(503);
  } finally {
    await visitor.close();
    const s = (await api(baseURL!, admin, 'admin/websitesettings')).body;
    if (s.isOffline) await api(baseURL!, admin, 'admin/websitesettings', { method: 'POST', body: { ...s, isOffline: false } });
  }
});
