// Six more input editors in the browser (issue 15; spec 2 §2 'Editors in detail', §5, §8): as the
// admin, on a Little River project with all its 134 HRUs (so it keeps its auto-fertilized urban
// land use) and a scenario per editor (made through the API), open each editor from the scenario's
// Customize SWAT Inputs tab, make a change (an out-of-range value first where the spec has a
// range), save it, see it listed and marked by the scenario view's check, then remove it.
import { expect, test, type Page } from '@playwright/test';
import { api, apiToken, expectCheck, newScenario as scenarioOf, openEditor as openEditorOf, projectWithHrus, removeChanges, saveButton, saved } from './fixtures.ts';

test.describe.configure({ mode: 'serial' });

let token = '';
let projectId = 0;

/** A scenario of the test's project with the options' defaults. */
const newScenario = (baseURL: string, name: string) => scenarioOf(baseURL, token, projectId, name);
/** Logs in, opens the scenario's Customize SWAT Inputs tab and the editor titled `title`. */
const openEditor = (page: Page, scenarioId: number, title: string, slug: string) => openEditorOf(page, projectId, scenarioId, title, slug);

test.beforeAll(async ({ baseURL }) => {
  test.setTimeout(120_000);
  token = await apiToken(baseURL!);
  projectId = await projectWithHrus(baseURL!, token, `E2E editors ${Date.now()}`, 134); // every HRU kept
});

test.afterAll(async ({ baseURL }) => {
  if (projectId) await api(baseURL!, token, `projects/${projectId}`, { method: 'DELETE' });
});

test('fertilizer: find one in the list, change its mineral N fraction, see it marked, remove it', async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  const scenarioId = await newScenario(baseURL!, 'Fertilizer');
  await openEditor(page, scenarioId, 'Fertilizer', 'fert');
  // 20 per page, numbers to 3 decimals
  const records = page.getByTestId('records');
  await expect(records.locator('tbody tr')).toHaveCount(20);
  await expect(page.getByTestId('records-count')).toHaveText('1–20 of 54');
  await page.getByLabel('Filter').fill('Elem-P');
  await expect(records.locator('tbody tr')).toHaveCount(1);
  await expect(records.locator('tbody tr').first()).toContainText('Elemental Phosphorus');
  await expect(records.locator('tbody tr').first()).toContainText('1.000');
  await page.getByRole('link', { name: 'Edit Elem-P' }).click();
  await expect(page).toHaveURL(new RegExp(`/scenarios/${scenarioId}/fert/2$`));
  await expect(page.getByRole('heading', { name: 'Elem-P (2)' })).toBeVisible();

  const fminn = page.getByRole('textbox', { name: 'FMINN' });
  await expect(fminn).toHaveValue('0');
  await expect(saveButton(page)).toBeDisabled();
  await fminn.fill('0.5');
  const posted = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith(`/api/scenarios/general/fert/${scenarioId}/2`));
  await saveButton(page).click();
  expect((await posted).postDataJSON()).toEqual({ FMINN: 0.5 });
  await saved(page);

  await page.getByRole('link', { name: 'Back to the fertilizer list' }).click();
  await expect(page.getByTestId('record-modified-2')).toBeVisible();
  await expectCheck(page, 'Fert', 'Fertilizer', true);
  // Remove Changes on the list reverts every fertilizer
  await expect(page.getByTestId('record-modified-2')).toBeVisible();
  await removeChanges(page);
  await expect(page.getByTestId('record-modified-2')).toHaveCount(0);
  await expectCheck(page, 'Fert', 'Fertilizer', false);
});

test('urban: change the low-density residential type, see it marked, remove it from its page', async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  const scenarioId = await newScenario(baseURL!, 'Urban');
  await openEditor(page, scenarioId, 'Urban', 'urban');
  await expect(page.getByTestId('records').locator('tbody tr')).toHaveCount(9);
  await page.getByRole('link', { name: 'Edit URLD' }).click();
  await expect(page.getByRole('heading', { name: 'URLD (4)' })).toBeVisible();
  await expect(page.getByText('Residential-Low Density')).toBeVisible();
  const fcimp = page.getByRole('textbox', { name: 'FCIMP' });
  await expect(fcimp).toHaveValue('0.1');
  await fcimp.fill('0.45');
  await saveButton(page).click();
  await saved(page);
  await page.getByRole('link', { name: 'Back to the urban type list' }).click();
  await expect(page.getByTestId('record-modified-4')).toBeVisible();
  await expect(page.getByTestId('records').locator('tbody tr').nth(3)).toContainText('0.450');
  await expectCheck(page, 'Urban', 'Urban', true);
  // Remove Changes of the urban type's page: that type only
  await page.getByRole('link', { name: 'Edit URLD' }).click();
  await expect(page.getByRole('textbox', { name: 'FCIMP' })).toHaveValue('0.45');
  await removeChanges(page);
  await expect(page.getByRole('textbox', { name: 'FCIMP' })).toHaveValue('0.1');
  await page.getByRole('link', { name: 'Back to the urban type list' }).click();
  await expect(page.getByTestId('record-modified-4')).toHaveCount(0);
});

test('nutrient efficiency: a value for the auto-fertilized land use, out of range first, saved, removed', async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  const scenarioId = await newScenario(baseURL!, 'Nutrient efficiency');
  await openEditor(page, scenarioId, 'Nutrient efficiency', 'nutrient-efficiency');
  const table = page.getByTestId('value-table');
  await expect(table.locator('tbody tr')).toHaveCount(1);
  await expect(table).toContainText('URLD');
  await expect(table).toContainText('Residential-Low Density');
  const urld = page.getByRole('textbox', { name: 'Nutrient efficiency of URLD' });
  await expect(urld).toHaveValue('0');
  await urld.fill('2.5');
  await expect(page.getByText('Must be between 0 and 2').first()).toBeVisible();
  // apply to all copies one value to every row
  await page.getByRole('textbox', { name: 'Nutrient efficiency: apply to all' }).fill('1.5');
  await page.getByRole('button', { name: 'Apply to all' }).click();
  await expect(urld).toHaveValue('1.5');
  const posted = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith(`/api/scenarios/general/nutrientefficiency/${scenarioId}`));
  await saveButton(page).click();
  expect((await posted).postDataJSON()).toEqual({ items: [{ name: 'URLD', value: 1.5 }] });
  await saved(page);
  await expectCheck(page, 'AutoEff', 'Nutrient efficiency', true);
  await expect(page.getByRole('textbox', { name: 'Nutrient efficiency of URLD' })).toHaveValue('1.5');
  await removeChanges(page);
  await expect(page.getByRole('textbox', { name: 'Nutrient efficiency of URLD' })).toHaveValue('0');
});

test('climate sensitivity: rainfall and temperature for a month of all subbasins, listed, removed', async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  const scenarioId = await newScenario(baseURL!, 'Climate sensitivity');
  await openEditor(page, scenarioId, 'Climate sensitivity', 'climate-sensitivity');
  await expect(page.getByTestId('saved-changes-empty')).toBeVisible();
  const rain = page.getByRole('textbox', { name: 'Rainfall change (%)' });
  const temperature = page.getByRole('textbox', { name: 'Temperature change (°C)' });
  await expect(rain).toHaveValue('0');
  await rain.fill('150');
  await expect(page.getByText('Must be between -100 and 100').first()).toBeVisible();
  await rain.fill('20');
  await temperature.fill('3');
  // spec 2 §5: a subbasin (or all) and a month first
  await expect(saveButton(page)).toBeDisabled();
  await page.getByLabel('Apply to all subbasins').check();
  await page.getByLabel('July').check();
  const posted = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith(`/api/scenarios/savemods/${scenarioId}/ClimateSensitivity`));
  await saveButton(page).click();
  expect((await posted).postDataJSON()).toEqual({ applyToAll: true, subbasins: [], landuses: [], soils: [], slopes: [], months: [7], modificationObject: { RFINC: 20, TMPINC: 3 } });
  await saved(page);
  const row = page.getByTestId('saved-changes').locator('tbody tr').first();
  await expect(row).toContainText('Rainfall +20%; temperature +3 °C');
  await expectCheck(page, 'ClimateSensitivity', 'Climate sensitivity', true);
  await page.getByTestId('saved-changes').locator('tbody tr').first().getByRole('button', { name: /^Delete change/ }).click();
  await page.getByRole('dialog', { name: 'Delete change' }).getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByTestId('saved-changes-empty')).toBeVisible();
});

test('HRU variables to print: the checklist and its counter, a selection saved, removed', async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  const scenarioId = await newScenario(baseURL!, 'HRU variables');
  await openEditor(page, scenarioId, 'HRU variables to print', 'hru-vars');
  const list = page.getByRole('group', { name: 'HRU variables' });
  const count = page.getByTestId('checklist-count');
  await expect(count).toHaveText('20 of 20 selected');
  await list.getByRole('checkbox', { name: /^SNOFALL/ }).check();
  await expect(count).toHaveText('21 of 20 selected');
  await expect(page.getByText('Please select only 20 variables at most.').first()).toBeVisible();
  await list.getByRole('button', { name: 'Clear' }).click();
  await expect(page.getByText('Please select at least one variable.').first()).toBeVisible();
  await list.getByRole('checkbox', { name: /^PRECIP/ }).check();
  await list.getByRole('checkbox', { name: /^ET\b/ }).check();
  await expect(count).toHaveText('2 of 20 selected');
  const posted = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith(`/api/scenarios/print/hruvars/${scenarioId}`));
  await saveButton(page).click();
  expect((await posted).postDataJSON()).toEqual({ variables: ['PRECIP', 'ET'] });
  await saved(page);
  await expectCheck(page, 'HruVars', 'HRU variables to print', true);
  await expect(page.getByTestId('checklist-count')).toHaveText('2 of 20 selected');
  await removeChanges(page);
  await expect(page.getByTestId('checklist-count')).toHaveText('20 of 20 selected');
});

test('HRUs to print: filter, get the matching HRUs (first 20 selected), save, see the selection, remove it', async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  const scenarioId = await newScenario(baseURL!, 'HRUs to print');
  await openEditor(page, scenarioId, 'HRUs to print', 'hru-print');
  const get = page.getByRole('button', { name: 'Get Matching HRUs' });
  await expect(get).toBeDisabled();
  await page.getByLabel('Apply to all HRUs').check();
  await get.click();
  const matches = page.getByTestId('hru-matches');
  // 50 a page, the first 20 selected and highlighted
  await expect(matches.locator('tbody tr')).toHaveCount(50);
  await expect(matches.locator('tbody tr[data-selected="true"]')).toHaveCount(20);
  await expect(page.getByTestId('hru-selected-count')).toHaveText('20 of 20 selected');
  await matches.locator('tbody tr').nth(25).getByRole('checkbox').check();
  await expect(page.getByText('Please select only 20 HRUs at most.').first()).toBeVisible();
  await matches.locator('tbody tr').nth(0).getByRole('checkbox').uncheck();
  await matches.locator('tbody tr').nth(1).getByRole('checkbox').uncheck();
  await expect(page.getByTestId('hru-selected-count')).toHaveText('19 of 20 selected');
  await saveButton(page).click();
  await saved(page);
  // the saved selection, with Remove Selection instead of the filter
  const selection = page.getByTestId('hru-print-selection');
  await expect(selection.locator('tbody tr')).toHaveCount(19);
  await expect(get).toHaveCount(0);
  await expectCheck(page, 'HruPrint', 'HRUs to print', true);
  await expect(page.getByTestId('hru-print-selection').locator('tbody tr')).toHaveCount(19);
  await page.getByRole('button', { name: 'Remove Selection' }).click();
  await expect(page.getByRole('button', { name: 'Get Matching HRUs' })).toBeVisible();
  expect(((await api(baseURL!, token, `scenarios/print/hruprint/${scenarioId}`)).body as { hasMods: boolean }).hasMods).toBe(false);
});
