// Tile drainage (SWAT2012 percmain.f with the original tile equations, origtile.f; Neitsch et al.,
// SWAT2009 Theoretical Documentation 2:3.5): after the day's percolation, the height of the
// perched water table above the impervious layer follows from the soil water above field capacity
// (wt = min(1, (SW − FC) / (max(0.5·UL, 1.1·FC) − FC)) · DEP_IMP); when it rises above the drain
// (DEP_IMP − DDRAIN), the share of the drainable water above the drain leaves through the tile in a
// day as (wt − d)/wt · (SW − FC) · (1 − exp(−24/TDRAIN)), at most DRAIN_CO, taken from the layers'
// water above field capacity from the top down, with the nitrate it carries. Not when the second
// layer is frozen. Tile flow reaches the stream through a lag of GDRAIN hours and is part of the
// water yield (QTILE of output.hru, TILE Q of output.std).
import { DRAIN_CO } from './mgt-extra.ts';
import { ML, type Model } from './model.ts';

/** The day's tile flow out of the soil of HRU h (into m.tileGen / m.tileNo3Gen). */
export function tileDrain(m: Model, h: number): void {
  m.tileGen[h] = 0;
  m.tileNo3Gen[h] = 0;
  const ddrain = m.ddrain[h];
  if (!(ddrain > 0)) return;
  const base = h * ML;
  const nl = m.nly[h];
  if (m.solTmp[base + (nl > 1 ? 1 : 0)] <= 0) return;
  let sw = 0;
  for (let l = 0; l < nl; l++) sw += m.solSt[base + l];
  const sumfc = m.sumfc[h];
  if (!(sw > sumfc)) return;
  const depImp = m.depImp[h];
  let yy = m.sumul[h] * 0.5;
  if (yy < 1.1 * sumfc) yy = 1.1 * sumfc;
  const xx = Math.min(1, (sw - sumfc) / (yy - sumfc));
  const wt = xx * depImp;
  const d = depImp - ddrain;
  if (!(wt > d) || !(wt > 0)) return;
  let qtile = ((wt - d) / wt) * (sw - sumfc) * m.tdrainF[h];
  if (qtile > DRAIN_CO) qtile = DRAIN_CO;
  if (!(qtile > 0)) return;
  // from the layers' water above field capacity, top down, with the nitrate of that water
  const anion = m.anionExcl[h];
  let left = qtile;
  let no3 = 0;
  for (let l = 0; l < nl && left > 0; l++) {
    const o = base + l;
    const excess = m.solSt[o] - m.solFc[o];
    if (!(excess > 0)) continue;
    const take = Math.min(excess, left);
    if (m.solNo3[o] > 1e-9 && m.solUl[o] > 0) {
      const n = Math.min(m.solNo3[o], m.solNo3[o] * (1 - Math.exp(-take / ((1 - anion) * m.solUl[o]))));
      m.solNo3[o] -= n;
      no3 += n;
    }
    m.solSt[o] -= take;
    left -= take;
  }
  m.tileGen[h] = qtile - left;
  m.tileNo3Gen[h] = no3;
}

/** The tile flow (mm) reaching the stream today after the GDRAIN lag; its nitrate (kg N/ha) goes
 * to `no3Out[0]`. */
export function tileLag(m: Model, h: number, no3Out: Float64Array): number {
  if (!(m.ddrain[h] > 0)) {
    no3Out[0] = 0;
    return 0;
  }
  m.tileBs[h] += m.tileGen[h];
  m.tileNo3Bs[h] += m.tileNo3Gen[h];
  const f = m.tileTtime[h];
  const q = m.tileBs[h] * f;
  const n = m.tileNo3Bs[h] * f;
  m.tileBs[h] -= q;
  m.tileNo3Bs[h] -= n;
  if (m.tileBs[h] < 1e-9) m.tileBs[h] = 0;
  if (m.tileNo3Bs[h] < 1e-12) m.tileNo3Bs[h] = 0;
  no3Out[0] = n;
  return q;
}
