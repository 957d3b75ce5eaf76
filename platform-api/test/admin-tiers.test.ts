// Tier administration through the API (issue 19; spec 3 §2.3 Tiers, §3 Tier, §5, §6, §7): every
// tier call with each role — anonymous, user, partial administrator, administrator; validation;
// the default tier; deletion refused while users hold the tier; and limits that take effect at
// once on project creation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TIER_MESSAGES } from '../src/modules/tiers/service.ts';
import { startTestApp, type TestApp } from './helpers.ts';

let app: TestApp;
const PASSWORD = 'Correct-horse-1';
const tokens = {} as Record<'admin' | 'partial' | 'user', string>;
let userId = 0;
let datasetId = 0;

const call = (token: string | undefined, path: string, init: { method?: string; body?: unknown } = {}) => app.request(`/api/${path}`, { ...init, token });

async function makeUser(userName: string): Promise<number> {
  const created = await call(tokens.admin, 'admin/users', {
    body: { firstName: userName, lastName: 'Tester', email: `${userName}@example.org`, userName, password: PASSWORD, country: 'United States', state: 'Texas', organizationCategory: 'University or college', affiliation: 'Lab', reasonForUse: 'Testing' },
  });
  expect(created.status).toBe(201);
  return created.body.id as number;
}

const form = (extra: Record<string, unknown> = {}) => ({
  name: 'Classroom',
  description: 'For a course',
  isDefault: false,
  hideFromDisplay: true,
  subbasinLimit: 20,
  hruLimit: 300,
  taskLimit: 5,
  taskLimitInterval: 1,
  concurrencyLimit: 1,
  queuePriority: 'middle',
  datasetUploadLimit: 0,
  datasets: [] as number[],
  featureList: ['batchProjects'],
  ...extra,
});

beforeAll(async () => {
  app = await startTestApp({ memoryQueue: true });
  app.config.mfaRequired = false;
  tokens.admin = await app.login();
  const partialId = await makeUser('pat');
  expect((await call(tokens.admin, `admin/users/setrole/${partialId}`, { body: { value: 'PartialAdmin' } })).status).toBe(200);
  tokens.partial = await app.login('pat', PASSWORD);
  userId = await makeUser('uma');
  tokens.user = await app.login('uma', PASSWORD);
  const lists = (await call(tokens.user, 'datasets/publiclist')).body as { options: { value: number; text: string }[] }[];
  datasetId = lists.flatMap((g) => g.options).find((o) => /Little River/.test(o.text))!.value;
}, 60_000);

afterAll(async () => {
  await app?.close();
});

describe('who may call the tier calls', () => {
  it('refuses anonymous callers (401) and users (403); deletion needs a full administrator', async () => {
    const tier = (await call(tokens.admin, 'admin/tiers')).body.items[0].id as number;
    const list: [string, string, unknown?][] = [
      ['GET', 'admin/tiers'],
      ['GET', `admin/tiers/${tier}`],
      ['GET', `admin/tiers/users/${tier}`],
      ['GET', 'admin/tiers/datasets'],
      ['POST', 'admin/tiers', form({ name: 'Sneaky' })],
      ['PUT', `admin/tiers/${tier}`, form({ name: 'Sneaky' })],
      ['DELETE', `admin/tiers/${tier}`],
    ];
    for (const [method, path, body] of list) {
      expect((await call(undefined, path, { method, body })).status, `anonymous ${method} ${path}`).toBe(401);
      expect((await call(tokens.user, path, { method, body })).status, `user ${method} ${path}`).toBe(403);
    }
    expect((await call(tokens.partial, `admin/tiers/${tier}`, { method: 'DELETE' })).status).toBe(403);
    expect(await app.deps.db('tiers').where('name', 'Sneaky').first()).toBeUndefined();
    expect((await app.deps.db('tiers').where('id', tier).first()).name).toBe('Tier I');
  });

  it('lists the tiers with their users for partial administrators, 50 a page', async () => {
    const res = await call(tokens.partial, 'admin/tiers');
    expect(res.status).toBe(200);
    expect(res.body.items.map((t: { name: string; numUsers: number; isDefault: boolean }) => [t.name, t.numUsers, t.isDefault])).toEqual([
      ['Tier I', 3, true], // admin, pat and uma: the default tier
      ['Tier II', 0, false],
      ['Tier III', 0, false],
    ]);
    const detail = await call(tokens.partial, `admin/tiers/${res.body.items[0].id}`);
    expect(detail.body).toMatchObject({ tier: { name: 'Tier I', hruLimit: 10_000, queuePriority: 'default' }, numUsers: 3, features: ['batchProjects', 'regionalProjects'] });
    expect(detail.body.datasets).toContainEqual(expect.objectContaining({ value: datasetId }));
    const users = await call(tokens.partial, `admin/tiers/users/${res.body.items[0].id}`);
    expect(users.body.items.map((u: { userName: string }) => u.userName)).toEqual(['admin', 'pat', 'uma']);
    expect(users.body.items[2]).toMatchObject({ email: 'uma@example.org', location: 'Texas, United States', expiration: null });
    expect((await call(tokens.partial, 'admin/tiers/2147480000')).status).toBe(404);
  });
});

describe('creating, editing and deleting tiers', () => {
  let classroom = 0;

  it('validates the form (spec 3 §5) and creates a tier (partial administrators too), recorded', async () => {
    const bad = await call(tokens.partial, 'admin/tiers', { body: { name: '', subbasinLimit: -1, hruLimit: 'x', taskLimitInterval: 7, queuePriority: 'urgent', featureList: ['teleport'], datasets: [999999] } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({
      name: ['Required'],
      subbasinLimit: [TIER_MESSAGES.wholeNumber],
      hruLimit: [TIER_MESSAGES.wholeNumber],
      taskLimit: ['Required'],
      concurrencyLimit: ['Required'],
      datasetUploadLimit: ['Required'],
      taskLimitInterval: [TIER_MESSAGES.interval],
      queuePriority: [TIER_MESSAGES.priority],
      featureList: [TIER_MESSAGES.feature],
      datasets: [TIER_MESSAGES.dataset],
    });
    expect((await call(tokens.partial, 'admin/tiers', { body: form({ name: 'tier ii' }) })).body.errors).toEqual({ name: [TIER_MESSAGES.nameTaken] });
    const created = await call(tokens.partial, 'admin/tiers', { body: form({ datasets: [datasetId] }) });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    classroom = created.body.id;
    const detail = (await call(tokens.admin, `admin/tiers/${classroom}`)).body;
    expect(detail.tier).toMatchObject({ name: 'Classroom', hideFromDisplay: true, taskLimitInterval: 1, queuePriority: 'middle', datasets: [datasetId], featureList: ['batchProjects'] });
    expect(detail.auditLog[0]).toMatchObject({ actor: 'pat', action: 'create' });
    // Hidden from the public table.
    expect((await call(undefined, 'account/alltiers')).body.map((t: { name: string }) => t.name)).not.toContain('Classroom');
  });

  it('moves the default flag, and keeps one default', async () => {
    const tiers = (await call(tokens.admin, 'admin/tiers')).body.items as { id: number; name: string }[];
    const tier1 = tiers.find((t) => t.name === 'Tier I')!.id;
    const keep = await call(tokens.admin, `admin/tiers/${tier1}`, { method: 'PUT', body: { ...(await call(tokens.admin, `admin/tiers/${tier1}`)).body.tier, isDefault: false } });
    expect(keep.body.errors).toEqual({ isDefault: [TIER_MESSAGES.keepDefault] });
    const moved = await call(tokens.admin, `admin/tiers/${classroom}`, { method: 'PUT', body: form({ isDefault: true, datasets: [datasetId] }) });
    expect(moved.status).toBe(200);
    expect((await app.deps.db('tiers').where('isDefault', true)).map((t: { name: string }) => t.name)).toEqual(['Classroom']);
    // Users get the default tier of their creation time as their own: they keep Tier I. A user
    // with no tier of their own holds the new default.
    expect((await call(tokens.admin, `admin/tiers/users/${classroom}`)).body.total).toBe(0);
    await app.deps.db('users').where('id', userId).update({ tierId: null });
    expect((await call(tokens.admin, `admin/tiers/users/${classroom}`)).body.items.map((u: { userName: string }) => u.userName)).toEqual(['uma']);
    await app.deps.db('users').where('id', userId).update({ tierId: tier1 });
    expect((await call(tokens.admin, `admin/tiers/${classroom}`, { method: 'DELETE' })).body).toBe(TIER_MESSAGES.defaultTier);
    await call(tokens.admin, `admin/tiers/${tier1}`, { method: 'PUT', body: { ...(await call(tokens.admin, `admin/tiers/${tier1}`)).body.tier, isDefault: true } });
    expect((await app.deps.db('tiers').where('isDefault', true)).map((t: { name: string }) => t.name)).toEqual(['Tier I']);
  });

  it('refuses to delete a tier users hold, with a message; deletes it once they left', async () => {
    await app.deps.db('users').where('id', userId).update({ tierId: classroom });
    const refused = await call(tokens.admin, `admin/tiers/${classroom}`, { method: 'DELETE' });
    expect(refused.status).toBe(400);
    expect(refused.body).toBe(TIER_MESSAGES.inUse(1));
    await app.deps.db('users').where('id', userId).update({ tierId: null });
    expect((await call(tokens.admin, `admin/tiers/${classroom}`, { method: 'DELETE' })).status).toBe(204);
    expect(await app.deps.db('tiers').where('id', classroom).first()).toBeUndefined();
    const log = await app.deps.db('adminAuditLog').where({ entity: 'tier', entityId: classroom }).orderBy('id');
    expect(log.map((e: { action: string }) => e.action)).toEqual(['create', 'update', 'delete']);
  });
});

describe('limits take effect at once', () => {
  it("an edited HRU limit and a user's new tier block a too-large project at creation, and runs", async () => {
    const map = await call(tokens.user, `maps/subbasin/name/${datasetId}/3`);
    const body = { datasetID: datasetId, endID: map.body.downstreamID, startIDs: [], name: 'Whole watershed' };
    // A tier whose HRU limit is below the watershed's subbasin count: not even one HRU per subbasin fits.
    const small = await call(tokens.admin, 'admin/tiers', { body: form({ name: 'Tiny', subbasinLimit: 0, hruLimit: 1000, hideFromDisplay: false }) });
    const detail = (await call(tokens.admin, `admin/users/${userId}`)).body;
    expect((await call(tokens.admin, `admin/users/${userId}`, { body: { ...detail.user, tierID: small.body.id } })).status).toBe(200);
    expect((await call(tokens.admin, `admin/tiers/${small.body.id}`, { method: 'PUT', body: form({ name: 'Tiny', subbasinLimit: 0, hruLimit: 2, hideFromDisplay: false }) })).status).toBe(200);
    const blocked = await call(tokens.user, 'projects', { body });
    expect(blocked.status).toBe(400);
    expect(blocked.body).toBe('Your account is limited to unlimited subbasins and 2 HRUs per project. Please select a smaller watershed.');
    // Raised again: the same token creates the project.
    expect((await call(tokens.admin, `admin/tiers/${small.body.id}`, { method: 'PUT', body: form({ name: 'Tiny', subbasinLimit: 0, hruLimit: 0, hideFromDisplay: false }) })).status).toBe(200);
    const created = await call(tokens.user, 'projects', { body });
    expect(created.status).toBe(200);

    // Runs: the scenario options answer the tier check of the run with the limit of the moment.
    const options = () => call(tokens.user, `scenarios/options/${created.body.id}`).then((r) => r.body.tierLimits as { withinLimits: boolean; message: string });
    expect((await options()).withinLimits).toBe(true);
    expect((await call(tokens.admin, `admin/tiers/${small.body.id}`, { method: 'PUT', body: form({ name: 'Tiny', subbasinLimit: 0, hruLimit: 3, hideFromDisplay: false }) })).status).toBe(200);
    const limited = await options();
    expect(limited.withinLimits).toBe(false);
    expect(limited.message).toMatch(/^Your account is limited to unlimited subbasins and 3 HRUs per project; this project has [\d,]+ HRUs\./);
  });

  it('an expired tier falls back to the default tier', async () => {
    const tiny = await app.deps.db('tiers').where('name', 'Tiny').first();
    await app.deps.db('tiers').where('id', tiny.id).update({ hruLimit: 0, subbasinLimit: 0 });
    const tier1 = await app.deps.db('tiers').where('name', 'Tier I').first();
    await app.deps.db('tiers').where('id', tier1.id).update({ hruLimit: 2 });
    await app.deps.db('users').where('id', userId).update({ tierExpiration: new Date(Date.now() - 86_400_000) });
    const map = await call(tokens.user, `maps/subbasin/name/${datasetId}/3`);
    const res = await call(tokens.user, 'projects', { body: { datasetID: datasetId, endID: map.body.downstreamID, startIDs: [], name: 'Expired tier' } });
    expect(res.status).toBe(400);
    expect(res.body).toContain('2 HRUs per project');
  });
});
