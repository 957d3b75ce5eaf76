// Admin datasets (issue 20) in the browser, as the administrator: a dataset uploaded (the LREW
// ArcSWAT project from the repository's fixtures) with a request to make it public; on
// /admin/datasets/{id} the request's banner shows, and approving it on the Permissions tab makes
// it public (the requester is notified); deactivating it on the Overview tab (after confirmation)
// removes it from the create-project choices, activating restores it. Then a regional (HUC2)
// import: a 20-subbasin region from the synthetic generator placed under DATA_DIR/huc2, the
// flag turned on, the import run from /admin/import-huc-v2 until its check mark shows.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { writeSynthetic } from '../../datasets/src/synthetic.ts';
import { writeZip } from '../../plugin-sdk/src/server/zip.ts';
import { fixtureProject, FIXTURES } from '../../swat/test/fixtures.ts';
import { api, apiToken, dataDir, entriesOf, loginFromHeader, until } from './fixtures.ts';

const stamp = Date.now().toString(36);
/** An uploaded dataset of the administrator's, imported; answers the dataset id. */
async function uploadedDataset(baseURL: string, token: string, name: string): Promise<number> {
  const zip = writeZip([...entriesOf(fixtureProject('lrew_swat2012'), 'LREW/Scenarios/Default/TxtInOut/'), ...entriesOf(join(FIXTURES, 'lrew_swat2012_shapes'), 'LREW/Watershed/Shapes/')]);
  const form = new FormData();
  form.append('file', new Blob([zip as BlobPart]), 'LREW.zip');
  const res = await fetch(`${baseURL}/api/importdatasets/upload`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form });
  expect(res.status).toBe(200);
  const uploaded = (await res.json()) as { uploadDirectory: string };
  const created = await api(baseURL, token, 'importdatasets', { method: 'POST', body: { name, description: 'Uploaded for the admin datasets test', attribution: 'SWATdata', uploadDirectory: uploaded.uploadDirectory } });
  expect(created.status).toBe(200);
  const importId = (created.body as { id: number }).id;
  let datasetId = 0;
  await until(
    'the import',
    async () => {
      const d = (await api(baseURL, token, `importdatasets/${importId}`)).body as { newDatasetID?: number; status?: { isRunning?: boolean; hasError?: boolean; exceptionMessage?: string } };
      if (d.status?.hasError) throw new Error(`the import failed: ${d.status.exceptionMessage}`);
      datasetId = d.newDatasetID ?? 0;
      return !!datasetId && !d.status?.isRunning;
    },
    120_000,
  );
  const asked = await api(baseURL, token, `importdatasets/publicshare/${importId}`, { method: 'PUT', body: { value: 'Teaching material for a class' } });
  expect(asked.status).toBe(200);
  return datasetId;
}

async function datasetChoices(page: Page): Promise<string[]> {
  await page.goto('/projects/create');
  const select = page.getByTestId('create-dataset');
  await select.click();
  const options = page.getByRole('option');
  await expect(options.first()).toBeVisible();
  const texts = await options.allTextContents();
  await page.keyboard.press('Escape');
  return texts;
}

test('approve a public request, then deactivate the dataset and see it leave the create-project choices', async ({ page, baseURL }) => {
  test.setTimeout(300_000);
  const admin = await apiToken(baseURL!);
  const name = `Admin review ${stamp}`;
  const id = await uploadedDataset(baseURL!, admin, name);

  await page.goto('/');
  await loginFromHeader(page);
  await expect(page).toHaveURL(/\/projects$/);
  expect(await datasetChoices(page)).toContain(name);

  // the grid: the pending request shows; the name opens the detail
  await page.goto('/admin/datasets');
  const grid = page.getByTestId('grid-admin/datasets');
  await grid.getByPlaceholder('Filter').fill(name);
  await expect(grid.getByText('Submitted', { exact: true })).toBeVisible();
  await grid.getByRole('link', { name }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/datasets/${id}`));
  await expect(page.getByTestId('public-request-banner')).toContainText('Teaching material for a class');

  // approve: Public for every tier, with a message
  await page.getByRole('tab', { name: 'Permissions' }).click();
  const perms = page.getByTestId('dataset-permissions');
  await perms.getByTestId('access-public').check();
  await page.getByTestId('admin-message').fill('Approved for all tiers');
  await page.getByTestId('save-permissions').click();
  await expect(page.getByTestId('public-request-banner')).toHaveCount(0);
  await page.getByRole('tab', { name: 'Overview' }).click();
  await expect(page.getByTestId('dataset-overview')).toContainText('Approved (by admin');
  const detail = (await api(baseURL!, admin, `admin/datasets/${id}`)).body as { dataset: { accessibility: string; publicRequest: { status: string; adminMessage: string } } };
  expect(detail.dataset.accessibility).toBe('Public');
  expect(detail.dataset.publicRequest).toMatchObject({ status: 'Approved', adminMessage: 'Approved for all tiers' });

  // deactivate (after confirmation): gone from the create-project choices
  await page.getByTestId('toggle-active').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Deactivate' }).click();
  await expect(page.getByTestId('dataset-overview')).toContainText('Inactive');
  expect(await datasetChoices(page)).not.toContain(name);

  // activate again: back among the choices
  await page.goto(`/admin/datasets/${id}`);
  await page.getByTestId('toggle-active').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Activate' }).click();
  await expect(page.getByTestId('dataset-overview')).toContainText('Active');
  expect(await datasetChoices(page)).toContain(name);
});

test('import a regional (HUC2) dataset from the server with live progress', async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  const admin = await apiToken(baseURL!);
  const dir = join(dataDir, 'huc2', '05', 'huc12');
  rmSync(dir, { recursive: true, force: true });
  writeSynthetic(dir, { subbasins: 20, hrus: 200, seed: 5, years: [2000, 2001], name: `Ohio region ${stamp}` });
  // the flag starts off (an earlier run may have left it on)
  const before = (await api(baseURL!, admin, 'admin/importHuc2')).body as { enabled: boolean };
  if (before.enabled) expect((await api(baseURL!, admin, 'admin/importHuc2/enabled', { method: 'POST', body: { value: false } })).status).toBe(200);

  await page.goto('/');
  await loginFromHeader(page);
  await expect(page).toHaveURL(/\/projects$/);
  await page.goto('/admin/import-huc-v2');
  await expect(page.getByText('Regional (HUC2) imports are turned off.')).toBeVisible();
  await page.getByTestId('huc2-enabled').click();
  const row = page.getByTestId('huc2-import-05-12');
  await expect(row).toBeVisible();
  const started = Date.now();
  await row.getByRole('button', { name: /^(Import|Re-import)$/ }).click();
  // running (progress, Abort) then complete: the check mark and Re-import, from the live events
  await until(
    'the import to complete',
    async () => {
      const o = (await api(baseURL!, admin, 'admin/importHuc2')).body as { imports: Record<string, { region: string; importedDate: string | null; status: { isComplete: boolean; hasError: boolean; exceptionMessage: string } }> };
      const i = Object.values(o.imports).find((x) => x.region === '05')!;
      if (i.status.hasError) throw new Error(i.status.exceptionMessage);
      return i.status.isComplete && !!i.importedDate && new Date(i.importedDate).getTime() >= started - 5000;
    },
    120_000,
  );
  await expect(row.getByRole('button', { name: 'Re-import' })).toBeVisible();
  await row.getByRole('button', { name: 'Imported' }).click();
  await expect(page.getByText(/^Imported \S.*\d{4}/)).toBeVisible(); // the date as the browser's locale writes it
  const o = (await api(baseURL!, admin, 'admin/importHuc2')).body as { imports: Record<string, { region: string; datasetID: number; status: { isComplete: boolean } }> };
  const imp = Object.values(o.imports).find((i) => i.region === '05')!;
  expect(imp.status.isComplete).toBe(true);
  const d = (await api(baseURL!, admin, `admin/datasets/${imp.datasetID}`)).body as { dataset: { name: string; counts: { subbasins: number } } };
  expect(d.dataset.counts.subbasins).toBe(20);
});
