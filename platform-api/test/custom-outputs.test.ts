// SWAT Check, CE-QUAL-W2 files, flood frequency and baseflow separation through the API (issue
// 14), on a daily LREW scenario run by the workers: each request's files against the
// @headwater/swat functions (and the `hw-swat` commands) on the same outputs, read from the
// scenario files; the request rows and the live channel; the gates of spec 2 §5/§8; the plugins'
// flags on and off; a request deleted while it runs; access by another user.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUSTOM_OUTPUT_EVENT, CUSTOM_OUTPUT_MESSAGES, type CustomOutputEvent } from '@headwater/plugin-sdk/schema';
import { MESSAGES } from '@headwater/plugin-sdk/schema';
import { OUTPUT_MESSAGES } from '@headwater/plugin-sdk/schema';
import type { CustomOutputJob, PluginServer } from '@headwater/plugin-sdk/server';
import { loadRunOutputs } from '@headwater/swat/post/run-dir.ts';
import { annualMaxima, bulletin17b, DEFAULT_RETURN_PERIODS, emaAnalysis } from '@headwater/swat/post/ffa/index.ts';
import { separateBaseflow } from '@headwater/swat/post/baseflow/index.ts';
import { ceQualFiles, ceQualFromRch, ceQualFromSub, DEFAULT_ALGAE_FRACTIONS } from '@headwater/swat/post/cequal/index.ts';
import { dailySeries } from '@headwater/swat/post/series.ts';
import { loadCheckInputs, swatCheck } from '@headwater/swat/post/check/index.ts';
import { parseOutputStd } from '@headwater/swat/output/index.ts';
import type { OutputTable } from '@headwater/swat/output/index.ts';
import { lrewFixture, type LrewFixture } from './scenario-fixtures.ts';
import { otherUser, type TestApp } from './helpers.ts';

const HW_SWAT = resolve(import.meta.dirname, '../../swat/bin/hw-swat');

let f: LrewFixture;
let app: TestApp;
let admin: string;
let other: string;
let scenarioId: number;
let subbasins: { id: number; name: string; number: number }[];
let files: string; // the scenario files, unpacked
let rch: OutputTable;
const work = mkdtempSync(join(tmpdir(), 'hw-custom-outputs-'));
const events: CustomOutputEvent[] = [];

/** Polls the tool's page until request `id` stopped running. */
async function finished(tool: string, id: number, ms = 120_000): Promise<any> {
  const path = { ffa: 'ffa', baseflow: 'baseflowseparation', 'ce-qual': 'cequal' }[tool]!;
  const until = Date.now() + ms;
  for (;;) {
    const page = await app.request(`/api/scenarios/output/${path}/${scenarioId}`, { token: admin });
    const r = page.body.requests?.find((x: any) => x.id === id);
    if (r && r.status !== 'running') return r;
    if (Date.now() > until) throw new Error(`request ${id} still running: ${JSON.stringify(r)}`);
    await new Promise((res) => setTimeout(res, 100));
  }
}

/** A complete request's download, unpacked into its own folder. */
async function downloadRequest(id: number): Promise<string> {
  const { status, files: zipped } = await f.download(`/api/exports/customoutput/${id}`);
  expect(status).toBe(200);
  const dir = join(work, `request-${id}`);
  mkdirSync(dir, { recursive: true });
  for (const [name, bytes] of Object.entries(zipped)) writeFileSync(join(dir, name.split('/').pop()!), bytes);
  return dir;
}

const csvRows = (text: string) =>
  text
    .trim()
    .split('\n')
    .slice(1)
    .map((l) => l.split(','));

function hwSwat(args: string[]): any {
  const r = spawnSync(process.execPath, [HW_SWAT, ...args, '--json'], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`hw-swat ${args.join(' ')}: ${r.stderr}`);
  return JSON.parse(r.stdout);
}

beforeAll(async () => {
  f = await lrewFixture({ hrus: 60 });
  ({ app, admin } = f);
  other = await otherUser(app, admin);
  // the whole weather record, daily, 2 warm-up years: 11 simulated years (2002–2012)
  scenarioId = await f.createScenario({ name: 'Daily 2000-2012', startingSimulationDate: '2000-01-01', endingSimulationDate: '2012-12-31' });
  await f.run(scenarioId);
  files = await f.scenarioFiles(scenarioId, join(work, 'TxtInOut'));
  rch = loadRunOutputs(files, { rch: true }).rch!;
  subbasins = (await app.request(`/api/hruselection/subbasins/${f.projectId}`, { token: admin })).body;
  await app.deps.bus.subscribe((e) => {
    if (e.event === CUSTOM_OUTPUT_EVENT && e.room === `scenario:${scenarioId}`) events.push(e.payload as CustomOutputEvent);
  });
}, 300_000);

afterAll(async () => {
  await app?.close();
  rmSync(work, { recursive: true, force: true });
});

describe('SWAT Check', () => {
  it('offers the whole watershed or one of the project subbasins', async () => {
    const o = await app.request(`/api/scenarios/output/swatcheckoptions/${scenarioId}`, { token: admin });
    expect(o.status).toBe(200);
    expect(o.body.subbasins.map((s: any) => s.name)).toEqual(['1', '2', '3']);
    expect(o.body.scenario).toMatchObject({ id: scenarioId, hasRun: true, isRunning: false });
  });

  it("checks the whole watershed: the water balance is the scenario's output.std", async () => {
    const res = await app.request(`/api/scenarios/output/swatcheck/${scenarioId}/0`, { token: admin });
    expect(res.status).toBe(200);
    const std = parseOutputStd(readFileSync(join(files, 'output.std'), 'latin1'));
    const basin = std.aveAnnualBasin;
    const h = res.body.hydrology;
    expect(h.precipitation).toBe(basin['PRECIP']);
    expect(h.surfaceRunoff).toBe(basin['SURFACE RUNOFF Q']);
    expect(h.lateralFlow).toBe(basin['LATERAL SOIL Q']);
    expect(h.et).toBe(basin['ET']);
    expect(h.pet).toBe(basin['PET']);
    expect(h.returnFlow).toBe(basin['GROUNDWATER (SHAL AQ) Q']);
    expect(h.percolation).toBe(basin['TOTAL AQ RECHARGE']);
    expect(h.revap).toBe(basin['REVAP (SHAL AQ => SOIL/PLANTS)']);
    expect(h.recharge).toBe(basin['DEEP AQ RECHARGE']);
    expect(h.precipitation).toBeGreaterThan(500);
    expect(res.body.setup).toMatchObject({ subbasins: 3, outputTimestep: 'daily', simulationLength: 13, warmUp: 2, subbasin: 0 });
    // the whole response is the library's on the same files
    expect(res.body).toEqual(JSON.parse(JSON.stringify(swatCheck(loadCheckInputs(files), { subbasin: 0 }))));
    for (const section of ['hydrology', 'sediment', 'nitrogenCycle', 'phosphorusCycle', 'plantGrowth', 'landscapeNutrientLosses', 'landUseSummary', 'instreamProcesses', 'pointSources', 'reservoirs']) {
      expect(Array.isArray(res.body[section].warnings), section).toBe(true);
    }
  });

  it('checks one subbasin (by its id) as hw-swat check --subbasin does', async () => {
    const sub = subbasins.find((s) => s.name === '2')!;
    const res = await app.request(`/api/scenarios/output/swatcheck/${scenarioId}/${sub.id}`, { token: admin });
    expect(res.status).toBe(200);
    expect(res.body.setup.subbasin).toBe(sub.number);
    expect(res.body).toEqual(hwSwat(['check', '--dir', files, '--subbasin', String(sub.number)]));
    expect((await app.request(`/api/scenarios/output/swatcheck/${scenarioId}/999999`, { token: admin })).status).toBe(404);
  });
});

describe('flood frequency analysis', () => {
  let b17b: any;
  it('answers the page data and takes a Bulletin 17B request for all subbasins', async () => {
    const page = await app.request(`/api/scenarios/output/ffa/${scenarioId}`, { token: admin });
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ printSetting: 1, numYears: 11, noOutputProcessing: false, requests: [] });
    expect(page.body.subbasins).toHaveLength(3);
    const before = events.length;
    const res = await app.request(`/api/scenarios/output/ffa/${scenarioId}`, { token: admin, body: { applyToAll: true, subbasins: [], method: 'b17b' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ value: true });
    b17b = await finished('ffa', res.body.id);
    expect(b17b).toMatchObject({ status: 'complete', tool: 'ffa', outputType: 'RCH', applyToAll: true, subbasins: [], downloadLink: `/api/exports/customoutput/${res.body.id}` });
    // live: queued, running with progress, complete
    const mineNow = () => events.slice(before).filter((e) => e.requestID === res.body.id);
    for (let i = 0; i < 100 && mineNow().at(-1)?.status !== 'complete'; i++) await new Promise((r) => setTimeout(r, 50));
    const mine = mineNow();
    expect(mine[0]).toMatchObject({ scenarioID: scenarioId, tool: 'ffa', status: 'running' });
    expect(mine.at(-1)).toMatchObject({ status: 'complete', progress: 100 });
  });

  it("gives each subbasin's annual peaks and quantiles exactly as the library and `hw-swat ffa` do", async () => {
    const dir = await downloadRequest(b17b.id);
    for (const s of subbasins) {
      const peaks = annualMaxima(dailySeries(rch, s.number).map((d) => ({ date: d.date, value: d.value })));
      const peaksCsv = readFileSync(join(dir, `peaks_${s.number}.csv`), 'utf8');
      expect(csvRows(peaksCsv).map(([y, q]) => [Number(y), Number(q)])).toEqual(peaks.map((p) => [p.year, p.flow]));
      const lib = bulletin17b(peaks, { returnPeriods: DEFAULT_RETURN_PERIODS });
      const quantiles = csvRows(readFileSync(join(dir, `quantiles_${s.number}.csv`), 'utf8'));
      expect(quantiles.map((q) => Number(q[0]))).toEqual([1.5, 2, 5, 10, 25, 50, 100, 200, 500]);
      expect(quantiles.map((q) => Number(q[2]))).toEqual(lib.quantiles.map((q) => q.flow));
      expect(quantiles.map((q) => Number(q[3]))).toEqual(lib.quantiles.map((q) => q.lower));
      // the command line on the request's own peaks file
      const cli = hwSwat(['ffa', '--input', join(dir, `peaks_${s.number}.csv`)]);
      expect(quantiles.map((q) => Number(q[2]))).toEqual(cli.quantiles.map((q: any) => q.flow));
    }
    const summary = csvRows(readFileSync(join(dir, 'ffa_summary.csv'), 'utf8'));
    expect(summary.map((r) => r[0])).toEqual(['1', '2', '3']);
  });

  it('answers the results page: the summary and one subbasin with peaks, curve and diagnostics', async () => {
    const res = await app.request(`/api/scenarios/output/ffaresult/${b17b.id}`, { token: admin });
    expect(res.status).toBe(200);
    expect(res.body.summary.rows.map((r: any) => r.name)).toEqual(['1', '2', '3']);
    const one = await app.request(`/api/scenarios/output/ffaresult/${b17b.id}/3`, { token: admin });
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ number: 3, name: '3', method: 'Bulletin 17B', years: 11, firstYear: 2002, lastYear: 2012, error: null });
    expect(one.body.peaks).toHaveLength(11);
    expect(one.body.peaks.map((p: any) => p.aep).sort()).toEqual([...Array(11)].map((_, i) => (i + 1) / 12).sort());
    expect(one.body.curve.length).toBeGreaterThan(15);
    expect(one.body.stats).toMatchObject({ skewOption: 'station' });
    expect(one.body.outliers).toHaveProperty('lowThreshold');
  });

  it('takes a Bulletin 17C (EMA) request for one subbasin, with a weighted skew', async () => {
    const sub = subbasins.find((s) => s.name === '1')!;
    const res = await app.request(`/api/scenarios/output/ffa/${scenarioId}`, { token: admin, body: { applyToAll: false, subbasins: [sub.id], method: 'ema', generalizedSkew: -0.1, generalizedSkewMse: 0.302 } });
    expect(res.status).toBe(200);
    const done = await finished('ffa', res.body.id);
    expect(done).toMatchObject({ status: 'complete', applyToAll: false, subbasins: ['1'], subbasinIDs: [sub.id], options: { method: 'ema', generalizedSkew: -0.1, generalizedSkewMse: 0.302 } });
    const dir = await downloadRequest(res.body.id);
    const peaks = annualMaxima(dailySeries(rch, sub.number).map((d) => ({ date: d.date, value: d.value })));
    const lib = emaAnalysis(peaks, { generalizedSkew: -0.1, generalizedSkewMse: 0.302, skewOption: 'weighted', returnPeriods: DEFAULT_RETURN_PERIODS });
    const q = csvRows(readFileSync(join(dir, `quantiles_${sub.number}.csv`), 'utf8'));
    expect(q.map((r) => Number(r[2]))).toEqual(lib.quantiles.map((x) => x.flow));
    const cli = hwSwat(['ffa', '--input', join(dir, `peaks_${sub.number}.csv`), '--method', 'ema', '--gen-skew', '-0.1', '--gen-skew-mse', '0.302']);
    expect(q.map((r) => Number(r[2]))).toEqual(cli.quantiles.map((x: any) => x.flow));
    expect(existsSync(join(dir, 'peaks_2.csv'))).toBe(false);
  });

  it('checks the form with the spec messages', async () => {
    const none = await app.request(`/api/scenarios/output/ffa/${scenarioId}`, { token: admin, body: { applyToAll: false, subbasins: [] } });
    expect(none.status).toBe(400);
    expect(none.body.errors.subbasins).toEqual([CUSTOM_OUTPUT_MESSAGES.selectSubbasins]);
    const badSkew = await app.request(`/api/scenarios/output/ffa/${scenarioId}`, { token: admin, body: { applyToAll: true, generalizedSkew: 0.1 } });
    expect(badSkew.status).toBe(400);
    const foreign = await app.request(`/api/scenarios/output/ffa/${scenarioId}`, { token: admin, body: { applyToAll: false, subbasins: [999999] } });
    expect(foreign.status).toBe(400);
  });
});

describe('baseflow separation', () => {
  it('checks the filter parameter and BFI max with the spec messages', async () => {
    const missing = await app.request(`/api/scenarios/output/baseflowseparation/${scenarioId}`, { token: admin, body: { applyToAll: true, filterParameter: '', bfiMax: 0.8 } });
    expect(missing.status).toBe(400);
    expect(missing.body.errors.filterParameter).toEqual(['Filter parameter and BFI max are required.']);
    const range = await app.request(`/api/scenarios/output/baseflowseparation/${scenarioId}`, { token: admin, body: { applyToAll: true, filterParameter: 0.98, bfiMax: 1.2 } });
    expect(range.status).toBe(400);
    expect(range.body.errors.filterParameter).toEqual(['Filter parameter and BFI max must be a number between 0 and 1.']);
  });

  it('gives each BFI and daily baseflow as the library and `hw-swat baseflow` do', async () => {
    const res = await app.request(`/api/scenarios/output/baseflowseparation/${scenarioId}`, { token: admin, body: { applyToAll: true, subbasins: [], filterParameter: 0.98, bfiMax: 0.8 } });
    expect(res.status).toBe(200);
    const done = await finished('baseflow', res.body.id);
    expect(done).toMatchObject({ status: 'complete', filterParameter: 0.98, bfiMax: 0.8 });
    const dir = await downloadRequest(res.body.id);
    const bfis = csvRows(readFileSync(join(dir, 'bfi_summary.csv'), 'utf8'));
    for (const s of subbasins) {
      const series = dailySeries(rch, s.number).map((d) => ({ date: d.date, flow: d.value }));
      const lib = separateBaseflow(series, { method: 'eckhardt', a: 0.98, bfiMax: 0.8 });
      const row = bfis.find((r) => r[0] === s.name)!;
      expect(Number(row[2])).toBe(lib.bfi);
      const cli = hwSwat(['baseflow', '--input', join(dir, `baseflow_${s.number}.csv`), '--a', '0.98', '--bfimax', '0.8']);
      expect(cli.bfi).toBe(lib.bfi);
      const daily = csvRows(readFileSync(join(dir, `baseflow_${s.number}.csv`), 'utf8'));
      expect(daily).toHaveLength(series.length);
      expect(daily.map((d) => Number(d[1]))).toEqual(series.map((d) => d.flow));
      expect(daily.map((d) => Number(d[2]))).toEqual(lib.days.map((d) => +d.baseflow!.toPrecision(8)));
    }
    // the results page: BFI per subbasin, one subbasin's hydrograph
    const result = await app.request(`/api/scenarios/output/baseflowresult/${res.body.id}`, { token: admin });
    expect(result.body.summary.rows.map((r: any) => r.name)).toEqual(['1', '2', '3']);
    const hydro = await app.request(`/api/scenarios/output/baseflowresult/${res.body.id}/2`, { token: admin });
    expect(hydro.body.firstDate).toBe('2002-01-01');
    expect(hydro.body.flow).toHaveLength(4018);
    expect(hydro.body.flow.slice(0, 20)).toEqual(dailySeries(rch, 2).slice(0, 20).map((d) => d.value));
    expect(hydro.body.baseflow).toHaveLength(4018);
  });
});

describe('CE-QUAL-W2 files', () => {
  it('writes the QIN, TIN and CIN files of each reach as the library does', async () => {
    const res = await app.request(`/api/scenarios/output/cequal/${scenarioId}`, { token: admin, body: { outputType: 'RCH', applyToAll: true, subbasins: [] } });
    expect(res.status).toBe(200);
    const done = await finished('ce-qual', res.body.id);
    expect(done).toMatchObject({ status: 'complete', outputType: 'RCH' });
    const dir = await downloadRequest(res.body.id);
    const run = loadRunOutputs(files, { rch: true, hru: true });
    const series = ceQualFromRch(run.rch!, { units: [1, 2, 3], algaeFractions: DEFAULT_ALGAE_FRACTIONS }, run.hru ?? undefined);
    for (const s of series) for (const file of ceQualFiles(s)) expect(readFileSync(join(dir, file.name), 'utf8'), file.name).toBe(file.text);
  });

  it('writes the files of chosen subbasins (SUB) with the given algae fractions', async () => {
    const sub = subbasins.find((s) => s.name === '3')!;
    const algae = DEFAULT_ALGAE_FRACTIONS.map(() => [0.2, 0.3, 0.5]);
    const res = await app.request(`/api/scenarios/output/cequal/${scenarioId}`, { token: admin, body: { outputType: 'SUB', applyToAll: false, subbasins: [sub.id], algaeFractions: algae } });
    expect(res.status).toBe(200);
    await finished('ce-qual', res.body.id);
    const dir = await downloadRequest(res.body.id);
    const run = loadRunOutputs(files, { rch: true, sub: true, hru: true });
    const [s] = ceQualFromSub(run.sub!, { units: [sub.number], algaeFractions: algae as any }, run.rch ?? undefined, run.hru ?? undefined);
    for (const file of ceQualFiles(s!)) expect(readFileSync(join(dir, file.name), 'utf8')).toBe(file.text);
    expect(existsSync(join(dir, 'CIN_SUB1.npt'))).toBe(false);
    const bad = await app.request(`/api/scenarios/output/cequal/${scenarioId}`, { token: admin, body: { outputType: 'XYZ', applyToAll: true, algaeFractions: [[1, 1, 1]] } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['algaeFractions', 'outputType']);
  });
});

describe('requests', () => {
  it('stops a request deleted while it runs, and leaves no files', async () => {
    const server = app.deps.pluginServers.find((s) => s.id === 'baseflow') as PluginServer;
    const original = server.customOutput!;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let reachedGate!: () => void;
    const atGate = new Promise<void>((r) => (reachedGate = r));
    let stopped: unknown = null;
    server.customOutput = async (job: CustomOutputJob) => {
      await job.progress(0.1, 'Started.');
      reachedGate();
      await gate;
      try {
        await job.progress(0.5, 'Halfway.');
      } catch (err) {
        stopped = err;
        throw err;
      }
      return original(job);
    };
    try {
      const res = await app.request(`/api/scenarios/output/baseflowseparation/${scenarioId}`, { token: admin, body: { applyToAll: true, filterParameter: 0.9, bfiMax: 0.5 } });
      const id = res.body.id as number;
      await atGate;
      const running = (await app.request(`/api/scenarios/output/baseflowseparation/${scenarioId}`, { token: admin })).body.requests.find((r: any) => r.id === id);
      expect(running).toMatchObject({ status: 'running', progress: 10, statusMessage: 'Started.', downloadLink: null });
      const folder = join(app.config.filesDir, 'scenarios', String(scenarioId), 'custom-outputs', String(id));
      expect(existsSync(folder)).toBe(true);
      expect((await app.request(`/api/scenarios/output/deletecustomoutputrequest/${id}`, { token: admin, method: 'DELETE' })).body).toEqual({ value: true });
      // the bus (Redis pub/sub) delivers after publish resolves: wait for the message, up to 5 s
      const deletedEvent = () => events.some((e) => e.requestID === id && e.status === 'deleted');
      for (let i = 0; i < 100 && !deletedEvent(); i++) await new Promise((r) => setTimeout(r, 50));
      expect(deletedEvent()).toBe(true);
      release();
      for (let i = 0; i < 100 && !stopped; i++) await new Promise((r) => setTimeout(r, 50));
      expect((stopped as Error)?.message).toBe('The request was deleted.');
      await new Promise((r) => setTimeout(r, 200));
      expect(existsSync(folder)).toBe(false);
      const page = (await app.request(`/api/scenarios/output/baseflowseparation/${scenarioId}`, { token: admin })).body;
      expect(page.requests.some((r: any) => r.id === id)).toBe(false);
      expect((await f.download(`/api/exports/customoutput/${id}`)).status).toBe(404);
    } finally {
      server.customOutput = original;
      release();
    }
  });

  it('deletes a complete request with its files', async () => {
    const page = (await app.request(`/api/scenarios/output/ffa/${scenarioId}`, { token: admin })).body;
    const id = page.requests[0].id as number;
    expect((await app.request(`/api/scenarios/output/deletecustomoutputrequest/${id}`, { token: admin, method: 'DELETE' })).status).toBe(200);
    expect((await app.request(`/api/scenarios/output/deletecustomoutputrequest/${id}`, { token: admin, method: 'DELETE' })).status).toBe(404);
    expect(existsSync(join(app.config.filesDir, 'scenarios', String(scenarioId), 'custom-outputs', String(id)))).toBe(false);
  });

  it("refuses another user on every call, the downloads included", async () => {
    const ffa = (await app.request(`/api/scenarios/output/ffa/${scenarioId}`, { token: admin })).body.requests[0].id as number;
    const baseflow = (await app.request(`/api/scenarios/output/baseflowseparation/${scenarioId}`, { token: admin })).body.requests[0].id as number;
    const calls: [string, string, unknown?][] = [
      ['GET', `/api/scenarios/output/swatcheckoptions/${scenarioId}`],
      ['GET', `/api/scenarios/output/swatcheck/${scenarioId}/0`],
      ['GET', `/api/scenarios/output/ffa/${scenarioId}`],
      ['POST', `/api/scenarios/output/ffa/${scenarioId}`, { applyToAll: true }],
      ['GET', `/api/scenarios/output/ffaresult/${ffa}`],
      ['GET', `/api/scenarios/output/baseflowseparation/${scenarioId}`],
      ['POST', `/api/scenarios/output/baseflowseparation/${scenarioId}`, { applyToAll: true, filterParameter: 0.98, bfiMax: 0.8 }],
      ['GET', `/api/scenarios/output/baseflowresult/${baseflow}`],
      ['GET', `/api/scenarios/output/cequal/${scenarioId}`],
      ['POST', `/api/scenarios/output/cequal/${scenarioId}`, { outputType: 'RCH', applyToAll: true }],
      ['DELETE', `/api/scenarios/output/deletecustomoutputrequest/${ffa}`],
    ];
    for (const [method, path, body] of calls) {
      // another user's scenario answers as one that does not exist (issue 17: 404, no leak of ids)
      const res = await app.request(path, { token: other, method, body });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body).toBe(MESSAGES.notFound);
      expect((await app.request(path, { method, body })).status, `${method} ${path} without a token`).toBe(401);
    }
    expect((await f.download(`/api/exports/customoutput/${ffa}`, other)).status).toBe(404);
    expect((await f.download(`/api/exports/customoutput/${ffa}/ffa_summary.csv`, other)).status).toBe(404);
    const csv = await fetch(`${app.url}/api/exports/customoutput/${ffa}/ffa_summary.csv?access_token=${admin}`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/text\/csv/);
    expect((await csv.text()).split('\n')[0]).toMatch(/^subbasin,reach,method,years/);
    expect((await fetch(`${app.url}/api/exports/customoutput/${ffa}/..%2F..%2Fx?access_token=${admin}`)).status).toBe(404);
  });
});

describe('gates and flags', () => {
  it("answers 'This feature is not enabled...' from a disabled tool's calls, and takes requests again once enabled", async () => {
    const site = (await app.request('/api/admin/websitesettings', { token: admin })).body;
    const off = await app.request('/api/admin/websitesettings', { token: admin, body: { ...site, includeFfa: false } });
    expect(off.status).toBe(200);
    const listed = (await app.request('/api/plugins', { token: admin })).body.map((p: any) => p.id);
    expect(listed).not.toContain('ffa');
    expect(listed).toContain('baseflow');
    for (const [method, path, body] of [
      ['GET', `/api/scenarios/output/ffa/${scenarioId}`],
      ['POST', `/api/scenarios/output/ffa/${scenarioId}`, { applyToAll: true }],
    ] as const) {
      const res = await app.request(path, { token: admin, method, body });
      expect(res.status).toBe(400);
      expect(res.body).toBe(OUTPUT_MESSAGES.featureDisabled);
    }
    await app.request('/api/admin/websitesettings', { token: admin, body: { ...site, includeFfa: true } });
    expect((await app.request(`/api/scenarios/output/ffa/${scenarioId}`, { token: admin })).status).toBe(200);
  });

  it('needs daily output and more than 3 simulated years (spec 2 §8)', async () => {
    const monthly = await f.createScenario({ name: 'Monthly', printSetting: 0, startingSimulationDate: '2003-01-01', endingSimulationDate: '2008-12-31', skipYears: 1 });
    const short = await f.createScenario({ name: 'Short', startingSimulationDate: '2003-01-01', endingSimulationDate: '2006-12-31', skipYears: 1 });
    const notRun = await f.createScenario({ name: 'Not run' });
    await f.run(monthly);
    await f.run(short);
    const post = (id: number, path: string, body: unknown) => app.request(`/api/scenarios/output/${path}/${id}`, { token: admin, body });
    expect((await post(monthly, 'ffa', { applyToAll: true })).body).toBe(OUTPUT_MESSAGES.needsDaily);
    expect((await post(monthly, 'cequal', { outputType: 'RCH', applyToAll: true })).body).toBe(OUTPUT_MESSAGES.needsDaily);
    expect((await post(monthly, 'baseflowseparation', { applyToAll: true, filterParameter: 0.98, bfiMax: 0.8 })).body).toBe(OUTPUT_MESSAGES.needsDaily);
    expect((await post(short, 'ffa', { applyToAll: true })).body).toBe(OUTPUT_MESSAGES.tooFewYears);
    expect((await post(short, 'baseflowseparation', { applyToAll: true, filterParameter: 0.98, bfiMax: 0.8 })).body).toBe(OUTPUT_MESSAGES.tooFewYears);
    expect((await post(notRun, 'ffa', { applyToAll: true })).body).toBe(OUTPUT_MESSAGES.notRun);
    expect((await app.request(`/api/scenarios/output/swatcheck/${notRun}/0`, { token: admin })).body).toBe(OUTPUT_MESSAGES.notRun);
    // SWAT Check reads any print setting
    const monthlyCheck = await app.request(`/api/scenarios/output/swatcheck/${monthly}/0`, { token: admin });
    expect(monthlyCheck.status).toBe(200);
    expect(monthlyCheck.body.setup.outputTimestep).toBe('monthly');
    // the skipped output processing
    const skipped = await f.createScenario({ name: 'Skipped' });
    await f.run(skipped, { skipOutputProcessing: true });
    expect((await post(skipped, 'ffa', { applyToAll: true })).body).toBe(OUTPUT_MESSAGES.outputProcessingSkipped);
    const page = (await app.request(`/api/scenarios/output/ffa/${skipped}`, { token: admin })).body;
    expect(page).toMatchObject({ noOutputProcessing: true, numYears: 3, printSetting: 1 });
  }, 180_000);

  it("removes a scenario's requests and their files when a new run replaces its outputs", async () => {
    const before = (await app.request(`/api/scenarios/output/ffa/${scenarioId}`, { token: admin })).body.requests.length;
    expect(before).toBeGreaterThan(0);
    await f.run(scenarioId);
    for (const path of ['ffa', 'baseflowseparation', 'cequal']) {
      expect((await app.request(`/api/scenarios/output/${path}/${scenarioId}`, { token: admin })).body.requests).toEqual([]);
    }
    expect(existsSync(join(app.config.filesDir, 'scenarios', String(scenarioId), 'custom-outputs'))).toBe(false);
  }, 180_000);
});
