// Calibration on the workers (issue 24) through the API, on a daily LREW scenario run by the
// worker: validation messages; a SUFI-2 request (CN2 % and ALPHA_BF V, 2 iterations × 10 runs)
// and a batched DDS one against gauge J at reach 3, with live progress; results, CSV downloads;
// the scenario made from the best set run through the normal pipeline gives the best run's reach
// flow exactly; the best set saved as an option shows in the Calibration editor; abort, delete;
// a retried child job stores no run twice; a new run of the scenario stops its calibrations;
// another user is refused.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadRunOutputs } from '@headwater/swat/post/run-dir.ts';
import { dailySeries } from '@headwater/swat/post/series.ts';
import { CALIBRATION_EVENT, CALIBRATION_QUEUE, type RunJob } from '../src/modules/calibration-runs/service.ts';
import { runCalibrationJob, storeFailedRun } from '../src/modules/calibration-runs/job.ts';
import { submit } from '../src/modules/calibration-runs/service.ts';
import { User } from '../src/modules/users/models.ts';
import { CalibrationRunRow } from '../src/modules/calibration-runs/models.ts';
import { lrewFixture, type LrewFixture } from './scenario-fixtures.ts';
import { otherUser, type TestApp } from './helpers.ts';

let f: LrewFixture;
let app: TestApp;
let admin: string;
let other: string;
let scenarioId: number;
let gaugeId: number;
const work = mkdtempSync(join(tmpdir(), 'hw-calibration-'));
const events: any[] = [];

const base = (over: Record<string, unknown> = {}) => ({
  name: 'CN2 and ALPHA_BF',
  observed: { gaugeID: gaugeId },
  reach: 3,
  calibrationPeriod: { start: '2003-01-01', end: '2004-12-31' },
  validationPeriod: { start: '2005-01-01', end: '2005-12-31' },
  objective: 'NSE',
  pbiasBound: null,
  algorithm: 'SUFI2',
  runsPerIteration: 10,
  iterations: 2,
  seed: 42,
  parameters: [
    { variable: 'CN2', file: 'mgt', type: '%', min: -25, max: 15 },
    { variable: 'ALPHA_BF', file: 'gw', type: 'V', min: 0.005, max: 0.6 },
  ],
  ...over,
});

async function start(body: Record<string, unknown>): Promise<number> {
  const res = await app.request(`/api/scenarios/output/calibration/${scenarioId}`, { token: admin, body });
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
  return res.body.id;
}

async function finished(id: number, ms = 240_000): Promise<any> {
  const until = Date.now() + ms;
  for (;;) {
    const res = await app.request(`/api/scenarios/output/calibration/request/${id}/status`, { token: admin });
    expect(res.status).toBe(200);
    if (!['queued', 'running'].includes(res.body.status)) return res.body;
    if (Date.now() > until) throw new Error(`calibration ${id} still running: ${JSON.stringify(res.body)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The app's services with a queue that keeps the jobs added in `held` instead of running them. */
const holdingQueue = (held: RunJob[]) => ({ ...app.deps, queue: { queue: () => ({ add: async (data: RunJob) => (held.push(data), { id: 'held' }) }) } }) as unknown as typeof app.deps;

/** Waits until no calibration job is waiting or running. */
async function drained(ms = 60_000): Promise<void> {
  const until = Date.now() + ms;
  for (;;) {
    const c = await app.deps.queue.queue(CALIBRATION_QUEUE).counts();
    if (c.waiting === 0 && c.active === 0 && c.delayed === 0) return;
    if (Date.now() > until) throw new Error(`calibration jobs left: ${JSON.stringify(c)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

beforeAll(async () => {
  f = await lrewFixture({ hrus: 60 });
  ({ app, admin } = f);
  other = await otherUser(app, admin);
  // daily, 2 warm-up years: 2003–2005 compared
  scenarioId = await f.createScenario({ name: 'Daily 2001-2005', startingSimulationDate: '2001-01-01', endingSimulationDate: '2005-12-31' });
  await f.run(scenarioId);
  await app.deps.bus.subscribe((e) => {
    if (e.event === CALIBRATION_EVENT && e.room === `scenario:${scenarioId}`) events.push(e.payload);
  });
  const page = await app.request(`/api/scenarios/output/calibration/${scenarioId}`, { token: admin });
  expect(page.status).toBe(200);
  gaugeId = page.body.gauges.find((g: any) => g.reach === 3).id;
}, 300_000);

afterAll(async () => {
  await app?.close();
  rmSync(work, { recursive: true, force: true });
});

describe('the page (route 1)', () => {
  it('answers the simulation, reaches, gauge J at reach 3, the catalogue and land uses', async () => {
    const { body } = await app.request(`/api/scenarios/output/calibration/${scenarioId}`, { token: admin });
    expect(body.scenario).toMatchObject({ id: scenarioId, hasRun: true, isRunning: false });
    expect(body.simulation).toEqual({ start: '2001-01-01', end: '2005-12-31', warmupYears: 2 });
    expect(body.reaches.map((r: any) => r.number)).toEqual([1, 2, 3]);
    const j = body.gauges.find((g: any) => g.id === gaugeId);
    expect(j).toMatchObject({ reach: 3, variable: 'FLOW_OUT', units: 'm3/s' });
    expect(j.firstDate <= '2003-01-01' && j.lastDate >= '2005-12-31').toBe(true);
    const names = body.parameters.map((p: any) => p.variable);
    for (const v of ['CN2', 'ESCO', 'EPCO', 'SOL_AWC', 'ALPHA_BF', 'GW_DELAY', 'GWQMN', 'GW_REVAP', 'REVAPMN', 'RCHRG_DP', 'SURLAG', 'CH_N2', 'CH_K2', 'OV_N', 'SLSUBBSN']) expect(names).toContain(v);
    expect(body.landUses.length).toBeGreaterThan(0);
  });
});

describe('validation (route 2)', () => {
  it('answers 400 with messages by field', async () => {
    const res = await app.request(`/api/scenarios/output/calibration/${scenarioId}`, {
      token: admin,
      body: base({
        name: '',
        reach: 99,
        calibrationPeriod: { start: '2001-01-01', end: '2004-12-31' },
        objective: 'R2',
        algorithm: 'GLUE',
        runsPerIteration: 1,
        seed: -1,
        parameters: [{ variable: 'NOPE', file: 'hru', type: 'V', min: 0, max: 1 }, { variable: 'ALPHA_BF', file: 'gw', type: 'V', min: 0.5, max: 2 }],
      }),
    });
    expect(res.status).toBe(400);
    const e = res.body.errors;
    for (const field of ['name', 'reach', 'calibrationPeriod', 'objective', 'algorithm', 'runsPerIteration', 'seed', 'parameters']) expect(e[field], field).toBeDefined();
    expect(e.calibrationPeriod[0]).toMatch(/2003-01-01 to 2005-12-31/);
    expect(e.parameters.join(' ')).toMatch(/NOPE is not in the list/);
    expect(e.parameters.join(' ')).toMatch(/ALPHA_BF: a V range must be inside 0 to 1/);
  });
  it('refuses a CSV line that is not a date and a number, and overlapping periods', async () => {
    const res = await app.request(`/api/scenarios/output/calibration/${scenarioId}`, {
      token: admin,
      body: base({ observed: { csv: 'date,flow\n2003-01-01,1.5\n2003-01-02,abc\n', units: 'm3/s' }, validationPeriod: { start: '2004-06-01', end: '2005-12-31' } }),
    });
    expect(res.status).toBe(400);
    expect(res.body.errors.observed).toEqual(['Line 3 of the CSV file is not a date (YYYY-MM-DD) and a number.']);
    expect(res.body.errors.validationPeriod).toEqual(['The validation period must not overlap the calibration period.']);
  });
  it('refuses a scenario that has not run', async () => {
    const id = await f.createScenario({ name: 'Not run', startingSimulationDate: '2001-01-01', endingSimulationDate: '2005-12-31' });
    const res = await app.request(`/api/scenarios/output/calibration/${id}`, { token: admin, body: base() });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toMatch(/Run the scenario first/);
  }, 600_000);
});

let sufi: number;
let sufiResult: any;

describe('SUFI-2: CN2 % and ALPHA_BF V, 2 iterations × 10 runs', () => {
  it('runs every run on the workers with live progress and ends complete', async () => {
    events.length = 0;
    sufi = await start(base());
    const s = await finished(sufi);
    expect(s).toMatchObject({ status: 'complete', progress: 100, runsDone: 20, runsTotal: 20, algorithm: 'SUFI2', objective: 'NSE' });
    expect(typeof s.bestObjective).toBe('number');
    const mine = events.filter((e) => e.id === sufi);
    expect(mine[0].status).toBe('queued');
    expect(mine.at(-1)).toMatchObject({ status: 'complete', runsDone: 20, scenarioID: scenarioId });
    expect(mine.some((e) => e.status === 'running' && e.runsDone > 0 && e.runsDone < 20)).toBe(true);
    expect(mine.every((e) => Array.isArray(e.ranges) && e.ranges.length === 2)).toBe(true);
  }, 600_000);

  it('answers the runs, the best set, the iterations with p- and r-factor and the 95PPU hydrograph', async () => {
    const res = await app.request(`/api/scenarios/output/calibration/request/${sufi}`, { token: admin });
    expect(res.status).toBe(200);
    sufiResult = res.body;
    const r = sufiResult;
    expect(r.runs.map((x: any) => x.n)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(r.runs.filter((x: any) => x.iteration === 2)).toHaveLength(10);
    expect(r.request.settings).toMatchObject({ observed: { gaugeID: gaugeId }, reach: 3, runsPerIteration: 10 });
    // iteration 1 samples the request's ranges; iteration 2 narrower ones inside them
    expect(r.iterations).toHaveLength(2);
    expect(r.iterations[0].ranges).toEqual([[-25, 15], [0.005, 0.6]]);
    const [cn2, alpha] = r.iterations[1].ranges;
    expect(cn2[0]).toBeGreaterThanOrEqual(-25);
    expect(cn2[1]).toBeLessThanOrEqual(15);
    expect(cn2[1] - cn2[0] + (alpha[1] - alpha[0]) / 0.595 * 40).toBeLessThan(80);
    for (const it of r.iterations) {
      expect(it.pFactor).toBeGreaterThanOrEqual(0);
      expect(it.pFactor).toBeLessThanOrEqual(1);
      expect(it.rFactor).toBeGreaterThan(0);
    }
    // the best run is the highest NSE of the calibration period
    const nses = r.runs.map((x: any) => x.calibration.NSE);
    expect(r.best.calibration.NSE).toBe(Math.max(...nses));
    expect(r.request.bestObjective).toBe(r.best.calibration.NSE);
    expect(r.best.validation.days).toBe(365);
    expect(r.best.mods).toEqual([
      { file: 'mgt', variable: 'CN2', type: '%', value: r.best.values[0] },
      { file: 'gw', variable: 'ALPHA_BF', type: 'V', value: r.best.values[1] },
    ]);
    const h = r.hydrograph;
    expect(h.firstDate).toBe('2003-01-01');
    expect(h.best).toHaveLength(365 * 3 + 1);
    expect(h.lower).toHaveLength(h.best.length);
    expect(h.lower.every((v: number, i: number) => v <= h.upper[i])).toBe(true);
    expect(h.observed.filter((v: number | null) => v !== null).length).toBeGreaterThan(300);
  });

  it('gives the same runs for the same seed', async () => {
    const again = await start(base({ name: 'same seed', iterations: 1, runsPerIteration: 10 }));
    await finished(again);
    const r = (await app.request(`/api/scenarios/output/calibration/request/${again}`, { token: admin })).body;
    expect(r.runs.map((x: any) => x.values)).toEqual(sufiResult.runs.slice(0, 10).map((x: any) => x.values));
    expect(r.runs.map((x: any) => x.objective)).toEqual(sufiResult.runs.slice(0, 10).map((x: any) => x.objective));
  }, 600_000);

  it('downloads runs.csv, best.csv and hydrograph.csv', async () => {
    const get = (file: string, token = admin) => fetch(`${app.url}/api/exports/calibration/${sufi}/${file}?access_token=${token}`);
    const runs = await (await get('runs.csv')).text();
    const lines = runs.trim().split('\n');
    expect(lines[0]).toBe('n,iteration,CN2.mgt(%),ALPHA_BF.gw(V),objective,calibration_NSE,calibration_KGE,calibration_PBIAS,calibration_RSR,validation_NSE,validation_KGE,validation_PBIAS,validation_RSR,error');
    expect(lines).toHaveLength(21);
    expect((await (await get('best.csv')).text()).trim().split('\n')).toEqual([
      'parameter,file,type,value,landuses,subbasins',
      `CN2,mgt,%,${sufiResult.best.values[0]},,`,
      `ALPHA_BF,gw,V,${sufiResult.best.values[1]},,`,
    ]);
    const hydro = (await (await get('hydrograph.csv')).text()).trim().split('\n');
    expect(hydro[0]).toBe('date,observed,best,lower95,upper95');
    expect(hydro[1]!.startsWith('2003-01-01,')).toBe(true);
    expect((await get('other.csv')).status).toBe(404);
    expect((await get('runs.csv', other)).status).toBe(404); // the platform hides projects one may not see
  });
});

describe('the best set', () => {
  it("makes a scenario whose run through the normal pipeline reproduces the best run's reach flow exactly", async () => {
    const bad = await app.request(`/api/scenarios/output/calibration/request/${sufi}/scenario`, { token: admin, body: { name: '' } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors)).toEqual(['name']);
    const res = await app.request(`/api/scenarios/output/calibration/request/${sufi}/scenario`, { token: admin, body: { name: 'Calibrated' } });
    expect(res.status).toBe(200);
    const id = res.body.scenarioID;
    // its saved change is the Calibration editor's, visible there
    const editor = await app.request(`/api/scenarios/general/calibration/${id}`, { token: admin });
    expect(editor.status).toBe(200);
    expect(editor.body.changes.hasChanges).toBe(true);
    await f.run(id);
    const files = await f.scenarioFiles(id, join(work, 'calibrated'));
    const rch = loadRunOutputs(files, { rch: true }).rch!;
    const flow = new Map(dailySeries(rch, 3).map((d) => [d.date, d.value]));
    const h = sufiResult.hydrograph;
    let compared = 0;
    h.best.forEach((v: number, i: number) => {
      const date = new Date(Date.parse(`${h.firstDate}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10);
      expect(Math.fround(flow.get(date)!), date).toBe(v);
      compared++;
    });
    expect(compared).toBe(1096);
  }, 600_000);

  it("saves it as a calibration option the Calibration editor offers", async () => {
    const res = await app.request(`/api/scenarios/output/calibration/request/${sufi}/option`, { token: admin, body: { name: 'From request' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ value: true });
    const taken = await app.request(`/api/scenarios/output/calibration/request/${sufi}/option`, { token: admin, body: { name: 'From request' } });
    expect(taken.status).toBe(400);
    expect(taken.body.errors.name).toEqual(['An option of this dataset already has this name.']);
    const editor = await app.request(`/api/scenarios/general/calibration/${scenarioId}`, { token: admin });
    const option = editor.body.calibrationOptions.find((o: any) => o.value === res.body.calibrationID);
    expect(option?.text).toBe('From request');
    expect(editor.body.calibrationData[res.body.calibrationID].mods).toEqual(sufiResult.best.mods);
  });
});

describe('DDS', () => {
  it('runs 3 batches of 4 and keeps the best set', async () => {
    const id = await start(base({ name: 'DDS', algorithm: 'DDS', runsPerIteration: 4, iterations: 3, objective: 'KGE', pbiasBound: 25 }));
    const s = await finished(id);
    expect(s).toMatchObject({ status: 'complete', runsDone: 12, algorithm: 'DDS', objective: 'KGE' });
    const r = (await app.request(`/api/scenarios/output/calibration/request/${id}`, { token: admin })).body;
    expect(r.iterations).toHaveLength(3);
    expect(r.iterations.every((x: any) => x.pFactor === null && x.rFactor === null)).toBe(true);
    expect(r.hydrograph.lower).toBeNull();
    // batches 2 and 3 perturb the best set of the batches before
    for (const run of r.runs) for (const [k, v] of run.values.entries()) expect(v >= [-25, 0.005][k]! && v <= [15, 0.6][k]!).toBe(true);
    expect(r.best.calibration.KGE).toBe(s.bestObjective);
  }, 600_000);

  it('stores a run once when its job runs again (a worker lost after storing it)', async () => {
    const id = await start(base({ name: 'retry', algorithm: 'DDS', runsPerIteration: 2, iterations: 1 }));
    await finished(id);
    const before = await CalibrationRunRow.query().where('requestId', id).orderBy('n');
    // the queue hands a stalled job to another worker: the same data again
    await runCalibrationJob(app.deps, { id: 'again', queue: CALIBRATION_QUEUE, data: { requestId: id, iteration: 1, index: 0 }, priority: 'default', reportProgress: async () => {} });
    const after = await CalibrationRunRow.query().where('requestId', id).orderBy('n');
    expect(after.map((r) => [r.n, r.id])).toEqual(before.map((r) => [r.n, r.id]));
  }, 600_000);

  it('stores a run whose job failed for good as a failed run, and its iteration still completes', async () => {
    // the request is stored as the route stores it, its jobs held back: run 2 runs here, run 1's
    // job is reported failed for good (its retries used up), as the queue's 'failed' event does
    const held: RunJob[] = [];
    const holding = holdingQueue(held);
    const user = (await User.query().findOne({ userName: 'admin' }))!;
    const { id } = await submit(holding, user, scenarioId, base({ name: 'failed for good', algorithm: 'DDS', runsPerIteration: 2, iterations: 1 }) as never);
    expect(held).toHaveLength(1); // the administrator's Tier I runs one model run at a time
    await runCalibrationJob(app.deps, { id: `cal-${id}-2`, queue: CALIBRATION_QUEUE, data: { requestId: id, iteration: 1, index: 1 }, priority: 'default', reportProgress: async () => {} });
    expect((await app.request(`/api/scenarios/output/calibration/request/${id}/status`, { token: admin })).body.status).not.toBe('complete');
    await storeFailedRun(app.deps, id, 1, 'connection lost');
    const r = (await app.request(`/api/scenarios/output/calibration/request/${id}`, { token: admin })).body;
    expect(r.request).toMatchObject({ status: 'complete', runsDone: 2 });
    expect(r.runs.find((x: any) => x.n === 1)).toMatchObject({ objective: null, error: 'The run failed on the workers: connection lost' });
    expect(r.best.n).toBe(2);
  }, 600_000);
});

describe("the tier's concurrency", () => {
  it('keeps at most its limit of runs on the workers, each run that ends queueing the next', async () => {
    // Tier II runs 2 at once; the jobs are held and run here one by one, in the order queued
    const tier2 = await app.deps.db('tiers').where('name', 'Tier II').first();
    await User.query().patch({ tierId: tier2.id } as never).where('userName', 'admin');
    try {
      const held: RunJob[] = [];
      const holding = holdingQueue(held);
      const user = (await User.query().findOne({ userName: 'admin' }))!;
      const { id } = await submit(holding, user, scenarioId, base({ name: 'window', algorithm: 'DDS', runsPerIteration: 4, iterations: 2 }) as never);
      expect(held.map((j) => [j.iteration, j.index])).toEqual([[1, 0], [1, 1]]);
      const status = async () => (await app.request(`/api/scenarios/output/calibration/request/${id}/status`, { token: admin })).body;
      expect(await status()).toMatchObject({ runsAtOnce: 2, status: 'queued' });
      const inFlight: number[] = [];
      for (let k = 0; k < held.length; k++) {
        const done = (await CalibrationRunRow.query().where('requestId', id)).length;
        inFlight.push(held.length - done);
        await runCalibrationJob(holding, { id: `held-${k}`, queue: CALIBRATION_QUEUE, data: held[k]!, priority: 'default', reportProgress: async () => {} });
      }
      // 8 runs in two iterations, each queued once, never more than 2 waiting for a worker
      expect(held.map((j) => [j.iteration, j.index])).toEqual([[1, 0], [1, 1], [1, 2], [1, 3], [2, 0], [2, 1], [2, 2], [2, 3]]);
      expect(Math.max(...inFlight)).toBe(2);
      expect(await status()).toMatchObject({ status: 'complete', runsDone: 8, runsAtOnce: 2 });
      // a retried job of a finished run queues nothing more
      await runCalibrationJob(holding, { id: 'again', queue: CALIBRATION_QUEUE, data: held[5]!, priority: 'default', reportProgress: async () => {} });
      expect(held).toHaveLength(8);
    } finally {
      await User.query().patch({ tierId: null } as never).where('userName', 'admin');
    }
  }, 600_000);
});

describe('abort and delete', () => {
  it('stops a running request and keeps what finished', async () => {
    const id = await start(base({ name: 'to stop', runsPerIteration: 60, iterations: 1 }));
    const res = await app.request(`/api/scenarios/output/calibration/request/${id}/abort`, { token: admin, body: {} });
    expect(res.status).toBe(200);
    await drained();
    const s = (await app.request(`/api/scenarios/output/calibration/request/${id}/status`, { token: admin })).body;
    expect(s.status).toBe('aborted');
    const runs = await CalibrationRunRow.query().where('requestId', id);
    expect(runs.length).toBeLessThan(60);
    expect(s.runsDone).toBeLessThanOrEqual(runs.length);
  }, 600_000);

  it('stops when the scenario runs again (its inputs change)', async () => {
    const id = await start(base({ name: 'rerun', runsPerIteration: 200, iterations: 1 }));
    await f.run(scenarioId);
    const s = await finished(id);
    expect(s.status).toBe('aborted');
    expect(s.statusMessage).toBe('Stopped: the scenario ran again and its inputs changed. The runs that finished are kept.');
    await drained();
  }, 600_000);

  it('deletes a request with its runs; another user may not see or delete one', async () => {
    for (const path of [`/api/scenarios/output/calibration/request/${sufi}`, `/api/scenarios/output/calibration/request/${sufi}/status`]) {
      expect((await app.request(path, { token: other })).status).toBe(404);
    }
    expect((await app.request(`/api/scenarios/output/calibration/request/${sufi}`, { token: other, method: 'DELETE' })).status).toBe(404);
    expect((await app.request(`/api/scenarios/output/calibration/${scenarioId}`, { token: other })).status).toBe(404);
    expect((await app.request(`/api/scenarios/output/calibration/${scenarioId}`, { token: other, body: base() })).status).toBe(404);
    const res = await app.request(`/api/scenarios/output/calibration/request/${sufi}`, { token: admin, method: 'DELETE' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ value: true });
    expect((await app.request(`/api/scenarios/output/calibration/request/${sufi}`, { token: admin })).status).toBe(404);
    expect(await CalibrationRunRow.query().where('requestId', sufi)).toHaveLength(0);
  });
});
