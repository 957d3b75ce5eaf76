// The built-in engine against the real SWAT2012 rev 637 executable on two real projects
// (fixtures/README.md): LREW (measured weather) and swatuq_2012 (generated solar radiation,
// humidity and wind, soils ending with a zero-depth layer, auto-fertilization, saveconc).
// Goals of issue 22: outlet daily flow NSE >= 0.95, mean NSE over all reaches >= 0.9, each
// average annual water balance term within ±10 %, sediment within ±30 %.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSimulation, type RunSummary } from '../src/engine/index.ts';
import { parseOutputStd, parseOutputTable } from '../src/output/index.ts';
import { fixtureProject, fixtureSeries, fixtureText } from './fixtures.ts';

export function nse(obs: number[], sim: number[]): number {
  const n = Math.min(obs.length, sim.length);
  let mean = 0;
  for (let i = 0; i < n; i++) mean += obs[i];
  mean /= n;
  let num = 0, den = 0;
  for (let i = 0; i < n; i++) {
    num += (obs[i] - sim[i]) ** 2;
    den += (obs[i] - mean) ** 2;
  }
  return 1 - num / den;
}

/** Daily series per unit of an engine output file column (printed days in order). */
function engineSeries(path: string, column: string): Map<number, number[]> {
  const t = parseOutputTable(readFileSync(path, 'latin1'));
  const out = new Map<number, number[]>();
  const col = t.columns[column];
  for (let i = 0; i < t.unit.length; i++) {
    if (t.period[i] !== 'day') continue;
    let a = out.get(t.unit[i]);
    if (!a) out.set(t.unit[i], (a = []));
    a.push(col[i]);
  }
  return out;
}

/** The water balance terms compared (SWAT values of at least 1 mm; snow terms are a few tenths of a mm). */
const TERMS = ['PRECIP', 'SURFACE RUNOFF Q', 'LATERAL SOIL Q', 'GROUNDWATER (SHAL AQ) Q', 'GROUNDWATER (DEEP AQ) Q', 'REVAP (SHAL AQ => SOIL/PLANTS)',
  'DEEP AQ RECHARGE', 'TOTAL AQ RECHARGE', 'TOTAL WATER YLD', 'PERCOLATION OUT OF SOIL', 'ET', 'PET'];

interface Fidelity {
  outletNse: number;
  meanNse: number;
  nseByReach: Record<number, number>;
  terms: Record<string, { engine: number; swat: number; diff: number }>;
  sediment: { engine: number; swat: number; diff: number };
  /** sediment leaving the outlet reach over the compared days (t) */
  outletSediment: { engine: number; swat: number; diff: number };
}

function compare(dir: string, fixture: string, outlet: number, firstDay: number): Fidelity {
  const ref = fixtureSeries(fixture, 'rch_daily.csv.gz', 'FLOW_OUTcms');
  const eng = engineSeries(join(dir, 'output.rch'), 'FLOW_OUTcms');
  const nseByReach: Record<number, number> = {};
  for (const [u, obs] of ref) nseByReach[u] = nse(obs, (eng.get(u) ?? []).slice(firstDay, firstDay + obs.length));
  const vals = Object.values(nseByReach);
  const swat = parseOutputStd(fixtureText(fixture, 'output.std.gz')).aveAnnualBasin;
  const mine = parseOutputStd(readFileSync(join(dir, 'output.std'), 'latin1')).aveAnnualBasin;
  const terms: Fidelity['terms'] = {};
  for (const k of TERMS) terms[k] = { engine: mine[k], swat: swat[k], diff: mine[k] / swat[k] - 1 };
  const sk = 'TOTAL SEDIMENT LOADING';
  const refSed = fixtureSeries(fixture, 'rch_daily.csv.gz', 'SED_OUTtons').get(outlet)!;
  const engSed = engineSeries(join(dir, 'output.rch'), 'SED_OUTtons').get(outlet)!.slice(firstDay, firstDay + refSed.length);
  const sum = (a: number[]) => a.reduce((x, y) => x + y, 0);
  return {
    outletSediment: { engine: sum(engSed), swat: sum(refSed), diff: sum(engSed) / sum(refSed) - 1 },
    outletNse: nseByReach[outlet], meanNse: vals.reduce((a, b) => a + b, 0) / vals.length, nseByReach, terms,
    sediment: { engine: mine[sk], swat: swat[sk], diff: mine[sk] / swat[sk] - 1 },
  };
}

function report(name: string, f: Fidelity): void {
  const pct = (x: number) => `${x >= 0 ? '+' : ''}${(100 * x).toFixed(1)}%`;
  const lines = [`${name}: outlet daily flow NSE ${f.outletNse.toFixed(4)}, mean NSE over ${Object.keys(f.nseByReach).length} reaches ${f.meanNse.toFixed(4)}`];
  for (const [k, t] of Object.entries(f.terms)) lines.push(`  ${k.padEnd(32)} ${t.engine.toFixed(2).padStart(9)} vs ${t.swat.toFixed(2).padStart(9)}  ${pct(t.diff)}`);
  lines.push(`  ${'SEDIMENT (t/ha)'.padEnd(32)} ${f.sediment.engine.toFixed(3).padStart(9)} vs ${f.sediment.swat.toFixed(3).padStart(9)}  ${pct(f.sediment.diff)}`);
  lines.push(`  ${'OUTLET SED_OUT (t, days compared)'.padEnd(32)} ${f.outletSediment.engine.toExponential(3).padStart(9)} vs ${f.outletSediment.swat.toExponential(3).padStart(9)}  ${pct(f.outletSediment.diff)}`);
  process.stdout.write(lines.join('\n') + '\n');
}

/** Nitrogen terms of output.std, engine against rev 637 (not part of the goals: printed, and the
 * inputs-driven ones checked). */
const N_TERMS = ['NO3 IN RAINFALL', 'N FERTILIZER APPLIED', 'N UPTAKE', 'NO3 LEACHED', 'DENITRIFICATION', 'NO3 YIELD \\(SQ\\)', 'NO3 YIELD \\(LAT\\)'];
function nitrogen(name: string, dir: string, fixture: string): Record<string, { engine: number; swat: number }> {
  const value = (text: string, label: string) => Number(new RegExp(`${label}\\s*=\\s*([-\\d.]+)`).exec(text)?.[1]);
  const mine = readFileSync(join(dir, 'output.std'), 'latin1');
  const swat = fixtureText(fixture, 'output.std.gz');
  const out: Record<string, { engine: number; swat: number }> = {};
  for (const t of N_TERMS) out[t.replace(/\\/g, '')] = { engine: value(mine, t), swat: value(swat, t) };
  process.stdout.write(`${name} nitrogen (kg/ha, engine vs rev 637): ${Object.entries(out).map(([k, v]) => `${k} ${v.engine.toFixed(2)} vs ${v.swat.toFixed(2)}`).join('; ')}\n`);
  return out;
}

function expectGoals(f: Fidelity): void {
  expect(f.outletNse).toBeGreaterThanOrEqual(0.95);
  expect(f.meanNse).toBeGreaterThanOrEqual(0.9);
  for (const [k, t] of Object.entries(f.terms)) expect(Math.abs(t.diff), k).toBeLessThanOrEqual(0.1);
  expect(Math.abs(f.sediment.diff)).toBeLessThanOrEqual(0.3);
  expect(Math.abs(f.outletSediment.diff)).toBeLessThanOrEqual(0.3);
}

describe('swatuq_2012 (generated slr/hmd/wnd, zero-depth soil layers, auto-fertilization) against rev 637', () => {
  let dir = '';
  let summary: RunSummary;
  beforeAll(async () => {
    dir = fixtureProject('swatuq_2012');
    // print one HRU instead of all 109 (output.hru is 330 MB daily); nothing else changes
    const cio = join(dir, 'file.cio');
    const lines = readFileSync(cio, 'latin1').split(/\r?\n/);
    const i = lines.findIndex((l) => /HRU data to be printed/i.test(l));
    lines[i + 1] = '   1' + '   0'.repeat(19);
    writeFileSync(cio, lines.join('\r\n'), 'latin1');
    summary = await runSimulation(dir);
  }, 600_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('meets the fidelity goals (flow NSE, water balance, sediment)', () => {
    const f = compare(dir, 'swatuq_2012', 15, 0);
    report('swatuq_2012', f);
    expectGoals(f);
  });

  it('takes nitrate in rain from the ATMO file and loses lateral-flow nitrate on its way to the stream as rev 637 does', () => {
    const n = nitrogen('swatuq_2012', dir, 'swatuq_2012');
    // ATMO.ATM's zeros: no nitrate in rain (RCN_SUB_BSN 1.0 would give ~17 kg/ha)
    expect(n['NO3 IN RAINFALL']!.engine).toBe(n['NO3 IN RAINFALL']!.swat);
    for (const k of ['NO3 YIELD (SQ)', 'NO3 YIELD (LAT)']) expect(Math.abs(n[k]!.engine / n[k]!.swat - 1), k).toBeLessThan(0.3);
  });

  it('generates the weather SWAT generates: daily subbasin PET (Penman-Monteith on generated solar radiation, humidity, wind)', () => {
    const ref = fixtureSeries('swatuq_2012', 'sub_daily.csv.gz', 'PETmm');
    const eng = engineSeries(join(dir, 'output.sub'), 'PETmm');
    let worst = 1;
    for (const [u, obs] of ref) {
      const sim = eng.get(u)!;
      expect(sim.length).toBe(obs.length);
      worst = Math.min(worst, nse(obs, sim));
      const so = obs.reduce((a, b) => a + b, 0), ss = sim.reduce((a, b) => a + b, 0);
      expect(Math.abs(ss / so - 1)).toBeLessThan(0.01);
    }
    process.stdout.write(`swatuq_2012 daily subbasin PET: worst NSE ${worst.toFixed(4)}\n`);
    expect(worst).toBeGreaterThan(0.99);
  });

  it('reads the soil profile to the first zero-depth layer and writes no NaN', () => {
    expect(Number.isFinite(summary.aveAnnualBasin.ET)).toBe(true);
    expect(Number.isFinite(summary.aveAnnualBasin['TOTAL SEDIMENT LOADING'])).toBe(true);
    expect(readFileSync(join(dir, 'output.std'), 'latin1')).not.toMatch(/NaN/);
  });

  it('writes watout.dat (fig.fig saveconc) with the outlet flow', () => {
    const text = readFileSync(join(dir, 'watout.dat'), 'latin1').split('\n');
    expect(text[5]).toMatch(/^ Year  Day Step  FLOWm\^3\/s/);
    const rows = text.slice(6).filter((l) => l.trim());
    expect(rows.length).toBe(3653);
    const out = engineSeries(join(dir, 'output.rch'), 'FLOW_OUTcms').get(15)!;
    const q = rows.map((l) => Number(l.slice(17, 28)));
    for (const d of [100, 1000, 3000]) expect(q[d]).toBeCloseTo(out[d], out[d] > 10 ? 0 : 2);
  });
});

describe('LREW (measured weather) against rev 637', () => {
  let dir = '';
  beforeAll(async () => {
    dir = fixtureProject('lrew_swat2012');
    // the daily run's print settings (ICALEN 1, HRUs 1-3), with NYSKIP 3 like the yearly run
    // whose output.std is the reference: daily rows 2003-2012
    const cio = fixtureText('lrew_swat2012', 'file.cio.daily').replace(/^(\s*)10(\s*\| NYSKIP)/m, '$1 3$2');
    writeFileSync(join(dir, 'file.cio'), cio, 'latin1');
    await runSimulation(dir);
  }, 600_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('meets the fidelity goals (flow NSE 2010-2012, water balance 2003-2012, sediment)', () => {
    // SWAT's daily rows start in 2010 (NYSKIP 10); the engine's in 2003: 2,557 days earlier
    const f = compare(dir, 'lrew_swat2012', 3, 2557);
    report('LREW', f);
    expectGoals(f);
    const n = nitrogen('LREW', dir, 'lrew_swat2012');
    expect(n['NO3 IN RAINFALL']!.engine).toBeCloseTo(n['NO3 IN RAINFALL']!.swat, 2);
    for (const k of ['NO3 YIELD (SQ)', 'NO3 YIELD (LAT)', 'NO3 LEACHED', 'N UPTAKE']) expect(Math.abs(n[k]!.engine / n[k]!.swat - 1), k).toBeLessThan(0.3);
  });
});
