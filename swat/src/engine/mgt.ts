// Scheduled management operations (operatn.f / sched_mgt.f): date or heat-unit scheduling,
// rotation years (op 17), plant, harvest/kill, tillage, fertilizer, irrigation, grazing,
// auto-irrigation/fertilization settings, burning.
import { ML, type Model } from './model.ts';
import type { Project } from './project.ts';
import { runExtraOp } from './mgt-extra.ts';


export interface OpResult { nApp: number; pApp: number; yld: number; irr: number; nYld: number; pYld: number }

const opRes: OpResult = { nApp: 0, pApp: 0, yld: 0, irr: 0, nYld: 0, pYld: 0 };

export function runOps(m: Model, proj: Project, h: number, jd: number, mstart: Int32Array, force = false): OpResult {
  const O = m.ops;
  const res = opRes;
  res.nApp = 0; res.pApp = 0; res.yld = 0; res.irr = 0; res.nYld = 0; res.pYld = 0;
  const b0 = m.opBegin[h], b1 = m.opEnd[h];
  if (m.opWait[h] === 1) return res;
  const pl = m.plants;
  for (let guard = 0; guard < b1 - b0 + 1; guard++) {
    let k = m.opPtr[h];
    if (k >= b1) {
      k = b0;
      m.opPtr[h] = k;
    }
    const code = O.code[k];
    if (code === 17) {
      m.opWait[h] = 1;
      m.opPtr[h] = k + 1 >= b1 ? b0 : k + 1;
      return res;
    }
    // scheduling condition
    let due: boolean;
    if (O.month[k] > 0) {
      const day = Math.max(1, O.day[k]);
      const target = mstart[O.month[k] - 1] + day - 1;
      due = jd >= target;
    } else if (O.husc[k] > 0) {
      due = m.igro[h] === 1 ? m.phuacc[h] >= O.husc[k] : m.phubase[h] >= O.husc[k];
    } else due = true;
    if (force) due = true;
    if (!due) return res;
    m.opPtr[h] = k + 1;
    const ip = m.iplant[h];
    switch (code) {
      case 1: { // plant / begin growing season
        const pi = pl.byId.get(O.i1[k]);
        if (pi === undefined) break;
        m.igro[h] = 1;
        m.idorm[h] = 0;
        m.iplant[h] = pi;
        m.strsn[h] = 1;
        m.strsp[h] = 1;
        m.plantn[h] = 0; // plantop.f
        m.plantp[h] = 0;
        m.phuacc[h] = 0;
        m.laimxfr[h] = 0;
        m.hvstiPa[h] = 0;
        m.pltEt[h] = 0;
        m.pltPet[h] = 0;
        m.olai[h] = 0;
        // rev 627-637 plantop: heat units below 700 are replaced by 1700; CURYR_MAT 0 means
        // a tree stand not limited by age (igrotree)
        m.phuPlt[h] = O.v4[k] < 700 ? 1700 : O.v4[k];
        m.curyrMat[h] = O.i3[k];
        m.igrotree[h] = O.i3[k] === 0 ? 1 : 0;
        if (O.v5[k] > 0) {
          m.lai[h] = O.v5[k];
          m.bio[h] = O.v6[k];
        }
        m.hiTarg[h] = O.v7[k];
        m.bioTarg[h] = O.v8[k] * 1000;
        if (O.v9[k] > 0) m.setCn(h, O.v9[k]);
        break;
      }
      case 2: { // irrigation (sched_mgt.f, irrsub.f, irrigate.f), from outside the watershed (IRR_SC
        // 5; readmgt.f takes 0 for 5): IRR_AMT, the profile's field capacity when 0, in full
        // (IRR_EFM only limits what an aquifer can give); IRR_SQ of it runs off the next day
        const amt = O.v4[k] > 1e-6 ? O.v4[k] : m.sumfc[h];
        res.irr += amt * (1 - O.v7[k]);
        m.irrQird[h] += amt * O.v7[k];
        break;
      }
      case 3: { // fertilizer
        const f = proj.ferts.get(O.i1[k]);
        const amt = O.v4[k];
        if (f) {
          res.nApp += amt * (f.fminn + f.forgn);
          res.pApp += amt * (f.fminp + f.forgp);
          // mineral N (nitrate and ammonium, treated as nitrate) and organic N into the top layers
          const surf = O.v5[k] > 0 ? Math.min(1, O.v5[k]) : 0.2;
          const minN = amt * f.fminn;
          const base = h * ML;
          m.solNo3[base] += minN * surf;
          if (m.nly[h] > 1) m.solNo3[base + 1] += minN * (1 - surf);
          else m.solNo3[base] += minN * (1 - surf);
          m.fon[h] += amt * f.forgn * 0.5;
          m.solAorgn[base] += amt * f.forgn * 0.5;
          // mineral P to the labile pool, organic P half fresh, half humic
          const minP = amt * f.fminp;
          m.solSolp[base] += minP * surf;
          if (m.nly[h] > 1) m.solSolp[base + 1] += minP * (1 - surf);
          else m.solSolp[base] += minP * (1 - surf);
          m.fop[h] += amt * f.forgp * 0.5;
          m.solOrgp[base] += amt * f.forgp * 0.5;
        }
        break;
      }
      case 5: // harvest and kill
      case 7: // harvest only
      case 8: { // kill
        if (m.igro[h] === 1 && ip >= 0) {
          let yld = 0;
          if (code !== 8) {
            // modifier of the auto-fertilization N target: N of the above-ground biomass
            const pa = m.phuacc[h];
            const pltfrN = (pl.bn1[ip] - pl.bn3[ip]) * (1 - pa / (pa + Math.exp(pl.bnc1[ip] - pl.bnc2[ip] * pa))) + pl.bn3[ip];
            m.tnyld[h] = (1 - (0.4 - 0.2 * pa)) * m.bio[h] * pltfrN * (m.autoEff[h] > 0 ? m.autoEff[h] : 1.3);
            // harvkillop.f/harvestop.f: the harvest index falls toward WSYF with the water deficiency
            // (actual over potential plant ET late in the season; none counted below 10 mm of PET)
            const wur = m.pltPet[h] < 10 ? 100 : (100 * m.pltEt[h]) / m.pltPet[h];
            let hi = Math.min(pl.hvsti[ip], (harvestIndexOfHeatUnits(pl.hvsti[ip], m.hvstiPa[h]) - pl.wsyf[ip]) * (wur / (wur + Math.exp(6.13 - 0.0883 * wur))) + pl.wsyf[ip]);
            const hiOvr = code === 5 ? O.v5[k] : O.v6[k];
            if (hiOvr > 0) hi = hiOvr;
            if (m.hiTarg[h] > 0) hi = m.hiTarg[h];
            const agb = m.bio[h] * (1 - (0.4 - 0.2 * Math.min(m.phuacc[h], 1)));
            yld = hi > 1 ? m.bio[h] * (1 - 1 / (1 + hi)) : agb * hi;
            if (code === 7 && O.v5[k] > 0) yld *= O.v5[k];
            yld = Math.max(0, Math.min(yld, m.bio[h]));
            res.yld += yld;
            const yn = Math.min(m.plantn[h], yld * pl.cnyld[ip]);
            m.plantn[h] -= yn;
            res.nYld += yn;
            const yp = Math.min(m.plantp[h], yld * pl.cpyld[ip]);
            m.plantp[h] -= yp;
            res.pYld += yp;
          }
          if (code === 7) {
            m.bio[h] -= yld;
            const frac = m.bio[h] > 0 ? yld / (m.bio[h] + yld) : 1;
            m.lai[h] *= 1 - frac;
            m.olai[h] = m.lai[h];
            if (pl.idc[ip] !== 7) m.phuacc[h] = Math.min(m.phuacc[h], 1) * 0.9;
          } else {
            m.rsd[h] += Math.max(0, m.bio[h] - yld);
            m.fon[h] += Math.max(0, m.plantn[h]);
            m.plantn[h] = 0;
            m.fop[h] += Math.max(0, m.plantp[h]);
            m.plantp[h] = 0;
            m.bio[h] = 0;
            m.lai[h] = 0;
            m.olai[h] = 0;
            m.cht[h] = 0;
            m.igro[h] = 0;
            m.pltEt[h] = 0;
            m.pltPet[h] = 0;
            m.idorm[h] = 0;
            m.phuacc[h] = 0;
            m.strsw[h] = 1;
          }
        }
        if (code === 5 && O.v4[k] > 0) m.setCn(h, O.v4[k]);
        break;
      }
      case 6: { // tillage: mixes surface residue into the soil
        const t = proj.tills.get(O.i1[k]);
        if (t) tillageMix(m, h, Math.min(1, Math.max(0, t.effmix)), t.deptil);
        if (O.v4[k] > 0) m.setCn(h, O.v4[k]);
        break;
      }
      case 9: { // grazing
        m.grzDays[h] = Math.max(1, O.i1[k]);
        m.grzEat[h] = O.v4[k];
        m.grzTrmp[h] = O.v5[k];
        break;
      }
      case 10: { // auto-irrigation (sched_mgt.f; applied by autoIrrigation in hru.ts): WSTRS_ID 1
        // plant water stress below AUTO_WSTRS, 2 soil water deficit above AUTO_WSTRS mm; IRR_MX
        // (25.4 mm when 0) each time, IRR_ASQ of it running off (IRR_EFF only limits an aquifer)
        m.autoWstrsId[h] = O.i1[k] > 0 ? O.i1[k] : 1;
        m.autoWstrs[h] = O.v4[k];
        m.autoIrrMx[h] = O.v6[k] > 1e-6 ? O.v6[k] : 25.4;
        m.autoIrrAsq[h] = O.v7[k];
        break;
      }
      case 11: { // auto-fertilization on nitrogen stress (sched_mgt.f; applied by anfert in hru.ts)
        m.afrtFert[h] = O.i1[k];
        m.nstressMode[h] = O.i2[k];
        m.autoNstrs[h] = O.v4[k];
        m.autoNapp[h] = O.v5[k] >= 1e-6 ? O.v5[k] : 250;
        m.autoNyrMax[h] = O.v6[k] >= 1e-6 ? O.v6[k] : 350;
        m.autoEff[h] = O.v7[k] > 0 ? O.v7[k] : 1.3;
        m.afrtSurface[h] = O.v8[k] > 1e-6 ? O.v8[k] : 0.8;
        // target N of the yield: first estimate from the growing plant (updated every year end)
        if (m.tnylda[h] < 1e-6 && ip >= 0) m.tnylda[h] = 150 * pl.cnyld[ip] * pl.bioE[ip];
        break;
      }
      case 16: { // burning: residue and part of the biomass burnt
        m.rsd[h] *= 1 - Math.min(1, O.v4[k] > 0 ? O.v4[k] : 0.5);
        break;
      }
      default:
        // continuous fertilization (mgt-extra.ts); pesticides are accepted, not simulated (the
        // adapter notes them); sweeping and release/impound never get here (the adapter refuses them)
        runExtraOp(m, h, k, code);
        break;
    }
  }
  return res;
}


/** Tillage mixing (newtillmix.f): a fraction EFFMIX of each soil nutrient pool within the
 * tillage depth is mixed uniformly over that depth; the same fraction of the surface residue
 * is incorporated (its fresh N and P join the humic pools of the mixed layers). */
export function tillageMix(m: Model, h: number, emix: number, deptil: number): void {
  if (emix <= 0) return;
  const base = h * ML;
  const nl = m.nly[h];
  const dtil = Math.max(deptil, 10);
  const pools = [m.solNo3, m.solAorgn, m.solOrgn, m.solSolp, m.solActp, m.solStap, m.solOrgp];
  const mix = new Float64Array(pools.length);
  const share = new Float64Array(nl);
  let zprev = 0;
  for (let l = 0; l < nl; l++) {
    const z = m.solZ[base + l];
    if (zprev >= dtil) break;
    const inDepth = Math.min(z, dtil) - zprev;
    const frac = inDepth / Math.max(z - zprev, 1e-6);
    share[l] = inDepth / dtil;
    for (let k = 0; k < pools.length; k++) {
      const v = pools[k][base + l] * emix * frac;
      mix[k] += v;
      pools[k][base + l] -= v;
    }
    zprev = z;
  }
  const rsdIn = m.rsd[h] * emix;
  const fonIn = m.fon[h] * emix;
  const fopIn = m.fop[h] * emix;
  m.rsd[h] -= rsdIn;
  m.fon[h] -= fonIn;
  m.fop[h] -= fopIn;
  for (let l = 0; l < nl; l++) {
    if (share[l] <= 0) continue;
    for (let k = 0; k < pools.length; k++) pools[k][base + l] += mix[k] * share[l];
    m.solAorgn[base + l] += fonIn * share[l];
    m.solOrgp[base + l] += fopIn * share[l];
  }
}

/** The harvest index adjusted to the heat units `pa` of the plant's last day of growth (grow.f:
 * HVSTI · 100 pa / (100 pa + exp(11.1 − 10 pa)); 0 before the first day). */
function harvestIndexOfHeatUnits(hvsti: number, pa: number): number {
  return (hvsti * 100 * pa) / (100 * pa + Math.exp(11.1 - 10 * pa));
}
