// Calibrates the demo dataset (LREW at gauge J) with this product's own engine and writes the result
// as the dataset's calibration option (datasets/lrew/dataset.json → calibrations[0].option), the
// option the Calibration editor offers (editors/calibration). Reproducible: a fixed seed, a fixed
// budget, the repository's LREW TxtInOut (swat/test/fixtures) and the dataset's own gauge J record.
//
//   node datasets/scripts/calibrate-lrew.ts [--evals 250] [--seed 7] [--dry-run]
//
// Method: DDS (dynamically dimensioned search, Tolson & Shoemaker 2007, r = 0.2) over 8
// parameters, maximising the Nash–Sutcliffe efficiency of daily flow at the outlet (reach 3,
// FLOW_OUT, m³/s) against the observed discharge at gauge J over 2010-01-01..2012-12-31, after a
// warm-up of 2007–2009 (simulated, not scored). Each evaluation applies the candidate option to a
// fresh copy of the TxtInOut with the editor's own `applyMods`, so what ships is what was scored.
// The same option is then checked on 2003–2009 (not used in the search) for the README.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { fixtureProject } from '@headwater/swat/test-fixtures';
import { readTxtInOut } from '@headwater/swat/txtinout/index.ts';
import type { HruInputs, SubbasinInputs, SwatProject } from '@headwater/swat/txtinout/types.ts';
import { fromSwatProject } from '@headwater/swat/engine/adapter.ts';
import { simulate } from '@headwater/swat/engine/sim.ts';
import { NRV, RV } from '@headwater/swat/engine/vars.ts';
import { applyMods, type CalibrationMod, type CalibrationOption } from '../../editors/calibration/src/mods.ts';

const args = process.argv.slice(2);
const opt = (name: string, dflt: number) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : dflt);
const EVALS = opt('--evals', 250);
const SEED = opt('--seed', 7);
const DRY = args.includes('--dry-run');

/** The searched parameters: file, variable, change type, range. */
export const PARAMETERS: { file: CalibrationMod['file']; variable: string; type: CalibrationMod['type']; lo: number; hi: number }[] = [
  { file: 'mgt', variable: 'CN2', type: '%', lo: -25, hi: 15 },
  { file: 'hru', variable: 'ESCO', type: 'V', lo: 0.5, hi: 1 },
  { file: 'gw', variable: 'ALPHA_BF', type: 'V', lo: 0.005, hi: 0.6 },
  { file: 'gw', variable: 'GW_DELAY', type: 'V', lo: 1, hi: 120 },
  { file: 'gw', variable: 'GWQMN', type: 'V', lo: 0, hi: 1500 },
  { file: 'gw', variable: 'GW_REVAP', type: 'V', lo: 0.02, hi: 0.2 },
  { file: 'bsn', variable: 'SURLAG', type: 'V', lo: 0.5, hi: 10 },
  { file: 'rte', variable: 'CH_K2', type: 'V', lo: 0, hi: 60 },
];

// ---- observed discharge at gauge J (the dataset's observed.csv: date, J:FLOW_OUT m³/s)
const root = join(import.meta.dirname, '..');
const observed = new Map<string, number>();
for (const line of gunzipSync(readFileSync(join(root, 'lrew/observed.csv.gz'))).toString('utf8').split('\n').slice(1)) {
  const [date, v] = line.trim().split(',');
  if (date && v !== undefined && v !== '' && Number.isFinite(Number(v))) observed.set(date, Number(v));
}

// ---- the TxtInOut, read once; every evaluation changes a copy
const dir = fixtureProject('lrew_swat2012');
const base: SwatProject = await readTxtInOut(dir);
const TITLE = /Luse:\s*(\S+)/;
const landuseOf = (h: HruInputs) => TITLE.exec(h.hru?.title ?? '')?.[1] ?? TITLE.exec(h.mgt?.title ?? '')?.[1] ?? '';
const picker = (p: SwatProject) => (subbasins: number[], landuses: string[]) => {
  const out: { subbasin: SubbasinInputs; hru: HruInputs }[] = [];
  for (const s of p.subbasins) {
    if (subbasins.length && !subbasins.includes(s.number)) continue;
    for (const hru of s.hrus) if (!landuses.length || landuses.includes(landuseOf(hru))) out.push({ subbasin: s, hru });
  }
  return out;
};

const pad = (n: number) => String(n).padStart(2, '0');
/** Daily outlet flow (m³/s) by date over [from, to] (years), simulated with the option's mods. */
async function outletFlow(mods: CalibrationMod[], from: number, to: number, warmup: number): Promise<Map<string, number>> {
  const sp = structuredClone(base);
  applyMods(sp, mods, picker(sp));
  const cio = sp.cio as unknown as Record<string, number>;
  cio.IYR = from - warmup;
  cio.NBYR = to - from + 1 + warmup;
  cio.IDAF = 1;
  cio.IDAL = to % 4 === 0 ? 366 : 365;
  cio.NYSKIP = 0;
  const p = fromSwatProject(sp, dir);
  const outlet = [...p.reaches.keys()].sort((a, b) => a - b).indexOf(3);
  const flows = new Map<string, number>();
  await simulate(p, () => ({
    hruWanted: null,
    day(ctx, _hv, _sv, rv) {
      if (ctx.year >= from) flows.set(`${ctx.year}-${pad(ctx.month)}-${pad(ctx.dom)}`, rv[outlet * NRV + RV.FLOW_OUT]!);
    },
  }), { threads: 1 });
  return flows;
}

/** NSE, PBIAS (%; positive = model under-estimates, as SWAT-CUP reports it) and the number of days. */
export function fit(sim: Map<string, number>): { nse: number; pbias: number; days: number } {
  const o: number[] = [];
  const s: number[] = [];
  for (const [d, v] of sim) {
    const x = observed.get(d);
    if (x === undefined) continue;
    o.push(x);
    s.push(v);
  }
  const mean = o.reduce((a, x) => a + x, 0) / o.length;
  let num = 0, den = 0, diff = 0, tot = 0;
  for (let i = 0; i < o.length; i++) {
    num += (s[i]! - o[i]!) ** 2;
    den += (o[i]! - mean) ** 2;
    diff += o[i]! - s[i]!;
    tot += o[i]!;
  }
  return { nse: 1 - num / den, pbias: (100 * diff) / tot, days: o.length };
}

const modsOf = (x: number[]): CalibrationMod[] =>
  PARAMETERS.map((p, i) => ({ file: p.file, variable: p.variable, type: p.type, value: Number(x[i]!.toPrecision(4)) }));

// ---- DDS with a seeded generator (mulberry32) and standard normal draws (Box–Muller)
let seed = SEED >>> 0;
const rand = () => {
  seed = (seed + 0x6d2b79f5) >>> 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const normal = () => Math.sqrt(-2 * Math.log(1 - rand())) * Math.cos(2 * Math.PI * rand());

const t0 = performance.now();
const CAL: [number, number] = [2010, 2012];
const score = async (x: number[]) => fit(await outletFlow(modsOf(x), CAL[0], CAL[1], 3)).nse;

const before = fit(await outletFlow([], CAL[0], CAL[1], 3));
console.log(`baseline (dataset inputs) 2010–2012: NSE ${before.nse.toFixed(3)}, PBIAS ${before.pbias.toFixed(1)} % over ${before.days} days`);
// start from the dataset's own values where a parameter has one (CN2 0 %, the .gw/.bsn/.rte values)
const start = [0, 0.95, 0.048, 31, 1000, 0.02, 4, 0].map((v, i) => Math.min(PARAMETERS[i]!.hi, Math.max(PARAMETERS[i]!.lo, v)));
let best = start;
let bestF = await score(best);
for (let i = 1; i < EVALS; i++) {
  const pr = 1 - Math.log(i) / Math.log(EVALS);
  const cand = [...best];
  let any = false;
  PARAMETERS.forEach((p, k) => {
    if (rand() < pr) {
      any = true;
      let v = cand[k]! + 0.2 * (p.hi - p.lo) * normal();
      if (v < p.lo) v = p.lo + (p.lo - v);
      if (v > p.hi) v = p.hi - (v - p.hi);
      cand[k] = Math.min(p.hi, Math.max(p.lo, v));
    }
  });
  if (!any) {
    const k = Math.floor(rand() * PARAMETERS.length);
    const p = PARAMETERS[k]!;
    cand[k] = Math.min(p.hi, Math.max(p.lo, cand[k]! + 0.2 * (p.hi - p.lo) * normal()));
  }
  const f = await score(cand);
  if (f >= bestF) {
    best = cand;
    bestF = f;
  }
  if (i % 25 === 0) console.log(`eval ${i}/${EVALS}: best NSE ${bestF.toFixed(4)} (${((performance.now() - t0) / 1000).toFixed(0)} s)`);
}

const mods = modsOf(best);
const after = fit(await outletFlow(mods, CAL[0], CAL[1], 3));
const valBefore = fit(await outletFlow([], 2003, 2009, 3));
const valAfter = fit(await outletFlow(mods, 2003, 2009, 3));
const seconds = (performance.now() - t0) / 1000;
const f3 = (x: { nse: number; pbias: number }) => ({ nse: Number(x.nse.toFixed(3)), pbias: Number(x.pbias.toFixed(1)) });
const option: CalibrationOption = {
  name: 'Headwater engine DDS calibration, daily flow at gauge J 2010–2012',
  description: 'Eight hydrology parameters searched with DDS against the observed daily discharge at gauge J (2010–2012, warm-up 2007–2009), with the built-in engine.',
  source: `datasets/scripts/calibrate-lrew.ts --evals ${EVALS} --seed ${SEED}`,
  fit: {
    objective: 'NSE of daily FLOW_OUT at reach 3 vs gauge J',
    calibration: { period: '2010-01-01..2012-12-31', days: after.days, before: f3(before), after: f3(after) },
    validation: { period: '2003-01-01..2009-12-31', days: valAfter.days, before: f3(valBefore), after: f3(valAfter) },
    evaluations: EVALS,
    seconds: Math.round(seconds),
  },
  mods,
};
console.log(JSON.stringify(option, null, 2));
if (!DRY) {
  const file = join(root, 'lrew/dataset.json');
  const d = JSON.parse(readFileSync(file, 'utf8'));
  d.calibrations[0].option = option;
  writeFileSync(file, `${JSON.stringify(d, null, 2)}\n`);
  console.log(`written to ${file}`);
}
