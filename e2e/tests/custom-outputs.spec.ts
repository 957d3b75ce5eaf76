// Output tools (issue 14): on a Little River scenario run daily over 2000–2012 (11 printed
// years), SWAT Check's tabs wrap around and its form collapses; a flood frequency request and a
// baseflow separation request are submitted from their pages, complete live (the list follows
// the custom-output channel, no reload), and their results open and download.
import { expect, test } from '@playwright/test';
import { api, apiToken, dailyRunScenario, loginFromHeader, watchChannel } from './fixtures.ts';

test('SWAT Check tabs wrap around; FFA and baseflow requests complete live, open and download', async ({ page, baseURL }) => {
  test.setTimeout(300_000);
  const token = await apiToken(baseURL!);
  const { projectId, scenarioId } = await dailyRunScenario(baseURL!, token, `E2E outputs ${Date.now()}`);

  const pushes = watchChannel<{ status: string; requestID: number; tool: string }>(page, 'custom-output-status');
  await page.goto('/');
  await loginFromHeader(page);
  await page.goto(`/projects/${projectId}/scenarios/${scenarioId}`);
  await page.getByTestId('tab-outputs').click();
  const outputs = page.getByTestId('output-links');
  for (const name of ['SWAT Check', 'CE-QUAL-W2 File Generation', 'Flood Frequency Analysis', 'Baseflow Separation']) await expect(outputs.getByRole('link', { name })).toBeVisible();

  // ── SWAT Check ──
  await outputs.getByRole('link', { name: 'SWAT Check' }).click();
  await expect(page).toHaveURL(new RegExp(`/projects/${projectId}/scenarios/${scenarioId}/output/swat-check$`));
  await page.getByTestId('run-check').click();
  await expect(page.getByTestId('swat-check-results')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('swat-check-form')).toHaveCount(0);
  await expect(page.getByTestId('checked-scope')).toHaveText('SWAT Check of the whole watershed');
  const selected = page.getByRole('tab', { selected: true });
  await expect(selected).toHaveText('Simulation Details');
  await page.getByTestId('check-previous').click();
  await expect(selected).toContainText('Reservoirs');
  await page.getByTestId('check-next').click();
  await expect(selected).toHaveText('Simulation Details');
  await page.getByTestId('check-next').click();
  await expect(selected).toContainText('Hydrology');
  await expect(page.getByTestId('water-balance')).toBeVisible();
  await expect(page.getByTestId('wb-precipitation-value')).toHaveText(/^[\d,]+\.\d mm$/);
  for (let i = 0; i < 10; i++) await page.getByTestId('check-next').click();
  await expect(selected).toHaveText('Simulation Details');
  await page.getByTestId('toggle-form').click();
  await expect(page.getByTestId('swat-check-form')).toBeVisible();
  await expect(page.getByTestId('toggle-form')).toHaveText('Hide form');

  // ── Flood frequency: submit, complete live, results, download ──
  await page.goto(`/projects/${projectId}/scenarios/${scenarioId}`);
  await page.getByTestId('tab-outputs').click();
  await page.getByTestId('output-links').getByRole('link', { name: 'Flood Frequency Analysis' }).click();
  await expect(page).toHaveURL(new RegExp(`/output/ffa$`));
  await expect(page.getByText("You don't have any requests yet.")).toBeVisible();
  await page.getByTestId('submit-request').click();
  await expect(page.getByText('Your request has been submitted. Please wait while we create your files.')).toBeVisible();
  const ffaRow = page.locator('[data-testid^="request-"][data-status]').first();
  await expect(ffaRow).toHaveAttribute('data-status', 'complete', { timeout: 60_000 });
  expect(pushes.some((p) => p.tool === 'ffa' && p.status === 'running')).toBe(true);
  expect(pushes.some((p) => p.tool === 'ffa' && p.status === 'complete')).toBe(true);
  await expect(ffaRow).toContainText('All');
  await expect(ffaRow).toContainText('Bulletin 17B');
  const zipHref = await ffaRow.getByTestId('request-download').getAttribute('href');
  const zip = await page.request.get(zipHref!);
  expect(zip.status()).toBe(200);
  expect((await zip.body()).subarray(0, 2).toString()).toBe('PK');
  await ffaRow.getByTestId('request-results').click();
  await expect(page).toHaveURL(/\/output\/ffa\/\d+$/);
  await expect(page.getByTestId('summary').getByRole('row')).toHaveCount(4);
  await expect(page.getByTestId('frequency-plot')).toBeVisible();
  await expect(page.getByTestId('frequency-plot').getByTestId('peak')).toHaveCount(11);
  await expect(page.getByTestId('quantiles').getByRole('row')).toHaveCount(10);
  await page.getByTestId('summary-2').click();
  await expect(page).toHaveURL(/subbasin=2$/);
  await expect(page.getByTestId('subbasin-result')).toContainText('Subbasin 2');
  const csv = await page.request.get((await page.getByTestId('download-quantiles').getAttribute('href'))!);
  expect(csv.status()).toBe(200);
  expect((await csv.text()).split('\n')[0]).toBe('returnPeriod,aep,flow_cms,lower_cms,upper_cms');

  // ── Baseflow separation ──
  await page.goto(`/projects/${projectId}/scenarios/${scenarioId}/output/baseflowseparation`);
  await expect(page.getByTestId('filter-parameter')).toHaveValue('0.98');
  await expect(page.getByTestId('bfi-max')).toHaveValue('0.8');
  await page.getByTestId('filter-parameter').fill('1.2');
  await expect(page.getByTestId('baseflow-problem')).toHaveText('Filter parameter and BFI max must be a number between 0 and 1.');
  await expect(page.getByTestId('submit-request')).toBeDisabled();
  await page.getByTestId('filter-parameter').fill('0.98');
  await page.getByTestId('submit-request').click();
  await expect(page.getByText('Your request has been submitted. Please wait while we create your files.')).toBeVisible();
  const bfRow = page.locator('[data-testid^="request-"][data-status]').first();
  await expect(bfRow).toHaveAttribute('data-status', 'complete', { timeout: 60_000 });
  expect(pushes.some((p) => p.tool === 'baseflow' && p.status === 'complete')).toBe(true);
  await bfRow.getByTestId('request-results').click();
  await expect(page.getByTestId('bfi-table').getByRole('row')).toHaveCount(4);
  await expect(page.getByTestId('hydrograph')).toBeVisible();
  await expect(page.getByTestId('hydrograph').locator('.apexcharts-series')).toHaveCount(2, { timeout: 15_000 });
  const bfi = await page.request.get((await page.getByTestId('download-bfi').getAttribute('href'))!);
  expect(bfi.status()).toBe(200);
  const lines = (await bfi.text()).trim().split('\n');
  expect(lines[0]).toBe('subbasin,reach,bfi,filter_parameter,bfi_max,days,mean_flow_cms,mean_baseflow_cms');
  expect(lines).toHaveLength(4);

  await api(baseURL!, token, `projects/${projectId}`, { method: 'DELETE' });
});
