// Calibration on the workers (issue 24): on a Little River scenario run daily over 2000–2012,
// the form offers the flow calibration that meets the goals; a small SUFI-2 request (CN2 % and
// ALPHA_BF, 2 iterations × 5 runs) is started from the
// Calibration page; its progress moves live (the calibration-status channel, no reload); the
// results show the best set, the fit, the dotty plots and the 95PPU hydrograph and download; the
// best set is saved as a calibration option; and 'Create a scenario from the best set' lands on
// the new scenario.
import { expect, test } from '@playwright/test';
import { api, apiToken, dailyRunScenario, loginFromHeader, watchChannel, type Json } from './fixtures.ts';

type Push = { id: number; status: string; runsDone: number; runsTotal: number; bestObjective: number | null };

test('a small calibration starts from the page, progresses live, shows its results and becomes a scenario', async ({ page, baseURL }) => {
  test.setTimeout(420_000);
  const token = await apiToken(baseURL!);
  const { projectId, scenarioId } = await dailyRunScenario(baseURL!, token, `E2E calibration ${Date.now()}`);

  const pushes = watchChannel<Push>(page, 'calibration-status');
  await page.goto('/');
  await loginFromHeader(page);
  await page.goto(`/projects/${projectId}/scenarios/${scenarioId}`);
  await page.getByTestId('tab-outputs').click();
  await page.getByTestId('output-links').getByRole('link', { name: 'Calibration', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/projects/${projectId}/scenarios/${scenarioId}/output/calibration$`));
  await expect(page.getByText("You don't have any calibration requests yet.")).toBeVisible();

  // ── The form: prefilled periods after the 2 warm-up years, split in halves; the flow
  // calibration that meets the goals on the demo (DDS, 30 × 10 runs, |PBIAS| ≤ 15 %, 8 parameters) ──
  await expect(page.getByTestId('calibration-period-start')).toHaveValue('2002-01-01');
  await expect(page.getByTestId('validation-period-end')).toHaveValue('2012-12-31');
  await expect(page.getByTestId('calibration-algorithm')).toHaveValue('DDS');
  await expect(page.getByTestId('calibration-pbias')).toHaveValue('15');
  await expect(page.getByTestId('calibration-total')).toHaveText('300 runs in all');
  const flow = ['CN2', 'ESCO', 'ALPHA_BF', 'GW_DELAY', 'GWQMN', 'GW_REVAP', 'SURLAG', 'CH_K2'];
  for (const v of flow) await expect(page.getByTestId(`parameter-${v}`)).toBeVisible();
  // without parameters or a name the request is refused, saying why
  for (const v of flow) await page.getByTestId(`parameter-${v}-remove`).click();
  await page.getByTestId('calibration-submit').click();
  await expect(page.getByText('Give the request a name of 1 to 50 characters.')).toBeVisible();
  await expect(page.getByTestId('parameters-error')).toHaveText('Add 1 to 30 parameters.');
  // a small SUFI-2 request instead
  await page.getByTestId('calibration-algorithm').click();
  await page.getByRole('option', { name: 'SUFI-2', exact: true }).click();
  await page.getByTestId('calibration-pbias').fill('');

  await page.getByTestId('calibration-name').fill('CN2 and ALPHA_BF');
  // The gauge of the demo dataset, its reach when it lies in this project, else the outlet's.
  if (!(await page.getByTestId('observed-gauge').inputValue())) {
    await page.getByTestId('observed-gauge').click();
    await page.getByRole('option').first().click();
  }
  if (!(await page.getByTestId('calibration-reach').inputValue())) {
    await page.getByTestId('calibration-reach').click();
    await page.getByRole('option').last().click();
  }
  await page.getByTestId('parameter-add').click();
  await page.getByRole('option', { name: /^CN2 —/ }).click();
  await expect(page.getByTestId('parameter-CN2-type')).toHaveValue(/^%/);
  await page.getByTestId('parameter-add').click();
  await page.getByRole('option', { name: /^ALPHA_BF —/ }).click();
  await expect(page.getByTestId('parameter-ALPHA_BF-min')).not.toHaveValue('');
  await page.getByTestId('calibration-runs-per-iteration').fill('5');
  await page.getByTestId('calibration-iterations').fill('2');
  await expect(page.getByTestId('calibration-total')).toHaveText('10 runs in all');
  await page.getByTestId('calibration-submit').click();
  await expect(page.getByText('Your calibration has started.')).toBeVisible();

  // ── Live progress ──
  const row = page.locator('[data-testid^="calibration-"][data-status]').first();
  await expect(row).toContainText('CN2 and ALPHA_BF');
  await expect(row.getByTestId('calibration-runs')).toHaveText(/^\d+ \/ 10 runs/);
  await expect(row).toHaveAttribute('data-status', 'complete', { timeout: 240_000 });
  await expect(row.getByTestId('calibration-runs')).toHaveText(/^10 \/ 10 runs · best NSE -?\d+\.\d{3}$/);
  // The channel pushed the runs as they finished, not only the end.
  const done = pushes.filter((p) => p.status === 'running').map((p) => p.runsDone);
  expect(done.some((n) => n > 0 && n < 10)).toBe(true);
  expect(pushes.some((p) => p.status === 'complete' && p.runsDone === 10)).toBe(true);

  // ── Results ──
  await row.getByTestId('calibration-open').click();
  await expect(page).toHaveURL(/\/output\/calibration\/\d+$/);
  await expect(page.getByTestId('best-table').getByRole('row')).toHaveCount(3);
  await expect(page.getByTestId('fit-NSE')).toContainText(/-?\d+\.\d{3}/);
  await expect(page.getByTestId('iteration-table').getByRole('row')).toHaveCount(3);
  // ApexCharts labels each drawn chart (role application) with its title or its series.
  const dotty = page.getByTestId('dotty-plots').getByRole('application');
  await expect(dotty).toHaveCount(2, { timeout: 15_000 });
  await expect(dotty.first()).toHaveAccessibleName(/^CN2 \(% change\)\. scatter chart$/);
  await expect(dotty.last()).toHaveAccessibleName(/^ALPHA_BF \(value\)\. scatter chart$/);
  await expect(page.getByTestId('calibration-hydrograph').getByRole('application')).toHaveAccessibleName('rangeArea chart with 3 data series: 95PPU, Observed, Best run', { timeout: 15_000 });
  const runs = await page.request.get((await page.getByTestId('download-runs').getAttribute('href'))!);
  expect(runs.status()).toBe(200);
  const lines = (await runs.text()).trim().split('\n');
  expect(lines[0]).toMatch(/^n,iteration,/);
  expect(lines).toHaveLength(11);
  const best = await page.request.get((await page.getByTestId('download-best').getAttribute('href'))!);
  expect(best.status()).toBe(200);
  expect(await best.text()).toContain('CN2');

  // ── The best set as a calibration option, then as a scenario ──
  await page.getByTestId('save-option').click();
  await page.getByTestId('name-dialog-input').fill('E2E fitted option');
  await page.getByTestId('name-dialog-submit').click();
  await expect(page.getByRole('status').filter({ hasText: "The best set is saved as the calibration option 'E2E fitted option'." })).toBeVisible();

  await page.getByTestId('create-scenario').click();
  await page.getByTestId('name-dialog-input').fill('Calibrated by e2e');
  await page.getByTestId('name-dialog-submit').click();
  await expect(page).toHaveURL(new RegExp(`/projects/${projectId}/scenarios/(\\d+)$`));
  const newId = Number(/scenarios\/(\d+)$/.exec(page.url())![1]);
  expect(newId).not.toBe(scenarioId);
  await expect(page.getByText('Calibrated by e2e').first()).toBeVisible();
  const copy = (await api(baseURL!, token, `scenarios/${newId}`)).body as Json;
  expect((copy.scenario as Json).name).toBe('Calibrated by e2e');

  await api(baseURL!, token, `projects/${projectId}`, { method: 'DELETE' });
});
