// Batch project runs in the browser (issue 21): a user with the BatchProjects feature, the ApiUser
// role and an API key opens Advanced › Batch project runs, creates a batch from a CSV dropped on
// the page, watches it run live to 'Batch run completed in …' and finds the downloads; then the
// same batch is created by a script holding only the keys (signed requests, no token).
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { api, apiToken, PASSWORD, signIn } from './fixtures.ts';

/** A signed call with the API keys only (the README's example does the same). */
async function signed(baseURL: string, keys: { sharedKey: string; secretKey: string }, method: string, path: string, body?: unknown) {
  const url = new URL(`${baseURL}/api/${path}`);
  const text = body === undefined ? '' : JSON.stringify(body);
  const timestamp = String(Math.floor(Date.now() / 1000));
  const query = [...url.searchParams].sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : 1) : a < b ? -1 : 1)).map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
  const nonce = randomBytes(16).toString('hex');
  const canonical = [method, url.pathname, query, createHash('sha256').update(text).digest('hex'), timestamp, nonce].join('\n');
  const signature = createHmac('sha256', keys.secretKey).update(canonical).digest('base64url');
  const res = await fetch(url, { method, headers: { 'X-Api-Key': keys.sharedKey, 'X-Api-Timestamp': timestamp, 'X-Api-Nonce': nonce, 'X-Api-Signature': signature, ...(text ? { 'Content-Type': 'application/json' } : {}) }, body: text || undefined });
  return { status: res.status, body: (res.headers.get('content-type') ?? '').includes('json') ? await res.json() : await res.text() };
}

test('a batch from a CSV runs all its projects in the browser and offers the downloads; a script with only the keys does the same', async ({ page, baseURL }) => {
  test.setTimeout(240_000);
  const admin = await apiToken(baseURL!);
  const stamp = Date.now().toString(36);
  const userName = `batch${stamp}`;
  const email = `${userName}@example.org`;
  const created = await api(baseURL!, admin, 'admin/users', {
    method: 'POST',
    body: { firstName: 'Bea', lastName: 'Batch', email, userName, password: PASSWORD, country: 'Canada', organizationCategory: 'Individual', affiliation: 'Watershed lab', reasonForUse: 'Batch runs' },
  });
  expect(created.status).toBe(201);
  const users = await api(baseURL!, admin, `admin/users?filter=${userName}`);
  const id = ((users.body.items as { id: number; userName: string }[]).find((u) => u.userName === userName))!.id;
  expect((await api(baseURL!, admin, `admin/users/features/${id}`, { method: 'POST', body: { value: ['BatchProjects'] } })).status).toBe(200);
  const keys = (await api(baseURL!, admin, `admin/users/apiAccess/${id}`, { method: 'POST' })).body as { sharedKey: string; secretKey: string };
  expect(keys.sharedKey).toBeTruthy();

  await signIn(page, { userName, email }, { codeIfAsked: true });
  // the Advanced menu offers batch runs (feature + role), and the side menu the same
  await page.getByTestId('menu-advanced').click();
  await page.getByRole('menuitem', { name: 'Batch project runs' }).click();
  await expect(page).toHaveURL(/\/api\/batch$/);
  await page.getByTestId('batch-create').click();
  await expect(page).toHaveURL(/\/api\/batch\/create$/);
  await expect(page.getByTestId('batch-submit')).toBeDisabled();
  // the CSV, dropped on the upload area's file input
  await page.locator('input[type=file]').setInputFiles({ name: 'little-river-outlets.csv', mimeType: 'text/csv', buffer: Buffer.from('Ending_Subbasin,Starting_Subbasins\n1,\n2,\n3,"1"\n') });
  await expect(page.getByTestId('batch-csv-count')).toHaveText('little-river-outlets.csv: 3 projects');
  await expect(page.getByTestId('batch-name')).toHaveValue('little-river-outlets');
  await page.getByLabel('Starting simulation date').fill('2003-01-01');
  await page.getByLabel('Ending simulation date').fill('2004-12-31');
  await page.getByLabel('Warm-up years (skipped in the outputs)').fill('1');
  await expect(page.getByTestId('batch-submit')).toBeEnabled();
  await page.getByTestId('batch-submit').click();
  await expect(page).toHaveURL(/\/api\/batch\/\d+$/);
  // live to the end
  await expect(page.getByTestId('batch-completed')).toContainText(/Batch run completed in \d+ (second|minute)/, { timeout: 180_000 });
  await expect(page.getByRole('link', { name: 'GeoJson' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Cumulative Areas' })).toBeVisible();
  await expect(page.getByTestId('batch-projects').getByText('Completed')).toHaveCount(3);
  await expect(page.getByRole('link', { name: 'Scenario files' })).toHaveCount(3);
  // a reload of the page (a path under /api) shows it again
  await page.reload();
  await expect(page.getByTestId('batch-completed')).toBeVisible();

  // The same batch by a script that holds only the keys.
  const options = await signed(baseURL!, keys, 'GET', 'api-requests/batchoptions');
  expect(options.status).toBe(200);
  const datasetID = (options.body.datasets as { options: { value: number; text: string }[] }[]).flatMap((g) => g.options).find((o) => /Little River/.test(o.text))!.value;
  const ds = await signed(baseURL!, keys, 'GET', `api-requests/batchdatasetoptions/${datasetID}`);
  const upload = await signed(baseURL!, keys, 'POST', 'api-requests/uploadbatch', { fileName: 'little-river-outlets.csv', content: 'Ending_Subbasin,Starting_Subbasins\n1,\n2,\n3,"1"\n' });
  expect(upload.status).toBe(200);
  const batch = await signed(baseURL!, keys, 'POST', 'api-requests/createbatch', {
    name: 'Scripted batch',
    batch: { datasetID, projectSubbasins: upload.body.projectSubbasins, startingSimulationDate: '2003-01-01', endingSimulationDate: '2004-12-31', skipYears: 1, printSetting: 0, weatherDatasetID: ds.body.defaultWeatherDataset, swatVersionID: ds.body.defaultSwatVersion },
  });
  expect(batch.status).toBe(200);
  await expect
    .poll(async () => (await signed(baseURL!, keys, 'GET', `api-requests/batch/${batch.body.id}`)).body.status?.hasRun, { timeout: 180_000 })
    .toBe(true);
  const view = await signed(baseURL!, keys, 'GET', `api-requests/batch/${batch.body.id}`);
  expect(view.body.projects.every((p: { status: string }) => p.status === 'Completed')).toBe(true);
  const areas = await signed(baseURL!, keys, 'GET', view.body.batch.cumulativeAreasDownload.replace(/^\/api\//, ''));
  expect(areas.status).toBe(200);
  expect(String(areas.body).trim().split('\n')).toHaveLength(4);
  // the script's batch is in the user's list in the browser too
  await page.goto('/api/batch');
  await expect(page.getByRole('link', { name: 'Scripted batch' })).toBeVisible();
});
