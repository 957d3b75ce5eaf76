import { expect, type Page } from '@playwright/test';

export const ADMIN = { userName: 'admin', password: 'E2e-admin-pass1' };

export async function loginFromHeader(page: Page, user = ADMIN): Promise<void> {
  await page.getByTestId('login-button').click();
  const form = page.getByTestId('login-form').first();
  await form.getByLabel('User name').fill(user.userName);
  await form.getByLabel('Password', { exact: true }).fill(user.password);
  await form.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByTestId('menu-account')).toHaveText(user.userName);
}

/** An API token for direct calls from a test. */
export async function apiToken(baseURL: string, user = ADMIN): Promise<string> {
  const res = await fetch(`${baseURL}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(user) });
  const body = (await res.json()) as { auth_token: string };
  return body.auth_token;
}

export async function setPluginEnabled(baseURL: string, id: string, enabled: boolean): Promise<void> {
  const token = await apiToken(baseURL);
  const res = await fetch(`${baseURL}/api/admin/plugins/${id}`, { method: 'PUT', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify({ enabled }) });
  if (!res.ok) throw new Error(`toggle ${id}: ${res.status}`);
}
