// Output charts and maps (issue 13), as a modeller uses them: on a Little River project with two
// scenarios run on the workers (the second with CN2 +10 %, through the curve number editor's
// call), open Output Charts from the scenario view's Output Data tab, draw reach 3's FLOW_OUT
// with the gauge's observed flow and the other scenario, read NSE/KGE/PBIAS, switch to a
// logarithmic axis, download the CSV; then Output Maps: draw average annual SURQ, change the
// colours and data classes, compare the two scenarios side by side and show the difference map.
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { api, apiToken, loginFromHeader, projectWithHrus, until, type Json } from './fixtures.ts';

test('charts with observed data and a comparison; maps with colours, data classes, comparison and the difference map', async ({ page, baseURL }) => {
  test.setTimeout(300_000);
  const token = await apiToken(baseURL!);
  const projectId = await projectWithHrus(baseURL!, token, `E2E outputs ${Date.now()}`);
  const o = (await api(baseURL!, token, `scenarios/options/${projectId}`)).body as Record<string, unknown>;
  const create = async (name: string) => {
    const r = await api(baseURL!, token, 'scenarios', {
      method: 'POST',
      body: { projectID: projectId, name, weatherDatasetID: o.defaultWeatherDataset, swatVersionID: o.defaultSWATVersion, printSetting: 1, skipYears: 2, startingSimulationDate: '2003-01-01', endingSimulationDate: '2007-12-31' },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return (r.body as { id: number }).id;
  };
  const baseline = await create('Baseline');
  const changed = await create('CN2 +10%');
  const cn2 = await api(baseURL!, token, `scenarios/subbasin/save/${changed}/Cn2Percent`, { method: 'POST', body: { applyToAll: true, subbasins: [], landuses: [], soils: [], slopes: [], modificationObject: { value: 10 } } });
  expect(cn2.status, JSON.stringify(cn2.body)).toBe(200);
  for (const id of [baseline, changed]) {
    expect((await api(baseURL!, token, `scenarios/run/${id}`, { method: 'POST', body: {} })).status).toBe(200);
    await until(
      `scenario ${id} to run`,
      async () => {
        const s = ((await api(baseURL!, token, `scenarios/${id}`)).body.status ?? {}) as Json;
        if (s.hasError) throw new Error(String(s.exceptionMessage));
        return !!s.hasRun && !s.isRunning;
      },
      180_000,
    );
  }

  await page.goto('/');
  await loginFromHeader(page);
  await page.goto(`/projects/${projectId}/scenarios/${baseline}`);
  // the Output Data tab lists both tools once the scenario has run
  await page.getByTestId('tab-outputs').click();
  const tools = page.getByTestId('output-links');
  await expect(tools.getByRole('link', { name: 'Output Maps' })).toBeVisible();
  await tools.getByRole('link', { name: 'Output Charts' }).click();
  await expect(page).toHaveURL(new RegExp(`/projects/${projectId}/scenarios/${baseline}/output/charts$`));

  // ── the chart: reach 3 FLOW_OUT, daily, with CN2 +10% and the gauge ──
  const pick = async (testId: string, option: string | RegExp) => {
    await page.getByTestId(testId).click();
    await page.getByRole('option', { name: option }).click();
  };
  await pick('chart-output-type', 'Reach (output.rch)');
  await pick('chart-statistic', 'Daily time series');
  await page.getByTestId('get-chart').click();
  await expect(page.getByTestId('error-list')).toHaveText('Please complete the form.');
  await pick('chart-subbasin', 'Subbasin 3');
  await pick('chart-parameter-0', /^FLOW_OUT — /);
  await page.getByTestId('chart-compare').click();
  await page.getByRole('option', { name: 'CN2 +10%' }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByLabel(/^Show observed data: Observed daily discharge/)).toBeChecked();
  const answered = page.waitForResponse((r) => r.url().endsWith(`/api/scenarios/output/chart/${baseline}`));
  await page.getByTestId('get-chart').click();
  const chart = (await (await answered).json()) as { series: { name: string; values?: number[] }[]; statistics: { scenario: string; nse: number }[] };
  expect(chart.series.map((s) => [s.name, s.values?.length])).toEqual([
    ['Baseline', 1095],
    ['CN2 +10%', 1095],
    ['Observed daily discharge', 1095],
  ]);
  const view = page.getByTestId('output-chart');
  await expect(view.locator('.apexcharts-canvas')).toBeVisible();
  await expect(view.locator('.apexcharts-legend')).toContainText('Observed daily discharge');
  const fit = page.getByTestId('fit-statistics');
  await expect(fit.locator('tbody tr')).toHaveCount(2);
  await expect(fit.locator('tbody tr').first()).toContainText('Baseline');
  await expect(fit.getByTestId('fit-nse').first()).toHaveText(/^-?\d/);
  await expect(fit).toContainText('2005-01-01 to 2007-12-31 (1,095 values)');

  // the logarithmic y-axis
  await page.getByTestId('y-scale').getByText('Logarithmic').click();
  await expect(view).toHaveAttribute('data-scale', 'logarithmic');
  await expect(view.locator('.apexcharts-canvas')).toBeVisible();

  // the chart's data as CSV
  const downloaded = page.waitForEvent('download');
  await page.getByTestId('download-csv').click();
  const csv = readFileSync((await (await downloaded).path())!, 'utf8').split('\n');
  expect(csv[0]).toBe('Date,Baseline (m³/s),CN2 +10% (m³/s),Observed daily discharge (m³/s)');
  expect(csv[1]).toMatch(/^2005-01-01,[\d.e+-]+,[\d.e+-]+,[\d.]+$/);
  expect(csv.filter((l) => /^\d{4}-\d\d-\d\d,/.test(l))).toHaveLength(1095);
  expect(csv.join('\n')).toContain('Scenario,Parameter,Observed,NSE,KGE,PBIAS (%)');

  // ── the maps ──
  await page.goto(`/projects/${projectId}/scenarios/${baseline}`);
  await page.getByTestId('tab-outputs').click();
  await page.getByTestId('output-links').getByRole('link', { name: 'Output Maps' }).click();
  await expect(page).toHaveURL(new RegExp(`/output/maps$`));
  await expect(page.getByTestId('get-map')).toBeDisabled();
  await pick('map-output-type', 'Subbasin (output.sub)');
  await pick('map-statistic', 'Average annual');
  await pick('map-parameter', /^SURQ — /);
  await page.getByTestId('get-map').click();
  const first = page.getByTestId('scenario-map-0');
  await expect(first).toHaveAttribute('data-features', '3');
  await expect(first).toHaveAttribute('data-rendered', /\d+/);
  await expect(page.getByTestId('scenario-map-0-title')).toHaveText('Baseline: SURQ, Average annual');
  await expect(page.getByTestId('scenario-map-0-legend')).toHaveAttribute('data-kind', 'linear');
  // hovering a subbasin shows its value
  await first.hover();
  await expect(page.getByTestId('scenario-map-0-tooltip')).toContainText(/Subbasin \d: [\d.]+ mm/);

  // colours and data classes, kept in the browser
  await page.getByTestId('map-colours').click();
  const dialog = page.getByRole('dialog', { name: 'Map colours' });
  await dialog.getByTestId('colour-max').fill('#aa0000');
  await dialog.getByLabel('Use data classes').check();
  await expect(dialog.getByTestId('data-classes').locator('tbody tr')).toHaveCount(3);
  await dialog.getByTestId('add-data-class').click();
  await expect(dialog.getByTestId('class-colour-3')).toHaveValue('#008cc4');
  await dialog.getByTestId('class-from-3').fill('300');
  await dialog.getByTestId('class-to-3').fill('1000');
  await dialog.getByTestId('colour-save').click();
  await expect(page.getByTestId('scenario-map-0-legend')).toHaveAttribute('data-kind', 'classes');
  await expect(page.getByTestId('scenario-map-0-legend')).toContainText('300 to 1000');
  const saved = JSON.parse((await page.evaluate(() => localStorage.getItem('hw.outputMaps.colours')))!) as { max: string; useDataClasses: boolean; dataClasses: unknown[] };
  expect(saved).toMatchObject({ max: '#aa0000', useDataClasses: true });
  expect(saved.dataClasses).toHaveLength(4);
  // back to the colour scale for the comparison
  await page.getByTestId('map-colours').click();
  await dialog.getByLabel('Use data classes').uncheck();
  await dialog.getByTestId('colour-save').click();

  // the two scenarios side by side, and the difference map
  await page.getByTestId('map-compare').click();
  await page.getByRole('option', { name: 'CN2 +10%' }).click();
  await page.keyboard.press('Escape');
  await page.getByTestId('map-difference').getByText('Compared − this').click();
  const mapAnswered = page.waitForResponse((r) => r.url().endsWith(`/api/scenarios/output/map/${baseline}`));
  await page.getByTestId('get-map').click();
  const maps = (await (await mapAnswered).json()) as { scenarioMaps: { mapData: { value: number }[] }[]; differenceMap: { mapData: { value: number }[] } };
  await expect(page.getByTestId('scenario-map-1')).toHaveAttribute('data-rendered', /\d+/);
  await expect(page.getByTestId('scenario-map-1-title')).toHaveText('CN2 +10%: SURQ, Average annual');
  await expect(page.getByTestId('difference-map')).toHaveAttribute('data-rendered', /\d+/);
  await expect(page.getByTestId('difference-map-legend')).toHaveAttribute('data-kind', 'diverging');
  await expect(page.getByTestId('difference-map-title')).toHaveText('CN2 +10% − Baseline: SURQ, Average annual');
  // higher curve numbers: more surface runoff in every subbasin
  maps.scenarioMaps[1]!.mapData.forEach((d, i) => expect(d.value).toBeGreaterThan(maps.scenarioMaps[0]!.mapData[i]!.value));
  for (const d of maps.differenceMap.mapData) expect(d.value).toBeGreaterThan(0);
});
