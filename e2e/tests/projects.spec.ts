// Projects (issue 5 part C): as the admin, create the Little River project from the map and the
// typeahead, watch its progress, see 134 HRUs, set HRUs by target, open the HRU table window,
// rename and delete it. There is no internet here: base tiles fail, the vector layers must not care.
import { expect, test, type Page } from '@playwright/test';
import { apiToken, loginFromHeader } from './fixtures.ts';

async function openProjectsMenu(page: Page, item: string) {
  await page.getByTestId('menu-projects').click();
  await page.getByRole('menuitem', { name: item }).click();
}

test('create the Little River project, set its HRUs by target, rename and delete it', async ({ page }) => {
  test.setTimeout(90_000);
  const name = `E2E Little River ${Date.now()}`;

  await page.goto('/');
  await loginFromHeader(page);
  await openProjectsMenu(page, 'Create a project');
  await expect(page).toHaveURL(/\/projects\/create$/);

  // The map: polygons render and clicks answer while every tile request fails.
  const map = page.getByTestId('watershed-map');
  await expect(map).toBeVisible();
  await expect(page.getByTestId('create-dataset')).toHaveValue(/Little River/);
  await expect(map).toHaveAttribute('data-features', /^[1-9]/);
  await expect(page.getByTestId('summary-subbasins')).toHaveText('3');
  const box = (await map.boundingBox())!;
  // Outside the study area: no watershed there.
  const outside = page.waitForResponse((r) => /\/api\/maps\/coords\/\d+\//.test(r.url()));
  await page.mouse.click(box.x + box.width - 20, box.y + 20);
  await outside;
  await expect(page.getByTestId('error-list')).toHaveText('Please select a subbasin within the study area.');
  const coords = page.waitForResponse((r) => /\/api\/maps\/coords\/\d+\//.test(r.url()));
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  expect((await coords).ok()).toBe(true);
  await expect(page.getByTestId('watershed-summary')).toBeVisible();
  await expect(page.getByTestId('map-cursor')).toHaveText(/^-?\d+\.\d{5}, -?\d+\.\d{5}$/);

  // The typeahead: the whole watershed at the outlet, subbasin 3.
  await page.getByTestId('create-typeahead').fill('3');
  await page.getByRole('option', { name: '3', exact: true }).click();
  await expect(page.getByTestId('summary-subbasins')).toHaveText('3');
  await expect(page.getByTestId('summary-hrus')).toHaveText('134');
  await expect(page.getByTestId('create-name')).toHaveValue(/Little River.* - 3$/);
  await page.getByTestId('routing-open').click();
  await expect(page.getByTestId('routing-table').locator('tbody tr')).toHaveCount(2);
  await page.keyboard.press('Escape');
  await page.getByTestId('show-routing').click();

  // Name rules are checked on the client.
  await page.getByTestId('create-name').fill('--');
  await page.getByTestId('create-submit').click();
  await expect(page.getByText('Must contain at least one letter or number')).toBeVisible();
  await page.getByTestId('create-name').fill(name);

  // The new project is shown as still creating (whatever the worker's speed) until the test lets
  // the real answer through, so the progress view and its manual refresh are exercised; the
  // percentage is the held answer's 5 % or a live message's, whichever came last.
  let holding = true;
  await page.route(/\/api\/projects\/\d+$/, async (route) => {
    if (!holding || route.request().method() !== 'GET') return route.fallback();
    const res = await route.fetch();
    const body = (await res.json()) as Record<string, unknown>;
    await route.fulfill({ response: res, json: { ...body, status: { isCreating: true }, progress: { percent: 5, message: 'Waiting in the queue to create the project...' } } });
  });
  await page.getByTestId('create-submit').click();
  await expect(page).toHaveURL(/\/projects\/\d+$/);
  const projectUrl = page.url();
  await expect(page.getByTestId('project-busy')).toContainText(/\d+%/);
  holding = false;
  // (the page's own 2 s look may show the real state first; then the button is gone)
  await page.getByRole('button', { name: 'Refresh now' }).click({ timeout: 5000 }).catch(() => {});
  await expect(page.getByTestId('project-hrus')).toHaveText('134', { timeout: 30_000 });
  await page.unroute(/\/api\/projects\/\d+$/);
  await expect(page.getByTestId('project-subbasins')).toContainText('3');
  await expect(page.getByTestId('project-name')).toHaveText(name);

  // Set HRUs by target: live progress, then the Review page.
  await page.getByTestId('menu-setup').click();
  await page.getByTestId('menu-hrus').click();
  await expect(page).toHaveURL(/\/hrus$/);
  await expect(page.getByTestId('hru-target')).toHaveValue('101');
  await page.getByTestId('hru-target').fill('0');
  await page.getByTestId('hru-submit').click();
  await expect(page.getByText('You must enter a threshold greater than 0.')).toBeVisible();
  await page.getByTestId('hru-target').fill('60');
  await page.getByTestId('hru-submit').click();
  await expect(page.getByTestId('review-counts')).toHaveText('60 HRUs of 134 original, in 3 subbasins.', { timeout: 30_000 });
  await expect(page.getByTestId('review-land-use')).toContainText('AGRL');

  // The HRU table opens in its own window, 100 rows a page sorted by sortOrder.
  const [popup] = await Promise.all([page.waitForEvent('popup'), page.getByTestId('open-hru-table').click()]);
  await expect(popup).toHaveURL(/\/hrus\/\d+$/);
  await expect(popup.locator('table tbody tr')).toHaveCount(60);
  await expect(popup.locator('table tbody tr').first().locator('td').nth(4)).toHaveText(/^\d+\.\d{5}$/);
  await popup.getByText('Original HRUs').click();
  await expect(popup.locator('table tbody tr')).toHaveCount(100);
  await popup.close();

  // Rename.
  await page.goto(projectUrl);
  await page.getByTestId('menu-actions').click();
  await page.getByTestId('action-rename').click();
  await page.getByTestId('name-input').fill('');
  await page.getByTestId('name-submit').click();
  await expect(page.getByText('Please provide a name for the project.')).toBeVisible();
  await page.getByTestId('name-input').fill(`${name} renamed`);
  await page.getByTestId('name-submit').click();
  await expect(page.getByTestId('project-name')).toHaveText(`${name} renamed`);
  await expect(page.getByTestId('project-hrus')).toContainText('60');

  // Delete (a locked confirmation), back on the projects table without it.
  await page.getByTestId('menu-actions').click();
  await page.getByTestId('action-delete').click();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page).toHaveURL(/\/projects\?tab=projects$/);
  await expect(page.getByTestId('grid-projects')).toBeVisible();
  await expect(page.getByText(`${name} renamed`)).toHaveCount(0);
});

test('the dashboard lists projects ten a page with filter and CSV export; group projects wait for groups', async ({ page }) => {
  await page.goto('/');
  await loginFromHeader(page);
  await openProjectsMenu(page, 'All projects');
  await expect(page).toHaveURL(/\/projects\?tab=projects$/);
  await expect(page.getByTestId('grid-projects')).toBeVisible();
  const csv = await page.getByText('Export CSV').getAttribute('href');
  const res = await page.request.get(csv!);
  expect(res.ok()).toBe(true);
  expect(await res.text()).toMatch(/^Name,Last Modified,Dataset,Downstream ID/);
  await page.getByTestId('tab-groups').click();
  await expect(page.getByTestId('groups-empty')).toHaveText('You are not a member of any groups.');
  await page.getByTestId('tab-recent').click();
  await page.getByTestId('new-project').click();
  await expect(page).toHaveURL(/\/projects\/create$/);
  await expect(page.getByTestId('watershed-summary')).toBeVisible();
});

test('documents, downloads (zip), an error report and copy of a project', async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  // A project made through the API, as the create page makes it.
  const token = await apiToken(baseURL!);
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const map = (await (await fetch(`${baseURL}/api/maps/subbasin/name/1/3`, { headers })).json()) as { downstreamID: number; id: string };
  const name = `E2E documents ${Date.now()}`;
  const created = await fetch(`${baseURL}/api/projects`, { method: 'POST', headers, body: JSON.stringify({ datasetID: 1, endID: map.downstreamID, startIDs: [], name, cacheID: map.id }) });
  expect(created.ok).toBe(true);
  const { id } = (await created.json()) as { id: number };

  await page.goto('/');
  await loginFromHeader(page);
  await page.goto(`/projects/${id}`);
  await expect(page.getByTestId('project-hrus')).toHaveText('134', { timeout: 30_000 });

  // Documents: the client refuses a wrong type; a PDF uploads, lists and deletes.
  await page.getByTestId('menu-data').click();
  await page.getByRole('menuitem', { name: 'Uploaded documents' }).click();
  await expect(page).toHaveURL(/\/documents$/);
  const input = page.locator('input[type=file]');
  await input.setInputFiles({ name: 'run.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') });
  await expect(page.getByTestId('error-list')).toContainText('run.exe: this file type is not accepted.');
  await input.setInputFiles({ name: 'notes.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') });
  await expect(page.getByTestId('documents-table')).toContainText('notes.pdf');
  const href = await page.getByRole('link', { name: 'notes.pdf' }).getAttribute('href');
  expect((await page.request.get(href!)).ok()).toBe(true);
  await page.getByRole('button', { name: 'Delete notes.pdf' }).click();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText('This project has no documents yet.')).toBeVisible();

  // Downloads: zip with GIS data, then the zip, GIS layers and CSVs are links that answer.
  await page.getByTestId('crumb-project').click();
  await page.getByTestId('menu-data').click();
  await page.getByRole('menuitem', { name: 'Project downloads' }).click();
  await expect(page).toHaveURL(/\/downloads$/);
  await page.getByTestId('zip-gis').check();
  await page.getByTestId('zip-start').click();
  await expect(page.getByTestId('zip-link')).toBeVisible({ timeout: 30_000 });
  const zip = await page.request.get((await page.getByTestId('zip-link').getAttribute('href'))!);
  expect(zip.headers()['content-type']).toContain('zip');
  expect((await zip.body()).subarray(0, 2).toString()).toBe('PK');
  const gis = await page.getByTestId('gis-links').getByRole('link').first().getAttribute('href');
  expect(JSON.parse(await (await page.request.get(gis!)).text()).type).toBe('FeatureCollection');
  const csv = await page.getByTestId('csv-links').getByRole('link', { name: 'Subbasins (CSV)' }).getAttribute('href');
  expect((await (await page.request.get(csv!)).text()).split('\n').filter(Boolean)).toHaveLength(4);

  // HRUs by area threshold in percent, then Reset (the project has no scenarios).
  await page.getByTestId('crumb-project').click();
  await page.getByTestId('menu-setup').click();
  await page.getByTestId('menu-hrus').click();
  await page.getByTestId('hru-method').getByText('Area threshold', { exact: true }).click();
  await page.getByTestId('hru-units').getByText('Percent', { exact: true }).click();
  await page.getByTestId('hru-area').fill('5');
  await page.getByTestId('hru-submit').click();
  await expect(page.getByTestId('hru-review')).toContainText('Area threshold of 5 %', { timeout: 30_000 });
  await page.getByTestId('hru-reset').click();
  await page.getByRole('button', { name: 'Reset', exact: true }).click();
  await expect(page.getByTestId('hru-form')).toBeVisible();

  // Metadata tables.
  await page.getByTestId('crumb-project').click();
  await page.getByTestId('menu-data').click();
  await page.getByRole('menuitem', { name: 'Metadata' }).click();
  await expect(page.getByTestId('metadata-watershed')).toContainText(name);

  // Feedback and error reports: the form asks for a title and comments, the report lists and opens.
  await page.getByTestId('crumb-project').click();
  await page.getByTestId('menu-data').click();
  await page.getByRole('menuitem', { name: 'Feedback and error reports' }).click();
  await expect(page).toHaveURL(/\/errors$/);
  await expect(page.getByText("You don't have any error reports yet.")).toBeVisible();
  await page.getByTestId('report-create').click();
  await expect(page).toHaveURL(/\/errors\/create$/);
  await page.getByTestId('report-submit').click();
  await expect(page.getByText('Required', { exact: true })).toHaveCount(2);
  await page.getByTestId('report-title').fill('E2E report');
  await page.getByTestId('report-comments').fill('Sent from the project errors page.');
  await page.getByTestId('report-submit').click();
  await expect(page.getByRole('status')).toHaveText('Error report submitted.');
  await expect(page).toHaveURL(/\/errors$/);
  await page.getByRole('link', { name: 'E2E report', exact: true }).click();
  await expect(page).toHaveURL(/\/errors\/\d+$/);
  await expect(page.getByTestId('report-view-comments')).toHaveText('Sent from the project errors page.');
  await expect(page.getByTestId('report-view-status')).toHaveText('Submitted');

  // Copy: the default name, then the new project once copied.
  await page.getByTestId('crumb-project').click();
  await page.getByTestId('menu-actions').click();
  await page.getByTestId('action-copy').click();
  await expect(page.getByTestId('name-input')).toHaveValue(`${name} (Copy)`);
  await page.getByTestId('name-input').fill(' ');
  await page.getByTestId('name-submit').click();
  await expect(page.getByText('Please provide a name for the new project.')).toBeVisible();
  await page.getByTestId('name-input').fill(`${name} (Copy)`);
  await page.getByTestId('name-submit').click();
  await expect(page).not.toHaveURL(new RegExp(`/projects/${id}$`));
  await expect(page.getByTestId('project-name')).toHaveText(`${name} (Copy)`, { timeout: 30_000 });
  await expect(page.getByTestId('project-hrus')).toHaveText('134');

  // Both go from the projects table (a locked confirmation each).
  await page.goto('/projects?tab=projects');
  for (const n of [`${name} (Copy)`, name]) {
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: n, exact: true }) });
    await row.getByRole('button', { name: `Delete ${n}` }).click();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(page.getByRole('link', { name: n, exact: true })).toHaveCount(0);
  }
});
