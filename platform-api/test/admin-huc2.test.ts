// Regional (HUC2) imports (issue 20; spec 3 §4 HUC2 regional import, §7 'Regional imports'):
// full administrators only, behind the 'huc2ImportsEnabled' flag; a region made by the synthetic
// generator (20 subbasins) placed under DATA_DIR/huc2 is imported by the queue job into a system
// dataset with live progress (import-huc-version2-status-changed), re-imported, aborted, and the
// soils import (importID 0) writes the regional soils into it.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeSynthetic } from '@headwater/datasets/src/synthetic.ts';
import { startProcessing } from '../src/jobs/processors.ts';
import { ABORTING_MESSAGE, HUC2_EVENT, HUC2_ROOM, sourceDir, STARTING_MESSAGE } from '../src/modules/huc2-import/service.ts';
import { startTestApp, type TestApp } from './helpers.ts';

let app: TestApp;
const PASSWORD = 'Correct-horse-1';
type Who = 'anonymous' | 'user' | 'partial' | 'admin';
const tokens = {} as Record<Exclude<Who, 'anonymous'>, string>;
const events: { importID: number; progress: number; statusMessage: string }[] = [];

const call = (who: Who, path: string, init: { method?: string; body?: unknown } = {}) => app.request(`/api/${path}`, { ...init, token: who === 'anonymous' ? undefined : tokens[who] });

async function poll<T>(what: string, get: () => Promise<T>, done: (v: T) => boolean, ms = 60_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await get();
    if (done(v)) return v;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function userWithToken(userName: string): Promise<string> {
  const created = await app.request('/api/admin/users', {
    token: tokens.admin,
    body: { firstName: userName, lastName: 'Tester', email: `${userName}@example.org`, userName, password: PASSWORD, country: 'United States', state: 'Texas', organizationCategory: 'University or college', affiliation: 'Lab', reasonForUse: 'Testing' },
  });
  expect(created.status).toBe(201);
  return app.login(userName, PASSWORD);
}

const overview = async () => (await call('admin', 'admin/importHuc2')).body;
const importOf = async (id: number) => (await overview()).imports[id];

beforeAll(async () => {
  app = await startTestApp({ memoryQueue: true });
  app.config.mfaRequired = false;
  app.config.captchaProvider = 'none';
  // the live events as the hub receives them
  const publish = app.deps.bus.publish.bind(app.deps.bus);
  app.deps.bus.publish = async (room, event, payload) => {
    if (room === HUC2_ROOM && event === HUC2_EVENT) events.push(payload as (typeof events)[number]);
    return publish(room, event, payload);
  };
  startProcessing(app.deps, 1);
  tokens.admin = await app.login();
  tokens.user = await userWithToken('hugo');
  await userWithToken('hana');
  await app.deps.db('users').where('userName', 'hana').update({ roles: JSON.stringify(['Registered', 'PartialAdmin']) });
  tokens.partial = await app.login('hana', PASSWORD);
  // region 03 at HUC12: 20 subbasins from the synthetic generator
  writeSynthetic(join(app.config.dataDir, 'huc2', '03', 'huc12'), { subbasins: 20, hrus: 200, seed: 3, years: [2000, 2001], key: 'ignored', name: 'South Atlantic-Gulf (HUC12)' });
  // region 07 at HUC8: big enough that an abort lands while it loads
  writeSynthetic(join(app.config.dataDir, 'huc2', '07', 'huc8'), { subbasins: 400, hrus: 40_000, seed: 7, years: [2000, 2001] });
}, 180_000);
afterAll(async () => {
  await app?.close();
});

describe('who may call', () => {
  it('is for full administrators only: anonymous 401, users and partial administrators 403', async () => {
    const calls: [string, string][] = [
      ['GET', 'admin/importHuc2'],
      ['POST', 'admin/importHuc2/1'],
      ['POST', 'admin/importHuc2/soils'],
      ['POST', 'admin/importHuc2/all'],
      ['POST', 'admin/importHuc2/abort/1'],
      ['POST', 'admin/importHuc2/enabled'],
    ];
    for (const [method, path] of calls) {
      const body = method === 'POST' ? { value: true } : undefined;
      expect((await call('anonymous', path, { method, body })).status, path).toBe(401);
      expect((await call('user', path, { method, body })).status, path).toBe(403);
      expect((await call('partial', path, { method, body })).status, path).toBe(403);
    }
  });

  it('lets only full administrators join the live room', async () => {
    const sockets: Socket[] = [];
    const connect = (token?: string) =>
      new Promise<Socket>((resolve, reject) => {
        const s = io(app.url, { path: '/status-hub', transports: ['websocket'], auth: { token }, reconnection: false });
        sockets.push(s);
        s.once('connect', () => resolve(s));
        s.once('connect_error', reject);
      });
    const join = (s: Socket, room: string) => new Promise<boolean>((r) => s.emit('join', room, r));
    try {
      for (const [who, expected] of [['admin', true], ['partial', false], ['user', false], ['anonymous', false]] as const) {
        const s = await connect(who === 'anonymous' ? undefined : tokens[who]);
        expect(await join(s, HUC2_ROOM), who).toBe(expected);
      }
    } finally {
      for (const s of sockets) s.disconnect();
    }
  });

  it('keeps the source folders inside DATA_DIR/huc2', () => {
    expect(() => sourceDir(app.deps, '..', 'files')).toThrow(/outside/);
    expect(() => sourceDir(app.deps, '03/../../db')).toThrow(/outside/);
    expect(sourceDir(app.deps, '03', 'huc12')).toBe(join(app.config.dataDir, 'huc2', '03', 'huc12'));
  });
});

describe('the flag', () => {
  it('is off by default: nothing listed, imports refused', async () => {
    const o = await overview();
    expect(o).toMatchObject({ enabled: false, regions: [] });
    expect((await call('admin', 'admin/importHuc2/all', { method: 'POST' })).status).toBe(400);
    expect((await call('admin', 'admin/importHuc2/soils', { method: 'POST' })).status).toBe(400);
  });

  it('once on, lists the regions and resolutions found on the server', async () => {
    expect((await call('admin', 'admin/importHuc2/enabled', { body: { value: true } })).body).toEqual({ enabled: true });
    const o = await overview();
    expect(o.regions.map((r: { name: string }) => r.name)).toEqual(['03', '07']);
    expect(o.regions[0].resolutions).toEqual([expect.objectContaining({ value: 12, text: 'HUC12' })]);
    const id = o.regions[0].resolutions[0].id;
    expect(o.imports[id]).toMatchObject({ region: '03', digits: 12, status: { isRunning: false, hasError: false, isComplete: false }, progress: { percent: 0 } });
    expect(o.soils).toMatchObject({ count: 0, progress: 0 });
  });
});

describe('importing a region', () => {
  let id: number;
  beforeAll(async () => {
    id = (await overview()).regions[0].resolutions[0].id;
  });

  it('runs as a queue job with live progress, then is complete with its date and time, and the dataset exists', async () => {
    events.length = 0;
    const started = await call('admin', `admin/importHuc2/${id}`, { method: 'POST' });
    expect(started.status).toBe(200);
    expect(started.body).toMatchObject({ progress: 1, statusMessage: STARTING_MESSAGE });
    expect((await call('admin', `admin/importHuc2/${id}`, { method: 'POST' })).status).toBe(400); // running already
    const done = await poll('the import', () => importOf(id), (i) => !i.status.isRunning);
    expect(done.status).toMatchObject({ isComplete: true, hasError: false });
    expect(done.progress.percent).toBe(100);
    expect(done.importedDate).toBeTruthy();
    expect(done.importTime).toBeGreaterThan(0);
    expect(events[0]).toEqual({ importID: id, progress: 1, statusMessage: STARTING_MESSAGE });
    expect(events.some((e) => e.progress > 1 && e.progress < 100)).toBe(true);
    expect(events.at(-1)).toMatchObject({ importID: id, progress: 100 });
    const d = await app.deps.db('datasets').where('id', done.datasetID).first();
    expect(d).toMatchObject({ key: 'huc2-03-huc12', name: 'South Atlantic-Gulf (HUC12)', numSubbasins: 20, numHrus: 200, isUserSubmitted: false, accessibility: 'Public' });
    // a new system dataset: offered in the create-project choices
    const lists = (await call('user', 'datasets/publiclist')).body as { options: { value: number }[] }[];
    expect(lists.flatMap((g) => g.options.map((o) => o.value))).toContain(d.id);
  });

  it('re-imports (same files: the dataset is kept); refuses while projects use it', async () => {
    const before = await importOf(id);
    expect((await call('admin', `admin/importHuc2/${id}`, { method: 'POST' })).status).toBe(200);
    const again = await poll('the re-import', () => importOf(id), (i) => !i.status.isRunning);
    expect(again).toMatchObject({ datasetID: before.datasetID, status: { isComplete: true } });
    const owner = await app.deps.db('users').where('userName', 'hugo').first('id');
    const [p] = await app.deps.db('projects').insert({ userId: owner.id, name: 'On region 03', datasetId: before.datasetID }).returning('id');
    await call('admin', `admin/importHuc2/${id}`, { method: 'POST' });
    const failed = await poll('the refused re-import', () => importOf(id), (i) => !i.status.isRunning);
    expect(failed.status).toMatchObject({ hasError: true, isComplete: false });
    expect(failed.status.exceptionMessage).toMatch(/used by 1 project/);
    await app.deps.db('projects').where('id', p.id).delete();
    // Restart after the error
    await call('admin', `admin/importHuc2/${id}`, { method: 'POST' });
    expect(await poll('the restart', () => importOf(id), (i) => !i.status.isRunning)).toMatchObject({ status: { isComplete: true, hasError: false } });
  });

  it('aborts a running import: nothing of it stays', async () => {
    const big = (await overview()).regions[1].resolutions[0].id;
    expect((await call('admin', `admin/importHuc2/abort/${big}`, { method: 'POST' })).status).toBe(400); // not running
    await call('admin', `admin/importHuc2/${big}`, { method: 'POST' });
    await poll('the load to start', () => importOf(big), (i) => i.progress.percent > 2 || !i.status.isRunning);
    const aborting = await call('admin', `admin/importHuc2/abort/${big}`, { method: 'POST' });
    expect(aborting.body).toMatchObject({ statusMessage: ABORTING_MESSAGE });
    expect(events.at(-1)).toMatchObject({ importID: big, statusMessage: ABORTING_MESSAGE });
    const done = await poll('the abort', () => importOf(big), (i) => !i.status.isRunning);
    expect(done.status).toMatchObject({ isComplete: false, hasError: false });
    expect(done.progress).toEqual({ percent: 0, message: 'Import aborted.' });
    expect(await app.deps.db('datasets').where('key', 'huc2-07-huc8').first()).toBeUndefined();
  }, 120_000);

  it('imports the regional soils into every imported region (importID 0)', async () => {
    expect((await call('admin', 'admin/importHuc2/soils', { method: 'POST' })).status).toBe(400); // no file yet
    mkdirSync(join(app.config.dataDir, 'huc2', 'soils'), { recursive: true });
    writeFileSync(join(app.config.dataDir, 'huc2', 'soils', 'soils.json'), JSON.stringify({ soils: [{ name: 'GA001', hydGroup: 'B', texture: 'LS', sol: { SNAM: 'GA001', NLAYERS: 1 } }, { name: 'GA002', hydGroup: 'D', texture: 'C' }] }));
    events.length = 0;
    expect((await call('admin', 'admin/importHuc2/soils', { method: 'POST' })).body).toMatchObject({ progress: 1, statusMessage: STARTING_MESSAGE });
    const soils = await poll('the soils import', async () => (await overview()).soils, (s) => !s.isRunning);
    expect(soils).toMatchObject({ count: 2, progress: 100, hasError: false });
    expect(events.every((e) => e.importID === 0)).toBe(true);
    const datasetId = (await app.deps.db('datasets').where('key', 'huc2-03-huc12').first('id')).id;
    expect(await app.deps.db('soils').where({ datasetId, name: 'GA001' }).first()).toMatchObject({ hydGroup: 'B', texture: 'LS', swat: { sol: { SNAM: 'GA001', NLAYERS: 1 } } });
    expect(await app.deps.db('soils').where({ datasetId, name: 'GA002' }).first()).toMatchObject({ hydGroup: 'D' });
  });
});
