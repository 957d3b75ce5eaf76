// Input editors in the browser (spec 2 §4): as the admin, on a Little River project with its HRUs
// set and a scenario (made through the API), open the curve number editor from the scenario
// view, see a zero refused in the spec's words, save +5 % for all HRUs, see 'Changes saved.' and
// the change in the saved-changes list (and the scenario view's check), then remove it.
import { expect, test } from '@playwright/test';
import { api, apiToken, loginFromHeader, newScenario, projectWithHrus } from './fixtures.ts';

/** The Little River watershed at its outlet as a project with its HRUs set (target 60), and a
 * scenario of it with the options' defaults. */
async function scenarioOfNewProject(baseURL: string, token: string, name: string): Promise<{ projectId: number; scenarioId: number }> {
  const projectId = await projectWithHrus(baseURL, token, name);
  return { projectId, scenarioId: await newScenario(baseURL, token, projectId, 'Curve number') };
}

test('curve number: save a change for all HRUs, see it listed, remove it', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const token = await apiToken(baseURL!);
  const { projectId, scenarioId } = await scenarioOfNewProject(baseURL!, token, `E2E curve number ${Date.now()}`);

  await page.goto('/');
  await loginFromHeader(page);
  await page.goto(`/projects/${projectId}/scenarios/${scenarioId}`);
  // Customize SWAT Inputs lists the editor; it leads to the editor's page.
  await page.getByTestId('tab-inputs').click();
  await page.getByTestId('editor-links').getByRole('link', { name: 'Curve number', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/projects/${projectId}/scenarios/${scenarioId}/curve-number$`));
  await expect(page.getByRole('heading', { name: 'Curve number', exact: true })).toBeVisible();
  await expect(page.getByTestId('saved-changes-empty')).toBeVisible();

  const save = page.getByTestId('editor-actions').getByRole('button', { name: 'Save' });
  const value = page.getByRole('textbox', { name: 'CN2 percent change' });
  await expect(save).toBeDisabled();

  // Spec 2 §5: a valid HRU selection is needed — here every HRU.
  await page.getByLabel('Apply to all HRUs').check();
  await expect(page.getByText('The change applies to every HRU of the project.')).toBeVisible();

  // A zero is refused in the spec's words, before anything is sent.
  await value.fill('0');
  await save.click();
  await expect(page.getByText('A value of zero will result in no change. Please enter a number greater or less than 10.').first()).toBeVisible();
  await expect(page.getByTestId('saved-changes-empty')).toBeVisible();

  // +5 % for all HRUs, saved through POST scenarios/subbasin/save/{id}/Cn2Percent.
  await value.fill('5');
  const posted = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith(`/api/scenarios/subbasin/save/${scenarioId}/Cn2Percent`));
  await save.click();
  expect((await posted).postDataJSON()).toEqual({ applyToAll: true, subbasins: [], landuses: [], soils: [], slopes: [], modificationObject: { value: 5 } });
  await expect(page.getByRole('status').filter({ hasText: 'Changes saved.' })).toBeVisible();
  const table = page.getByTestId('saved-changes');
  await expect(table.locator('tbody tr')).toHaveCount(1);
  const row = table.locator('tbody tr').first();
  await expect(row).toContainText('+5%');
  await expect(row.locator('td').nth(2)).toHaveText('All');
  // the form starts over: Save waits for a new change
  await expect(save).toBeDisabled();

  // The scenario view marks the editor as customised.
  await page.getByRole('link', { name: 'Back to the scenario view' }).click();
  await page.getByTestId('tab-inputs').click();
  await expect(page.getByTestId('modtable-check-Cn2Percent')).toBeVisible();
  await page.getByTestId('editor-links').getByRole('link', { name: 'Curve number', exact: true }).click();

  // Remove the change (after confirming): the list is empty again.
  await page.getByTestId('saved-changes').locator('tbody tr').first().getByRole('button', { name: /^Delete change/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete change' });
  await expect(dialog).toContainText('Remove this change? The HRUs it covers revert to their defaults.');
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByTestId('saved-changes-empty')).toHaveText('No changes saved yet.');
  expect(((await api(baseURL!, token, `scenarios/subbasin/cn2/${scenarioId}`)).body as { mods: unknown[] }).mods).toEqual([]);

  await api(baseURL!, token, `projects/${projectId}`, { method: 'DELETE' });
});
