// Admin datasets (issue 20; spec 3 §2.3 Datasets, §3 Admin dataset, §4 dataset active state and
// public request review, §5 admin dataset settings, §7 'Admin datasets') through the API, per
// role: anonymous (401), user (403), partial administrator (all but delete), administrator.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers.ts';

let app: TestApp;
const PASSWORD = 'Correct-horse-1';
type Who = 'anonymous' | 'user' | 'partial' | 'admin';
const tokens = {} as Record<Exclude<Who, 'anonymous'>, string>;
let lrew: number;
let userId: number;

const call = (who: Who, path: string, init: { method?: string; body?: unknown } = {}) => app.request(`/api/${path}`, { ...init, token: who === 'anonymous' ? undefined : tokens[who] });

async function userWithToken(userName: string): Promise<string> {
  const created = await app.request('/api/admin/users', {
    token: tokens.admin,
    body: { firstName: userName, lastName: 'Tester', email: `${userName}@example.org`, userName, password: PASSWORD, country: 'United States', state: 'Texas', organizationCategory: 'University or college', affiliation: 'Lab', reasonForUse: 'Testing' },
  });
  expect(created.status).toBe(201);
  return app.login(userName, PASSWORD);
}

const choices = async (who: Who) => ((await call(who, 'datasets/publiclist')).body as { options: { value: number; text: string }[] }[]).flatMap((g) => g.options.map((o) => o.value));
const audit = (action: string, entityId: number) => app.deps.db('admin_audit_log').where({ entity: 'dataset', action, entityId });

beforeAll(async () => {
  app = await startTestApp({ memoryQueue: true });
  app.config.mfaRequired = false;
  app.config.captchaProvider = 'none';
  tokens.admin = await app.login();
  tokens.user = await userWithToken('uma');
  await userWithToken('pia');
  await app.deps.db('users').where('userName', 'pia').update({ roles: JSON.stringify(['Registered', 'PartialAdmin']) });
  tokens.partial = await app.login('pia', PASSWORD);
  lrew = (await app.deps.db('datasets').where('name', 'like', '%Little River%').first('id')).id;
  userId = (await app.deps.db('users').where('userName', 'uma').first('id')).id;
}, 120_000);
afterAll(async () => {
  await app?.close();
});

/** The settings form as the page sends it: the detail's fields back. */
async function settingsOf(id: number) {
  const d = (await call('admin', `admin/datasets/${id}`)).body.dataset as Record<string, unknown>;
  const { createdOn, userName, userID, accessibility, isPublic, groupIDs, tierIDs, counts, importID, importStatus, publicRequest, id: _id, ...settings } = d;
  // the page sends the outline as the parsed GeoJSON (longer than one string may be)
  return { ...settings, outline: settings.outline ? JSON.parse(String(settings.outline)) : '' } as Record<string, unknown>;
}

describe('who may call', () => {
  it('refuses anonymous callers (401) and users (403) on every call; delete is the Admin role only', async () => {
    const calls: [string, string, unknown?][] = [
      ['GET', 'admin/datasets'],
      ['GET', `admin/datasets/${lrew}`],
      ['PUT', `admin/datasets/${lrew}`, {}],
      ['PUT', `admin/datasets/weather/${lrew}`, { weatherDatasets: [] }],
      ['DELETE', `admin/datasets/${lrew}`],
    ];
    for (const [method, path, body] of calls) {
      expect((await call('anonymous', path, { method, body })).status, `${method} ${path}`).toBe(401);
      expect((await call('user', path, { method, body })).status, `${method} ${path}`).toBe(403);
    }
    expect((await call('partial', `admin/datasets/${lrew}`, { method: 'DELETE' })).status).toBe(403);
    expect((await call('partial', 'admin/datasets')).status).toBe(200);
    expect((await call('partial', `admin/datasets/${lrew}`)).status).toBe(200);
  });

  it('answers 404 for a dataset that does not exist', async () => {
    expect((await call('admin', 'admin/datasets/2147480000')).status).toBe(404);
    expect((await call('admin', 'admin/datasets/2147480000', { method: 'PUT', body: await settingsOf(lrew) })).status).toBe(404);
  });
});

describe('the grid and the detail', () => {
  it('lists every dataset with its counts, 50 a page, with CSV export', async () => {
    const res = await call('partial', 'admin/datasets');
    expect(res.status).toBe(200);
    const row = res.body.items.find((r: { id: number }) => r.id === lrew);
    expect(row).toMatchObject({ isActive: true, accessibility: 'Public', isUserSubmitted: false });
    expect(row.numSubbasins).toBeGreaterThan(0);
    expect(row.numHrus).toBeGreaterThan(0);
    const csv = await call('admin', 'admin/datasets?format=csv');
    expect(csv.status).toBe(200);
    expect(String(csv.body).split('\n')[0]).toContain('Name');
    expect(String(csv.body)).toContain('Little River');
  });

  it('answers the detail response: dataset, groups, tiers, swatVersions, weather', async () => {
    const { body } = await call('admin', `admin/datasets/${lrew}`);
    expect(Object.keys(body).sort()).toEqual(['calibrations', 'dataset', 'groups', 'swatVersions', 'tiers', 'weather']);
    // the demo dataset's calibrated watershed (its gauge and DDS option, datasets/README.md)
    expect(body.calibrations.length).toBeGreaterThan(0);
    expect(body.calibrations[0]).toMatchObject({ hasOption: true });
    expect(body.calibrations[0].numSites).toBeGreaterThan(0);
    expect(body.dataset).toMatchObject({ id: lrew, accessibility: 'Public', isPublic: true });
    expect(body.dataset.counts.subbasins).toBeGreaterThan(0);
    for (const f of ['minLat', 'maxLat', 'minLon', 'maxLon', 'minCn2', 'maxCn2', 'optionOrder', 'defaultSWATVersionID', 'allowOnlyDefaultSWATVersion', 'outline', 'iclusHruThreshold', 'calibrationPageText', 'useNonAgLanduseSetting']) {
      expect(body.dataset, f).toHaveProperty(f);
    }
    expect(body.tiers.length).toBeGreaterThan(0);
    expect(body.swatVersions.length).toBeGreaterThan(0);
    expect(body.weather.options.length).toBeGreaterThan(0);
    expect(body.weather.datasets.length).toBeGreaterThan(0);
  });
});

describe('settings', () => {
  it('validates as spec 3 §5 says, in the 400 shape', async () => {
    const s = await settingsOf(lrew);
    const bad = await call('admin', `admin/datasets/${lrew}`, { method: 'PUT', body: { ...s, name: ' ', version: '', minLat: 200, maxLon: '', optionOrder: '' } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['maxLon', 'minLat', 'name', 'optionOrder', 'version']);
    expect(bad.body.errors.name).toEqual(['Required']);
    expect(bad.body.errors.minLat).toEqual(['Must be between -180 and 180']);
    const long = await call('admin', `admin/datasets/${lrew}`, { method: 'PUT', body: { ...s, name: 'n'.repeat(51), description: 'x'.repeat(201), attribution: 'a'.repeat(101) } });
    expect(long.status).toBe(400);
    expect(long.body.errors).toEqual({ name: ['Must be at most 50 characters'], description: ['Must be at most 200 characters'], attribution: ['Must be at most 100 characters'] });
    // the shipped attribution is longer than 100 characters: left as it is, it does not block a save
    expect(String(s.attribution).length).toBeGreaterThan(100);
    const outline = await call('admin', `admin/datasets/${lrew}`, { method: 'PUT', body: { ...s, outline: '{not json' } });
    expect(outline.body.errors.outline).toBeDefined();
  });

  it('saves every setting (partial administrator), blank curve number limits meaning unrestricted, and audits it', async () => {
    const s = await settingsOf(lrew);
    const res = await call('partial', `admin/datasets/${lrew}`, { method: 'PUT', body: { ...s, description: 'Edited by pia', minCn2: '', maxCn2: '', restrictSelection: true, restrictionMessage: 'Ask first', optionOrder: 7, calibrationPageText: 'See Help.' } });
    expect(res.status).toBe(200);
    const after = (await call('admin', `admin/datasets/${lrew}`)).body.dataset;
    expect(after).toMatchObject({ description: 'Edited by pia', minCn2: null, maxCn2: null, restrictSelection: true, restrictionMessage: 'Ask first', optionOrder: 7, calibrationPageText: 'See Help.' });
    expect(await audit('update', lrew)).toHaveLength(1);
    await call('admin', `admin/datasets/${lrew}`, { method: 'PUT', body: s });
  });

  it('deactivating removes the dataset from the choices for new projects; activating restores it', async () => {
    expect(await choices('user')).toContain(lrew);
    const s = await settingsOf(lrew);
    expect((await call('admin', `admin/datasets/${lrew}`, { method: 'PUT', body: { ...s, isActive: false } })).status).toBe(200);
    expect(await choices('user')).not.toContain(lrew);
    expect(await audit('deactivate', lrew)).toHaveLength(1);
    expect((await call('admin', `admin/datasets/${lrew}`, { method: 'PUT', body: { ...s, isActive: true } })).status).toBe(200);
    expect(await choices('user')).toContain(lrew);
    expect(await audit('activate', lrew)).toHaveLength(1);
  });

  it('sets the weather datasets offered with the dataset and the default', async () => {
    const { body } = await call('admin', `admin/datasets/${lrew}`);
    const before = body.weather.datasets as { id: number; isDefault: boolean }[];
    const first = body.weather.options[0].value as number;
    expect((await call('partial', `admin/datasets/weather/${lrew}`, { method: 'PUT', body: { weatherDatasets: [first], defaultWeatherDatasetID: 999 } })).status).toBe(400);
    expect((await call('partial', `admin/datasets/weather/${lrew}`, { method: 'PUT', body: { weatherDatasets: [2147480000] } })).status).toBe(400);
    expect((await call('partial', `admin/datasets/weather/${lrew}`, { method: 'PUT', body: { weatherDatasets: [first], defaultWeatherDatasetID: first } })).status).toBe(200);
    expect((await call('admin', `admin/datasets/${lrew}`)).body.weather.datasets).toEqual([{ id: first, isDefault: true }]);
    await call('admin', `admin/datasets/weather/${lrew}`, { method: 'PUT', body: { weatherDatasets: before.map((w) => w.id), defaultWeatherDatasetID: before.find((w) => w.isDefault)?.id ?? null } });
  });
});

describe('public requests and delete', () => {
  let uploaded: number;
  beforeAll(async () => {
    const [d] = await app.deps.db('datasets').insert({
      name: 'Uma creek',
      isUserSubmitted: true,
      accessibility: 'User',
      userId,
      minLat: 30,
      maxLat: 31,
      minLon: -84,
      maxLon: -83,
      publicRequest: JSON.stringify({ status: 'Submitted', userMessage: 'For my class', requestedOn: new Date().toISOString(), requestedBy: 'uma', adminMessage: '' }),
    }).returning('id');
    uploaded = d.id;
  });

  it('shows the request in the detail; approving (sharing to all users of chosen tiers) notifies the requester', async () => {
    const detail = (await call('partial', `admin/datasets/${uploaded}`)).body;
    expect(detail.dataset.publicRequest).toMatchObject({ status: 'Submitted', userMessage: 'For my class' });
    expect(detail.dataset).toMatchObject({ userName: 'uma', accessibility: 'User', isUserSubmitted: true });
    const grid = (await call('admin', 'admin/datasets')).body.items.find((r: { id: number }) => r.id === uploaded);
    expect(grid.publicRequest).toBe('Submitted');
    const tier = detail.tiers[0].value as number;
    const res = await call('partial', `admin/datasets/share/${uploaded}`, { method: 'PUT', body: { accessibility: 'Public', tiers: [tier], groups: [], deny: false, adminMessage: 'Welcome' } });
    expect(res.status).toBe(200);
    const after = (await call('admin', `admin/datasets/${uploaded}`)).body.dataset;
    expect(after).toMatchObject({ accessibility: 'Public', isPublic: true, tierIDs: [tier] });
    expect(after.publicRequest).toMatchObject({ status: 'Approved', adminMessage: 'Welcome', reviewedBy: 'pia' });
    const note = await app.deps.db('notifications').where({ userId }).orderBy('id', 'desc').first();
    expect(note.title).toContain('Uma creek');
  });

  it('deletes an unused dataset (Admin only) and refuses one that projects use', async () => {
    const [p] = await app.deps.db('projects').insert({ userId, name: 'Uses Uma creek', datasetId: uploaded }).returning('id');
    const refused = await call('admin', `admin/datasets/${uploaded}`, { method: 'DELETE' });
    expect(refused.status).toBe(409);
    await app.deps.db('projects').where('id', p.id).delete();
    expect((await call('partial', `admin/datasets/${uploaded}`, { method: 'DELETE' })).status).toBe(403);
    expect((await call('admin', `admin/datasets/${uploaded}`, { method: 'DELETE' })).status).toBe(200);
    expect(await app.deps.db('datasets').where('id', uploaded).first()).toBeUndefined();
    expect(await audit('delete', uploaded)).toHaveLength(1);
  });
});
