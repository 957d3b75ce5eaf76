// Issue 15's last three input editors in the browser: sediment routing (a CH_EQN option for all
// subbasins), potholes (variables for all HRUs, an out-of-range value refused in the spec's
// words) and calibration (the demo dataset's option chosen, its changes shown, then ignored).
// Each journey: open from the scenario view, change, save, see it listed (and the scenario
// view's check), remove.
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
  projectId = await projectWithHrus(baseURL!, token, `E2E editors 15 ${Date.now()}`);
});

test.afterAll(async ({ baseURL }) => {
  if (projectId) await api(baseURL!, token, `projects/${projectId}`, { method: 'DELETE' });
});

test('sediment routing: a channel equation for all subbasins, listed, removed', async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  const scenarioId = await newScenario(baseURL!, 'Sediment routing');
  await openEditor(page, scenarioId, 'Sediment routing method', 'sediment-routing');
  await expect(page.getByTestId('saved-changes-empty')).toBeVisible();
  await expect(saveButton(page)).toBeDisabled();
  const select = page.getByRole('combobox', { name: 'Channel sediment routing method (CH_EQN)' });
  await select.click();
  for (const o of ['0 Simplified Bagnold (default)', '1 Bagnold by particle size', '2 Kodatie', '3 Molinas and Wu', '4 Yang sand and gravel']) {
    await expect(page.getByRole('option', { name: o, exact: true })).toBeVisible();
  }
  await page.getByRole('option', { name: '2 Kodatie', exact: true }).click();
  await expect(select).toHaveValue('2 Kodatie');
  // spec 2 §5: subbasin-only selection — all subbasins here
  await expect(saveButton(page)).toBeDisabled();
  await page.getByLabel('Apply to all subbasins').check();
  await expect(saveButton(page)).toBeEnabled();
  const posted = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith(`/api/scenarios/subbasin/save/${scenarioId}/RteChEqn`));
  await saveButton(page).click();
  expect((await posted).postDataJSON()).toMatchObject({ applyToAll: true, modificationObject: { value: 2 } });
  await saved(page);
  await expect(page.getByTestId('saved-changes').locator('tbody tr').first()).toContainText('2 Kodatie');
  await expectCheck(page, 'RteChEqn', 'Sediment routing method', true);
  await removeChanges(page);
  await expect(page.getByTestId('saved-changes-empty')).toBeVisible();
  expect(((await api(baseURL!, token, `scenarios/subbasin/sedimentrouting/${scenarioId}`)).body as { mods: unknown[] }).mods).toEqual([]);
});

test('potholes: the nine variables, a range refused, a change for all HRUs listed, removed', async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  const scenarioId = await newScenario(baseURL!, 'Potholes');
  await openEditor(page, scenarioId, 'Pothole variables', 'potholes');
  await expect(page.getByTestId('saved-changes-empty')).toBeVisible();
  const fr = page.getByRole('textbox', { name: 'POT_FR' });
  const volx = page.getByRole('textbox', { name: 'POT_VOLX (mm)' });
  await expect(fr).toHaveValue('0');
  for (const name of ['POT_TILE (mm)', 'POT_VOL (mm)', 'SED_CON (ppm)', 'ORGN_CON (ppm)', 'ORGP_CON (ppm)', 'SOLN_CON (ppm)', 'SOLP_CON (ppm)']) {
    await expect(page.getByRole('textbox', { name })).toBeVisible();
  }
  await fr.fill('1.5');
  await expect(page.getByText('Must be between 0 and 1').first()).toBeVisible();
  await fr.fill('0.3');
  await volx.fill('50');
  await expect(saveButton(page)).toBeDisabled();
  await page.getByLabel('Apply to all HRUs').check();
  await expect(saveButton(page)).toBeEnabled();
  const posted = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith(`/api/scenarios/subbasin/save/${scenarioId}/Potholes`));
  await saveButton(page).click();
  // spec 2 §5: only the changed variables, as numbers
  expect((await posted).postDataJSON()).toEqual({ applyToAll: true, subbasins: [], landuses: [], soils: [], slopes: [], modificationObject: { POT_FR: 0.3, POT_VOLX: 50 } });
  await saved(page);
  await expect(page.getByTestId('saved-changes').locator('tbody tr').first()).toContainText('POT_FR=0.3, POT_VOLX=50');
  await expectCheck(page, 'Potholes', 'Pothole variables', true);
  await removeChanges(page);
  await expect(page.getByTestId('saved-changes-empty')).toBeVisible();
});

test('calibration: the demo dataset\'s option chosen and shown, then calibration ignored again', async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  const scenarioId = await newScenario(baseURL!, 'Calibration');
  await openEditor(page, scenarioId, 'Calibration', 'calibration');
  // the dataset has calibration data: no notice; its watershed and gauge are listed
  await expect(page.getByTestId('no-calibration')).toHaveCount(0);
  await expect(page.getByTestId('calibration-watersheds')).toContainText('Little River at gauge J (GA)');
  await expect(page.getByTestId('calibration-points')).toContainText('Little River Experimental Watershed, gauge J');
  await expect(page.getByLabel(/^Ignore calibration/)).toBeChecked();
  await expect(saveButton(page)).toBeDisabled();
  await page.getByLabel('Use a calibration option').check();
  await expect(page.getByRole('combobox', { name: 'Calibration option' })).toHaveValue(/DDS calibration/);
  const changes = page.getByTestId('calibration-changes');
  await expect(changes.locator('tbody tr')).toHaveCount(8);
  await expect(changes).toContainText('CN2');
  await expect(changes).toContainText('% (percentage of baseline)');
  const posted = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith(`/api/scenarios/general/calibration/${scenarioId}`));
  await saveButton(page).click();
  expect((await posted).postDataJSON()).toMatchObject({ ignoreCalibration: false, customCalibrationID: expect.any(Number) });
  await saved(page);
  await expect(page.getByText(/^Applied: /)).toBeVisible();
  await expectCheck(page, 'Calibration', 'Calibration', true);
  await expect(page.getByLabel('Use a calibration option')).toBeChecked();
  await removeChanges(page);
  await expect(page.getByLabel(/^Ignore calibration/)).toBeChecked();
  expect(((await api(baseURL!, token, `scenarios/general/calibration/${scenarioId}`)).body as { ignoreCalibration: boolean }).ignoreCalibration).toBe(true);
});
