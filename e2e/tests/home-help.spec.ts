import { expect, test } from '@playwright/test';

test('home renders the site text from its federated remote', async ({ page }) => {
  const remoteFiles: string[] = [];
  page.on('response', (r) => {
    if (r.url().includes('/plugins/home/')) remoteFiles.push(new URL(r.url()).pathname);
  });
  await page.goto('/');
  await expect(page.getByTestId('home-intro')).toContainText('SWAT (Soil and Water Assessment Tool)');
  await expect(page.getByTestId('site-long-name')).toHaveText('Headwater — watershed modelling with SWAT');
  await expect(page.getByTestId('home-footer')).toContainText('open source');
  await expect(page.getByTestId('home-login')).toBeVisible();
  expect(remoteFiles).toContain('/plugins/home/mf-manifest.json');
  expect(remoteFiles).toContain('/plugins/home/remoteEntry.js');
});

test('help shows the help text, tiers with unlimited limits and the run-time guide', async ({ page }) => {
  await page.goto('/help');
  await expect(page.getByRole('heading', { name: 'Documentation & Support' })).toBeVisible();
  await expect(page.getByTestId('help-text')).toContainText('Getting started');
  const tiers = page.getByTestId('tiers-table');
  await expect(tiers.getByRole('row', { name: /Tier III/ })).toContainText('Unlimited');
  await expect(tiers.getByRole('row', { name: /Tier I\b/ }).first()).toContainText('10 per day');
  await expect(page.getByTestId('runtime-guide')).toContainText('4d 13h 30m');
});

test('the land use page filters the demo dataset land uses', async ({ page }) => {
  await page.goto('/help');
  await page.getByTestId('landuse-link').click();
  await expect(page).toHaveURL(/\/help\/landuse$/);
  await expect(page.getByRole('heading', { name: 'Land Use Codes and Definitions' })).toBeVisible();
  await expect(page.getByTestId('dataset-select')).toHaveValue('Little River Experimental Watershed (GA)');
  const table = page.getByTestId('landuse-table');
  await expect(table.getByRole('row')).toHaveCount(8);
  await page.getByTestId('landuse-filter').fill('forest');
  // Forest-Deciduous, Forest-Evergreen and Wetlands-Forested, under the header row.
  await expect(table.getByRole('row')).toHaveCount(4);
  await expect(table).toContainText('FRSD');
  await expect(table).toContainText('WETF');
  await expect(table).not.toContainText('AGRL');
  await page.getByTestId('landuse-filter').fill('zzz');
  await expect(page.getByTestId('landuse-empty')).toHaveText('No land use found matching the filter.');
});

test('unknown paths redirect to the home page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('home-intro')).toBeVisible();
});
