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

export type Json = Record<string, unknown>;

/** A call to the API with the token, JSON in and out (a plain-text answer gives an empty body). */
export async function api(baseURL: string, token: string, path: string, init: { method?: string; body?: unknown } = {}): Promise<{ status: number; body: Json }> {
  const res = await fetch(`${baseURL}/api/${path}`, {
    method: init.method ?? 'GET',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  let body: Json = {};
  try {
    body = text ? (JSON.parse(text) as Json) : {};
  } catch {
    /* a plain-text answer: only the status matters */
  }
  return { status: res.status, body };
}

/** Polls `check` every half second until it holds. */
export async function until(what: string, check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** The Little River watershed at its outlet as a project, its HRUs set by a target of 60 (as the projects pages do it). */
export async function projectWithHrus(baseURL: string, token: string, name: string): Promise<number> {
  const map = (await api(baseURL, token, 'maps/subbasin/name/1/3')).body as { downstreamID: number; id: string };
  const created = await api(baseURL, token, 'projects', { method: 'POST', body: { datasetID: 1, endID: map.downstreamID, startIDs: [], name, cacheID: map.id } });
  expect(created.status).toBe(200);
  const id = (created.body as { id: number }).id;
  const status = async () => ((await api(baseURL, token, `projects/${id}`)).body.status ?? {}) as Json;
  await until('the project to be created', async () => !!(await status()).isCreated, 30_000);
  const hrus = await api(baseURL, token, 'projects/hrus', { method: 'POST', body: { projectID: id, method: 'target', targetThreshold: 60 } });
  expect(hrus.status).toBe(200);
  await until('the HRUs to be set', async () => !!(await status()).hasSetHrus, 30_000);
  return id;
}
