// Scenarios (issue 7): as the admin, on a Little River project with its HRUs set, create a
// scenario 2003–2007 with daily output and 2 warm-up years, run it, watch the live progress,
// and see it finished: the Output Data tab and a scenario files download that answers.
import { expect, test } from '@playwright/test';
import { api, apiToken, loginFromHeader, projectWithHrus, until, type Json } from './fixtures.ts';

test('create a scenario, run it with live progress, and download its files', async ({ page, baseURL }) => {
  test.setTimeout(240_000);
  const token = await apiToken(baseURL!);
  const projectName = `E2E scenarios ${Date.now()}`;
  const projectId = await projectWithHrus(baseURL!, token, projectName);

  // Live status pushes for the scenario reach the page over the status hub...
  const pushes: { progress: number; message?: string }[] = [];
  page.on('websocket', (ws) =>
    ws.on('framereceived', (f) => {
      const text = typeof f.payload === 'string' ? f.payload : f.payload.toString();
      const m = /^42\["scenario-status",(.*)\]$/.exec(text);
      if (m) pushes.push(JSON.parse(m[1]!) as { progress: number; message?: string });
    }),
  );
  // ...and every text the running view shows is recorded, however short the run.
  const shown: string[] = [];
  await page.exposeFunction('hwRunningView', (text: string) => shown.push(text));
  await page.addInitScript(() => {
    new MutationObserver(() => {
      const el = document.querySelector('[data-testid=scenario-running]');
      if (el) (window as unknown as { hwRunningView: (t: string) => void }).hwRunningView(el.textContent ?? '');
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });

  await page.goto('/');
  await loginFromHeader(page);
  await page.goto(`/projects/${projectId}`);
  await expect(page.getByTestId('project-name')).toHaveText(projectName);

  // The project's Set-up menu leads to its scenarios.
  await page.getByTestId('menu-setup').click();
  await page.getByRole('menuitem', { name: 'Scenario list' }).click();
  await expect(page).toHaveURL(new RegExp(`/projects/${projectId}/scenarios$`));
  await expect(page.getByText("You don't have any scenarios yet.")).toBeVisible();
  await page.getByTestId('create-scenario').click();
  await expect(page).toHaveURL(/\/scenarios\/create$/);

  // The form starts from the options' defaults; dates are checked on the client.
  await expect(page.getByTestId('scenario-name')).toHaveValue('Default');
  await expect(page.getByTestId('scenario-skip')).toHaveValue('2');
  await expect(page.getByTestId('scenario-print').locator('option:checked')).toHaveText('Daily');
  await expect(page.getByTestId('scenario-start')).toHaveValue('2000-01-01');
  await expect(page.getByTestId('scenario-end')).toHaveValue('2004-12-31');
  await page.getByTestId('scenario-start').fill('2007-12-31');
  await page.getByTestId('scenario-end').fill('2003-01-01');
  await page.getByTestId('scenario-submit').click();
  await expect(page.getByTestId('error-list')).toHaveText('Please fix the errors below and try again.');
  await expect(page.getByText('Simulation end date must be greater than starting date.')).toBeVisible();
  await page.getByTestId('scenario-name').fill('Baseline 2003-2007');
  await page.getByTestId('scenario-start').fill('2003-01-01');
  await page.getByTestId('scenario-end').fill('2007-12-31');
  await page.getByTestId('scenario-submit').click();
  await expect(page).toHaveURL(new RegExp(`/projects/${projectId}/scenarios/\\d+$`));
  const scenarioUrl = page.url();
  const scenarioId = Number(scenarioUrl.split('/').pop());

  await expect(page.getByTestId('setting-dates')).toHaveText('2003-01-01 to 2007-12-31');
  await expect(page.getByTestId('setting-skip')).toHaveText('2');
  await expect(page.getByTestId('setting-print')).toHaveText('Daily');
  await expect(page.getByTestId('setting-last-run')).toHaveText('Never');
  await expect(page.getByTestId('tab-outputs')).toHaveCount(0);

  // Customize SWAT Inputs lists the enabled editors (or says there are none).
  await page.getByTestId('tab-inputs').click();
  await expect(page.getByTestId('editor-links').or(page.getByTestId('no-editors'))).toBeVisible();
  await page.getByTestId('tab-overview').click();

  // Run: skipping the model run forces skipping output processing; then a real run.
  await page.getByTestId('run-open').click();
  await page.getByTestId('run-skipModelRun').check();
  await expect(page.getByTestId('run-skipOutputProcessing')).toBeChecked();
  await expect(page.getByTestId('run-skipOutputProcessing')).toBeDisabled();
  await page.getByTestId('run-skipModelRun').uncheck();
  await page.getByTestId('run-skipOutputProcessing').uncheck();
  await page.getByTestId('run-submit').click();

  // Running: percent, message and the elapsed time; the page follows the live status to the end
  // (or to the error view, whose text then says why).
  const failed = page.getByTestId('scenario-error');
  await expect(page.getByTestId('tab-outputs').or(failed).first()).toBeVisible({ timeout: 180_000 });
  if (await failed.count()) throw new Error(`the run failed: ${await failed.textContent()}`);
  await expect(page.getByTestId('scenario-running')).toHaveCount(0);
  // (The view's text runs together: 'Your scenario is running40% · Executing year 3 (2005)Elapsed time: 3s...'.)
  expect(shown.some((t) => /\D[1-9]\d?% · \S/.test(t) && /Elapsed time: \d/.test(t))).toBe(true);
  expect(pushes.some((p) => p.progress > 0 && p.progress < 100)).toBe(true);
  expect(pushes.at(-1)!.progress).toBe(100);
  await expect(page.getByTestId('setting-last-run')).not.toHaveText('Never');
  await expect(page.getByTestId('setting-runtime')).toHaveText(/\d+s$/);

  // Output Data: the scenario files download answers with a zip.
  await page.getByTestId('tab-outputs').click();
  const href = await page.getByTestId('download-scenario').getAttribute('href');
  expect(href).toContain(`/api/exports/scenario/${scenarioId}?access_token=`);
  const zip = await page.request.get(href!);
  expect(zip.status()).toBe(200);
  expect(zip.headers()['content-type']).toContain('zip');
  expect((await zip.body()).subarray(0, 2).toString()).toBe('PK');

  // The grid shows it as run.
  await page.getByTestId('crumbs').getByRole('link', { name: 'Scenarios', exact: true }).click();
  const row = page.getByRole('row').filter({ has: page.getByTestId(`scenario-link-${scenarioId}`) });
  await expect(row).toContainText('Yes');
  await expect(row).toContainText('Last run');

  // The project's summary links to its scenarios.
  await page.getByTestId('crumbs').getByRole('link', { name: projectName }).click();
  await page.getByTestId(`project-scenario-${scenarioId}`).click();
  await expect(page).toHaveURL(scenarioUrl);
  await expect(page.getByTestId('tab-outputs')).toBeVisible();

  await api(baseURL!, token, `projects/${projectId}`, { method: 'DELETE' });
});
