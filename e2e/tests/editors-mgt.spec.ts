// The management and upload editors in the browser (issue 16; spec 2 §2 'Editors in detail', §4
// 'Operations editor', §5): as the admin, on a Little River project with all its 134 HRUs —
// general management: Get data without an HRU, one HRU's values edited and applied to a wider
// selection; operations: add (Ok disabled while a field is blank), edit, sort, delete, import a
// CSV, save for the cropland; land use update: a zip of a dated CSV uploaded, a zip leaving its
// folder refused; point source: a sample file uploaded as a zip.
import { expect, test, type Page } from '@playwright/test';
import { writeZip } from '../../plugin-sdk/src/server/zip.ts';
import { api, apiToken, openEditor as openEditorOf, saveButton, saved, until, type Json } from './fixtures.ts';

test.describe.configure({ mode: 'serial' });

let token = '';
let projectId = 0;
let scenarioId = 0;
type Hru = { subbasin: string; landuse: string; soil: string; slopeClass: string };
let agrl: Hru;

async function download(baseURL: string, path: string): Promise<string> {
  const res = await fetch(`${baseURL}${path}${path.includes('?') ? '&' : '?'}access_token=${token}`);
  expect(res.status).toBe(200);
  return res.text();
}

/** Logs in, opens the scenario's Customize SWAT Inputs tab and the editor titled `title`. */
const openEditor = (page: Page, title: string, slug: string) => openEditorOf(page, projectId, scenarioId, title, slug);

/** Picks an option of a Mantine select labelled `label` within `scope`. */
async function pick(page: Page, scope: ReturnType<Page['getByTestId']>, label: string, option: string): Promise<void> {
  const input = scope.getByRole('combobox', { name: label, exact: true });
  await expect(input).toBeEnabled();
  await input.click();
  await page.getByRole('option', { name: option, exact: true }).first().click();
}

/** Picks the cropland HRU and presses Get data. */
async function getData(page: Page): Promise<void> {
  const pickArea = page.getByTestId('hru-pick');
  await pick(page, pickArea, 'Subbasins', agrl.subbasin);
  await pick(page, pickArea, 'Land uses', `${agrl.landuse} (Agricultural Land-Generic)`);
  await pick(page, pickArea, 'Soils', agrl.soil);
  await pick(page, pickArea, 'Slopes', agrl.slopeClass);
  await pickArea.getByRole('button', { name: 'Get data' }).click();
  await expect(page.getByTestId('hru-picked')).toBeVisible();
}

test.beforeAll(async ({ baseURL }) => {
  test.setTimeout(120_000);
  token = await apiToken(baseURL!);
  const map = (await api(baseURL!, token, 'maps/subbasin/name/1/3')).body as { downstreamID: number; id: string };
  const created = await api(baseURL!, token, 'projects', { method: 'POST', body: { datasetID: 1, endID: map.downstreamID, startIDs: [], name: `E2E management ${Date.now()}`, cacheID: map.id } });
  projectId = (created.body as { id: number }).id;
  const status = async () => ((await api(baseURL!, token, `projects/${projectId}`)).body.status ?? {}) as Json;
  await until('the project to be created', async () => !!(await status()).isCreated, 30_000);
  expect((await api(baseURL!, token, 'projects/hrus', { method: 'POST', body: { projectID: projectId, method: 'target', targetThreshold: 134 } })).status).toBe(200);
  await until('the HRUs to be set', async () => !!(await status()).hasSetHrus, 30_000);
  const o = (await api(baseURL!, token, `scenarios/options/${projectId}`)).body as Record<string, unknown>;
  const scenario = await api(baseURL!, token, 'scenarios', {
    method: 'POST',
    body: { projectID: projectId, name: 'Management', weatherDatasetID: o.defaultWeatherDataset, swatVersionID: o.defaultSWATVersion, printSetting: 1, skipYears: 2, startingSimulationDate: o.defaultStartDate, endingSimulationDate: o.defaultEndDate },
  });
  scenarioId = (scenario.body as { id: number }).id;
  const hrus = (await api(baseURL!, token, `hruselection/matching/${projectId}`, { method: 'POST', body: { applyToAll: true } })).body as unknown as Hru[];
  agrl = hrus.find((h) => h.landuse === 'AGRL')!;
});

test.afterAll(async ({ baseURL }) => {
  if (projectId) await api(baseURL!, token, `projects/${projectId}`, { method: 'DELETE' });
});

test('general management: one HRU edited, then applied to every soil of its subbasin\'s cropland', async ({ page }) => {
  test.setTimeout(90_000);
  await openEditor(page, 'General management', 'mgt-general');
  await page.getByTestId('hru-pick').getByRole('button', { name: 'Get data' }).click();
  await expect(page.getByText('Please select an HRU and try again.')).toBeVisible();
  await getData(page);
  const form = page.getByTestId('mgt-general-form');
  for (const section of ['Initial Plant Growth', 'General Management', 'Urban Management', 'Irrigation Management', 'Tile Drain Management']) await expect(form.getByRole('heading', { name: section })).toBeVisible();
  // the source location only for a source inside the watershed (spec 2 §5)
  await expect(form.getByRole('textbox', { name: 'IRRNO' })).toHaveCount(0);
  await expect(saveButton(page)).toBeDisabled();
  await form.getByRole('textbox', { name: 'USLE_P' }).fill('0.5');
  await form.getByRole('textbox', { name: 'FILTERW' }).fill('10');
  // apply to every soil and slope of the HRU's subbasin's cropland
  const apply = page.getByTestId('hru-apply');
  await apply.getByRole('button', { name: 'Select all soils' }).click();
  await expect(saveButton(page)).toBeEnabled();
  await saveButton(page).click();
  await saved(page);
  await expect(page.getByText('USLE_P 0.5, FILTERW 10')).toBeVisible();
  // hide the form, pick another HRU
  await page.getByRole('button', { name: 'Hide form' }).click();
  await expect(page.getByTestId('hru-form')).toBeHidden();
  await page.getByRole('button', { name: 'Select another HRU' }).click();
  await expect(page.getByTestId('hru-pick')).toBeVisible();
});

test('operations: add, edit, sort and delete operations, import a CSV, apply to the cropland', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const key = `${encodeURIComponent(agrl.subbasin)}/${agrl.landuse}/${encodeURIComponent(agrl.soil)}/${encodeURIComponent(agrl.slopeClass)}`;
  const csv = await download(baseURL!, `/api/exports/mgtoperations/${scenarioId}/${key}`);
  await openEditor(page, 'Operations management', 'mgt-operations');
  await getData(page);
  const table = page.getByTestId('operations-table');
  const rows = table.getByTestId('operation-row');
  await expect(rows.first()).toBeVisible();
  const n = await rows.count();
  expect(n).toBeGreaterThan(5);
  await expect(page.getByRole('switch', { name: 'Schedule by heat units' })).not.toBeChecked();

  // add: a fertilizer application; Ok is disabled while a field is blank
  await page.getByRole('button', { name: 'Add an operation' }).click();
  const modal = page.getByRole('dialog', { name: 'Edit operation' });
  await pick(page, modal as never, 'Operation', '3 - Fertilizer application');
  await modal.getByRole('textbox', { name: 'Amount (kg/ha)' }).fill('');
  await expect(modal.getByText('Please make sure no fields are left blank before continuing.')).toBeVisible();
  await expect(modal.getByRole('button', { name: 'Ok' })).toBeDisabled();
  await modal.getByRole('textbox', { name: 'Amount (kg/ha)' }).fill('55');
  await modal.getByRole('textbox', { name: 'Month' }).fill('6');
  await modal.getByRole('button', { name: 'Ok' }).click();
  await expect(rows).toHaveCount(n + 1);
  await expect(rows.last()).toContainText('Fertilizer application');

  // edit it: a later day
  await table.getByRole('button', { name: `Edit operation ${n + 1}`, exact: true }).click();
  await modal.getByRole('textbox', { name: 'Day' }).fill('15');
  await modal.getByRole('button', { name: 'Ok' }).click();
  await expect(rows.last()).toContainText('15');

  // sort: it moves into June of its year
  await page.getByRole('button', { name: 'Sort operations' }).click();
  await expect(table.getByRole('textbox', { name: `Year of operation ${n + 1}`, exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Done sorting' }).click();
  await expect(rows.last()).not.toContainText('Fertilizer application');

  // delete the first operation
  await table.getByRole('button', { name: 'Remove operation 1', exact: true }).click();
  await page.getByRole('dialog', { name: 'Remove operation' }).getByRole('button', { name: 'Remove' }).click();
  await expect(rows).toHaveCount(n);

  // import the exported CSV: the HRU's own schedule again
  await page.getByRole('button', { name: 'Import/export' }).click();
  const io = page.getByRole('dialog', { name: 'Import/export operations' });
  await expect(io.getByRole('link', { name: 'Export the operations (CSV)' })).toBeVisible();
  await io.getByRole('tab', { name: 'Import' }).click();
  await io.getByLabel('Operations CSV file').setInputFiles({ name: 'bad.csv', mimeType: 'text/csv', buffer: Buffer.from('YEAR,MGT_OP,FRT_KG\n1,3,many\n') });
  await expect(io.getByText('bad.csv: line 2, column FRT_KG: Must be a number')).toBeVisible();
  await io.getByLabel('Operations CSV file').setInputFiles({ name: 'operations.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(page.getByText(`${n} operations imported. Press Save to keep them.`)).toBeVisible();
  await expect(rows).toHaveCount(n);

  // one more operation, then apply to the whole cropland: every soil and slope of every subbasin
  await page.getByRole('button', { name: 'Add an operation' }).click();
  await pick(page, modal as never, 'Operation', '8 - Kill / end of growing season');
  await modal.getByRole('textbox', { name: 'Month' }).fill('12');
  await modal.getByRole('textbox', { name: 'Day' }).fill('20');
  await modal.getByRole('button', { name: 'Ok' }).click();
  const apply = page.getByTestId('hru-apply');
  await apply.getByRole('button', { name: 'Select all subbasins' }).click();
  await apply.getByRole('button', { name: 'Select all soils' }).click();
  await saveButton(page).click();
  await saved(page);
  await expect(page.getByText(new RegExp(`^${n + 1} operations over \\d years, by date$`))).toBeVisible();
});

test('land use update: a zip of a dated CSV is uploaded; a zip leaving its folder is refused', async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  const hrus = await download(baseURL!, `/api/exports/luphrus/${scenarioId}`);
  await openEditor(page, 'Land use update', 'lup');
  const input = page.getByLabel('Land use update files (.zip)');
  await input.setInputFiles({ name: 'evil.zip', mimeType: 'application/zip', buffer: writeZip([{ name: '../2006-01-01.csv', data: hrus }]) });
  await expect(page.getByText(/^\.\.\/2006-01-01\.csv: a file of the zip archive may not be stored outside it/)).toBeVisible();
  await input.setInputFiles({ name: 'updates.zip', mimeType: 'application/zip', buffer: writeZip([{ name: '2006-01-01.csv', data: hrus }]) });
  await saved(page);
  const current = page.getByTestId('current-updates');
  await expect(current.getByRole('cell', { name: '2006-01-01' })).toBeVisible();
  await expect(current.getByRole('link', { name: 'Download the current land use update data (.zip)' })).toBeVisible();
});

test('point source: a constant sample file uploaded as a zip', async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  await openEditor(page, 'Point source', 'point-source');
  await expect(page.getByTestId('sample-files').getByRole('link')).toHaveCount(4);
  const sample = await download(baseURL!, `/api/exports/pointsourcesample/${scenarioId}/constant`);
  await page.getByLabel('Point source files (.zip)').setInputFiles({ name: 'sources.zip', mimeType: 'application/zip', buffer: writeZip([{ name: 'pointsource_constant.csv', data: sample }]) });
  await saved(page);
  const current = page.getByTestId('current-point-sources');
  await expect(current.getByRole('cell', { name: 'Constant' })).toBeVisible();
  await expect(current.getByRole('link', { name: 'Download the current point source data (.zip)' })).toBeVisible();
});
