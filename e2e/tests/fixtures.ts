import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { expect, type Page } from '@playwright/test';

export const ADMIN = { userName: 'admin', password: 'E2e-admin-pass1' };

/** Fills and sends the header's login form. */
async function fillLogin(page: Page, userName: string, password: string): Promise<void> {
  await page.getByTestId('login-button').click();
  const form = page.getByTestId('login-form').first();
  await form.getByLabel('User name').fill(userName);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Log in' }).click();
}

export async function loginFromHeader(page: Page, user = ADMIN): Promise<void> {
  await fillLogin(page, user.userName, user.password);
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

/** The Little River watershed at its outlet as a project, its HRUs set by a target of 60 (as the
 * projects pages do it; 134 keeps every HRU). */
export async function projectWithHrus(baseURL: string, token: string, name: string, targetThreshold = 60): Promise<number> {
  const map = (await api(baseURL, token, 'maps/subbasin/name/1/3')).body as { downstreamID: number; id: string };
  const created = await api(baseURL, token, 'projects', { method: 'POST', body: { datasetID: 1, endID: map.downstreamID, startIDs: [], name, cacheID: map.id } });
  expect(created.status).toBe(200);
  const id = (created.body as { id: number }).id;
  const status = async () => ((await api(baseURL, token, `projects/${id}`)).body.status ?? {}) as Json;
  await until('the project to be created', async () => !!(await status()).isCreated, 30_000);
  const hrus = await api(baseURL, token, 'projects/hrus', { method: 'POST', body: { projectID: id, method: 'target', targetThreshold } });
  expect(hrus.status).toBe(200);
  await until('the HRUs to be set', async () => !!(await status()).hasSetHrus, 30_000);
  return id;
}

/** The e2e server's data folder (the outbox, the regional imports and the station files are under it). */
export const dataDir = process.env.E2E_DATA_DIR ?? join(import.meta.dirname, '..', '..', 'test-results', 'e2e-data');
const outbox = join(dataDir, 'outbox');

/** The password of the people the tests make. */
export const PASSWORD = 'Browser-pass-1';

export type Mail = { to: string; subject: string; text: string; file: string };

/** The mails in the server's outbox (DATA_DIR/outbox), oldest first. */
export function mails(): Mail[] {
  if (!existsSync(outbox)) return [];
  return readdirSync(outbox)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => ({ ...(JSON.parse(readFileSync(join(outbox, f), 'utf8')) as Mail), file: f }));
}

const seen = new Set<string>();
/** Waits for a mail to `to` (any case) whose subject matches, not taken before, and takes it. */
export async function waitForMail(to: string, subject: RegExp): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(() => {
      found = mails().find((m) => !seen.has(m.file) && m.to.toLowerCase() === to.toLowerCase() && subject.test(m.subject));
      return !!found;
    }, { timeout: 15_000 })
    .toBe(true);
  seen.add(found!.file);
  return found!;
}

/** The six-digit code in a mail. */
export const codeIn = (mail: Mail) => mail.text.match(/\b(\d{6})\b/)![1]!;

/** The code of the next sign-in mail to `email`. */
export const signInCode = async (email: string): Promise<string> => codeIn(await waitForMail(email, /sign-in code/));

export type Person = { id: number; userName: string; email: string };

/** The registration fields of a test person. */
export const profile = (userName: string, reasonForUse = 'Admin tests') => ({ firstName: userName, lastName: 'Tester', email: `${userName}@example.org`, userName, password: PASSWORD, country: 'Canada', organizationCategory: 'Individual', affiliation: 'Watershed lab', reasonForUse });

/** An approved account made by the administrator (confirmed at once). */
export async function person(baseURL: string, admin: string, userName: string, reasonForUse?: string): Promise<Person> {
  const created = await api(baseURL, admin, 'admin/users', { method: 'POST', body: profile(userName, reasonForUse) });
  expect(created.status).toBe(201);
  return { id: (created.body as { id: number }).id, userName, email: `${userName}@example.org` };
}

/** Signs in from the header with the mailed code (`codeIfAsked`: only when the code step shows,
 * a remembered device skipping it). */
export async function signIn(page: Page, who: { userName: string; email: string }, opts: { codeIfAsked?: boolean } = {}): Promise<void> {
  await page.goto('/');
  await fillLogin(page, who.userName, PASSWORD);
  const mfa = page.getByTestId('mfa-step');
  const account = page.getByTestId('menu-account');
  if (opts.codeIfAsked) {
    await expect(mfa.or(account)).toBeVisible();
    if (!(await mfa.isVisible())) return void (await expect(account).toHaveText(who.userName));
  } else {
    await expect(mfa).toBeVisible();
  }
  await mfa.getByLabel('Code').fill(await signInCode(who.email));
  await mfa.getByRole('button', { name: 'Verify' }).click();
  await expect(account).toHaveText(who.userName);
}

/** A token for API calls (login, then the mailed code). */
export async function tokenOf(baseURL: string, who: { userName: string; email: string }): Promise<string> {
  const res = await fetch(`${baseURL}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userName: who.userName, password: PASSWORD }) });
  const limited = ((await res.json()) as { auth_token: string }).auth_token;
  const code = await signInCode(who.email);
  const done = await fetch(`${baseURL}/api/auth/confirmmfa`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code, token: limited }) });
  expect(done.status).toBe(200);
  return ((await done.json()) as { auth_token: string }).auth_token;
}

/** The administrator signs in from the home page, which then goes on to the projects page:
 * waited for, so that late navigation cannot follow a click on the lock. */
export async function adminLogin(page: Page): Promise<void> {
  await page.goto('/');
  await loginFromHeader(page);
  await expect(page).toHaveURL(/\/projects$/);
}

/** The files under `dir` as zip entries named `prefix` + their relative path. */
export function entriesOf(dir: string, prefix: string): { name: string; data: Buffer }[] {
  const out: { name: string; data: Buffer }[] = [];
  const walk = (d: string) => {
    for (const f of readdirSync(d)) {
      const p = join(d, f);
      if (statSync(p).isDirectory()) walk(p);
      else out.push({ name: `${prefix}${relative(dir, p).split(sep).join('/')}`, data: readFileSync(p) });
    }
  };
  walk(dir);
  return out;
}

/** A scenario of the project with the options' defaults; answers its id. */
export async function newScenario(baseURL: string, token: string, projectId: number, name: string): Promise<number> {
  const o = (await api(baseURL, token, `scenarios/options/${projectId}`)).body as Record<string, unknown>;
  const scenario = await api(baseURL, token, 'scenarios', {
    method: 'POST',
    body: { projectID: projectId, name, weatherDatasetID: o.defaultWeatherDataset, swatVersionID: o.defaultSWATVersion, printSetting: 1, skipYears: 2, startingSimulationDate: o.defaultStartDate, endingSimulationDate: o.defaultEndDate },
  });
  expect(scenario.status, JSON.stringify(scenario.body)).toBe(200);
  return (scenario.body as { id: number }).id;
}

/** Logs in, opens the scenario's Customize SWAT Inputs tab and the editor titled `title`. */
export async function openEditor(page: Page, projectId: number, scenarioId: number, title: string, slug: string): Promise<void> {
  await page.goto('/');
  await loginFromHeader(page);
  await page.goto(`/projects/${projectId}/scenarios/${scenarioId}`);
  await page.getByTestId('tab-inputs').click();
  await page.getByTestId('editor-links').getByRole('link', { name: title, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/projects/${projectId}/scenarios/${scenarioId}/${slug}$`));
  await expect(page.getByRole('heading', { name: title, exact: true })).toBeVisible();
}

/** Back in the scenario view, the editor's table is checked (or not); then into the editor again. */
export async function expectCheck(page: Page, modTable: string, title: string, checked: boolean): Promise<void> {
  await page.getByRole('link', { name: 'Back to the scenario view' }).click();
  await page.getByTestId('tab-inputs').click();
  await expect(page.getByTestId(`modtable-check-${modTable}`)).toHaveCount(checked ? 1 : 0);
  await page.getByTestId('editor-links').getByRole('link', { name: title, exact: true }).click();
}

export const saveButton = (page: Page) => page.getByTestId('editor-actions').getByRole('button', { name: 'Save' });
export const saved = (page: Page) => expect(page.getByRole('status').filter({ hasText: 'Changes saved.' })).toBeVisible();

/** Removes the editor's saved changes (confirmed in the dialog). */
export async function removeChanges(page: Page): Promise<void> {
  await page.getByTestId('editor-actions').getByRole('button', { name: 'Remove Changes' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove Changes' }).click();
  await expect(page.getByTestId('editor-actions').getByRole('button', { name: 'Remove Changes' })).toHaveCount(0);
}

/** A project of the demo dataset with a scenario run daily over 2000–2012 (2 warm-up years):
 * what the output tools need (daily output, more than 3 simulated years). */
export async function dailyRunScenario(baseURL: string, token: string, projectName: string): Promise<{ projectId: number; scenarioId: number }> {
  const projectId = await projectWithHrus(baseURL, token, projectName);
  const options = (await api(baseURL, token, `scenarios/options/${projectId}`)).body as Json;
  const created = await api(baseURL, token, 'scenarios', {
    method: 'POST',
    body: { projectID: projectId, name: 'Daily 2000-2012', weatherDatasetID: options.defaultWeatherDataset, swatVersionID: options.defaultSWATVersion, printSetting: 1, skipYears: 2, startingSimulationDate: '2000-01-01', endingSimulationDate: '2012-12-31' },
  });
  if (created.status !== 200) throw new Error(`scenario not created: ${created.status} ${JSON.stringify(created.body)}`);
  const scenarioId = (created.body as { id: number }).id;
  const run = await api(baseURL, token, `scenarios/run/${scenarioId}`, { method: 'POST', body: {} });
  if (run.status !== 200) throw new Error(`scenario run refused: ${run.status} ${JSON.stringify(run.body)}`);
  await until('the scenario run', async () => !!((await api(baseURL, token, `scenarios/${scenarioId}`)).body.status as Json)?.hasRun, 180_000);
  return { projectId, scenarioId };
}

/** The payloads of one live event (socket.io frames `42["event",payload]`) the page receives. */
export function watchChannel<T>(page: Page, event: string): T[] {
  const pushes: T[] = [];
  const prefix = `42[${JSON.stringify(event)},`;
  page.on('websocket', (ws) =>
    ws.on('framereceived', (f) => {
      const text = typeof f.payload === 'string' ? f.payload : f.payload.toString();
      if (text.startsWith(prefix) && text.endsWith(']')) pushes.push(JSON.parse(text.slice(prefix.length, -1)) as T);
    }),
  );
  return pushes;
}
