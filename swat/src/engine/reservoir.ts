// Reservoirs (fig.fig routres): SWAT2012 res.f water and sediment balance and resnut.f
// nutrient settling, with the initialisation of readres.f/readlwq.f.
//   Water: V += P·A + inflow − E − seepage − consumptive use; surface area A = br1·V^br2 from
//   the principal and emergency spillway points; E = 10·EVRSV·PET·A, seepage = RES_K·A·240;
//   outflow by IRESCO (0 uncontrolled: RES_RR above the principal spillway; 1 measured monthly;
//   2 target storage STARG or flood-season/soil-water target, released over NDTARGR days;
//   3 measured daily; 4 target as a fraction of the principal volume), plus spill above the
//   emergency volume over NDTARGR days, bounded by OFLOWMN/OFLOWMX.
//   Sediment: inflow trapped by the settling velocity of D50 against the overflow rate, the
//   concentration above RES_NSED settling with exp(−0.184·D50) a day.
//   Nutrients (kg): all forms settle at PSETLR/NSETLR (m/year) over the mean depth; outflow
//   carries its share of the stored mass. Seepage recharges the shallow aquifers of the HRUs of
//   the reservoir's subbasin.
import type { Reservoir } from './project.ts';
import { C } from './vars.ts';

export interface ReservoirState {
  r: Reservoir;
  vol: number; // m3
  sed: number; // t/m3
  nsed: number; // t/m3
  evol: number; pvol: number; rr: number; // m3, m3/day
  br1: number; br2: number; stlr: number; velsetl: number; // settling velocity m/day
  starg: Float64Array; wuresn: Float64Array; oflowmx: Float64Array; oflowmn: Float64Array; // m3, m3/day
  stargFps: number; oflowmnFps: number;
  ndtargr: number;
  // nutrient masses (kg): organic N, organic P, nitrate, soluble P, ammonium, nitrite
  orgn: number; orgp: number; no3: number; solp: number; nh3: number; no2: number;
  dayPtr: number;
}

/** SWAT's surface area A = b1·V^b2 (A in ha, V in m³) of a reservoir or pond through its
 * principal (pv, pa) and emergency (ev, ea) sizes, the exponent at most 0.9 (then through the
 * principal size alone) — res.f/impnd_init.f. */
export function surfaceShape(pa: number, pv: number, ea: number, ev: number): [b1: number, b2: number] {
  if (ea - pa > 0 && ev - pv > 0) {
    const lnvol = Math.log10(ev) - Math.log10(pv);
    const b2 = (Math.log10(ea) - Math.log10(pa)) / (lnvol > 1e-4 ? lnvol : 0.001);
    return b2 > 0.9 ? [pa / Math.pow(pv, 0.9), 0.9] : [ea / Math.pow(ev, b2), b2];
  }
  return [pa / Math.pow(pv, 0.9), 0.9];
}

/** Water balance terms of the day (m3), for reports and the aquifer recharge. */
export interface ReservoirDay {
  inflow: number; outflow: number; evap: number; seep: number; pcp: number; sedIn: number; sedOut: number; vol: number; area: number;
}

export function initReservoir(r: Reservoir): ReservoirState {
  let pvol = r.pvol;
  let evol = r.evol;
  if (pvol + evol > 0) {
    if (pvol <= 0) pvol = 0.9 * evol;
  } else if (pvol <= 0) pvol = 60000;
  if (evol <= 0) evol = 1.11 * pvol;
  const psa = r.psa > 0 ? r.psa : 0.08 * pvol;
  const esa = r.esa > 0 ? r.esa : 1.5 * psa;
  const d50 = r.d50 > 0 ? r.d50 : 10;
  const vol = Math.max(0, r.vol) * 1e4;
  const pv = pvol * 1e4, ev = evol * 1e4;
  const [br1, br2] = surfaceShape(psa, pv, esa, ev);
  const d50mm = d50 / 1000;
  const m12 = (a: number[], f: number) => Float64Array.from({ length: 12 }, (_, i) => (a[i] ?? 0) * f);
  const stargFps = (r.stargFps < 1e-6 ? 1 : r.stargFps) * pv;
  return {
    r, vol, sed: r.sed * 1e-6, nsed: r.nsed * 1e-6, evol: ev, pvol: pv, rr: r.rr * 86400, br1, br2,
    stlr: Math.exp(-0.184 * d50), velsetl: 24 * 411 * d50mm * d50mm,
    starg: m12(r.starg, 1e4), wuresn: m12(r.wuresn, 1e4), oflowmx: m12(r.oflowmx, 86400), oflowmn: m12(r.oflowmn, 86400),
    stargFps, oflowmnFps: r.oflowmnFps * pv, ndtargr: r.ndtargr > 0 ? r.ndtargr : 15,
    // readlwq: mg/l x m3 / 1000 = kg
    orgn: (r.orgn * vol) / 1000, orgp: (r.orgp * vol) / 1000, no3: (r.no3 * vol) / 1000, solp: (r.solp * vol) / 1000,
    nh3: (r.nh3 * vol) / 1000, no2: (r.no2 * vol) / 1000,
    dayPtr: 0,
  };
}

/** Whether the reservoir operates in month mon (1-12) of year yr (else its inflow passes). */
export function reservoirOperating(r: Reservoir, yr: number, mon: number): boolean {
  return yr > r.iyres || (yr === r.iyres && mon >= r.mores);
}

/**
 * One day of reservoir `st` (res.f then resnut.f). `inQ` m3 and `inC` (vars.ts C: t, kg) of the
 * inflow; `outC` receives the outflow's constituents; returns the outflow (m3) and fills `day`.
 * pet and pcp (mm) of the reservoir's subbasin, its soil water and field capacity (mm) for the
 * IRESCO 2 flood-season target; yearIndex (0-based) and mon (1-12) for measured outflows.
 */
export function routeReservoir(
  st: ReservoirState, inQ: number, inC: Float64Array, inOff: number, outC: Float64Array, outOff: number,
  pet: number, pcp: number, subSw: number, subFc: number, yearIndex: number, mon: number, day: ReservoirDay,
): number {
  const r = st.r;
  const m = mon - 1;
  const vol0 = st.vol;
  const sed0 = st.sed;
  let ressa = st.br1 * Math.pow(Math.max(st.vol, 0), st.br2);
  let resev = 10 * r.evrsv * pet * ressa;
  let ressep = r.k * ressa * 240;
  const respcp = pcp * ressa * 10;
  st.vol += respcp + inQ - resev - ressep;
  // consumptive water use
  let wu = st.wuresn[m];
  st.vol -= wu;
  if (st.vol < 0) {
    wu += st.vol;
    st.vol = 0;
  }
  let out = 0;
  switch (r.iresco) {
    case 1: // measured monthly outflow
      out = (r.monthlyOut[yearIndex]?.[m] ?? 0) * 86400;
      break;
    case 2: { // controlled outflow, target release
      let targ = st.starg[m];
      if (!(targ > 0)) {
        const inFlood = r.iflod2r > r.iflod1r ? mon > r.iflod1r && mon < r.iflod2r : mon > r.iflod1r || mon < r.iflod2r;
        if (inFlood) targ = st.evol;
        else {
          const xx = Math.min(subFc > 0 ? subSw / subFc : 1, 1);
          targ = st.pvol + 0.5 * (1 - xx) * (st.evol - st.pvol);
        }
      }
      out = st.vol > targ ? (st.vol - targ) / st.ndtargr : 0;
      break;
    }
    case 3: // measured daily outflow
      out = (r.dailyOut[st.dayPtr++] ?? 0) * 86400;
      break;
    case 4: { // target as a fraction of the principal spillway volume
      const targ = st.stargFps;
      out = st.vol > targ ? (st.vol - targ) / st.ndtargr : 0;
      if (out < st.oflowmnFps) out = st.oflowmnFps;
      break;
    }
    default: // 0 (and the weir option 5, not simulated): uncontrolled, RES_RR above the principal spillway
      if (st.vol > st.pvol) out = Math.min(st.vol - st.pvol, st.rr);
      break;
  }
  // emergency spillway
  const ndespill = r.ndtargr > 0 ? r.ndtargr : 10;
  if (st.vol > st.evol) out += (st.vol - st.evol) / ndespill;

  let sedOut = 0;
  const sedIn = inC[inOff + C.SED];
  if (st.vol < 0.001) {
    // a volume deficit reduces seepage, then evaporation
    ressep += st.vol;
    st.vol = 0;
    if (ressep < 0) {
      resev += ressep;
      ressep = 0;
    }
    st.sed = 0; // (the outflow computed above leaves as in res.f: measured outflows are kept)
  } else {
    if (out < st.oflowmn[m]) out = st.oflowmn[m];
    if (st.oflowmx[m] > 0 && out > st.oflowmx[m]) out = st.oflowmx[m];
    st.vol -= out;
    if (st.vol < 0) {
      out += st.vol;
      st.vol = 0;
    }
    out += wu * r.wurtnf;
    // sediment: inflow trapped by settling against the overflow rate, then the concentration
    // above the normal one settles
    const area = ressa === 0 ? 1e-6 : ressa;
    const velofl = out / area / 10000; // m/day
    let susp = 1;
    if (velofl > 1e-6) susp = 1 - Math.min(1, st.velsetl / velofl);
    const sedi = sedIn < 1e-6 ? 0 : sedIn;
    st.sed = st.vol > 0 ? Math.max(1e-6, (sedi * susp + sed0 * vol0) / st.vol) : 1e-6;
    if (st.sed > st.nsed) st.sed = (st.sed - st.nsed) * st.stlr + st.nsed;
    sedOut = st.sed * out;
  }
  ressa = st.br1 * Math.pow(st.vol, st.br2);

  // nutrients (resnut.f)
  let oOrgn = 0, oOrgp = 0, oNo3 = 0, oSolp = 0, oNh3 = 0, oNo2 = 0;
  if (st.vol < 1) {
    st.orgn = 0; st.orgp = 0; st.no3 = 0; st.solp = 0; st.nh3 = 0; st.no2 = 0;
  } else {
    const mid = mon >= r.ires1 && mon <= r.ires2;
    const psetl = ((mid ? r.psetlr1 : r.psetlr2) || 10) / 365;
    const nsetl = ((mid ? r.nsetlr1 : r.nsetlr2) || 5.5) / 365;
    st.orgn += inC[inOff + C.ORGN];
    st.orgp += inC[inOff + C.ORGP];
    st.no3 += inC[inOff + C.NO3];
    st.solp += inC[inOff + C.MINP];
    st.nh3 += inC[inOff + C.NH4];
    st.no2 += inC[inOff + C.NO2];
    const phosk = Math.min((psetl * ressa * 10000) / (st.vol + out), 1);
    const nitrok = Math.min((nsetl * ressa * 10000) / (st.vol + out), 1);
    st.solp *= 1 - phosk;
    st.orgp *= 1 - phosk;
    st.orgn *= 1 - nitrok;
    st.no3 *= 1 - nitrok;
    st.nh3 *= 1 - nitrok;
    st.no2 *= 1 - nitrok;
    if (st.nh3 < 1e-4) st.nh3 = 0;
    if (st.no2 < 1e-4) st.no2 = 0;
    if (st.orgn < 1e-4) st.orgn = 0;
    if (st.orgp < 1e-4) st.orgp = 0;
    if (st.no3 < 1e-4) st.no3 = 0;
    if (st.solp < 1e-4) st.solp = 0;
    const f = out / (st.vol + out);
    oOrgn = st.orgn * f; oOrgp = st.orgp * f; oNo3 = st.no3 * f; oSolp = st.solp * f;
    st.orgn -= oOrgn; st.orgp -= oOrgp; st.no3 -= oNo3; st.solp -= oSolp;
    oNh3 = st.nh3 * f; oNo2 = st.no2 * f;
    st.nh3 -= oNh3; st.no2 -= oNo2;
  }
  outC[outOff + C.SED] = sedOut;
  outC[outOff + C.ORGN] = oOrgn;
  outC[outOff + C.ORGP] = oOrgp;
  outC[outOff + C.NO3] = oNo3;
  outC[outOff + C.MINP] = oSolp;
  // routres.f: ammonium and nitrite of the reservoir; no CBOD or dissolved oxygen leaves it; its
  // chlorophyll-a (the reservoir's eutrophication model) is not simulated: 0
  outC[outOff + C.NH4] = oNh3;
  outC[outOff + C.NO2] = oNo2;
  outC[outOff + C.CHLA] = 0;
  outC[outOff + C.CBOD] = 0;
  outC[outOff + C.DISOX] = 0;
  day.inflow = inQ; day.outflow = out; day.evap = resev; day.seep = ressep; day.pcp = respcp; day.sedIn = sedIn; day.sedOut = sedOut;
  day.vol = st.vol; day.area = ressa;
  return out;
}
