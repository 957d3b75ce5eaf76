// From the TxtInOut reader's typed objects (../txtinout, SwatProject) to the engine's compact
// input model (project.ts). The only text read here is what that reader does not model: the
// three title lines of file.cio (printed in the output headers) and point-source files
// (recday/recmon/recyear/reccnst), which it keeps as raw text.
import { closeSync, fstatSync, openSync, readdirSync, readFileSync, readSync } from 'node:fs';
import { join } from 'node:path';
// the reader's modules themselves, not its index (which loads every TxtInOut module: start-up)
import { readTxtInOut } from '../txtinout/project.ts';
import { parseChm } from '../txtinout/chm.ts';
import { parseGw } from '../txtinout/gw.ts';
import { parseHru } from '../txtinout/hru.ts';
import { parseLwq, parseRes } from '../txtinout/res.ts';
import { parseMgt } from '../txtinout/mgt.ts';
import { parseSep } from '../txtinout/sep.ts';
import { parseSol } from '../txtinout/sol.ts';
import type { HruInputs, MgtOperation, SubbasinInputs, SubHruFiles, SwatProject } from '../txtinout/types.ts';
import { hruExtra } from './mgt-extra.ts';
import { subImpound } from './impound.ts';
import { checkLandUseUpdates, readLandUseUpdates } from './lup.ts';
import { parseFortranNumber } from '../output/fortran.ts';
import { swqParams, wwqParams, type WwqParams } from './wq.ts';
import type {
  Basin, FertParams, FigCommand, Hru, MgtOp, PlantParams, PointSource, Project, Reach, Reservoir, SimControl, Subbasin, TillParams,
  UrbanParams, WeatherSeries, Wgn,
} from './project.ts';

export class InputError extends Error {}

export function isLeap(y: number): boolean {
  return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
}

type Rec = Record<string, unknown>;
/** A numeric field, or the default when absent or not a finite number. */
function n(o: unknown, key: string, dflt = 0): number {
  const v = (o as Rec | undefined)?.[key];
  return typeof v === 'number' && Number.isFinite(v) ? v : dflt;
}
function arr(o: unknown, key: string, len: number): number[] {
  const v = (o as Rec | undefined)?.[key];
  const a = Array.isArray(v) ? (v as number[]) : [];
  return Array.from({ length: len }, (_, i) => (Number.isFinite(a[i]) ? a[i] : 0));
}

/** The .wus's 48 monthly uses (WUPND, WURCH, WUSHAL, WUDEEP; 10^4 m3/day), null when all are 0. */
function waterUse(wus: Rec | undefined): number[] | null {
  const all = ['WUPND', 'WURCH', 'WUSHAL', 'WUDEEP'].flatMap((k) => arr(wus, k, 12));
  return all.some((v) => v !== 0) ? all : null;
}
function str(o: unknown, key: string): string {
  const v = (o as Rec | undefined)?.[key];
  return typeof v === 'string' ? v.trim() : '';
}

function control(sp: SwatProject, cioText: string | undefined): SimControl {
  const c = sp.cio;
  const lines = (cioText ?? '').split(/\r?\n/);
  const pos = (k: string) => arr(c, k, 20).filter((v) => v > 0);
  const nbyr = n(c, 'NBYR', 1);
  let nyskip = n(c, 'NYSKIP', 0);
  // readfile.f: NYSKIP >= NBYR prints the last year
  if (nyskip >= nbyr) nyskip = Math.max(0, nbyr - 1);
  return {
    nbyr, iyr: n(c, 'IYR', 2000), idaf: n(c, 'IDAF', 0), idal: n(c, 'IDAL', 0),
    igen: n(c, 'IGEN', 0), idist: n(c, 'IDIST', 0), rexp: n(c, 'REXP', 1.3),
    pcpsim: n(c, 'PCPSIM', 1), tmpsim: n(c, 'TMPSIM', 1), slrsim: n(c, 'SLRSIM', 1), rhsim: n(c, 'RHSIM', 1), windsim: n(c, 'WNDSIM', 1),
    iprint: n(c, 'IPRINT', 0), nyskip, icalen: n(c, 'ICALEN', 0), isubhw: n(c, 'I_SUBW', 0),
    rchVars: pos('IPDVAR'), subVars: pos('IPDVAS'), hruVars: pos('IPDVAB'), hruPrint: pos('IPDHRU'),
    title: [lines[2] ?? '', lines[3] ?? '', lines[4] ?? ''].map((x) => x.replace(/\r$/, '')),
  };
}

function basin(b: unknown): Basin {
  // readbsn.f: these take SWAT's default when the file gives 0 (or less), not only when absent
  const pos = (key: string, def: number) => (n(b, key, def) > 0 ? n(b, key, def) : def);
  // readbsn.f reads the basin's rain nitrate (rcn_sub_bsn) from the RCN line (the later
  // RCN_SUB_BSN line is read as a title), 1.0 mg/L when 0
  const rcnBsn = n(b, 'RCN', 0) > 1e-6 ? n(b, 'RCN', 0) : 1;
  return {
    sftmp: n(b, 'SFTMP', 1), smtmp: n(b, 'SMTMP', 0.5), smfmx: pos('SMFMX', 4.5), smfmn: pos('SMFMN', 4.5), timp: pos('TIMP', 1),
    snocovmx: pos('SNOCOVMX', 1), sno50cov: pos('SNO50COV', 0.5),
    ipet: n(b, 'IPET', 0), esco: n(b, 'ESCO', 0.95), epco: n(b, 'EPCO', 1), evlai: pos('EVLAI', 3), ffcb: n(b, 'FFCB', 0), resStlrCo: pos('RES_STLR_CO', 0.184),
    ievent: n(b, 'IEVENT', 0), icrk: n(b, 'ICRK', 0), surlag: n(b, 'SURLAG', 4) > 0 ? n(b, 'SURLAG', 4) : 4,
    adjPkr: pos('ADJ_PKR', 1), prf: n(b, 'PRF', 1) > 0 ? n(b, 'PRF', 1) : 1,
    spcon: n(b, 'SPCON', 0.0001) > 0 ? n(b, 'SPCON', 0.0001) : 0.0001, spexp: n(b, 'SPEXP', 1) > 0 ? n(b, 'SPEXP', 1) : 1,
    rcn: n(b, 'RCN', 0), rcnSub: rcnBsn, cmn: n(b, 'CMN', 0.0003) > 0 ? n(b, 'CMN', 0.0003) : 0.0003,
    nUpdis: n(b, 'N_UPDIS', 20) > 0 ? n(b, 'N_UPDIS', 20) : 20, pUpdis: pos('P_UPDIS', 20), nperco: pos('NPERCO', 0.2),
    pperco: pos('PPERCO', 10), phoskd: pos('PHOSKD', 175), psp: pos('PSP', 0.4), rsdco: n(b, 'RSDCO', 0.05) > 0 ? n(b, 'RSDCO', 0.05) : 0.05,
    irte: n(b, 'IRTE', 0), ...(n(b, 'MSK_CO1', 0.75) <= 0 && n(b, 'MSK_CO2', 0.25) <= 0 ? { mskCo1: 0.75, mskCo2: 0.25 } : { mskCo1: n(b, 'MSK_CO1', 0.75), mskCo2: n(b, 'MSK_CO2', 0.25) }),
    mskX: pos('MSK_X', 0.2), ideg: n(b, 'IDEG', 0),
    iwq: n(b, 'IWQ', 0), isubwq: n(b, 'ISUBWQ', 0), wwq: wwqParams({}), trnsrch: n(b, 'TRNSRCH', 0), evrch: pos('EVRCH', 0.6),
    icn: n(b, 'ICN', 0), cncoef: n(b, 'CNCOEF', 1) > 0 ? n(b, 'CNCOEF', 1) : 1, cdn: pos('CDN', 1.4), sdnco: pos('SDNCO', 1.3),
    cnFroz: n(b, 'CN_FROZ', 0.000862) > 0 ? n(b, 'CN_FROZ', 0.000862) : 0.000862, dormHr: n(b, 'DORM_HR', 0),
    smxco: n(b, 'SMXCO', 1) > 0 ? n(b, 'SMXCO', 1) : 1, fixco: n(b, 'FIXCO', 0.5) > 0 ? n(b, 'FIXCO', 0.5) : 0.5,
    nfixmx: n(b, 'NFIXMX', 20) > 0 ? n(b, 'NFIXMX', 20) : 20, decrMin: n(b, 'DECR_MIN', 0.01) > 0 ? n(b, 'DECR_MIN', 0.01) : 0.01,
    rsdCovco: n(b, 'RSD_COVCO', 0.3) > 1e-6 ? n(b, 'RSD_COVCO', 0.3) : 0.3, vcrit: n(b, 'VCRIT', 0), chD50: n(b, 'CH_D50', 50), sigG: n(b, 'SIG_G', 1.57),
    chEqnDefault: 0, petFile: str(b, 'PETFILE'), anionExclBsn: n(b, 'ANION_EXCL_BSN', 0.2) > 1e-6 ? n(b, 'ANION_EXCL_BSN', 0.2) : 0.2,
    depImpBsn: n(b, 'DEPIMP_BSN', 6000) > 1e-6 ? n(b, 'DEPIMP_BSN', 6000) : 6000,
  };
}

function wgn(w: unknown): Wgn {
  const m = (k: string) => arr(w, k, 12);
  return {
    lat: n(w, 'WLATITUDE'), elev: n(w, 'WELEV'), rainYrs: n(w, 'RAIN_YRS', 10),
    tmpmx: m('TMPMX'), tmpmn: m('TMPMN'), tmpstdmx: m('TMPSTDMX'), tmpstdmn: m('TMPSTDMN'), pcpmm: m('PCPMM'), pcpstd: m('PCPSTD'),
    pcpskw: m('PCPSKW'), prW1: m('PR_W1'), prW2: m('PR_W2'), pcpd: m('PCPD'), rainhhmx: m('RAINHHMX'), solarav: m('SOLARAV'),
    dewpt: m('DEWPT'), wndav: m('WNDAV'),
  };
}

/** An operation line in the engine's column form (mgt1i..mgt9 as sched_mgt.f reads them). */
function op(o: MgtOperation): MgtOp {
  const r: MgtOp = { month: o.month, day: o.day, husc: o.husc, op: o.op === 0 ? 17 : o.op, i1: 0, i2: 0, i3: 0, v4: 0, v5: 0, v6: 0, v7: 0, v8: 0, v9: 0, v10: 0 };
  switch (o.op) {
    case 1: Object.assign(r, { i1: o.PLANT_ID, i3: o.CURYR_MAT, v4: o.HEAT_UNITS, v5: o.LAI_INIT, v6: o.BIO_INIT, v7: o.HI_TARG, v8: o.BIO_TARG, v9: o.CNOP }); break;
    case 2: Object.assign(r, { i2: o.IRR_SC, i3: o.IRR_NO, v4: o.IRR_AMT, v5: o.IRR_SALT, v6: o.IRR_EFM, v7: o.IRR_SQ }); break;
    case 3: Object.assign(r, { i1: o.FERT_ID, v4: o.FRT_KG, v5: o.FRT_SURFACE }); break;
    case 4: Object.assign(r, { i1: o.PEST_ID, v4: o.PST_KG, v5: o.PST_DEP }); break;
    case 5: Object.assign(r, { v4: o.CNOP, v5: o.HI_OVR, v6: o.FRAC_HARVK }); break;
    case 6: Object.assign(r, { i1: o.TILL_ID, v4: o.CNOP }); break;
    case 7: Object.assign(r, { i1: o.IHV_GBM, v5: o.HARVEFF, v6: o.HI_BMS, v7: o.HI_RSD }); break;
    case 9: Object.assign(r, { i1: o.GRZ_DAYS, i2: o.MANURE_ID, v4: o.BIO_EAT, v5: o.BIO_TRMP, v6: o.MANURE_KG }); break;
    case 10: Object.assign(r, { i1: o.WSTRS_ID, i2: o.IRR_SCA, i3: o.IRR_NOA, v4: o.AUTO_WSTRS, v5: o.IRR_EFF, v6: o.IRR_MX, v7: o.IRR_ASQ }); break;
    case 11: Object.assign(r, { i1: o.AFERT_ID, i2: o.NSTRESS, v4: o.AUTO_NSTRS, v5: o.AUTO_NAPP, v6: o.AUTO_NYR, v7: o.AUTO_EFF, v8: o.AFRT_SURFACE }); break;
    case 16: Object.assign(r, { v4: o.BURN_FRLB }); break;
    case 14: Object.assign(r, { i1: o.FERT_DAYS, i2: o.CFRT_ID, i3: o.IFRT_FREQ, v4: o.CFRT_KG }); break;
    case 15: Object.assign(r, { i1: o.CPST_ID, i2: o.PEST_DAYS, i3: o.IPST_FREQ, v4: o.CPST_KG }); break;
    default: break;
  }
  for (const k of ['i1', 'i2', 'i3', 'v4', 'v5', 'v6', 'v7', 'v8', 'v9'] as const) if (!Number.isFinite(r[k])) r[k] = 0;
  return r;
}

/** A copy of a short string that does not keep the file text it was cut from alive (V8 slices
 * reference their parent string). */
function fresh(s: string): string {
  return s.length === 0 ? s : (s + ' ').slice(0, -1);
}

/** Operation codes the engine simulates (sched_mgt.f numbering; 0 is the end of year). */
const SIMULATED_OPS = new Set([0, 1, 2, 3, 5, 6, 7, 8, 9, 10, 11, 14, 16, 17]);
const OP_NAMES: Record<number, string> = {
  4: 'pesticide application', 12: 'street sweeping', 13: 'release/impound (rice, wetlands)', 14: 'continuous fertilization',
  15: 'continuous pesticide application',
};
/** Pesticide applications are accepted (pesticides are not simulated; they change no water,
 * sediment or nutrient output); the run says so once (see `engineNotes`). */
const notes = new Set<string>();
export function engineNotes(): string[] {
  return [...notes];
}

/** HRU inputs the engine does not simulate stop the run with a message naming them. */
function checkHru(hi: HruInputs, m: NonNullable<HruInputs['mgt']>): void {
  const where = hi.files.mgt || hi.files.hru;
  for (const o of m.operations) {
    if (o.op === 4) {
      notes.add('pesticide applications (operation 4) are not simulated: pesticide outputs are 0');
      continue;
    }
    if (o.op === 15) {
      notes.add('continuous pesticide applications (operation 15) are not simulated: pesticide outputs are 0');
      continue;
    }
    if (!SIMULATED_OPS.has(o.op)) {
      throw new InputError(`${where}: operation ${o.op} (${OP_NAMES[o.op] ?? 'unknown operation'}) is not simulated by the built-in engine`);
    }
    if (o.op === 2) {
      const sc = n(o, 'IRR_SC');
      if (sc >= 1 && sc <= 4) {
        throw new InputError(`${where}: irrigation from ${['', 'a reach', 'a reservoir', 'a shallow aquifer', 'a deep aquifer'][sc]} (IRR_SC ${sc}) is not simulated by the built-in engine (only an outside source, IRR_SC 0 or 5)`);
      }
    }
    // the share of irrigation running off: SWAT takes it as given (over 1, negative water)
    const sq = o.op === 2 ? n(o, 'IRR_SQ') : o.op === 10 ? n(o, 'IRR_ASQ') : 0;
    if (!(sq >= 0 && sq <= 1)) throw new InputError(`${where}: ${o.op === 2 ? 'IRR_SQ' : 'IRR_ASQ'} ${sq} of an irrigation operation is outside 0–1 (the fraction of the water running off)`);
    if (o.op === 10) {
      const sc = n(o, 'IRR_SCA');
      if (sc >= 1 && sc <= 4) throw new InputError(`${where}: auto-irrigation from source IRR_SCA ${sc} is not simulated by the built-in engine (only IRR_SCA 0 or 5)`);
    }
  }
  if (n(m, 'IURBAN') === 2) notes.add('urban build-up/wash-off (IURBAN 2) is not simulated: urban HRUs erode by MUSLE');
  const irrsc = n(m, 'IRRSC');
  if (irrsc >= 1 && irrsc <= 4) throw new InputError(`${where}: irrigation source IRRSC ${irrsc} is not simulated by the built-in engine (only 0 or 5)`);
  if (hi.sep && n(hi.sep, 'ISEP_OPT') !== 0) throw new InputError(`${hi.files.sep}: septic systems (ISEP_OPT ${n(hi.sep, 'ISEP_OPT')}) are not simulated by the built-in engine`);
}

/** Project-wide inputs the engine does not simulate: an error naming the first one (never a
 * run that silently differs from SWAT's). */
function checkProject(sp: SwatProject, c: SimControl, b: Basin, read: FileReader): void {
  const cio = sp.cio as unknown as Rec;
  const no = (what: string) => {
    throw new InputError(`${what} is not simulated by the built-in engine`);
  };
  if (![0, 1, 2].includes(c.iprint)) no(`file.cio: IPRINT ${c.iprint} (print code)`);
  for (const [k, v] of [['PCPSIM', c.pcpsim], ['TMPSIM', c.tmpsim], ['SLRSIM', c.slrsim], ['RHSIM', c.rhsim], ['WNDSIM', c.windsim]] as const) {
    if (v !== 1 && v !== 2) no(`file.cio: ${k} ${v} (1 measured, 2 generated)`);
  }
  if (n(cio, 'IDT') > 0) no(`file.cio: sub-daily precipitation (IDT ${n(cio, 'IDT')})`);
  if (n(cio, 'FCSTYR') > 0 && n(cio, 'FCSTDAY') > 0) no('file.cio: a forecast period (FCSTYR/FCSTDAY)');
  if (n(cio, 'ISPROJ') !== 0) no(`file.cio: special project ISPROJ ${n(cio, 'ISPROJ')}`);
  if (n(cio, 'ICLB') !== 0) no(`file.cio: auto-calibration ICLB ${n(cio, 'ICLB')}`);
  const prints: [string, string][] = [['ILOG', 'log of streamflow'], ['IPRP', 'output.pst'], ['IPHR', 'hourq.out'], ['ISTO', 'output.swr'],
    ['ISOL', 'output.snu'], ['IA_B', 'binary output files'], ['IHUMUS', 'output.wql'], ['ITEMP', 'output.vel/output.dep'], ['ISNOW', 'output.snw']];
  for (const [k, what] of prints) if (n(cio, k) !== 0) no(`file.cio: print option ${k} ${n(cio, k)} (${what})`);
  if (b.ievent > 0) no(`basins.bsn: sub-daily rainfall/runoff (IEVENT ${b.ievent})`);
  if (b.icrk !== 0) no(`basins.bsn: crack flow (ICRK ${b.icrk})`);
  if (b.ipet < 0 || b.ipet > 2) no(`basins.bsn: PET method IPET ${b.ipet}`);
  if (b.ideg !== 0) no(`basins.bsn: channel degradation (IDEG ${b.ideg})`);
  if (b.irte !== 0 && b.irte !== 1) no(`basins.bsn: routing method IRTE ${b.irte}`);
  for (const si of sp.subbasins) {
    const sub = si.sub as unknown as Rec | undefined;
    if (arr(sub, 'ELEVB', 10)[0] > 0 && arr(sub, 'ELEVB_FR', 10)[0] > 0) {
      notes.add('elevation bands: their temperature and precipitation are simulated, snow is not kept per band (SNOEB is not used)');
    }
  }
  // route.f: IWQ 1 the QUAL2E kinetics (watqual.f), 0 none (noqual.f); wq.ts
  if (b.iwq !== 0 && b.iwq !== 1) no(`basins.bsn: in-stream water quality IWQ ${b.iwq} (0 or 1 are simulated)`);
  for (const r of sp.reaches) {
    if (n(r.rte, 'CH_ONCO') > 0 || n(r.rte, 'CH_OPCO') > 0) {
      notes.add(`channel organic N/P from eroded channel material (CH_ONCO/CH_OPCO of ${r.rteFile}) is not simulated`);
    }
  }
  for (const si of sp.subbasins) {
    for (const h of si.hrus) if (h.files.ops && read.text(h.files.ops)?.trim()) no(`${si.file}: scheduled management operations (${h.files.ops})`);
  }
  // ponds and wetlands (impound.ts) hold sediment as one class: what they release takes the
  // subbasin's particle sizes, where SWAT settles the large aggregates and sand first
  const impounded = sp.subbasins.filter((si) => n(si.pnd, 'PND_FR') > 0 || n(si.pnd, 'WET_FR') > 0);
  if (impounded.length > 0 && sp.reaches.some((r) => n(r.rte, 'CH_EQN') > 0)) {
    notes.add(`ponds and wetlands (${impounded.map((si) => si.file).join(', ')}): the sediment they release keeps its subbasin's particle sizes (SWAT settles the coarse classes first)`);
  }
  for (const r of sp.reaches) {
    // 0 simplified Bagnold (rtsed.f), 1 Bagnold, 2 Kodatie, 3 Molinas and Wu, 4 Yang (route.ts);
    // readrte.f takes anything below 0 for 0, and rev 637 routes nothing above 4
    const e = n(r.rte, 'CH_EQN');
    if (!Number.isInteger(e) || e > 4) no(`${r.rteFile}: channel sediment routing CH_EQN ${e} (SWAT2012 has 0 to 4)`);
  }
}

/** The engine's HRU record from the reader's HRU files. */
export function hru(hi: HruInputs, where: string): Hru {
  const { hru: h, mgt: m, sol, chm, gw } = hi;
  if (!h || !m || !sol || !gw) throw new InputError(`${where}: missing .hru/.mgt/.sol/.gw file for ${hi.files.hru || 'an HRU'}`);
  // readsol.f: the profile ends at the first layer with no depth (ArcSWAT often writes a
  // trailing zero-depth layer)
  let nl = 0;
  while (nl < sol.layers.length && sol.layers[nl].SOL_Z > 0) nl++;
  if (nl === 0) throw new InputError(`${hi.files.sol}: no soil layers (the first layer has no depth)`);
  for (let i = 1; i < nl; i++) {
    if (!(sol.layers[i].SOL_Z > sol.layers[i - 1].SOL_Z)) {
      throw new InputError(`${hi.files.sol}: layer ${i + 1} depth ${sol.layers[i].SOL_Z} mm is not below layer ${i}'s ${sol.layers[i - 1].SOL_Z} mm`);
    }
  }
  const layers = sol.layers.slice(0, nl);
  checkHru(hi, m);
  const chmArr = (k: 'SOL_NO3' | 'SOL_ORGN' | 'SOL_SOLP' | 'SOL_ORGP') => Array.from({ length: nl }, (_, i) => (chm ? chm[k][i] ?? 0 : 0));
  return {
    name: fresh(hi.files.hru.replace(/\.hru$/i, '')), landuse: fresh(/Luse:\s*(\S+)/i.exec(h.title)?.[1] ?? ''), soilName: fresh(sol.SNAM),
    hydGrp: fresh(sol.HYDGRP),
    hruFr: n(h, 'HRU_FR'), slsubbsn: n(h, 'SLSUBBSN', 50), slp: n(h, 'HRU_SLP', 0.01), ovN: n(h, 'OV_N', 0.1), latTtime: n(h, 'LAT_TTIME'),
    latSed: n(h, 'LAT_SED'), slsoil: n(h, 'SLSOIL'), disStream: n(h, 'DIS_STREAM'), canmx: n(h, 'CANMX'), esco: n(h, 'ESCO', -1), epco: n(h, 'EPCO', -1), surlag: n(h, 'SURLAG', 0), rsdin: n(h, 'RSDIN'),
    erorgn: n(h, 'ERORGN'), erorgp: n(h, 'ERORGP'), potFr: n(h, 'POT_FR'), potTile: n(h, 'POT_TILE'), potVolx: n(h, 'POT_VOLX'),
    potVol: n(h, 'POT_VOL'), depImp: n(h, 'DEP_IMP'), evpot: n(h, 'EVPOT', 0.5) > 0 ? n(h, 'EVPOT', 0.5) : 0.5,
    potK: n(h, 'POT_K'), potNo3l: n(h, 'POT_NO3L'), potSolpl: n(h, 'POT_SOLP'),
    shallst: n(gw, 'SHALLST', 1000), deepst: n(gw, 'DEEPST', 1000), gwDelay: n(gw, 'GW_DELAY', 31), alphaBf: n(gw, 'ALPHA_BF', 0.048),
    gwqmn: n(gw, 'GWQMN', 1000), gwRevap: n(gw, 'GW_REVAP', 0.02), revapmn: n(gw, 'REVAPMN', 750), rchrgDp: n(gw, 'RCHRG_DP', 0.05),
    gwSpyld: n(gw, 'GW_SPYLD', 0.003), alphaBfD: n(gw, 'ALPHA_BF_D', 0.01), gwsolp: n(gw, 'GWSOLP'), shallstN: n(gw, 'SHALLST_N'),
    igro: n(m, 'IGRO'), plantId: n(m, 'PLANT_ID'), laiInit: n(m, 'LAI_INIT'), bioInit: n(m, 'BIO_INIT'), phuPlt: n(m, 'PHU_PLT'),
    biomix: n(m, 'BIOMIX', 0.2), cn2: n(m, 'CN2', 70), usleP: n(m, 'USLE_P', 1), bioMin: n(m, 'BIO_MIN'), filterw: n(m, 'FILTERW'),
    iurban: n(m, 'IURBAN'), urblu: n(m, 'URBLU'), irrsc: n(m, 'IRRSC'), irrno: n(m, 'IRRNO'), nrot: n(m, 'NROT', 1),
    ops: m.operations.map(op),
    extra: hruExtra(m),
    solZmx: sol.SOL_ZMX, anionExcl: sol.ANION_EXCL,
    layers: layers.map((l) => ({
      z: l.SOL_Z, bd: l.SOL_BD, awc: l.SOL_AWC, k: l.SOL_K, cbn: l.SOL_CBN, clay: l.CLAY, silt: l.SILT, sand: l.SAND, rock: l.ROCK,
      alb: l.SOL_ALB, usleK: l.USLE_K,
    })),
    solNo3: chmArr('SOL_NO3'), solOrgn: chmArr('SOL_ORGN'), solLabp: chmArr('SOL_SOLP'), solOrgp: chmArr('SOL_ORGP'),
  };
}

function subbasin(si: SubbasinInputs, streamed: boolean): Subbasin {
  const s = si.sub;
  if (!si.wgn) throw new InputError(`${si.file}: weather generator file ${str(s, 'WGNFILE')} is missing`);
  const pnd = si.pnd as unknown as Rec | undefined;
  return {
    num: si.number, area: n(s, 'SUB_KM'), lat: n(s, 'SUB_LAT'), elev: n(s, 'SUB_ELEV'),
    irgage: n(s, 'IRGAGE', 1), itgage: n(s, 'ITGAGE', 1), isgage: n(s, 'ISGAGE', 1), ihgage: n(s, 'IHGAGE', 1), iwgage: n(s, 'IWGAGE', 1),
    elevb: arr(s, 'ELEVB', 10), elevbFr: arr(s, 'ELEVB_FR', 10), snoeb: arr(s, 'SNOEB', 10),
    plaps: n(s, 'PLAPS'), tlaps: n(s, 'TLAPS'), snoSub: n(s, 'SNO_SUB'),
    chL1: n(s, 'CH_L1', 1), chS1: n(s, 'CH_S1', 0.01), chW1: n(s, 'CH_W1', 1), chK1: n(s, 'CH_K1'), chN1: n(s, 'CH_N1', 0.014),
    co2: n(s, 'CO2', 330) > 0 ? n(s, 'CO2', 330) : 330,
    rfinc: arr(s, 'RFINC', 12), tmpinc: arr(s, 'TMPINC', 12), radinc: arr(s, 'RADINC', 12), huminc: arr(s, 'HUMINC', 12),
    wgn: wgn(si.wgn),
    impound: subImpound((k) => n(pnd, k)),
    wus: waterUse(si.wus as unknown as Rec | undefined),
    hrus: streamed ? [] : si.hrus.map((h) => hru(h, si.file)),
    hruCount: si.hrus.length,
  };
}

/** A reservoir from its .res and .lwq (readres.f, readlwq.f; unit conversion in reservoir.ts). */
function reservoir(num: number, files: string[], read: FileReader, nbyr: number): Reservoir {
  const resFile = (files[0] ?? '').trim();
  const resText = read.text(resFile);
  if (resText === undefined) throw new InputError(`fig.fig: reservoir file ${resFile || '(none)'} of routres ${num} is missing`);
  const r = parseRes(resText);
  const lwqText = files[1] ? read.text(files[1]) : undefined;
  const q = lwqText !== undefined ? parseLwq(lwqText) : undefined;
  const numbersOf = (text: string | undefined) =>
    (text ?? '').split(/\r?\n/).slice(1).map((l) => l.trim().split(/[\s,]+/).filter(Boolean).map((x) => Number(x.replace(/[dD]/, 'e'))));
  let monthlyOut: number[][] = [];
  let dailyOut: number[] = [];
  if (r.IRESCO === 1) {
    const t = read.text(r.RESMONO);
    if (t === undefined) throw new InputError(`${resFile}: monthly outflow file ${r.RESMONO || '(none)'} (IRESCO 1) is missing`);
    monthlyOut = numbersOf(t).filter((row) => row.length > 0 && row.every(Number.isFinite)).slice(0, nbyr + 2);
  } else if (r.IRESCO === 3) {
    const t = read.text(r.RESDAYO);
    if (t === undefined) throw new InputError(`${resFile}: daily outflow file ${r.RESDAYO || '(none)'} (IRESCO 3) is missing`);
    // f8.2 per line (the first 8 columns)
    dailyOut = t.split(/\r?\n/).slice(1).filter((l) => l.trim() !== '').map((l) => Number(l.slice(0, 8).trim() || l.trim().split(/\s+/)[0]));
    dailyOut = dailyOut.map((v) => (Number.isFinite(v) ? v : 0));
  }
  const g = (k: string, d = 0) => n(q, k, d);
  return {
    num, file: resFile, sub: r.RES_SUB > 0 ? r.RES_SUB : 1, mores: r.MORES, iyres: r.IYRES,
    esa: r.RES_ESA, evol: r.RES_EVOL, psa: r.RES_PSA, pvol: r.RES_PVOL, vol: r.RES_VOL, sed: r.RES_SED, nsed: r.RES_NSED, d50: r.RES_D50, k: r.RES_K,
    iresco: r.IRESCO, oflowmx: r.OFLOWMX.slice(), oflowmn: r.OFLOWMN.slice(), rr: r.RES_RR, iflod1r: r.IFLOD1R, iflod2r: r.IFLOD2R,
    ndtargr: r.NDTARGR, starg: r.STARG.slice(), wuresn: r.WURESN.slice(), wurtnf: r.WURTNF, evrsv: r.EVRSV > 0 ? r.EVRSV : 0.6,
    oflowmnFps: r.OFLOWMN_FPS, stargFps: r.STARG_FPS, monthlyOut, dailyOut,
    ires1: g('IRES1'), ires2: g('IRES2'), psetlr1: g('PSETLR1', 10), psetlr2: g('PSETLR2', 10), nsetlr1: g('NSETLR1', 5.5), nsetlr2: g('NSETLR2', 5.5),
    chlar: g('CHLAR', 1), seccir: g('SECCIR', 1), orgp: g('RES_ORGP'), solp: g('RES_SOLP'), orgn: g('RES_ORGN'), no3: g('RES_NO3'),
    nh3: g('RES_NH3'), no2: g('RES_NO2'),
  };
}

function pointSource(text: string, code: 'recday' | 'recmon' | 'recyear' | 'reccnst'): PointSource {
  const rows: number[][] = [];
  for (const l of text.split(/\r?\n/)) {
    const v = l.trim().split(/\s+/);
    if (v.length < 2 || v.some((x) => !/^[-+]?(\d+\.?\d*|\.\d+)([eEdD][-+]?\d+)?$/.test(x))) continue;
    rows.push(v.map((x) => Number(x.replace(/[dD]/, 'e'))));
  }
  if (code === 'reccnst') {
    const r = rows[0] ?? [];
    return { kind: 'cnst', cnst: Array.from({ length: 11 }, (_, i) => r[i] ?? 0) };
  }
  const byKey = new Map<number, number[]>();
  for (const r of rows) {
    if (code === 'recday') byKey.set(r[1] * 1000 + r[0], r.slice(2)); // IDAY IYR FLODAY SEDDAY ...
    else if (code === 'recmon') byKey.set(r[1] * 100 + r[0], r.slice(2)); // MON IYR FLOMON ...
    else byKey.set(r[0], r.slice(1)); // IYR FLOYR ...
  }
  return { kind: code === 'recday' ? 'day' : code === 'recmon' ? 'mon' : 'year', byKey };
}

function dayIndex(iyr: number, yyyyddd: number): number {
  const year = Math.floor(yyyyddd / 1000);
  const jd = yyyyddd % 1000;
  let d = 0;
  if (year >= iyr) for (let y = iyr; y < year; y++) d += isLeap(y) ? 366 : 365;
  else for (let y = year; y < iyr; y++) d -= isLeap(y) ? 366 : 365;
  return d + jd - 1;
}

function weather(sp: SwatProject, iyr: number, ndays: number): WeatherSeries {
  const mk = () => new Float32Array(ndays).fill(-99);
  const place = (dates: Int32Array, values: ArrayLike<number>, out: Float32Array) => {
    for (let i = 0; i < dates.length; i++) {
      const di = dayIndex(iyr, dates[i]);
      if (di >= 0 && di < ndays) out[di] = Number.isFinite(values[i]) ? values[i] : -99;
    }
  };
  const w = sp.weather;
  const cio = sp.cio as unknown as Rec;
  const files = (k: string) => (Array.isArray(cio[k]) ? (cio[k] as string[]) : []).filter((x) => x && x.trim() !== '');
  const byName = <T>(rec: Record<string, T> | undefined, name: string): T | undefined => {
    if (!rec) return undefined;
    const key = Object.keys(rec).find((k) => k.toLowerCase() === name.trim().toLowerCase());
    return key === undefined ? undefined : rec[key];
  };
  const pcp: Float32Array[] = [];
  const tmx: Float32Array[] = [];
  const tmn: Float32Array[] = [];
  const pcpElev: number[] = [];
  const tmpElev: number[] = [];
  for (const f of files('RFILE')) {
    const pf = byName(w?.pcp, f);
    if (!pf) continue;
    pf.pcp.forEach((series, i) => {
      const a = mk();
      place(pf.dates, series, a);
      pcp.push(a);
      pcpElev.push(pf.stations[i]?.elev ?? NaN);
    });
  }
  for (const f of files('TFILE')) {
    const tf = byName(w?.tmp, f);
    if (!tf) continue;
    tf.tmax.forEach((series, i) => {
      const a = mk();
      const b = mk();
      place(tf.dates, series, a);
      place(tf.dates, tf.tmin[i], b);
      tmx.push(a);
      tmn.push(b);
      tmpElev.push(tf.stations[i]?.elev ?? NaN);
    });
  }
  const series = (s: { dates: Int32Array; values: Float64Array[] } | undefined) =>
    (s?.values ?? []).map((v) => {
      const a = mk();
      place(s!.dates, v, a);
      return a;
    });
  return { pcp, tmx, tmn, slr: series(w?.slr), hmd: series(w?.hmd), wnd: series(w?.wnd), pcpElev, tmpElev };
}

/** readrte.f's particle-size fractions of channel material of median size `d50` (µm): clayey,
 * silty, sandy or gravel material, 65 % of its own class (SIZE order: sand, silt, clay, small
 * aggregates, large aggregates, gravel; the channel holds no aggregates). */
export function channelFractions(d50: number): number[] {
  const mm = d50 / 1000;
  if (mm <= 0.005) return [0.15, 0.15, 0.65, 0, 0, 0.05];
  if (mm <= 0.05) return [0.15, 0.65, 0.15, 0, 0, 0.05];
  if (mm <= 2) return [0.65, 0.15, 0.15, 0, 0, 0.05];
  return [0.15, 0.15, 0.05, 0, 0, 0.65];
}

/** Critical shear stress (N/m²) of channel material from its silt and clay percentage (Julian and
 * Torres 2005, as readrte.f), times the cover factor. */
export function criticalShear(fr: number[], cov: number): number {
  const sc = (fr[1]! + fr[2]!) * 100;
  return (0.1 + 0.1779 * sc + 0.0028 * sc * sc - 2.34e-5 * sc * sc * sc) * cov;
}

/** rtsed.f's reach parameters as readrte.f sets them (CH_EQN 0), and the bank and bed material of
 * the particle-size methods (CH_EQN 1–4: the cover factors mean 1 when 0, at most 25). */
function reachSediment(t: unknown, b: Basin) {
  const eqn = n(t, 'CH_EQN');
  const cov1 = eqn > 0 ? Math.min(25, n(t, 'CH_COV1') > 0 ? n(t, 'CH_COV1') : 1) : Math.min(1, Math.max(0, n(t, 'CH_COV1')));
  const cov2 = eqn > 0 ? Math.min(25, n(t, 'CH_COV2') > 0 ? n(t, 'CH_COV2') : 1) : Math.min(1, Math.max(0, n(t, 'CH_COV2')));
  let erod = arr(t, 'CH_ERODMO', 12);
  if (erod.reduce((a, x) => a + x, 0) < 1e-6) erod = erod.map(() => cov1);
  // bank material silt (50 µm) and bed material sand (500 µm) when not given; at most 10 mm
  const bnkD50 = Math.min(10000, n(t, 'CH_BNK_D50') > 1e-6 ? n(t, 'CH_BNK_D50') : 50);
  const bedD50 = Math.min(10000, n(t, 'CH_BED_D50') > 1e-6 ? n(t, 'CH_BED_D50') : 500);
  const bnkFr = channelFractions(bnkD50);
  const bedFr = channelFractions(bedD50);
  const tcBnk = n(t, 'CH_BNK_TC') > 1e-6 ? n(t, 'CH_BNK_TC') : criticalShear(bnkFr, cov1);
  const tcBed = n(t, 'CH_BED_TC') > 1e-6 ? n(t, 'CH_BED_TC') : criticalShear(bedFr, cov2);
  const kd = (given: number, tc: number) => (given > 1e-6 ? given : tc > 1e-6 ? 0.2 / Math.sqrt(tc) : 0.2);
  return {
    chCov1: cov1, chCov2: cov2, chErodmo: erod,
    prf: n(t, 'PRF') > 0 ? n(t, 'PRF') : b.prf, spcon: n(t, 'SPCON') > 0 ? n(t, 'SPCON') : b.spcon, spexp: n(t, 'SPEXP') > 0 ? n(t, 'SPEXP') : b.spexp,
    bnkD50, bedD50, bnkFr, bedFr, tcBnk, tcBed,
    bnkBd: n(t, 'CH_BNK_BD') > 1e-6 ? n(t, 'CH_BNK_BD') : 1.4, bedBd: n(t, 'CH_BED_BD') > 1e-6 ? n(t, 'CH_BED_BD') : 1.5,
    kdBnk: kd(n(t, 'CH_BNK_KD'), tcBnk), kdBed: kd(n(t, 'CH_BED_KD'), tcBed),
  };
}

/** Engine project from the reader's objects. */
export function fromSwatProject(sp: SwatProject, dir: string, cioText?: string, files?: FileReader): Project {
  const streamed = files !== undefined && sp.subbasins.some((s) => s.hrus.length > 0 && !s.hrus[0].hru);
  const read = files ?? new FileReader(dir, sp.otherFiles);
  const c = control(sp, cioText);
  if (!(c.nbyr > 0)) throw new InputError('file.cio: NBYR must be a positive number of years');
  notes.clear();
  const bsn = basin(sp.bsn);
  bsn.wwq = readWwq(read, str(sp.bsn, 'WWQFILE'), bsn.iwq === 1 || bsn.isubwq === 1);
  checkProject(sp, c, bsn, read);
  let ndays = 0;
  for (let y = 0; y < c.nbyr; y++) ndays += isLeap(c.iyr + y) ? 366 : 365;
  const subs: Subbasin[] = [];
  for (const si of sp.subbasins) subs[si.number - 1] = subbasin(si, streamed);
  if (subs.length === 0) throw new InputError('fig.fig defines no subbasin');
  for (let i = 0; i < subs.length; i++) if (!subs[i]) throw new InputError(`fig.fig: subbasin ${i + 1} is not defined`);
  const reaches = new Map<number, Reach>();
  for (const r of sp.reaches) {
    const t = r.rte;
    if (!t) throw new InputError(`missing reach file ${r.rteFile}`);
    reaches.set(r.number, {
      sub: r.number, chW2: n(t, 'CH_W2', 5), chD: n(t, 'CH_D', 0.5), chS2: n(t, 'CH_S2', 0.001), chL2: n(t, 'CH_L2', 1), chN2: n(t, 'CH_N2', 0.014),
      chK2: n(t, 'CH_K2'), chWdr: n(t, 'CH_WDR', 10), alphaBnk: n(t, 'ALPHA_BNK'),
      chSide: n(t, 'CH_SIDE'), chEqn: Math.max(0, n(t, 'CH_EQN')),
      ...reachSediment(t, bsn),
      swq: swqParams(r.swq as unknown as Record<string, unknown> | undefined),
    });
    if (!r.swq && bsn.iwq === 1) notes.add(`reach ${r.number}: no .swq file (${r.swqFile || 'none named'}): SWAT's default QUAL2E rates`);
  }
  const fig: FigCommand[] = [];
  for (const cmd of sp.fig.commands) {
    if (cmd.icode === 0) break;
    if (cmd.icode === 1) fig.push({ kind: 'subbasin', out: cmd.ihout, sub: cmd.inum1 });
    else if (cmd.icode === 2) fig.push({ kind: 'route', out: cmd.ihout, reach: cmd.inum1, inp: cmd.inum2 });
    else if (cmd.icode === 5) fig.push({ kind: 'add', out: cmd.ihout, a: cmd.inum1, b: cmd.inum2 });
    else if (cmd.icode === 3) fig.push({ kind: 'routres', out: cmd.ihout, inp: cmd.inum2, res: reservoir(cmd.inum1, cmd.files, read, c.nbyr) });
    else if (cmd.icode === 7 || cmd.icode === 8 || cmd.icode === 10 || cmd.icode === 11) {
      const code = cmd.icode === 7 ? 'recmon' : cmd.icode === 8 ? 'recyear' : cmd.icode === 10 ? 'recday' : 'reccnst';
      const file = (cmd.files[0] ?? '').trim();
      const text = read.text(file);
      if (text === undefined) throw new InputError(`fig.fig: point source file ${file} is missing`);
      fig.push({ kind: 'rec', out: cmd.ihout, file, code, series: pointSource(text, code) });
    } else if (cmd.icode === 14) {
      // saveconc (ihout = the hydrograph saved); sub-daily printing (inum2 1) needs IEVENT > 0
      if (cmd.inum1 > 0 && cmd.inum1 <= 50) fig.push({ kind: 'saveconc', hyd: cmd.ihout, file: (cmd.files[0] ?? '').trim() || 'watout.dat' });
    } else if (cmd.icode === 12) {
      // structure: aeration of the water (dissolved oxygen only, not simulated): flow passes
      fig.push({ kind: 'pass', out: cmd.ihout, inp: cmd.inum1, name: cmd.command });
    } else {
      throw new InputError(`fig.fig: routing command '${cmd.command.trim() || '?'}' (code ${cmd.icode}) is not simulated by the built-in engine`);
    }
  }
  const db = sp.databases;
  const plants = new Map<number, PlantParams>();
  for (const p of db?.plant ?? []) {
    plants.set(p.ICNUM, {
      id: p.ICNUM, name: p.CPNM, idc: p.IDC, bioE: p.BIO_E, hvsti: p.HVSTI, blai: p.BLAI, frgrw1: p.FRGRW1, laimx1: p.LAIMX1, frgrw2: p.FRGRW2,
      laimx2: p.LAIMX2, dlai: p.DLAI, chtmx: p.CHTMX, rdmx: p.RDMX, tOpt: p.T_OPT, tBase: p.T_BASE, cnyld: p.CNYLD, cpyld: p.CPYLD,
      bn1: p.BN1, bn2: p.BN2, bn3: p.BN3, bp1: p.BP1, bp2: p.BP2, bp3: p.BP3, wsyf: p.WSYF, usleC: p.USLE_C, gsi: p.GSI, vpdfr: p.VPDFR,
      frgmax: p.FRGMAX, wavp: p.WAVP, co2hi: p.CO2HI, bioehi: p.BIOEHI, rsdcoPl: p.RSDCO_PL, alaiMin: p.ALAI_MIN, bioLeaf: p.BIO_LEAF,
      matYrs: p.MAT_YRS, bmxTrees: p.BMX_TREES, extCoef: p.EXT_COEF, bmDieoff: p.BM_DIEOFF,
    });
  }
  if (plants.size === 0) throw new InputError('plant database (plant.dat) is missing or empty');
  const ferts = new Map<number, FertParams>();
  for (const f of db?.fert ?? []) ferts.set(f.IFNUM, { id: f.IFNUM, name: f.FERTNM, fminn: f.FMINN, fminp: f.FMINP, forgn: f.FORGN, forgp: f.FORGP, fnh3n: f.FNH3N });
  const tills = new Map<number, TillParams>();
  for (const t of db?.till ?? []) tills.set(t.ITNUM, { id: t.ITNUM, name: t.TILLNM, effmix: t.EFFMIX, deptil: t.DEPTIL });
  const urbans = new Map<number, UrbanParams>();
  for (const u of db?.urban ?? []) urbans.set(u.IUNUM, { id: u.IUNUM, name: u.URBNAME, fimp: u.FIMP, fcimp: u.FCIMP });
  const w = weather(sp, c.iyr, ndays);
  if (c.pcpsim === 1 && w.pcp.length === 0) throw new InputError('file.cio: measured precipitation (PCPSIM = 1) but no precipitation file was read');
  const project: Project = { dir, control: c, basin: bsn, subbasins: subs, reaches, fig, plants, ferts, tills, urbans, weather: w, ndays };
  const atmo = atmosphericDeposition(sp, read, subs.length, bsn.rcnSub > 0 ? bsn.rcnSub : bsn.rcn);
  if (atmo) project.atmo = atmo;
  // land use updates (lup.dat): the HRU fractions change on their dates (lup.ts)
  try {
    project.lup = readLandUseUpdates((name) => read.text(name));
    checkLandUseUpdates(project.lup, subs.reduce((a, s) => a + (s.hrus.length || s.hruCount || 0), 0));
  } catch (err) {
    throw new InputError(err instanceof Error ? err.message : String(err));
  }
  if (streamed) {
    // HRU files named by each subbasin, read when the model is built (once), a subbasin at a time
    const lists: (SubHruFiles[] | null)[] = [];
    for (const si of sp.subbasins) lists[si.number - 1] = si.hrus.map((h) => h.files);
    const subFile = sp.subbasins.map((si) => si.file);
    project.hruSource = function* (k: number): Generator<Hru> {
      const list = lists[k];
      if (!list) throw new Error(`HRUs of subbasin ${k + 1} were already streamed`);
      lists[k] = null;
      // one HRU at a time: its text and parsed objects die young (bounded memory)
      for (const f of list) {
        const t = (name: string) => (name ? read.text(name) : undefined);
        const hi: HruInputs = { files: f };
        const a = t(f.hru), b = t(f.mgt), so = t(f.sol), ch = t(f.chm), g = t(f.gw), se = t(f.sep);
        if (a !== undefined) hi.hru = parseHru(a);
        if (b !== undefined) hi.mgt = parseMgt(b);
        if (so !== undefined) hi.sol = parseSol(so);
        if (ch !== undefined) hi.chm = parseChm(ch);
        if (g !== undefined) hi.gw = parseGw(g);
        if (se !== undefined) hi.sep = parseSep(se);
        yield hru(hi, subFile[k] ?? '');
      }
    };
  }
  return project;
}

/** readatmodep.f: with an ATMO file named in file.cio, each subbasin's ammonium and nitrate in
 * rain and dry deposition are read from it (5 title lines, then a line per subbasin read by
 * FORMAT (8x,4f10.3)). As there, a field that is not a number ends that line's read (the old
 * one-value-per-line files of ArcSWAT leave every value at its default: rain nitrate of the
 * basin, no ammonium or dry deposition), and the file's end leaves the remaining subbasins at
 * the defaults. Monthly inputs (IATMODEP 1) stop the run; a missing file is noted and the basin's
 * value used. */
function atmosphericDeposition(sp: SwatProject, read: FileReader, nsub: number, rcnBasin: number): Project['atmo'] {
  const name = str(sp.cio, 'ATMOFILE');
  if (!name) return undefined;
  const text = read.text(name);
  if (text === undefined) {
    // SWAT stops on a missing file; exports and subsets often leave it out: the basin's value, said
    notes.add(`file.cio names the atmospheric deposition file ${name}, which is missing: the basin's rain nitrate (RCN) is used`);
    return undefined;
  }
  if (n(sp.bsn, 'IATMODEP', 0) !== 0) throw new InputError(`basins.bsn: monthly atmospheric deposition (IATMODEP ${n(sp.bsn, 'IATMODEP', 0)}, ${name}) is not simulated by the built-in engine`);
  const a = { rammo: new Array<number>(nsub).fill(0), rcn: new Array<number>(nsub).fill(rcnBasin), dryNh4: new Array<number>(nsub).fill(0), dryNo3: new Array<number>(nsub).fill(0) };
  const into = [a.rammo, a.rcn, a.dryNh4, a.dryNo3];
  const lines = text.split(/\r?\n/);
  if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  for (let i = 0; i < nsub && 5 + i < lines.length; i++) {
    const line = lines[5 + i]!;
    for (let k = 0; k < 4; k++) {
      const field = line.slice(8 + 10 * k, 18 + 10 * k);
      const v = field.trim() === '' ? 0 : parseFortranNumber(field, 0, field.length);
      if (!Number.isFinite(v)) break;
      into[k]![i] = v;
    }
  }
  return a;
}

/** The basin's QUAL2E constants (readwwq.f: a title line, then one value a line in this order;
 * a value absent or ≤ 0 takes SWAT's default). A missing file leaves every default (SWAT opens
 * it anyway and reads nothing). */
const WWQ_KEYS = ['LAO', 'IGROPT', 'AI0', 'AI1', 'AI2', 'AI3', 'AI4', 'AI5', 'AI6', 'MUMAX', 'RHOQ', 'TFACT', 'K_L', 'K_N', 'K_P',
  'LAMBDA0', 'LAMBDA1', 'LAMBDA2', 'P_N', 'CHLA_SUBCO'];
function readWwq(read: FileReader, name: string, used: boolean): WwqParams {
  const text = name ? read.text(name) : undefined;
  if (text === undefined) {
    if (used) notes.add(`basin water quality file ${name || '(WWQFILE not given)'} is missing: SWAT's default QUAL2E constants`);
    return wwqParams({});
  }
  const v: Record<string, number> = {};
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < WWQ_KEYS.length && i + 1 < lines.length; i++) {
    const tok = lines[i + 1]!.trim().split(/[\s,|]+/)[0] ?? '';
    const x = parseFortranNumber(tok, 0, tok.length);
    if (!Number.isFinite(x)) break; // a list-directed read that fails ends the reading (readwwq.f exits)
    v[WWQ_KEYS[i]!] = x;
  }
  return wwqParams(v);
}

/** Reads files of a TxtInOut folder by name, case-insensitively (the reader's raw `otherFiles`
 * first when given). */
export class FileReader {
  private readonly dir: string;
  private readonly other: Map<string, string>;
  private lower: Map<string, string> | null = null;
  constructor(dir: string, otherFiles: Record<string, string> = {}) {
    this.dir = dir;
    this.other = new Map(Object.entries(otherFiles).map(([k, v]) => [k.toLowerCase(), v]));
  }
  text(name: string): string | undefined {
    const n = name.trim();
    if (!n) return undefined;
    const o = this.other.get(n.toLowerCase());
    if (o !== undefined) return o;
    try {
      return this.read(join(this.dir, n));
    } catch {
      if (!this.lower) {
        this.lower = new Map();
        try {
          for (const f of readdirSync(this.dir)) this.lower.set(f.toLowerCase(), f);
        } catch {
          /* no folder */
        }
      }
      const actual = this.lower.get(n.toLowerCase());
      if (actual === undefined || actual === n) return undefined;
      try {
        return this.read(join(this.dir, actual));
      } catch {
        return undefined;
      }
    }
  }

  private buf = Buffer.allocUnsafe(1 << 16);
  /** Reads a whole file through one reused buffer: no Buffer per file (reading 100,000s of HRU
   * files otherwise leaves the process's RSS high with freed native memory). */
  private read(path: string): string {
    const fd = openSync(path, 'r');
    try {
      const size = fstatSync(fd).size;
      if (size > this.buf.length) this.buf = Buffer.allocUnsafe(size);
      let got = 0;
      while (got < size) {
        const k = readSync(fd, this.buf, got, size - got, got);
        if (k <= 0) break;
        got += k;
      }
      return this.buf.toString('latin1', 0, got);
    } finally {
      closeSync(fd);
    }
  }
}

export interface LoadOptions {
  /** Stream the HRU files into the model when it is built instead of keeping every HRU's
   * record in the project (bounded memory; the project's `subbasins[].hrus` are then empty,
   * so `modify` callbacks cannot change HRU parameters). Default false. */
  streamHrus?: boolean;
  /** The folder's files in memory, name → text (the platform's run: the same texts it writes
   * into `dir` meanwhile); read instead of the disk. */
  files?: ReadonlyMap<string, string>;
}

/** Reads a TxtInOut folder with the TxtInOut reader and builds the engine's project. */
export async function loadProject(dir: string, opts: LoadOptions = {}): Promise<Project> {
  let sp: SwatProject;
  const stream = opts.streamHrus === true;
  const files = opts.files;
  try {
    sp = await readTxtInOut(dir, { ...(stream ? { hrus: false, otherFiles: false } : {}), ...(files ? { files } : {}) });
  } catch (err) {
    throw new InputError(err instanceof Error ? err.message : String(err));
  }
  const cioName = (files ? [...files.keys()] : readdirSync(dir)).find((f) => f.toLowerCase() === 'file.cio');
  const cioText = cioName ? (files?.get(cioName) ?? readFileSync(join(dir, cioName), 'latin1')) : undefined;
  const missing = sp.warnings.filter((x) => /^missing (fig|basin|subbasin)/.test(x));
  if (missing.length > 0) throw new InputError(missing.join('; '));
  const held = files ? Object.fromEntries(files) : undefined;
  return fromSwatProject(sp, dir, cioText, stream ? new FileReader(dir, held) : held ? new FileReader(dir, { ...held, ...sp.otherFiles }) : undefined);
}
