// The outputs API (issue 13): GET scenarios/output/chartoptions|mapoptions/{id}, POST
// scenarios/output/chart|map/{id} (the output-charts and output-maps server halves over
// modules/outputs), on a project of the demo dataset (LREW, 134 HRUs) with four scenarios run on
// the workers with the built-in engine: daily 2003–2007 (2 warm-up years), the same with CN2 +10 %,
// monthly and yearly printing. Every statistic is checked against numbers computed here,
// independently, from the scenario's own output files (the scenario files download, read with
// @headwater/swat's readers); the fit to the gauge's observed flow against the record in
// the repository's fixtures (swat/test/fixtures).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOutputRows } from '@headwater/swat/output/index.ts';
import type { OutputRow } from '@headwater/swat/output/types.ts';
import type { TestApp } from './helpers.ts';
import { lrewFixture, type LrewFixture } from './scenario-fixtures.ts';
import { fixtureText } from '@headwater/swat/test-fixtures';

const COMPLETE = 'Please complete the form.';
const AT_MOST_3 = 'You may only compare to up to 3 scenarios at a time. Please modify your selection.';
const NO_HRUS = 'You have not printed output for any HRUs in the selected subbasin. All available HRUs are in the list below, or select another subbasin to filter.';
const DISABLED = 'This feature is not enabled. Please contact an administrator if you are expecting it to be available.';
/** The original gauge J record (swat/test/fixtures, from the reference data). */
const OBS_CSV = fixtureText('lrew_swat2012', 'obs_q_gaugeJ.csv.gz');
const CFS = 35.314666721;

let f: LrewFixture;
let app: TestApp;
let admin: string;
const work = mkdtempSync(join(tmpdir(), 'hw-outputs-test-'));
const ids = { daily: 0, cn2: 0, monthly: 0, yearly: 0 };
/** the rows of each scenario's output files, by file */
const files: Record<string, { rch: OutputRow[]; sub: OutputRow[]; hru: OutputRow[] }> = {};
let subbasins: { id: number; name: string; number: number }[];
let chosen: { id: number; subbasin: string; landuse?: string; soil?: string }[];

const chart = (id: number, body: unknown, token: string | undefined = admin) => app.request(`/api/scenarios/output/chart/${id}`, { token, body });
const map = (id: number, body: unknown, token: string | undefined = admin) => app.request(`/api/scenarios/output/map/${id}`, { token, body });
const sub = (name: string) => subbasins.find((s) => s.name === name)!;

async function readRows(dir: string, file: 'rch' | 'sub' | 'hru'): Promise<OutputRow[]> {
  const cio = readFileSync(join(dir, 'file.cio'), 'latin1');
  const rows: OutputRow[] = [];
  for await (const r of readOutputRows(join(dir, `output.${file}`), { kind: file, cio })) rows.push(r);
  return rows;
}

// ─── independent arithmetic on the file rows ───────────────────────────────────────────────
const ms = (y: number, m = 1, d = 1) => Date.UTC(y, m - 1, d);
const of = (rows: OutputRow[], unit: number, period: string) => rows.filter((r) => r.unit === unit && r.period === period);
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
function groupBy<T>(xs: T[], key: (x: T) => string | number): Map<string | number, T[]> {
  const m = new Map<string | number, T[]>();
  for (const x of xs) m.set(key(x), [...(m.get(key(x)) ?? []), x]);
  return m;
}
/** close to 6 significant digits (Float32 storage, 7 significant digits answered), or within
 * `abs` (the printing precision of SWAT's rows when they are compared with each other) */
function close(actual: number | null | undefined, expected: number, what = '', abs = 0): void {
  expect(actual, what).not.toBeNull();
  expect(Math.abs(actual! - expected), `${what}: ${actual} vs ${expected}`).toBeLessThanOrEqual(Math.max(1e-9, abs, Math.abs(expected) * 2e-6));
}
const q7 = (sorted: number[], p: number) => {
  const h = (sorted.length - 1) * p;
  return sorted[Math.floor(h)]! + (h - Math.floor(h)) * (sorted[Math.ceil(h)]! - sorted[Math.floor(h)]!);
};

beforeAll(async () => {
  f = await lrewFixture({ hrus: 134 });
  ({ app, admin } = f);
  ids.daily = await f.createScenario({ name: 'Baseline' });
  ids.cn2 = await f.createScenario({ name: 'CN2 +10%' });
  ids.monthly = await f.createScenario({ name: 'Monthly', printSetting: 0 });
  ids.yearly = await f.createScenario({ name: 'Yearly', printSetting: 2 });
  // the monthly scenario prints two HRUs of its own choice (HRUs to print, spec 2 §7): the first
  // HRU of subbasin 2 and the last of subbasin 3
  const all = (await app.request(`/api/hruselection/matching/${f.projectId}`, { token: admin, body: { applyToAll: true, subbasins: [], landuses: [], soils: [], slopes: [] } })).body as { id: number; subbasin: string }[];
  chosen = [all.find((h) => h.subbasin === '2')!, all.filter((h) => h.subbasin === '3').at(-1)!];
  const print = await app.request(`/api/scenarios/print/hruprint/${ids.monthly}`, { token: admin, body: { hrus: chosen.map((h) => h.id) } });
  expect(print.status, JSON.stringify(print.body)).toBe(200);
  const save = await app.request(`/api/scenarios/subbasin/save/${ids.cn2}/Cn2Percent`, { token: admin, body: { applyToAll: true, subbasins: [], landuses: [], soils: [], slopes: [], modificationObject: { value: 10 } } });
  expect(save.status).toBe(200);
  for (const [name, id] of Object.entries(ids)) {
    await f.run(id);
    const dir = await f.scenarioFiles(id, join(work, name));
    files[name] = { rch: await readRows(dir, 'rch'), sub: await readRows(dir, 'sub'), hru: await readRows(dir, 'hru') };
  }
  subbasins = (await app.request(`/api/scenarios/output/chartoptions/${ids.daily}`, { token: admin })).body.subbasins;
}, 600_000);

afterAll(async () => {
  await app?.close();
  rmSync(work, { recursive: true, force: true });
});

describe('chart and map options', () => {
  it('list what the run printed: output types, variables with units, statistics, scenarios, HRUs, observed data, the map', async () => {
    const res = await app.request(`/api/scenarios/output/chartoptions/${ids.daily}`, { token: admin });
    expect(res.status).toBe(200);
    const o = res.body;
    expect(o.outputTypes.types.map((t: { value: string }) => t.value)).toEqual(['OutputRch', 'OutputSub', 'OutputHru']);
    expect(o.outputTypes.parameters.OutputRch.find((p: { variable: string }) => p.variable === 'FLOW_OUT')).toEqual({
      variable: 'FLOW_OUT',
      description: 'Average daily streamflow out of the reach',
      units: 'm³/s',
      englishUnits: 'ft³/s',
    });
    expect(o.outputTypes.parameters.OutputSub.map((p: { variable: string }) => p.variable)).toEqual(expect.arrayContaining(['PRECIP', 'SURQ', 'SW', 'WYLD', 'LATQ']));
    // daily printing offers the derived concentrations of spec 2 §8
    expect(o.outputTypes.parameters.OutputRch.map((p: { variable: string }) => p.variable)).toEqual(expect.arrayContaining(['NO3CONC', 'TOT_N_CONC', 'TOT_P_CONC', 'WTMP']));
    expect(o.outputTypes.units).toEqual([
      { value: 0, text: 'Metric' },
      { value: 1, text: 'English' },
    ]);
    expect(o.outputTypes.defaultUnits).toBe(0);
    expect(o.statistics.map((s: { value: string }) => s.value)).toEqual(['daily', 'monthly', 'annual', 'averageMonthly', 'boxplot', 'averageAnnual', 'flowDuration']);
    expect(o.scenarios.map((s: { text: string }) => s.text).sort()).toEqual(['CN2 +10%', 'Monthly', 'Yearly']);
    expect(o.subbasins.map((s: { name: string; number: number }) => [s.name, s.number])).toEqual([
      ['1', 1],
      ['2', 2],
      ['3', 3],
    ]);
    // the HRUs output.hru has: without an 'HRUs to print' selection, the project's first 20 (all in subbasin 1 here)
    expect(o.printedHrus).toHaveLength(new Set(files.daily!.hru.map((r) => r.gis)).size);
    expect(o.printedHrus).toHaveLength(20);
    expect(o.printedHrus[0]).toMatchObject({ subbasinID: sub('1').id, subbasin: '1' });
    // a scenario's own selection maps back to the project's HRUs
    const mo = (await app.request(`/api/scenarios/output/chartoptions/${ids.monthly}`, { token: admin })).body;
    expect(mo.printedHrus.map((h: { id: number; subbasin: string }) => [h.id, h.subbasin])).toEqual(chosen.map((h) => [h.id, h.subbasin]));
    expect(mo.printedHrus[0]).toMatchObject({ landuse: chosen[0]!.landuse, soil: chosen[0]!.soil });
    expect(o.observed).toEqual([
      { subbasinID: sub('3').id, subbasin: '3', outputType: 'OutputRch', variable: 'FLOW_OUT', name: 'Observed daily discharge', site: 'Little River Experimental Watershed, gauge J', units: 'm³/s', startDate: '1968-01-01', endDate: '2012-12-31' },
    ]);
    expect(o.map.geoJsonUrls.subbasins).toBe(`/api/exports/geojson/${f.projectId}/subbasins`);
    expect(o).toMatchObject({ noOutputProcessing: false, printSetting: 1, printSettingName: 'Daily', info: '' });
    expect(o.chartTypes.map((c: { value: string }) => c.value)).toEqual(['line', 'area', 'scatter', 'column', 'spline']);

    const m = (await app.request(`/api/scenarios/output/mapoptions/${ids.daily}`, { token: admin })).body;
    expect(m.statistics.map((s: { value: string }) => s.value)).toEqual(['averageAnnual', ...Array.from({ length: 12 }, (_, i) => `month:${i + 1}`), 'year:2005', 'year:2006', 'year:2007']);
    expect(m.statistics[1].text).toBe('Average January');
    expect(m.outputTypes.types).toHaveLength(3);
  });

  it('monthly and yearly printing limit the statistics and variables (spec 2 §8 info)', async () => {
    const mo = (await app.request(`/api/scenarios/output/chartoptions/${ids.monthly}`, { token: admin })).body;
    expect(mo.statistics.map((s: { value: string }) => s.value)).toEqual(['monthly', 'annual', 'averageMonthly', 'boxplot', 'averageAnnual', 'flowDuration']);
    expect(mo.info).toMatch(/NO3CONC, TOT_N_CONC, TOT_P_CONC, DISOX_CONC and WTMP need daily output/);
    const rch = mo.outputTypes.parameters.OutputRch.map((p: { variable: string }) => p.variable);
    expect(rch).toContain('FLOW_OUT');
    for (const v of ['NO3CONC', 'TOT_N_CONC', 'WTMP']) expect(rch).not.toContain(v);
    const yr = (await app.request(`/api/scenarios/output/chartoptions/${ids.yearly}`, { token: admin })).body;
    expect(yr.statistics.map((s: { value: string }) => s.value)).toEqual(['annual', 'averageAnnual']);
    const ym = (await app.request(`/api/scenarios/output/mapoptions/${ids.yearly}`, { token: admin })).body;
    expect(ym.statistics.map((s: { value: string }) => s.value)).toEqual(['averageAnnual', 'year:2005', 'year:2006', 'year:2007']);
  });
});

type Series = { data: unknown[]; start?: number; values?: (number | null)[] };
/** A chart with its compact daily series (first day and values) as [x, y] pairs. */
const expand = <T extends { series: Series[] }>(c: T): T => ({ ...c, series: c.series.map((s) => (s.values ? { ...s, data: s.values.map((y, i) => [s.start! + i * 86_400_000, y]) } : s)) });

/** A one-series chart of the baseline (or another scenario). */
async function one(statistic: string, outputType: string, parameter: string, subbasin: string, extra: Record<string, unknown> = {}, id = ids.daily) {
  const res = await chart(id, { subbasin: { id: sub(subbasin).id }, statistic, outputType, parameters: [parameter], units: 0, ...extra });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return expand(res.body);
}

describe('every statistic of a daily run equals the output files', () => {
  it('the daily series of reach 3 FLOW_OUT, with dates', async () => {
    const rows = of(files.daily!.rch, 3, 'day');
    // consecutive days come compact: the first day, then one value a day
    const raw = (await chart(ids.daily, { subbasin: { id: sub('3').id }, statistic: 'daily', outputType: 'OutputRch', parameters: ['FLOW_OUT'], units: 0 })).body;
    expect([raw.series[0].data, raw.series[0].start, raw.series[0].values.length]).toEqual([[], ms(2005), 1095]);
    const c = await one('daily', 'OutputRch', 'FLOW_OUT', '3');
    expect(c.xAxis).toEqual({ type: 'datetime', title: 'Date' });
    expect(c.yAxis[0]).toMatchObject({ title: 'FLOW_OUT (m³/s)', units: 'm³/s', opposite: false });
    const data = c.series[0].data as [number, number][];
    expect(c.series[0]).toMatchObject({ name: 'Baseline', scenarioID: ids.daily, type: 'line', parameter: 'FLOW_OUT' });
    expect(data).toHaveLength(rows.length);
    expect(rows.length).toBe(365 * 3);
    rows.forEach((r, i) => {
      expect(data[i]![0]).toBe(ms(r.year!, r.month!, r.day!));
      close(data[i]![1], r.get('FLOW_OUTcms')!, `day ${i}`);
    });
  });

  it('monthly and annual series: means of the daily flows, totals of the daily runoff, the last soil water', async () => {
    const flow = of(files.daily!.rch, 3, 'day');
    const byMonth = groupBy(flow, (r) => r.year! * 100 + r.month!);
    const monthly = (await one('monthly', 'OutputRch', 'FLOW_OUT', '3')).series[0].data as [number, number][];
    expect(monthly.map((d) => d[0])).toEqual([...byMonth.keys()].map((k) => ms(Math.floor(Number(k) / 100), Number(k) % 100)));
    [...byMonth.values()].forEach((rs, i) => close(monthly[i]![1], mean(rs.map((r) => r.get('FLOW_OUTcms')!)), `month ${i}`));

    const surq = of(files.daily!.sub, 2, 'day');
    const annual = (await one('annual', 'OutputSub', 'SURQ', '2')).series[0].data as [number, number][];
    const byYear = groupBy(surq, (r) => r.year!);
    expect(annual.map((d) => d[0])).toEqual([ms(2005), ms(2006), ms(2007)]);
    [...byYear.values()].forEach((rs, i) => close(annual[i]![1], sum(rs.map((r) => r.get('SURQmm')!)), `year ${i}`));

    const sw = (await one('monthly', 'OutputSub', 'SW', '2')).series[0].data as [number, number][];
    [...groupBy(surq, (r) => r.year! * 100 + r.month!).values()].forEach((rs, i) => close(sw[i]![1], rs[rs.length - 1]!.get('SWmm')!, `SW month ${i}`));
  });

  it('average annual, average of each month and the monthly boxplot', async () => {
    const surq = of(files.daily!.sub, 2, 'day');
    const aa = await one('averageAnnual', 'OutputSub', 'SURQ', '2');
    expect(aa.xAxisCategories).toEqual(['Average annual']);
    close(aa.series[0].data[0][1], sum(surq.map((r) => r.get('SURQmm')!)) / 3, 'average annual SURQ');
    const flow = of(files.daily!.rch, 3, 'day');
    close((await one('averageAnnual', 'OutputRch', 'FLOW_OUT', '3')).series[0].data[0][1], mean(flow.map((r) => r.get('FLOW_OUTcms')!)), 'average annual FLOW_OUT');

    // each month's totals over the three years
    const monthTotals = new Map<number, number[]>();
    for (const [k, rs] of groupBy(surq, (r) => r.year! * 100 + r.month!)) monthTotals.set(Number(k) % 100, [...(monthTotals.get(Number(k) % 100) ?? []), sum(rs.map((r) => r.get('SURQmm')!))]);
    const am = await one('averageMonthly', 'OutputSub', 'SURQ', '2');
    expect(am.xAxisCategories).toEqual(['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']);
    for (let m = 1; m <= 12; m++) close(am.series[0].data[m - 1][1], mean(monthTotals.get(m)!), `month ${m}`);

    const box = await one('boxplot', 'OutputSub', 'SURQ', '2');
    expect(box.series[0].type).toBe('boxPlot');
    for (let m = 1; m <= 12; m++) {
      const s = [...monthTotals.get(m)!].sort((a, b) => a - b);
      const got = box.series[0].data[m - 1];
      expect(got.x).toBe(am.xAxisCategories[m - 1]);
      [s[0]!, q7(s, 0.25), q7(s, 0.5), q7(s, 0.75), s[2]!].forEach((e, k) => close(got.y[k], e, `box ${m}.${k}`));
    }
  });

  it('the flow duration curve of reach 3 on a logarithmic axis', async () => {
    const flows = of(files.daily!.rch, 3, 'day').map((r) => r.get('FLOW_OUTcms')!).sort((a, b) => b - a);
    const c = await one('flowDuration', 'OutputRch', 'FLOW_OUT', '3');
    expect(c.xAxis).toEqual({ type: 'numeric', title: 'Exceedance probability (%)' });
    expect(c.yAxis[0].logarithmic).toBe(true);
    const data = c.series[0].data as [number, number][];
    expect(data).toHaveLength(flows.length);
    data.forEach(([p, q], i) => {
      close(p, (100 * (i + 1)) / (flows.length + 1), `exceedance ${i}`);
      close(q, flows[i]!, `flow ${i}`);
    });
  });

  it('an HRU the run printed, and the flow-weighted total nitrogen concentration', async () => {
    const o = (await app.request(`/api/scenarios/output/chartoptions/${ids.daily}`, { token: admin })).body;
    const hru = o.printedHrus[0];
    const rows = files.daily!.hru.filter((r) => r.period === 'day' && r.gis === '000010001');
    const c = await one('annual', 'OutputHru', 'ET', '1', { hru: hru.id });
    expect(c.title).toMatch(/^HRU 1 \(subbasin 1, /);
    [...groupBy(rows, (r) => r.year!).values()].forEach((rs, i) => close(c.series[0].data[i][1], sum(rs.map((r) => r.get('ETmm')!)), `HRU ET ${i}`));

    const reach = of(files.daily!.rch, 3, 'day');
    const tn = await one('averageAnnual', 'OutputRch', 'TOT_N_CONC', '3');
    close(tn.series[0].data[0][1], (sum(reach.map((r) => r.get('TOT Nkg')!)) / sum(reach.map((r) => r.get('FLOW_OUTcms')!))) * (1000 / 86400), 'TOT_N_CONC');
  });

  it('English units: ft³/s and inches', async () => {
    const m = (await one('annual', 'OutputRch', 'FLOW_OUT', '3')).series[0].data as [number, number][];
    const e = await one('annual', 'OutputRch', 'FLOW_OUT', '3', { units: 1 });
    expect(e.yAxis[0].title).toBe('FLOW_OUT (ft³/s)');
    m.forEach(([, v], i) => close(e.series[0].data[i][1], v * CFS, `cfs ${i}`));
    const mm = (await one('averageAnnual', 'OutputSub', 'SURQ', '2')).series[0].data[0][1];
    const inches = await one('averageAnnual', 'OutputSub', 'SURQ', '2', { units: 1 });
    expect(inches.yAxis[0].units).toBe('in');
    close(inches.series[0].data[0][1], mm / 25.4, 'inches');
  });
});

describe('monthly and yearly printing: the statistics equal SWAT\'s own monthly, yearly and average annual rows', () => {
  it('monthly printing', async () => {
    const rows = files.monthly!.sub.filter((r) => r.unit === 2);
    const monthly = (await one('monthly', 'OutputSub', 'SURQ', '2', {}, ids.monthly)).series[0].data as [number, number][];
    const months = rows.filter((r) => r.period === 'month');
    expect(monthly).toHaveLength(36);
    months.forEach((r, i) => close(monthly[i]![1], r.get('SURQmm')!, `month ${i}`));
    const annual = (await one('annual', 'OutputSub', 'SURQ', '2', {}, ids.monthly)).series[0].data as [number, number][];
    rows.filter((r) => r.period === 'year').forEach((r, i) => close(annual[i]![1], r.get('SURQmm')!, `year ${i}`));
    // SWAT prints monthly, yearly and average annual rows of output.sub with 3 decimals (f10.3)
    const avg = rows.find((r) => r.period === 'average')!;
    close((await one('averageAnnual', 'OutputSub', 'SURQ', '2', {}, ids.monthly)).series[0].data[0][1], avg.get('SURQmm')!, 'average annual SURQ', 0.0005);
    const reach = files.monthly!.rch.find((r) => r.unit === 3 && r.period === 'average')!;
    // output.rch prints 4 significant digits (e12.4): 0.2616 stands for 0.26155 to 0.26165
    close((await one('averageAnnual', 'OutputRch', 'FLOW_OUT', '3', {}, ids.monthly)).series[0].data[0][1], reach.get('FLOW_OUTcms')!, 'average annual FLOW_OUT', 5e-4 * reach.get('FLOW_OUTcms')!);
    // daily statistics are refused with the print setting's message
    const daily = await chart(ids.monthly, { subbasin: { id: sub('3').id }, statistic: 'daily', outputType: 'OutputRch', parameters: ['FLOW_OUT'], units: 0 });
    expect(daily.status).toBe(400);
    expect(daily.body).toBe('This statistic is not available for the print setting of this scenario.');
  });

  it('yearly printing', async () => {
    const rows = files.yearly!.sub.filter((r) => r.unit === 1);
    const annual = (await one('annual', 'OutputSub', 'PRECIP', '1', {}, ids.yearly)).series[0].data as [number, number][];
    rows.filter((r) => r.period === 'year').forEach((r, i) => close(annual[i]![1], r.get('PRECIPmm')!, `year ${i}`));
    close((await one('averageAnnual', 'OutputSub', 'PRECIP', '1', {}, ids.yearly)).series[0].data[0][1], rows.find((r) => r.period === 'average')!.get('PRECIPmm')!, 'average annual PRECIP', 0.0005);
  });

  it('the same weather gives the same precipitation whatever the print setting', async () => {
    const d = (await one('averageAnnual', 'OutputSub', 'PRECIP', '1')).series[0].data[0][1];
    const m = (await one('averageAnnual', 'OutputSub', 'PRECIP', '1', {}, ids.monthly)).series[0].data[0][1];
    // daily rows of output.sub carry 4 significant digits (e10.3): a thousand of them sum to ±0.1 mm
    close(m, d, 'monthly vs daily', 0.5e-3 * d);
  });
});

describe('comparison and observed data', () => {
  it('compares reach 3 FLOW_OUT with CN2 +10% and overlays the gauge with NSE, KGE and PBIAS over the common period', async () => {
    const res = await chart(ids.daily, { subbasin: { id: sub('3').id }, statistic: 'daily', outputType: 'OutputRch', parameters: ['FLOW_OUT'], chartTypes: ['line'], yAxis: ['left'], compareScenarios: [ids.cn2], units: 0, observed: true });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const c = expand(res.body);
    expect(c.series.map((s: { name: string }) => s.name)).toEqual(['Baseline', 'CN2 +10%', 'Observed daily discharge']);
    expect(c.series[2]).toMatchObject({ observed: true, scenarioID: null });

    // the record, read here from the original file
    const obs = new Map(
      OBS_CSV
        .trim()
        .split(/\r?\n/)
        .slice(1)
        .map((l) => l.split(','))
        .map(([d, q]) => [Date.parse(`${d}T00:00:00Z`), Number(q)]),
    );
    const observed = c.series[2].data as [number, number][];
    expect(observed).toHaveLength(365 * 3);
    observed.forEach(([t, q]) => close(q, obs.get(t)!, `observed ${t}`));

    for (const [k, name] of [[0, 'daily'], [1, 'cn2']] as const) {
      const sim = of(files[name]!.rch, 3, 'day').map((r) => r.get('FLOW_OUTcms')!);
      const o = of(files[name]!.rch, 3, 'day').map((r) => obs.get(ms(r.year!, r.month!, r.day!))!);
      const om = mean(o), sm = mean(sim);
      const nse = 1 - sum(o.map((x, i) => (x - sim[i]!) ** 2)) / sum(o.map((x) => (x - om) ** 2));
      const pbias = (100 * sum(o.map((x, i) => x - sim[i]!))) / sum(o);
      const r = sum(o.map((x, i) => (x - om) * (sim[i]! - sm))) / Math.sqrt(sum(o.map((x) => (x - om) ** 2)) * sum(sim.map((x) => (x - sm) ** 2)));
      const alpha = Math.sqrt(sum(sim.map((x) => (x - sm) ** 2)) / sum(o.map((x) => (x - om) ** 2)));
      const kge = 1 - Math.sqrt((r - 1) ** 2 + (alpha - 1) ** 2 + (sm / om - 1) ** 2);
      const fit = c.statistics[k];
      expect(fit).toMatchObject({ scenarioID: ids[name], parameter: 'FLOW_OUT', n: 1095, start: '2005-01-01', end: '2007-12-31', observed: 'Observed daily discharge, Little River Experimental Watershed, gauge J' });
      expect(fit.nse).toBeCloseTo(nse, 5);
      expect(fit.kge).toBeCloseTo(kge, 5);
      expect(fit.pbias).toBeCloseTo(pbias, 4);
    }
    // more runoff with higher curve numbers
    const total = (k: number) => sum((c.series[k].data as [number, number][]).map((d) => d[1]));
    expect(total(1)).toBeGreaterThan(total(0));
  });

  it('observed monthly means and the observed flow duration curve', async () => {
    const c = await one('monthly', 'OutputRch', 'FLOW_OUT', '3', { observed: true });
    expect(c.series).toHaveLength(2);
    expect(c.statistics[0]).toMatchObject({ start: '2005-01', end: '2007-12', n: 36 });
    const fdc = await one('flowDuration', 'OutputRch', 'FLOW_OUT', '3', { observed: true });
    const o = fdc.series[1].data as [number, number][];
    expect(o).toHaveLength(1095);
    for (let i = 1; i < o.length; i++) expect(o[i]![1]).toBeLessThanOrEqual(o[i - 1]![1]);
    // no gauge at reach 1: the chart says so
    const none = await one('daily', 'OutputRch', 'FLOW_OUT', '1', { observed: true });
    expect(none.series).toHaveLength(1);
    expect(none.info).toContain('There are no observed data at this reach.');
  });

  it('two parameters on two axes with their own chart types', async () => {
    const res = await chart(ids.daily, { subbasin: { id: sub('2').id }, statistic: 'monthly', outputType: 'OutputSub', parameters: ['PRECIP', 'SURQ'], chartTypes: ['column', 'spline'], yAxis: ['left', 'right'], units: 0 });
    expect(res.status).toBe(200);
    expect(res.body.series.map((s: { name: string; type: string; yAxis: number }) => [s.name, s.type, s.yAxis])).toEqual([
      ['Baseline · PRECIP', 'column', 0],
      ['Baseline · SURQ', 'spline', 1],
    ]);
    expect(res.body.yAxis.map((y: { opposite: boolean }) => y.opposite)).toEqual([false, true]);
  });
});

describe('maps', () => {
  it('average annual SURQ of every subbasin equals the files; CN2 +10% is higher everywhere; the difference map shows it', async () => {
    const res = await map(ids.daily, { statistic: 'averageAnnual', outputType: 'OutputSub', parameter: 'SURQ', compareScenarios: [ids.cn2], units: 0, difference: 'absolute' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [base, cn2] = res.body.scenarioMaps;
    expect(base).toMatchObject({ scenarioID: ids.daily, mapDataValuesName: 'value', units: 'mm', legendTitle: 'SURQ (mm)', layer: 'subbasins', mapTitle: 'Baseline: SURQ, Average annual' });
    for (const [m, name] of [[base, 'daily'], [cn2, 'cn2']] as const) {
      for (const s of subbasins) {
        const rows = of(files[name]!.sub, s.number, 'day');
        close(m.mapData.find((d: { id: number }) => d.id === s.id).value, sum(rows.map((r) => r.get('SURQmm')!)) / 3, `${name} ${s.name}`);
      }
    }
    const values = (m: { mapData: { value: number }[] }) => m.mapData.map((d) => d.value);
    values(cn2).forEach((v: number, i: number) => expect(v).toBeGreaterThan(values(base)[i]!));
    // a shared colour range
    expect(base.axisMin).toBe(Math.min(...values(base), ...values(cn2)));
    expect(cn2.axisMax).toBe(Math.max(...values(base), ...values(cn2)));
    expect(base.allowLogAxis).toBe(true);
    const diff = res.body.differenceMap;
    expect(diff).toMatchObject({ diverging: true, units: 'mm', scenarioID: null, legendTitle: 'Difference in SURQ (mm)' });
    diff.mapData.forEach((d: { value: number }, i: number) => {
      close(d.value, values(cn2)[i]! - values(base)[i]!, `difference ${i}`);
      expect(d.value).toBeGreaterThan(0);
    });
    expect(diff.axisMin).toBe(-diff.axisMax);
    const pct = (await map(ids.daily, { statistic: 'averageAnnual', outputType: 'OutputSub', parameter: 'SURQ', compareScenarios: [ids.cn2], units: 0, difference: 'percent' })).body.differenceMap;
    pct.mapData.forEach((d: { value: number }, i: number) => close(d.value, (100 * (values(cn2)[i]! - values(base)[i]!)) / values(base)[i]!, `percent ${i}`));
  });

  it('reaches, one month, one year, and the printed HRUs by subbasin', async () => {
    const july = (await map(ids.daily, { statistic: 'month:7', outputType: 'OutputRch', parameter: 'FLOW_OUT', units: 0 })).body.scenarioMaps[0];
    expect(july.layer).toBe('streams');
    expect(july.mapTitle).toBe('Baseline: FLOW_OUT, Average July');
    for (const s of subbasins) {
      const rows = of(files.daily!.rch, s.number, 'day').filter((r) => r.month === 7);
      close(july.mapData.find((d: { id: number }) => d.id === s.id).value, mean(rows.map((r) => r.get('FLOW_OUTcms')!)), `July ${s.name}`);
    }
    const y2006 = (await map(ids.daily, { statistic: 'year:2006', outputType: 'OutputSub', parameter: 'PRECIP', units: 0 })).body.scenarioMaps[0];
    for (const s of subbasins) close(y2006.mapData.find((d: { id: number }) => d.id === s.id).value, sum(of(files.daily!.sub, s.number, 'day').filter((r) => r.year === 2006).map((r) => r.get('PRECIPmm')!)), `2006 ${s.name}`);
    const hru = (await map(ids.daily, { statistic: 'averageAnnual', outputType: 'OutputHru', parameter: 'ET', units: 0 })).body;
    // each subbasin: the area-weighted mean of its printed HRUs' average annual ET (none without one)
    const hruRows = files.daily!.hru.filter((r) => r.period === 'day');
    for (const s of subbasins) {
      const mine = [...groupBy(hruRows.filter((r) => r.sub === s.number), (r) => r.gis).values()];
      const got = hru.scenarioMaps[0].mapData.find((d: { id: number }) => d.id === s.id).value;
      if (!mine.length) expect(got, `subbasin ${s.name}`).toBeNull();
      else close(got, sum(mine.map((rs) => rs[0]!.area * (sum(rs.map((r) => r.get('ETmm')!)) / 3))) / sum(mine.map((rs) => rs[0]!.area)), `HRU ET in subbasin ${s.name}`);
    }
    expect(hru.info[0]).toMatch(/area-weighted mean of its printed HRUs/);
  });
});

describe('the form rules and access (spec 2 §5, §6, §8)', () => {
  const base = () => ({ subbasin: { id: sub('3').id }, statistic: 'daily', outputType: 'OutputRch', parameters: ['FLOW_OUT'], units: 0 });
  it('answers the spec\'s messages', async () => {
    for (const body of [{}, { ...base(), parameters: [] }, { ...base(), subbasin: null }, { ...base(), units: undefined }, { ...base(), statistic: '' }]) {
      const res = await chart(ids.daily, body);
      expect(res.status).toBe(400);
      expect(res.body).toBe(COMPLETE);
    }
    const four = await chart(ids.daily, { ...base(), compareScenarios: [ids.cn2, ids.monthly, ids.yearly, 999] });
    expect([four.status, four.body]).toEqual([400, AT_MOST_3]);
    const hruMissing = await chart(ids.daily, { ...base(), outputType: 'OutputHru', parameters: ['ET'] });
    expect(hruMissing.body).toBe(COMPLETE);
    const o = (await app.request(`/api/scenarios/output/chartoptions/${ids.daily}`, { token: admin })).body;
    const none = subbasins.find((s) => !o.printedHrus.some((h: { subbasinID: number }) => h.subbasinID === s.id))!;
    const notPrinted = await chart(ids.daily, { ...base(), subbasin: { id: none.id }, outputType: 'OutputHru', parameters: ['ET'], hru: o.printedHrus[0].id });
    expect([notPrinted.status, notPrinted.body]).toEqual([400, NO_HRUS]);
    // compared scenarios must have printed the same HRUs
    const hruChart = { ...base(), subbasin: { id: sub('1').id }, outputType: 'OutputHru', statistic: 'annual', parameters: ['ET'], hru: o.printedHrus[0].id };
    expect((await chart(ids.daily, { ...hruChart, compareScenarios: [ids.cn2] })).status).toBe(200);
    const differ = await chart(ids.daily, { ...hruChart, compareScenarios: [ids.monthly] });
    expect([differ.status, differ.body]).toEqual([400, 'Compared scenarios must have printed the same HRUs. Please modify your selection.']);
    const fdc = await chart(ids.daily, { ...base(), statistic: 'flowDuration', outputType: 'OutputSub', parameters: ['SURQ'] });
    expect(fdc.body).toBe('The flow duration curve is drawn for the streamflow of a reach (OutputRch, FLOW_OUT or FLOW_IN).');

    for (const body of [{}, { statistic: 'averageAnnual', outputType: 'OutputSub', units: 0 }, { statistic: 'averageAnnual', outputType: 'OutputSub', parameter: 'SURQ' }]) {
      const res = await map(ids.daily, body);
      expect([res.status, res.body]).toEqual([400, COMPLETE]);
    }
    const many = await map(ids.daily, { statistic: 'averageAnnual', outputType: 'OutputSub', parameter: 'SURQ', units: 0, compareScenarios: [ids.cn2, ids.monthly, ids.yearly, 12345] });
    expect([many.status, many.body]).toEqual([400, AT_MOST_3]);
    const diff = await map(ids.daily, { statistic: 'averageAnnual', outputType: 'OutputSub', parameter: 'SURQ', units: 0, compareScenarios: [ids.cn2, ids.monthly], difference: 'absolute' });
    expect(diff.body).toBe('A difference map compares this scenario with one other scenario. Please choose exactly one comparison scenario.');
  });

  it('a scenario without outputs cannot be compared; another project\'s scenario is refused', async () => {
    const fresh = await f.createScenario({ name: 'Not run' });
    const res = await chart(ids.daily, { ...base(), compareScenarios: [fresh] });
    expect([res.status, res.body]).toEqual([400, "The scenario 'Not run' has no outputs to compare. Please run it first."]);
    const own = await chart(fresh, base());
    expect([own.status, own.body]).toEqual([400, 'This scenario has not been run yet. Run it to see its outputs.']);
  });

  it('needs a signed-in owner, and answers a disabled plugin with the spec\'s message', async () => {
    expect((await app.request(`/api/scenarios/output/chartoptions/${ids.daily}`)).status).toBe(401);
    expect((await chart(ids.daily, base(), '')).status).toBe(401);
    const created = await app.request('/api/admin/users', {
      token: admin,
      body: { firstName: 'Eve', lastName: 'Other', email: 'eve@example.org', userName: 'eve', password: 'Eve-pass-1234', country: 'United States', state: 'Texas', organizationCategory: 'University or college', affiliation: 'Elsewhere', reasonForUse: 'Testing' },
    });
    expect(created.status).toBe(201);
    const eve = await app.login('eve', 'Eve-pass-1234');
    for (const [method, path, body] of [
      ['GET', `/api/scenarios/output/chartoptions/${ids.daily}`],
      ['GET', `/api/scenarios/output/mapoptions/${ids.daily}`],
      ['POST', `/api/scenarios/output/chart/${ids.daily}`, base()],
      ['POST', `/api/scenarios/output/map/${ids.daily}`, { statistic: 'averageAnnual', outputType: 'OutputSub', parameter: 'SURQ', units: 0 }],
    ] as [string, string, unknown?][]) {
      // refused: 403, or 404 where the platform does not reveal that the project exists
      expect([403, 404], path).toContain((await app.request(path, { method, body, token: eve })).status);
    }
    expect((await app.request(`/api/scenarios/output/chartoptions/999999`, { token: admin })).status).toBe(404);
    for (const id of ['output-charts', 'output-maps']) {
      expect((await app.request(`/api/admin/plugins/${id}`, { method: 'PUT', body: { enabled: false }, token: admin })).status).toBe(200);
    }
    try {
      const res = await app.request(`/api/scenarios/output/chartoptions/${ids.daily}`, { token: admin });
      expect([res.status, res.body]).toEqual([400, DISABLED]);
      expect((await map(ids.daily, { statistic: 'averageAnnual', outputType: 'OutputSub', parameter: 'SURQ', units: 0 })).body).toBe(DISABLED);
    } finally {
      for (const id of ['output-charts', 'output-maps']) await app.request(`/api/admin/plugins/${id}`, { method: 'PUT', body: { enabled: true }, token: admin });
    }
  });
});
