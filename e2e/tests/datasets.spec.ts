// Uploaded project datasets (issue 18) in the browser, as a new user whose tier allows uploads:
// Projects menu → 'Upload a project' → the datasets page → the upload form; the zip of an ArcSWAT
// project (the LREW TxtInOut and its Albers subbasin/stream shapefiles, built here from the
// repository's fixtures) uploads with its progress, the import's progress shows live and the
// dataset page appears when it is done; a hostile zip is refused with its message; a project made
// from the new dataset runs a scenario.
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { writeZip } from '../../plugin-sdk/src/server/zip.ts';
import { fixtureProject, FIXTURES } from '../../swat/test/fixtures.ts';
import { api, apiToken, entriesOf, PASSWORD, signIn, signInCode, until } from './fixtures.ts';

test('a new user uploads a SWAT project, watches the import, and runs a scenario on it', async ({ page, baseURL }) => {
  test.setTimeout(360_000);
  const admin = await apiToken(baseURL!);
  const userName = `uploader${Date.now().toString(36)}`;
  const email = `${userName}@example.org`;
  const created = await api(baseURL!, admin, 'admin/users', {
    method: 'POST',
    body: { firstName: 'Ulla', lastName: 'Loader', email, userName, password: PASSWORD, country: 'Canada', organizationCategory: 'Individual', affiliation: 'Watershed lab', reasonForUse: 'Dataset uploads' },
  });
  expect(created.status).toBe(201);
  // a tier with uploads (Tier II: 5)
  const id = (created.body as { id: number }).id;
  const profile = (await api(baseURL!, admin, `admin/users/${id}`)).body as Record<string, unknown>;
  const tiers = (await api(baseURL!, admin, 'admin/tiers')).body as { items?: { id: number; name: string }[] } | { id: number; name: string }[];
  const tierList = Array.isArray(tiers) ? tiers : (tiers.items ?? []);
  const tierII = tierList.find((t) => t.name === 'Tier II')!.id;
  const saved = await api(baseURL!, admin, `admin/users/${id}`, { method: 'POST', body: { ...((profile.user as Record<string, unknown>) ?? profile), tierID: tierII } });
  expect(saved.status).toBe(200);

  await signIn(page, { userName, email });
  await page.getByTestId('menu-projects').click();
  await page.getByRole('menuitem', { name: 'Upload a project' }).click();
  await expect(page).toHaveURL(/\/datasets$/);
  await expect(page.getByTestId('notice-upload-limit')).toContainText('You can upload 5 more projects');
  await page.getByTestId('upload-project').click();
  await expect(page).toHaveURL(/\/datasets\/create$/);

  // a hostile zip is refused with its reason
  const fileInput = page.locator('input[type="file"]');
  await fileInput.setInputFiles({ name: 'evil.zip', mimeType: 'application/zip', buffer: writeZip([{ name: '../outside.txt', data: 'x' }, { name: 'TxtInOut/file.cio', data: 'x' }]) });
  await expect(page.getByText("a file of the zip archive may not be stored outside it")).toBeVisible();

  const tio = fixtureProject('lrew_swat2012');
  const zip = writeZip([...entriesOf(tio, 'LREW/Scenarios/Default/TxtInOut/'), ...entriesOf(join(FIXTURES, 'lrew_swat2012_shapes'), 'LREW/Watershed/Shapes/')]);
  await page.getByTestId('dataset-name').fill('My Little River');
  await page.getByTestId('dataset-description').fill('The LREW ArcSWAT project, uploaded');
  await page.getByTestId('dataset-attribution').fill('USDA-ARS SEWRL, SWATdata (GPL-3)');
  await fileInput.setInputFiles({ name: 'LREW.zip', mimeType: 'application/zip', buffer: zip });
  const result = page.getByTestId('upload-result');
  await expect(result).toContainText('LREW.zip uploaded');
  await expect(result).toContainText('ArcSWAT / QSWAT project');
  await expect(result).toContainText('Outlet subbasin: 3');
  await expect(page.getByTestId('dataset-outlet')).toHaveCount(0); // revealed by fig.fig: not asked
  await page.getByTestId('dataset-create').click();

  // the import's live progress, then the dataset
  await expect(page).toHaveURL(/\/datasets\/\d+$/);
  const datasetPage = page.url();
  await expect(page.getByTestId('progress-view').or(page.getByTestId('dataset-summary'))).toBeVisible();
  await expect(page.getByTestId('dataset-summary').or(page.getByTestId('import-error'))).toBeVisible({ timeout: 120_000 });
  if (await page.getByTestId('import-error').isVisible()) throw new Error(`the import failed: ${await page.getByTestId('import-exception').textContent()}`);
  await expect(page.getByTestId('dataset-counts')).toContainText('3 subbasins, 134 HRUs');
  await expect(page.getByTestId('dataset-active')).toHaveText('Active');

  // a project from it, and a scenario run (the user's token from a second sign-in code)
  const login = await fetch(`${baseURL}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userName, password: PASSWORD }) });
  const limited = ((await login.json()) as { auth_token: string }).auth_token;
  const confirmed = await fetch(`${baseURL}/api/auth/confirmmfa`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code: await signInCode(email), token: limited }) });
  const token = ((await confirmed.json()) as { auth_token: string }).auth_token;
  const importId = Number(datasetPage.split('/').pop());
  const detail = (await api(baseURL!, token, `importdatasets/${importId}`)).body as { newDatasetID: number };
  const userDatasets = (await api(baseURL!, token, 'datasets/user')).body as { userDatasets: { value: number }[] };
  expect(userDatasets.userDatasets.map((d) => d.value)).toContain(detail.newDatasetID);
  const map = (await api(baseURL!, token, `maps/subbasin/name/${detail.newDatasetID}/3`)).body as { downstreamID: number; id: string };
  const project = await api(baseURL!, token, 'projects', { method: 'POST', body: { datasetID: detail.newDatasetID, endID: map.downstreamID, startIDs: [], name: 'From my upload', cacheID: map.id } });
  expect(project.status).toBe(200);
  const projectId = (project.body as { id: number }).id;
  const status = async () => ((await api(baseURL!, token, `projects/${projectId}`)).body.status ?? {}) as Record<string, unknown>;
  await until('the project to be created', async () => !!(await status()).isCreated, 60_000);
  await api(baseURL!, token, 'projects/hrus', { method: 'POST', body: { projectID: projectId, method: 'target', targetThreshold: 60 } });
  await until('the HRUs to be set', async () => !!(await status()).hasSetHrus, 60_000);
  const o = (await api(baseURL!, token, `scenarios/options/${projectId}`)).body as { defaultWeatherDataset: number; defaultSWATVersion: number };
  const sc = await api(baseURL!, token, 'scenarios', {
    method: 'POST',
    body: { projectID: projectId, name: 'Baseline', weatherDatasetID: o.defaultWeatherDataset, swatVersionID: o.defaultSWATVersion, printSetting: 0, skipYears: 1, startingSimulationDate: '2005-01-01', endingSimulationDate: '2007-12-31' },
  });
  expect(sc.status).toBe(200);
  const scenarioId = (sc.body as { id: number }).id;
  expect((await api(baseURL!, token, `scenarios/run/${scenarioId}`, { method: 'POST', body: {} })).status).toBe(200);
  await until('the scenario to run', async () => {
    const s = ((await api(baseURL!, token, `scenarios/${scenarioId}`)).body.status ?? {}) as Record<string, unknown>;
    if (s.hasError) throw new Error(String(s.exceptionMessage));
    return !!s.hasRun;
  }, 180_000);

  // the dataset now has a project: delete is refused with the message
  await page.reload();
  await page.getByTestId('delete-dataset').click();
  await page.getByRole('button', { name: 'Delete', exact: true }).last().click();
  await expect(page.getByText('This dataset is used by 1 project and cannot be deleted. Delete those projects first.')).toBeVisible();
});
