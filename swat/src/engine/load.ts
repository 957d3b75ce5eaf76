// Minimal TxtInOut loader for the engine (an adapter: it reads only what the simulation
// needs, the way SWAT2012 rev 637 reads it: values before '|', labels after it; fixed
// columns where SWAT reads formatted lines). CRLF, Latin-1 and case-insensitive names.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type {
  Basin, FertParams, FigCommand, Hru, MgtOp, PlantParams, PointSource, Project, Reach, SimControl,
  SoilLayer, Subbasin, TillParams, UrbanParams, WeatherSeries, Wgn,
} from './project.ts';

export class InputError extends Error {}

class Folder {
  readonly dir: string;
  private names = new Map<string, string>();
  constructor(dir: string) {
    this.dir = dir;
    let list: string[];
    try {
      list = readdirSync(dir);
    } catch {
      throw new InputError(`cannot read folder ${dir}`);
    }
    for (const f of list) this.names.set(f.toLowerCase(), f);
  }
  has(name: string): boolean {
    return this.names.has(name.trim().toLowerCase());
  }
  lines(name: string): string[] {
    const real = this.names.get(name.trim().toLowerCase());
    if (!real) throw new InputError(`missing input file ${name.trim()} in ${this.dir}`);
    return readFileSync(join(this.dir, real), 'latin1').split(/\r?\n|\r/);
  }
  maybeLines(name: string): string[] | undefined {
    return this.has(name) ? this.lines(name) : undefined;
  }
}

function num(s: string | undefined, dflt = 0): number {
  if (s === undefined) return dflt;
  const t = s.trim().replace(/,/g, '');
  if (t === '') return dflt;
  const v = Number(t.replace(/[dD]/, 'e'));
  return Number.isFinite(v) ? v : dflt;
}

/** Values of a key/value file: label (first word after '|', without ':') -> text before '|'. */
function kv(lines: string[]): Map<string, string> {
  const m = new Map<string, string>();
  for (const l of lines) {
    const p = l.indexOf('|');
    if (p < 0) continue;
    const label = l.slice(p + 1).trim().split(/[\s:]+/)[0]?.toUpperCase() ?? '';
    if (label && !m.has(label)) m.set(label, l.slice(0, p));
  }
  return m;
}
function g(m: Map<string, string>, key: string, dflt = 0): number {
  return num(m.get(key), dflt);
}
function nums(line: string | undefined): number[] {
  if (!line) return [];
  return line.trim().split(/\s+/).filter((x) => x !== '').map((x) => num(x));
}
/** Numbers in fixed-width fields. */
function fixed(line: string, start: number, width: number, count: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < count; i++) out.push(num(line.slice(start + i * width, start + (i + 1) * width)));
  return out;
}

function readCio(f: Folder): { control: SimControl; cio: Map<string, string>; lines: string[]; pcpFiles: string[]; tmpFiles: string[] } {
  const lines = f.lines('file.cio');
  const cio = kv(lines);
  const idx = (re: RegExp) => lines.findIndex((l) => re.test(l));
  const listAfter = (re: RegExp, n: number) => {
    const i = idx(re);
    if (i < 0) return [] as number[];
    const out: number[] = [];
    for (let k = 1; k <= n; k++) out.push(...nums(lines[i + k]));
    return out;
  };
  const filesAfter = (re: RegExp) => {
    const i = idx(re);
    const out: string[] = [];
    if (i < 0) return out;
    for (let k = 1; k <= 3; k++) {
      const l = lines[i + k] ?? '';
      for (let c = 0; c < l.length; c += 13) {
        const name = l.slice(c, c + 13).trim();
        if (name) out.push(name);
      }
    }
    return out;
  };
  const control: SimControl = {
    nbyr: g(cio, 'NBYR', 1),
    iyr: g(cio, 'IYR', 2000),
    idaf: g(cio, 'IDAF', 1),
    idal: g(cio, 'IDAL', 366),
    pcpsim: g(cio, 'PCPSIM', 1),
    tmpsim: g(cio, 'TMPSIM', 1),
    slrsim: g(cio, 'SLRSIM', 1),
    rhsim: g(cio, 'RHSIM', 1),
    windsim: g(cio, 'WINDSIM', 1),
    iprint: g(cio, 'IPRINT', 0),
    nyskip: g(cio, 'NYSKIP', 0),
    icalen: g(cio, 'ICALEN', 0),
    rchVars: listAfter(/^Reach output variables/i, 1).filter((v) => v > 0),
    subVars: listAfter(/^Subbasin output variables/i, 1).filter((v) => v > 0),
    hruVars: listAfter(/^HRU output variables/i, 1).filter((v) => v > 0),
    hruPrint: listAfter(/^HRU data to be printed/i, 1).filter((v) => v > 0),
    title: [lines[2] ?? '', lines[3] ?? '', lines[4] ?? ''],
  };
  return { control, cio, lines, pcpFiles: filesAfter(/^Precipitation Files/i), tmpFiles: filesAfter(/^Temperature Files/i) };
}

function readBasin(f: Folder, name: string): Basin {
  const m = kv(f.lines(name));
  return {
    sftmp: g(m, 'SFTMP', 1), smtmp: g(m, 'SMTMP', 0.5), smfmx: g(m, 'SMFMX', 4.5), smfmn: g(m, 'SMFMN', 4.5), timp: g(m, 'TIMP', 1),
    snocovmx: g(m, 'SNOCOVMX', 1), sno50cov: g(m, 'SNO50COV', 0.5),
    ipet: g(m, 'IPET', 0), esco: g(m, 'ESCO', 0.95), epco: g(m, 'EPCO', 1), evlai: g(m, 'EVLAI', 3), ffcb: g(m, 'FFCB', 0),
    ievent: g(m, 'IEVENT', 0), icrk: g(m, 'ICRK', 0), surlag: g(m, 'SURLAG', 4), adjPkr: g(m, 'ADJ_PKR', 1), prf: g(m, 'PRF', 1),
    spcon: g(m, 'SPCON', 0.0001), spexp: g(m, 'SPEXP', 1),
    rcn: g(m, 'RCN', 0), rcnSub: g(m, 'RCN_SUB_BSN', 0), cmn: g(m, 'CMN', 0.0003), nUpdis: g(m, 'N_UPDIS', 20), pUpdis: g(m, 'P_UPDIS', 20), nperco: g(m, 'NPERCO', 0.2),
    pperco: g(m, 'PPERCO', 10), phoskd: g(m, 'PHOSKD', 175), psp: g(m, 'PSP', 0.4), rsdco: g(m, 'RSDCO', 0.05),
    irte: g(m, 'IRTE', 0), mskCo1: g(m, 'MSK_CO1', 0.75), mskCo2: g(m, 'MSK_CO2', 0.25), mskX: g(m, 'MSK_X', 0.2), ideg: g(m, 'IDEG', 0),
    iwq: g(m, 'IWQ', 0), trnsrch: g(m, 'TRNSRCH', 0), evrch: g(m, 'EVRCH', 1),
    icn: g(m, 'ICN', 0), cncoef: g(m, 'CNCOEF', 1), cdn: g(m, 'CDN', 1.4), sdnco: g(m, 'SDNCO', 1.1),
    cnFroz: g(m, 'CN_FROZ', 0.000862), dormHr: g(m, 'DORM_HR', 0), smxco: g(m, 'SMXCO', 1), fixco: g(m, 'FIXCO', 0.5), nfixmx: g(m, 'NFIXMX', 20),
    decrMin: g(m, 'DECR_MIN', 0.01), rsdCovco: g(m, 'RSD_COVCO', 0.3), vcrit: g(m, 'VCRIT', 5), chD50: g(m, 'CH_D50', 50), sigG: g(m, 'SIG_G', 1.57),
    chEqnDefault: 0,
    petFile: (m.get('PETFILE') ?? '').trim(),
  };
}

function readWgn(lines: string[]): Wgn {
  const head = lines[1] ?? '';
  const latm = /LATITUDE\s*=\s*(-?[\d.]+)/i.exec(head);
  const elevm = /=\s*(-?[\d.]+)/.exec(lines[2] ?? '');
  const rym = /=\s*(-?[\d.]+)/.exec(lines[3] ?? '');
  const row = (i: number, w: number) => fixed(lines[i] ?? '', 0, w, 12);
  return {
    lat: num(latm?.[1]), elev: num(elevm?.[1]), rainYrs: num(rym?.[1], 10),
    tmpmx: row(4, 6), tmpmn: row(5, 6), tmpstdmx: row(6, 6), tmpstdmn: row(7, 6),
    pcpmm: row(8, 6), pcpstd: row(9, 6), pcpskw: row(10, 6), prW1: row(11, 6), prW2: row(12, 6), pcpd: row(13, 6),
    rainhhmx: row(14, 6), solarav: row(15, 6), dewpt: row(16, 6), wndav: row(17, 6),
  };
}

function readSol(lines: string[]): { zmx: number; anion: number; hydGrp: string; name: string; layers: SoilLayer[] } {
  const find = (re: RegExp) => lines.find((l) => re.test(l)) ?? '';
  const vals = (re: RegExp) => {
    const l = find(re);
    const p = l.indexOf(':');
    return p < 0 ? [] : nums(l.slice(p + 1));
  };
  const z = vals(/^\s*Depth/i);
  const bd = vals(/^\s*Bulk Density/i);
  const awc = vals(/^\s*Ave\. AW/i);
  const k = vals(/^\s*Ksat/i);
  const cbn = vals(/^\s*Organic Carbon/i);
  const clay = vals(/^\s*Clay/i);
  const silt = vals(/^\s*Silt/i);
  const sand = vals(/^\s*Sand/i);
  const rock = vals(/^\s*Rock/i);
  const alb = vals(/^\s*Soil Albedo/i);
  const usle = vals(/^\s*Erosion K/i);
  const layers: SoilLayer[] = z.map((zz, i) => ({
    z: zz, bd: bd[i] ?? 1.3, awc: awc[i] ?? 0.1, k: k[i] ?? 10, cbn: cbn[i] ?? 0.5, clay: clay[i] ?? 10, silt: silt[i] ?? 30,
    sand: sand[i] ?? 60, rock: rock[i] ?? 0, alb: alb[i] ?? 0.13, usleK: usle[i] ?? 0.2,
  }));
  const after = (re: RegExp) => {
    const l = find(re);
    const p = l.indexOf(':');
    return p < 0 ? '' : l.slice(p + 1).trim();
  };
  return {
    zmx: num(after(/Maximum rooting depth/i)), anion: num(after(/anions are excluded/i), 0.5), hydGrp: after(/Hydrologic Group/i),
    name: after(/Soil Name/i), layers,
  };
}

function readMgt(lines: string[]): { m: Map<string, string>; ops: MgtOp[] } {
  const m = kv(lines);
  const start = lines.findIndex((l) => /^Operation Schedule/i.test(l));
  const ops: MgtOp[] = [];
  if (start >= 0) {
    for (let i = start + 1; i < lines.length; i++) {
      const l = lines[i];
      if (l.trim() === '') continue;
      const op = num(l.slice(16, 19));
      if (op <= 0) continue;
      ops.push({
        month: num(l.slice(0, 3)), day: num(l.slice(3, 6)), husc: num(l.slice(6, 16)), op,
        i1: num(l.slice(19, 24)), i2: num(l.slice(24, 28)), i3: num(l.slice(28, 31)),
        v4: num(l.slice(31, 44)), v5: num(l.slice(44, 51)), v6: num(l.slice(51, 63)), v7: num(l.slice(63, 68)),
        v8: num(l.slice(68, 75)), v9: num(l.slice(75, 81)), v10: num(l.slice(81, 93)),
      });
    }
  }
  return { m, ops };
}

function readChm(lines: string[] | undefined, n: number) {
  const arr = (re: RegExp) => {
    if (!lines) return new Array<number>(n).fill(0);
    const l = lines.find((x) => re.test(x)) ?? '';
    const p = l.indexOf(':');
    const v = p < 0 ? [] : nums(l.slice(p + 1));
    return Array.from({ length: n }, (_, i) => v[i] ?? 0);
  };
  return {
    no3: arr(/Soil NO3/i), orgn: arr(/Soil organic N/i), labp: arr(/Soil labile P/i), orgp: arr(/Soil organic P/i),
  };
}

function readHru(f: Folder, names: { hru: string; mgt: string; sol: string; chm: string; gw: string }): Hru {
  const hl = f.lines(names.hru);
  const h = kv(hl);
  const gw = kv(f.lines(names.gw));
  const { m, ops } = readMgt(f.lines(names.mgt));
  const sol = readSol(f.lines(names.sol));
  const chm = readChm(f.maybeLines(names.chm), sol.layers.length);
  const luse = /Luse:\s*(\S+)/i.exec(hl[0] ?? '')?.[1] ?? '';
  return {
    name: names.hru.replace(/\.hru$/i, ''), landuse: luse, soilName: sol.name, hydGrp: sol.hydGrp,
    hruFr: g(h, 'HRU_FR'), slsubbsn: g(h, 'SLSUBBSN', 50), slp: g(h, 'HRU_SLP', 0.01), ovN: g(h, 'OV_N', 0.1), latTtime: g(h, 'LAT_TTIME'),
    latSed: g(h, 'LAT_SED'), slsoil: g(h, 'SLSOIL'), canmx: g(h, 'CANMX'), esco: g(h, 'ESCO', -1), epco: g(h, 'EPCO', -1), rsdin: g(h, 'RSDIN'),
    erorgn: g(h, 'ERORGN'), erorgp: g(h, 'ERORGP'), potFr: g(h, 'POT_FR'), potTile: g(h, 'POT_TILE'), potVolx: g(h, 'POT_VOLX'),
    potVol: g(h, 'POT_VOL'), depImp: g(h, 'DEP_IMP'), evpot: g(h, 'EVPOT', 0.5),
    shallst: g(gw, 'SHALLST', 1000), deepst: g(gw, 'DEEPST', 1000), gwDelay: g(gw, 'GW_DELAY', 31), alphaBf: g(gw, 'ALPHA_BF', 0.048),
    gwqmn: g(gw, 'GWQMN', 1000), gwRevap: g(gw, 'GW_REVAP', 0.02), revapmn: g(gw, 'REVAPMN', 750), rchrgDp: g(gw, 'RCHRG_DP', 0.05),
    gwSpyld: g(gw, 'GW_SPYLD', 0.003), alphaBfD: g(gw, 'ALPHA_BF_D', 0.01), gwsolp: g(gw, 'GWSOLP'), shallstN: g(gw, 'SHALLST_N'),
    igro: g(m, 'IGRO'), plantId: g(m, 'PLANT_ID'), laiInit: g(m, 'LAI_INIT'), bioInit: g(m, 'BIO_INIT'), phuPlt: g(m, 'PHU_PLT'),
    biomix: g(m, 'BIOMIX', 0.2), cn2: g(m, 'CN2', 70), usleP: g(m, 'USLE_P', 1), bioMin: g(m, 'BIO_MIN'), filterw: g(m, 'FILTERW'),
    iurban: g(m, 'IURBAN'), urblu: g(m, 'URBLU'), irrsc: g(m, 'IRRSC'), irrno: g(m, 'IRRNO'), nrot: g(m, 'NROT', 1),
    ops,
    solZmx: sol.zmx, anionExcl: sol.anion, layers: sol.layers,
    solNo3: chm.no3, solOrgn: chm.orgn, solLabp: chm.labp, solOrgp: chm.orgp,
  };
}

function readSub(f: Folder, name: string, num1: number): Subbasin {
  const lines = f.lines(name);
  const m = kv(lines);
  const after = (re: RegExp, k = 1) => {
    const i = lines.findIndex((l) => re.test(l));
    return i < 0 ? [] : nums(lines[i + k]);
  };
  const months = (re: RegExp) => {
    const i = lines.findIndex((l) => re.test(l));
    if (i < 0) return new Array<number>(12).fill(0);
    const a = [...nums(lines[i + 1]), ...nums(lines[i + 3])];
    return Array.from({ length: 12 }, (_, k) => a[k] ?? 0);
  };
  const wgnName = (m.get('WGNFILE') ?? '').trim();
  const pndName = (m.get('PNDFILE') ?? '').trim();
  const pnd = pndName && f.has(pndName) ? kv(f.lines(pndName)) : new Map<string, string>();
  // HRU list: lines after "HRU: General"
  const hrus: Hru[] = [];
  const hi = lines.findIndex((l) => /^HRU: General/i.test(l));
  const hrutot = g(m, 'HRUTOT');
  if (hi >= 0) {
    for (let i = hi + 1; i < lines.length && hrus.length < hrutot; i++) {
      const l = lines[i];
      if (l.trim() === '') continue;
      const hru = l.slice(0, 13).trim();
      const mgt = l.slice(13, 26).trim();
      const sol = l.slice(26, 39).trim();
      const chm = l.slice(39, 52).trim();
      const gw = l.slice(52, 65).trim();
      hrus.push(readHru(f, { hru, mgt, sol, chm, gw }));
    }
  }
  return {
    num: num1, area: g(m, 'SUB_KM'), lat: g(m, 'LATITUDE'), elev: g(m, 'ELEV'),
    irgage: g(m, 'IRGAGE', 1), itgage: g(m, 'ITGAGE', 1), isgage: g(m, 'ISGAGE', 1), ihgage: g(m, 'IHGAGE', 1), iwgage: g(m, 'IWGAGE', 1),
    elevb: after(/ELEVB:/), elevbFr: after(/ELEVB_FR:/), snoeb: after(/SNOEB:/),
    plaps: g(m, 'PLAPS'), tlaps: g(m, 'TLAPS'), snoSub: g(m, 'SNO_SUB'),
    chL1: g(m, 'CH_L1', 1), chS1: g(m, 'CH_S1', 0.01), chW1: g(m, 'CH_W1', 1), chK1: g(m, 'CH_K1'), chN1: g(m, 'CH_N1', 0.014),
    co2: g(m, 'CO2', 330) || 330,
    rfinc: months(/^\|\s*RFINC/i), tmpinc: months(/^\|\s*TMPINC/i), radinc: months(/^\|\s*RADINC/i), huminc: months(/^\|\s*HUMINC/i),
    wgn: readWgn(f.lines(wgnName)),
    pond: {
      pndFr: g(pnd, 'PND_FR'), pndPsa: g(pnd, 'PND_PSA'), pndPvol: g(pnd, 'PND_PVOL'), pndEsa: g(pnd, 'PND_ESA'), pndEvol: g(pnd, 'PND_EVOL'),
      pndVol: g(pnd, 'PND_VOL'), pndK: g(pnd, 'PND_K'),
    },
    hrus,
  };
}

function readRte(f: Folder, name: string, sub: number): Reach {
  const m = kv(f.lines(name));
  return {
    sub, chW2: g(m, 'CHW2', 5), chD: g(m, 'CHD', 0.5), chS2: g(m, 'CH_S2', 0.001), chL2: g(m, 'CH_L2', 1), chN2: g(m, 'CH_N2', 0.014),
    chK2: g(m, 'CH_K2'), chCov1: g(m, 'CH_COV1'), chCov2: g(m, 'CH_COV2'), chWdr: g(m, 'CH_WDR', 10), alphaBnk: g(m, 'ALPHA_BNK'),
    chSide: g(m, 'CH_SIDE'), chEqn: g(m, 'CH_EQN'),
  };
}

function readPointSource(f: Folder, file: string, code: 'recday' | 'recmon' | 'recyear' | 'reccnst'): PointSource {
  const lines = f.lines(file);
  const dataRows: number[][] = [];
  for (const l of lines) {
    const v = l.trim().split(/\s+/);
    if (v.length < 2 || v.some((x) => !/^[-+]?[\d.]+([eE][-+]?\d+)?$/.test(x))) continue;
    dataRows.push(v.map((x) => num(x)));
  }
  if (code === 'reccnst') {
    const r = dataRows[0] ?? [];
    return { kind: 'cnst', cnst: [r[0] ?? 0, r[1] ?? 0, r[2] ?? 0, r[3] ?? 0, r[4] ?? 0, r[5] ?? 0, r[6] ?? 0, r[7] ?? 0] };
  }
  const byKey = new Map<number, number[]>();
  for (const r of dataRows) {
    if (code === 'recday') byKey.set(r[1] * 1000 + r[0], r.slice(2)); // IDAY IYEAR FLOW ...
    else if (code === 'recmon') byKey.set(r[1] * 100 + r[0], r.slice(2)); // MON YEAR FLOW ...
    else byKey.set(r[0], r.slice(1)); // YEAR FLOW ...
  }
  return { kind: code === 'recday' ? 'day' : code === 'recmon' ? 'mon' : 'year', byKey };
}

function readFig(f: Folder, subs: Subbasin[], reaches: Map<number, Reach>): FigCommand[] {
  const lines = f.lines('fig.fig');
  const cmds: FigCommand[] = [];
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i];
    const name = l.slice(0, 10).trim().toLowerCase();
    if (!name) continue;
    const v = nums(l.slice(10));
    const icode = v[0] ?? 0;
    const next = () => (lines[i + 1] ?? '').slice(10).trim();
    if (icode === 0 || name === 'finish') break;
    if (icode === 1) {
      const file = next().slice(0, 13).trim();
      i++;
      const subNum = v[2];
      const sub = readSub(f, file, subNum);
      subs[subNum - 1] = sub;
      cmds.push({ kind: 'subbasin', out: v[1], sub: subNum });
    } else if (icode === 2) {
      const files = (lines[i + 1] ?? '').slice(10);
      i++;
      const rte = files.slice(0, 13).trim();
      const reach = v[2];
      reaches.set(reach, readRte(f, rte, reach));
      cmds.push({ kind: 'route', out: v[1], reach, inp: v[3] });
    } else if (icode === 5) {
      cmds.push({ kind: 'add', out: v[1], a: v[2], b: v[3] });
    } else if (icode === 7 || icode === 8 || icode === 10 || icode === 11) {
      const file = next().split(/\s+/)[0];
      i++;
      const code = icode === 7 ? 'recmon' : icode === 8 ? 'recyear' : icode === 10 ? 'recday' : 'reccnst';
      cmds.push({ kind: 'rec', out: v[1], file, code, series: readPointSource(f, file, code) });
    } else {
      // save/saveconc/routres/transfer/...: a file name follows on the next line for most
      if ([3, 4, 9, 14, 6, 12, 13, 17].includes(icode) && /^\s{10}\S/.test(lines[i + 1] ?? '') && !/^\S/.test(lines[i + 1] ?? '')) i++;
      cmds.push({ kind: 'other', name });
    }
  }
  return cmds;
}

function readPlants(lines: string[]): Map<number, PlantParams> {
  const m = new Map<number, PlantParams>();
  for (let i = 0; i + 4 < lines.length; i++) {
    const h = lines[i].trim().split(/\s+/);
    if (h.length < 3 || !/^\d+$/.test(h[0]) || !/^\d+$/.test(h[2])) continue;
    const a = nums(lines[i + 1]);
    const b = nums(lines[i + 2]);
    const c = nums(lines[i + 3]);
    const d = nums(lines[i + 4]);
    if (a.length < 10 || b.length < 10) continue;
    m.set(num(h[0]), {
      id: num(h[0]), name: h[1], idc: num(h[2]),
      bioE: a[0], hvsti: a[1], blai: a[2], frgrw1: a[3], laimx1: a[4], frgrw2: a[5], laimx2: a[6], dlai: a[7], chtmx: a[8], rdmx: a[9],
      tOpt: b[0], tBase: b[1], cnyld: b[2], cpyld: b[3], bn1: b[4], bn2: b[5], bn3: b[6], bp1: b[7], bp2: b[8], bp3: b[9],
      wsyf: c[0] ?? 0, usleC: c[1] ?? 0, gsi: c[2] ?? 0, vpdfr: c[3] ?? 4, frgmax: c[4] ?? 0.75, wavp: c[5] ?? 0, co2hi: c[6] ?? 660,
      bioehi: c[7] ?? 0, rsdcoPl: c[8] ?? 0.05, alaiMin: c[9] ?? 0,
      bioLeaf: d[0] ?? 0, matYrs: d[1] ?? 0, bmxTrees: d[2] ?? 0, extCoef: d[3] ?? 0.65, bmDieoff: d[4] ?? 0.1,
    });
    i += 4;
  }
  return m;
}

function readFerts(lines: string[] | undefined): Map<number, FertParams> {
  const m = new Map<number, FertParams>();
  for (const l of lines ?? []) {
    const id = num(l.slice(0, 4), -1);
    if (id <= 0) continue;
    m.set(id, {
      id, name: l.slice(4, 13).trim(), fminn: num(l.slice(13, 21)), fminp: num(l.slice(21, 29)), forgn: num(l.slice(29, 37)),
      forgp: num(l.slice(37, 45)), fnh3n: num(l.slice(45, 53)),
    });
  }
  return m;
}

function readTills(lines: string[] | undefined): Map<number, TillParams> {
  const m = new Map<number, TillParams>();
  for (const l of lines ?? []) {
    const id = num(l.slice(0, 4), -1);
    if (id <= 0) continue;
    const rest = nums(l.slice(16));
    m.set(id, { id, name: l.slice(4, 16).trim(), effmix: rest[0] ?? 0, deptil: rest[1] ?? 0 });
  }
  return m;
}

function readUrbans(lines: string[] | undefined): Map<number, UrbanParams> {
  const m = new Map<number, UrbanParams>();
  const ls = lines ?? [];
  for (let i = 0; i < ls.length; i++) {
    const h = ls[i].trim().split(/\s+/);
    if (h.length < 4 || !/^\d+$/.test(h[0])) continue;
    const fimp = num(h[h.length - 2]);
    const fcimp = num(h[h.length - 1]);
    m.set(num(h[0]), { id: num(h[0]), name: h[1], fimp, fcimp });
    i++;
  }
  return m;
}

// ---- weather ----
function dayIndex(iyr: number, year: number, jday: number): number {
  let d = 0;
  if (year >= iyr) {
    for (let y = iyr; y < year; y++) d += isLeap(y) ? 366 : 365;
  } else {
    for (let y = year; y < iyr; y++) d -= isLeap(y) ? 366 : 365;
  }
  return d + jday - 1;
}
export function isLeap(y: number): boolean {
  return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
}

function readWeather(f: Folder, pcpFiles: string[], tmpFiles: string[], cio: Map<string, string>, iyr: number, ndays: number): WeatherSeries {
  const mk = () => {
    const a = new Float32Array(ndays);
    a.fill(-99);
    return a;
  };
  const pcp: Float32Array[] = [];
  const tmx: Float32Array[] = [];
  const tmn: Float32Array[] = [];
  const fillGauges = (lines: string[], first: number, width: number, perGauge: number, targets: Float32Array[][]) => {
    for (let i = first; i < lines.length; i++) {
      const l = lines[i];
      if (l.length < 8) continue;
      const year = num(l.slice(0, 4), -1);
      const jd = num(l.slice(4, 7), -1);
      if (year < 0 || jd <= 0) continue;
      const di = dayIndex(iyr, year, jd);
      if (di < 0 || di >= ndays) continue;
      const ng = targets[0].length;
      for (let gI = 0; gI < ng; gI++) {
        for (let k = 0; k < perGauge; k++) {
          const s = l.slice(7 + (gI * perGauge + k) * width, 7 + (gI * perGauge + k + 1) * width);
          targets[k][gI][di] = s.trim() === '' ? -99 : num(s, -99);
        }
      }
    }
  };
  const gaugeCount = (lines: string[]) => {
    const st = lines[0] ?? '';
    const p = st.indexOf(' ');
    const names = st.slice(p).split(',').map((x) => x.trim()).filter((x) => x);
    return Math.max(1, names.length);
  };
  for (const pf of pcpFiles) {
    const lines = f.lines(pf);
    const n = gaugeCount(lines);
    const arrs = Array.from({ length: n }, mk);
    fillGauges(lines, 4, 5, 1, [arrs]);
    pcp.push(...arrs);
  }
  for (const tf of tmpFiles) {
    const lines = f.lines(tf);
    const n = gaugeCount(lines);
    const a1 = Array.from({ length: n }, mk);
    const a2 = Array.from({ length: n }, mk);
    fillGauges(lines, 4, 5, 2, [a1, a2]);
    tmx.push(...a1);
    tmn.push(...a2);
  }
  const single = (key: string, count: number) => {
    const name = (cio.get(key) ?? '').trim();
    const out: Float32Array[] = [];
    if (!name || !f.has(name)) return out;
    const lines = f.lines(name);
    const arrs = Array.from({ length: Math.max(1, count) }, mk);
    fillGauges(lines, 1, 8, 1, [arrs]);
    return arrs;
  };
  return {
    pcp, tmx, tmn,
    slr: single('SLRFILE', g(cio, 'NSTOT', 1)),
    hmd: single('RHFILE', g(cio, 'NHTOT', 1)),
    wnd: single('WNDFILE', g(cio, 'NWTOT', 1)),
  };
}

export function loadProject(dir: string): Project {
  const f = new Folder(dir);
  const { control, cio, pcpFiles, tmpFiles } = readCio(f);
  if (control.nbyr <= 0) throw new InputError('file.cio: NBYR must be positive');
  const basin = readBasin(f, (cio.get('BSNFILE') ?? 'basins.bsn').trim());
  const subs: Subbasin[] = [];
  const reaches = new Map<number, Reach>();
  const fig = readFig(f, subs, reaches);
  for (let i = 0; i < subs.length; i++) if (!subs[i]) throw new InputError(`fig.fig: subbasin ${i + 1} is not defined`);
  if (subs.length === 0) throw new InputError('fig.fig defines no subbasin');
  const plants = readPlants(f.lines((cio.get('PLANTDB') ?? 'plant.dat').trim()));
  const ferts = readFerts(f.maybeLines((cio.get('FERTDB') ?? 'fert.dat').trim()));
  const tills = readTills(f.maybeLines((cio.get('TILLDB') ?? 'till.dat').trim()));
  const urbans = readUrbans(f.maybeLines((cio.get('URBANDB') ?? 'urban.dat').trim()));
  let ndays = 0;
  for (let y = 0; y < control.nbyr; y++) ndays += isLeap(control.iyr + y) ? 366 : 365;
  const weather = readWeather(f, control.pcpsim === 1 ? pcpFiles : [], control.tmpsim === 1 ? tmpFiles : [], cio, control.iyr, ndays);
  return { dir, control, basin, subbasins: subs, reaches, fig, plants, ferts, tills, urbans, weather, ndays };
}
