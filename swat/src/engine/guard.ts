// Never a silent wrong answer: a value that becomes NaN or infinite stops the run with an error
// naming the HRU or reach, the day and the variable. The daily check looks at the basin sums and
// the reach outputs (a few dozen values); once a year every state array of the model is scanned,
// so a non-finite pool that has not reached an output yet is caught too.
import type { Model } from './model.ts';
import { ML } from './model.ts';
import { BV, NBV, NRV, RV } from './vars.ts';
import { WQ_NAMES, type ReachQuality } from './wq.ts';

export class SimulationError extends Error {}

const BV_NAMES = Object.fromEntries(Object.entries(BV).map(([k, v]) => [v, k])) as Record<number, string>;
const RV_NAMES = Object.fromEntries(Object.entries(RV).map(([k, v]) => [v, k])) as Record<number, string>;

function date(year: number, jd: number): string {
  const d = new Date(Date.UTC(year, 0, jd));
  return `${d.toISOString().slice(0, 10)} (day ${jd} of ${year})`;
}

/** The first HRU state value that is not finite: HRU index, array name, layer (or -1). */
export function findNonFiniteHru(m: Model, h0 = 0, h1 = m.nhru): { h: number; name: string; layer: number; value: number } | null {
  const n = m.nhru;
  const per: [string, Float64Array][] = [];
  const lay: [string, Float64Array][] = [];
  for (const [k, v] of Object.entries(m.arrays())) {
    if (!(v instanceof Float64Array)) continue;
    if (v.length === n) per.push([k, v]);
    else if (v.length === n * ML) lay.push([k, v]);
  }
  // a flat scan first (plain loops, nothing allocated); the ordered search below, which names
  // the first bad value HRU by HRU, only when there is one
  if (allFinite(per, lay, m.nly, h0, h1)) return null;
  for (let h = h0; h < h1; h++) {
    for (const [k, a] of per) if (!Number.isFinite(a[h])) return { h, name: k, layer: -1, value: a[h] };
    for (const [k, a] of lay) {
      for (let l = 0; l < m.nly[h]; l++) if (!Number.isFinite(a[h * ML + l])) return { h, name: k, layer: l, value: a[h * ML + l] };
    }
  }
  return null;
}

function allFinite(per: [string, Float64Array][], lay: [string, Float64Array][], nly: Int32Array, h0: number, h1: number): boolean {
  for (let i = 0; i < per.length; i++) {
    const a = per[i][1];
    for (let h = h0; h < h1; h++) if (a[h] - a[h] !== 0) return false; // NaN or ±Infinity
  }
  for (let i = 0; i < lay.length; i++) {
    const a = lay[i][1];
    for (let h = h0; h < h1; h++) {
      const o = h * ML;
      const nl = nly[h];
      for (let l = 0; l < nl; l++) if (a[o + l] - a[o + l] !== 0) return false;
    }
  }
  return true;
}

function hruError(m: Model, f: { h: number; name: string; layer: number; value: number }, when: string): SimulationError {
  const where = `HRU ${f.h + 1} (${m.hruName[f.h] || 'unnamed'}, subbasin ${m.hruSub[f.h] + 1})`;
  const what = f.layer >= 0 ? `${f.name} of soil layer ${f.layer + 1}` : f.name;
  return new SimulationError(`non-finite value (${f.value}) of ${what} in ${where} ${when}; the run is stopped`);
}

/** Daily check of the basin sums (after the HRUs) — throws a SimulationError naming the HRU. */
export function checkBasinDay(bv: Float64Array, m: Model, year: number, jd: number): void {
  let ok = true;
  for (let k = 0; k < NBV; k++) ok = ok && Number.isFinite(bv[k]);
  if (ok) return;
  const f = findNonFiniteHru(m);
  if (f) throw hruError(m, f, `on ${date(year, jd)}`);
  let k = 0;
  while (Number.isFinite(bv[k])) k++;
  throw new SimulationError(`non-finite basin value ${BV_NAMES[k] ?? k} (${bv[k]}) on ${date(year, jd)}: an HRU's daily ${BV_NAMES[k] ?? k} is not a number; the run is stopped`);
}

/** Daily check of the reach outputs — throws a SimulationError naming the reach. */
export function checkReachDay(rv: Float64Array, reaches: number[], year: number, jd: number): void {
  for (let i = 0; i < reaches.length; i++) {
    const o = i * NRV;
    for (let k = 0; k < NRV; k++) {
      if (!Number.isFinite(rv[o + k])) {
        throw new SimulationError(`non-finite value (${rv[o + k]}) of ${RV_NAMES[k] ?? k} in reach ${reaches[i]} on ${date(year, jd)}; the run is stopped`);
      }
    }
  }
}

/** Daily check of the reaches' water-quality state (concentrations kept from day to day) —
 * throws a SimulationError naming the reach, the day and the constituent. */
export function checkReachWq(wq: ReachQuality, reaches: number[], year: number, jd: number): void {
  const f = wq.nonFinite();
  if (!f) return;
  throw new SimulationError(`non-finite value (${f.value}) of the ${WQ_NAMES[f.k]} concentration (in-stream water quality) in reach ${reaches[f.i]} on ${date(year, jd)}; the run is stopped`);
}

/** Scan of every HRU state array of HRUs h0…h1−1 (after building the model: when = 'in the
 * inputs'; then yearly, each thread its own block). */
export function checkModelYear(m: Model, year: number | null, h0 = 0, h1 = m.nhru): void {
  const f = findNonFiniteHru(m, h0, h1);
  if (f) throw hruError(m, f, year === null ? 'computed from the inputs, before the first day' : `by the end of ${year}`);
}
