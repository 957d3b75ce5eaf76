// The compiled model: struct-of-arrays state and parameters, one Float64Array per HRU
// variable and per soil-layer variable (stride ML), built once from a Project.
import type { Hru, PlantParams, Project } from './project.ts';
import { annualHeatUnits, annualMeanTemp, annualPrecip, minDayLength } from './weather.ts';
import { allocExtras, initExtras } from './mgt-extra.ts';
import { allocImpoundments, initImpoundment } from './impound.ts';
import { detachedFractions, NSIZE } from './route.ts';

export const ML = 12; // max soil layers (incl. the 10 mm top layer SWAT adds)

/** Plant table in SoA form (index = position, not plant.dat id). */
export class PlantTable {
  readonly n: number;
  readonly ids: number[];
  readonly names: string[];
  readonly byId = new Map<number, number>();
  idc: Int32Array; bioE: Float64Array; hvsti: Float64Array; blai: Float64Array; dlai: Float64Array; chtmx: Float64Array; rdmx: Float64Array;
  tOpt: Float64Array; tBase: Float64Array; wsyf: Float64Array; usleC: Float64Array; gsi: Float64Array; vpdfr: Float64Array; frgmax: Float64Array;
  wavp: Float64Array; rsdco: Float64Array; alaiMin: Float64Array; bioLeaf: Float64Array; matYrs: Float64Array; bmxTrees: Float64Array;
  extCoef: Float64Array; bmDieoff: Float64Array; isWater: Uint8Array; leaf1: Float64Array; leaf2: Float64Array; vpd2: Float64Array; gsiAdj: Float64Array;
  cnyld: Float64Array; cpyld: Float64Array; bn1: Float64Array; bn3: Float64Array; bp1: Float64Array; bp3: Float64Array; bnc1: Float64Array; bnc2: Float64Array; bpc1: Float64Array; bpc2: Float64Array;
  constructor(plants: PlantParams[]) {
    const n = plants.length;
    this.n = n;
    this.ids = plants.map((p) => p.id);
    this.names = plants.map((p) => p.name);
    plants.forEach((p, i) => this.byId.set(p.id, i));
    const f = (fn: (p: PlantParams) => number) => Float64Array.from(plants, fn);
    this.idc = Int32Array.from(plants, (p) => p.idc);
    this.bioE = f((p) => p.bioE); this.hvsti = f((p) => p.hvsti); this.blai = f((p) => p.blai); this.dlai = f((p) => p.dlai);
    this.chtmx = f((p) => p.chtmx); this.rdmx = f((p) => p.rdmx); this.tOpt = f((p) => p.tOpt); this.tBase = f((p) => p.tBase);
    this.wsyf = f((p) => p.wsyf); this.usleC = f((p) => p.usleC); this.gsi = f((p) => p.gsi); this.vpdfr = f((p) => p.vpdfr);
    this.frgmax = f((p) => p.frgmax); this.wavp = f((p) => p.wavp); this.rsdco = f((p) => p.rsdcoPl); this.alaiMin = f((p) => p.alaiMin);
    this.bioLeaf = f((p) => p.bioLeaf); this.matYrs = f((p) => p.matYrs); this.bmxTrees = f((p) => p.bmxTrees); this.extCoef = f((p) => p.extCoef);
    this.bmDieoff = f((p) => p.bmDieoff);
    this.isWater = Uint8Array.from(plants, (p) => (p.name.toUpperCase() === 'WATR' ? 1 : 0));
    this.cnyld = f((p) => p.cnyld); this.cpyld = f((p) => p.cpyld); this.bn1 = f((p) => p.bn1); this.bn3 = f((p) => p.bn3); this.bp1 = f((p) => p.bp1); this.bp3 = f((p) => p.bp3);
    // optimal plant N fraction curve (readplant: ascrv through (0.5, bn2) and (1, bn3))
    this.bnc1 = new Float64Array(n);
    this.bnc2 = new Float64Array(n);
    this.bpc1 = new Float64Array(n);
    this.bpc2 = new Float64Array(n);
    plants.forEach((p, i) => {
      const b1 = p.bp1 - p.bp3;
      if (b1 > 1e-7) {
        const b2 = 1 - (p.bp2 - p.bp3) / b1;
        const b3 = 1 - 0.00001 / b1;
        if (b2 > 0 && b2 < 1 && b3 > b2 && b3 < 1) {
          const [c1, c2] = ascrv(b2, b3, 0.5, 1);
          this.bpc1[i] = c1;
          this.bpc2[i] = c2;
        }
      }
    });
    plants.forEach((p, i) => {
      const b1 = p.bn1 - p.bn3;
      if (b1 > 1e-6) {
        const b2 = 1 - (p.bn2 - p.bn3) / b1;
        const b3 = 1 - 0.00001 / b1;
        if (b2 > 0 && b2 < 1 && b3 > b2 && b3 < 1) {
          const [c1, c2] = ascrv(b2, b3, 0.5, 1);
          this.bnc1[i] = c1;
          this.bnc2[i] = c2;
        }
      }
    });
    // leaf area development curve (ascrv through (frgrw1, laimx1), (frgrw2, laimx2))
    this.leaf1 = new Float64Array(n);
    this.leaf2 = new Float64Array(n);
    this.vpd2 = new Float64Array(n);
    this.gsiAdj = new Float64Array(n);
    plants.forEach((p, i) => {
      if (p.frgrw1 > 0 && p.frgrw2 > 0 && p.laimx1 > 0 && p.laimx2 > 0 && p.laimx1 < 1 && p.laimx2 < 1 && p.frgrw2 !== p.frgrw1) {
        const [a, b] = ascrv(p.laimx1, p.laimx2, p.frgrw1, p.frgrw2);
        this.leaf1[i] = a;
        this.leaf2[i] = b;
      } else {
        this.leaf1[i] = 0;
        this.leaf2[i] = 0;
      }
      // stomatal conductance decline with vapour pressure deficit (SWAT readplant)
      if (p.vpdfr > 1 && p.frgmax > 0 && p.frgmax < 1) this.vpd2[i] = (1 - p.frgmax) / (p.vpdfr - 1);
      else this.vpd2[i] = 0;
      this.gsiAdj[i] = p.gsi;
    });
  }
}

/** SWAT ascrv: shape coefficients of y = x / (x + exp(c1 - c2 x)) through (x1,y1), (x2,y2). */
export function ascrv(y1: number, y2: number, x1: number, x2: number): [number, number] {
  const a = Math.log(x1 / y1 - x1);
  const c2 = (a - Math.log(x2 / y2 - x2)) / (x2 - x1);
  const c1 = a + x1 * c2;
  return [c1, c2];
}

export interface OpArrays {
  month: Int32Array; day: Int32Array; husc: Float64Array; code: Int32Array; i1: Int32Array; i2: Int32Array; i3: Int32Array;
  v4: Float64Array; v5: Float64Array; v6: Float64Array; v7: Float64Array; v8: Float64Array; v9: Float64Array;
}

const OP_INT = ['month', 'day', 'code', 'i1', 'i2', 'i3'] as const;
const OP_FLOAT = ['husc', 'v4', 'v5', 'v6', 'v7', 'v8', 'v9'] as const;
function newOps(cap: number): OpArrays {
  const o = {} as Record<string, Int32Array | Float64Array>;
  for (const k of OP_INT) o[k] = new Int32Array(cap);
  for (const k of OP_FLOAT) o[k] = new Float64Array(cap);
  return o as unknown as OpArrays;
}
function growOps(a: OpArrays, cap: number): OpArrays {
  const o = newOps(cap);
  for (const k of [...OP_INT, ...OP_FLOAT]) (o[k] as Float64Array).set(a[k] as Float64Array);
  return o;
}
function trimOps(a: OpArrays, n: number, shared: boolean): OpArrays {
  const o = {} as Record<string, Int32Array | Float64Array>;
  for (const k of OP_INT) o[k] = shared ? new Int32Array(new SharedArrayBuffer(4 * n)) : new Int32Array(n);
  for (const k of OP_FLOAT) o[k] = shared ? new Float64Array(new SharedArrayBuffer(8 * n)) : new Float64Array(n);
  for (const k of [...OP_INT, ...OP_FLOAT]) o[k].set(a[k].subarray(0, n) as never);
  return o as unknown as OpArrays;
}

export class Model {
  readonly nhru: number;
  readonly nsub: number;
  readonly plants: PlantTable;
  /** state in SharedArrayBuffers (worker threads) */
  readonly shared: boolean;
  // --- HRU identity/static
  hruSub: Int32Array; hruKm: Float64Array; hruFr: Float64Array; dafr: Float64Array;
  hruName: string[]; hruLanduse: string[]; hruSoil: string[];
  slsubbsn: Float64Array; slp: Float64Array; ovN: Float64Array; slsoil: Float64Array; latTtime: Float64Array; brt: Float64Array; tconc: Float64Array;
  /** share of the nitrate in lateral flow that reaches the stream (nlch.f: 1 − (2.18·DIS_STREAM − 8.63)/100, in 0–1) */
  latNo3F: Float64Array;
  canmx: Float64Array; esco: Float64Array; epco: Float64Array; depImp: Float64Array; cn2: Float64Array; usleP: Float64Array; usleK: Float64Array;
  usleLs: Float64Array; cfrg: Float64Array; urbanFcimp: Float64Array; solAlb: Float64Array; solZmx: Float64Array; bioMin: Float64Array;
  /** filter strip trapping efficiency (filtw.f: 0.367·FILTERW^0.2967, at most 1) */
  filterTrap: Float64Array;
  potFr: Float64Array; potVolx: Float64Array; potTile: Float64Array; evpot: Float64Array; latSedConc: Float64Array;
  potK: Float64Array; potNo3l: Float64Array; potSolpl: Float64Array;
  /** the HRU's detached clay and silt fractions (soil_phys.f), for pothole settling */
  detCla: Float64Array; detSil: Float64Array;
  /** what a pothole holds (pothole.f): clay, silt and coarser sediment (t), nitrate, soluble P,
   * organic N and P and mineral P attached to sediment (kg) */
  potCla: Float64Array; potSil: Float64Array; potOth: Float64Array; potNo3: Float64Array; potSolp: Float64Array;
  potOrgn: Float64Array; potOrgp: Float64Array; potMinp: Float64Array;
  // CN
  smx: Float64Array; wrt1: Float64Array; wrt2: Float64Array; sci: Float64Array; cnday: Float64Array;
  // soil layers (stride ML)
  nly: Int32Array; solZ: Float64Array; solFc: Float64Array; solUl: Float64Array; solSt: Float64Array; solHk: Float64Array; solK: Float64Array;
  solTmp: Float64Array; solWpmm: Float64Array; solBd: Float64Array;
  // nitrogen (kg N/ha per layer): nitrate, active and stable humic organic N; fresh organic N in residue
  solNo3: Float64Array; solAorgn: Float64Array; solOrgn: Float64Array; solCbn: Float64Array; fon: Float64Array; plantn: Float64Array;
  anionExcl: Float64Array; autoNyr: Float64Array; autoNyrMax: Float64Array;
  // auto-fertilization (anfert.f): target N of the yield, its yearly update, fertilizer, options
  tnylda: Float64Array; tnyld: Float64Array; autoEff: Float64Array; afrtSurface: Float64Array; afrtFert: Int32Array; nstressMode: Int32Array;
  // phosphorus (kg P/ha per layer): labile (solution), active and stable mineral, humic organic; fresh organic P in residue
  solSolp: Float64Array; solActp: Float64Array; solStap: Float64Array; solOrgp: Float64Array; fop: Float64Array; plantp: Float64Array;
  strsp: Float64Array; erorgn: Float64Array; erorgp: Float64Array; wt1: Float64Array;
  sumfc: Float64Array; sumul: Float64Array; avgBd: Float64Array;
  // constant per-layer/per-HRU factors (exact, precomputed)
  percF: Float64Array; evzF: Float64Array; solZc: Float64Array; impF: Float64Array; soltDp: Float64Array; soltBb: Float64Array;
  rdCache: Float64Array; rootW: Float64Array; rootN: Float64Array; rootP: Float64Array;
  // states
  sno: Float64Array; snotmp: Float64Array; canstor: Float64Array; surfBs: Float64Array; latBs: Float64Array;
  shallst: Float64Array; deepst: Float64Array; rchrg: Float64Array; gwQ: Float64Array; gwQd: Float64Array; potVol: Float64Array; sedBs: Float64Array;
  /** GWSOLP: soluble P concentration of the groundwater flow (mg/L) */
  gwsolp: Float64Array;
  gwDelayE: Float64Array; alphaBfE: Float64Array; alphaBfDE: Float64Array; gwqmn: Float64Array; gwRevap: Float64Array; revapmn: Float64Array; rchrgDp: Float64Array;
  // plant
  igro: Int32Array; iplant: Int32Array; phuPlt: Float64Array; phuacc: Float64Array; lai: Float64Array; olai: Float64Array; laimxfr: Float64Array;
  bio: Float64Array; cht: Float64Array; idorm: Int32Array; igrotree: Int32Array; curyrMat: Float64Array; hvstiPa: Float64Array;
  /** plant ET and PET summed while 0.5 < heat-unit fraction < DLAI (grow.f): the water deficiency of the harvest index */
  pltEt: Float64Array; pltPet: Float64Array;
  strsw: Float64Array; strsn: Float64Array; rsd: Float64Array;
  hiTarg: Float64Array; bioTarg: Float64Array; yieldAcc: Float64Array; phubase: Float64Array;
  autoWstrs: Float64Array; autoWstrsId: Int32Array; autoIrrMx: Float64Array; autoIrrAsq: Float64Array; irrQird: Float64Array; autoNstrs: Float64Array; autoNapp: Float64Array; irrPending: Float64Array;
  grzDays: Int32Array; grzEat: Float64Array; grzTrmp: Float64Array;
  // management ops
  ops: OpArrays; opBegin: Int32Array; opEnd: Int32Array; opPtr: Int32Array; opWait: Int32Array;
  // subbasin static
  /** each subbasin's sediment by particle size (route.ts SIZE), as fractions: its HRUs' detached
   * fractions (soil_phys.f) weighted by HRU area; CH_EQN 1–4 reaches route the classes */
  subDet: Float64Array;
  subArea: Float64Array; subLat: Float64Array; subElev: Float64Array; subCo2: Float64Array; subPhutot: Float64Array; subTmpAn: Float64Array;
  subDaylmn: Float64Array; subDormHr: Float64Array; subHruBegin: Int32Array; subHruEnd: Int32Array;
  /** per HRU, the seed of SWAT's half-hour rainfall fraction draw (alph.f); per subbasin and
   * month, its mean AMP_R (readwgn.f) — both set by sim.ts from the weather generator */
  hhSeed: Float64Array; subAmpR: Float64Array;

  /** With `shared`, HRU state lives in SharedArrayBuffers so worker threads can simulate
   * part of the HRUs on the same arrays (see threads.ts). */
  constructor(p: Project, opts: { shared?: boolean } = {}) {
    // HRU counts per subbasin: the HRUs themselves may be streamed (p.hruSource), a subbasin at a
    // time, converted into the arrays below and dropped
    const counts = p.subbasins.map((s) => (s.hrus.length > 0 || !p.hruSource ? s.hrus.length : s.hruCount ?? 0));
    const hruSubList: number[] = [];
    counts.forEach((c, si) => {
      for (let k = 0; k < c; k++) hruSubList.push(si);
    });
    const n = hruSubList.length;
    const nsub = p.subbasins.length;
    this.nhru = n;
    this.nsub = nsub;
    const sh = opts.shared === true;
    this.shared = sh;
    const F = () => (sh ? new Float64Array(new SharedArrayBuffer(8 * n)) : new Float64Array(n));
    const FL = () => (sh ? new Float64Array(new SharedArrayBuffer(8 * n * ML)) : new Float64Array(n * ML));
    const I = () => (sh ? new Int32Array(new SharedArrayBuffer(4 * n)) : new Int32Array(n));
    const basin = p.basin;
    this.plants = new PlantTable([...p.plants.values()]);
    const da = p.subbasins.reduce((a, s) => a + s.area, 0);

    this.subDet = new Float64Array(p.subbasins.length * NSIZE);
    this.subArea = Float64Array.from(p.subbasins, (s) => s.area);
    this.subLat = Float64Array.from(p.subbasins, (s) => s.lat);
    this.subElev = Float64Array.from(p.subbasins, (s) => s.elev);
    this.subCo2 = Float64Array.from(p.subbasins, (s) => s.co2);
    this.subPhutot = Float64Array.from(p.subbasins, (s) => annualHeatUnits(s.wgn));
    this.subTmpAn = Float64Array.from(p.subbasins, (s) => annualMeanTemp(s.wgn));
    this.subDaylmn = Float64Array.from(p.subbasins, (s) => minDayLength(s.lat));
    this.subDormHr = Float64Array.from(p.subbasins, (s) => {
      if (basin.dormHr > 0) return basin.dormHr;
      const lat = Math.abs(s.lat);
      return lat > 40 ? 1 : lat > 20 ? (lat - 20) / 20 : 0;
    });
    this.subHruBegin = new Int32Array(nsub);
    this.subHruEnd = new Int32Array(nsub);
    {
      let k = 0;
      p.subbasins.forEach((s, si) => {
        this.subHruBegin[si] = k;
        k += counts[si];
        this.subHruEnd[si] = k;
        void s;
      });
    }

    this.hruSub = Int32Array.from(hruSubList);
    this.hruName = new Array<string>(n).fill('');
    this.hruLanduse = new Array<string>(n).fill('');
    this.hruSoil = new Array<string>(n).fill('');
    this.hruFr = F(); this.hruKm = F(); this.dafr = F();
    this.slsubbsn = F(); this.slp = F(); this.ovN = F(); this.slsoil = F(); this.latTtime = F(); this.brt = F(); this.tconc = F(); this.latNo3F = F();
    this.canmx = F(); this.esco = F(); this.epco = F(); this.depImp = F(); this.cn2 = F(); this.usleP = F(); this.usleK = F(); this.usleLs = F();
    this.cfrg = F(); this.urbanFcimp = F(); this.solAlb = F(); this.solZmx = F(); this.bioMin = F(); this.filterTrap = F();
    this.potFr = F(); this.potVolx = F(); this.potTile = F(); this.evpot = F(); this.latSedConc = F();
    this.potK = F(); this.potNo3l = F(); this.potSolpl = F(); this.detCla = F(); this.detSil = F();
    this.potCla = F(); this.potSil = F(); this.potOth = F(); this.potNo3 = F(); this.potSolp = F(); this.potOrgn = F(); this.potOrgp = F(); this.potMinp = F();
    this.smx = F(); this.wrt1 = F(); this.wrt2 = F(); this.sci = F(); this.cnday = F();
    this.nly = I(); this.solZ = FL(); this.solFc = FL(); this.solUl = FL(); this.solSt = FL(); this.solHk = FL(); this.solK = FL(); this.solTmp = FL();
    this.solWpmm = FL(); this.solBd = FL();
    this.solNo3 = FL(); this.solAorgn = FL(); this.solOrgn = FL(); this.solCbn = FL(); this.fon = F(); this.plantn = F();
    this.anionExcl = F(); this.autoNyr = F(); this.autoNyrMax = F();
    this.tnylda = F(); this.tnyld = F(); this.autoEff = F(); this.afrtSurface = F(); this.afrtFert = I(); this.nstressMode = I();
    this.solSolp = FL(); this.solActp = FL(); this.solStap = FL(); this.solOrgp = FL(); this.fop = F(); this.plantp = F();
    this.strsp = F(); this.strsp.fill(1); this.erorgn = F(); this.erorgp = F(); this.wt1 = FL();
    this.sumfc = F(); this.sumul = F(); this.avgBd = F();
    this.percF = FL(); this.evzF = FL(); this.solZc = FL(); this.impF = F(); this.soltDp = F(); this.soltBb = F();
    this.rdCache = F(); this.rdCache.fill(-1); this.rootW = FL(); this.rootN = FL(); this.rootP = FL();
    this.sno = F(); this.snotmp = F(); this.canstor = F(); this.surfBs = F(); this.latBs = F(); this.shallst = F(); this.deepst = F(); this.rchrg = F();
    this.gwQ = F(); this.gwQd = F(); this.potVol = F(); this.sedBs = F();
    this.gwsolp = F();
    this.gwDelayE = F(); this.alphaBfE = F(); this.alphaBfDE = F(); this.gwqmn = F(); this.gwRevap = F(); this.revapmn = F(); this.rchrgDp = F();
    this.igro = I(); this.iplant = I(); this.phuPlt = F(); this.phuacc = F(); this.lai = F(); this.olai = F(); this.laimxfr = F(); this.bio = F();
    this.cht = F(); this.idorm = I(); this.igrotree = I(); this.curyrMat = F(); this.hvstiPa = F(); this.pltEt = F(); this.pltPet = F(); this.strsw = F(); this.strsn = F(); this.strsn.fill(1); this.rsd = F(); this.hiTarg = F(); this.bioTarg = F();
    this.yieldAcc = F(); this.phubase = F();
    this.autoWstrs = F(); this.autoWstrsId = I(); this.autoIrrMx = F(); this.autoIrrAsq = F(); this.irrQird = F(); this.autoNstrs = F(); this.autoNapp = F(); this.irrPending = F();
    this.grzDays = I(); this.grzEat = F(); this.grzTrmp = F();
    this.hhSeed = F(); this.subAmpR = sh ? new Float64Array(new SharedArrayBuffer(8 * 12 * nsub)) : new Float64Array(12 * nsub);

    // management operations, flattened (arrays grow while the HRUs stream in)
    this.ops = newOps(Math.max(16, n * 8));
    this.opBegin = I(); this.opEnd = I(); this.opPtr = I(); this.opWait = I();
    this.nops = 0;
    allocExtras(this, n, sh); // tile drains, continuous fertilization (mgt-extra.ts)
    allocImpoundments(this, p, n, sh); // ponds, wetlands, consumptive water use (impound.ts)

    let i = 0;
    for (let si = 0; si < nsub; si++) {
      const s = p.subbasins[si];
      const list = s.hrus.length > 0 || !p.hruSource ? s.hrus : p.hruSource(si);
      const i0 = i;
      for (const h of list) {
        if (i - i0 >= counts[si]) throw new Error(`subbasin ${s.num}: more HRUs than the ${counts[si]} expected`);
        this.initHru(i++, si, h, p, da);
      }
      if (i - i0 !== counts[si]) throw new Error(`subbasin ${s.num}: ${i - i0} HRUs read, ${counts[si]} expected`);
    }
    this.ops = trimOps(this.ops, this.nops, sh); // shared: not copied to worker threads
  }

  private nops = 0;

  private addOps(i: number, h: Hru): void {
    let k = this.nops;
    if (k + h.ops.length > this.ops.code.length) this.ops = growOps(this.ops, Math.max(2 * this.ops.code.length, k + h.ops.length));
    const O = this.ops;
    this.opBegin[i] = k;
    for (const o of h.ops) {
      O.month[k] = o.month; O.day[k] = o.day; O.husc[k] = o.husc; O.code[k] = o.op; O.i1[k] = o.i1; O.i2[k] = o.i2; O.i3[k] = o.i3;
      O.v4[k] = o.v4; O.v5[k] = o.v5; O.v6[k] = o.v6; O.v7[k] = o.v7; O.v8[k] = o.v8; O.v9[k] = o.v9;
      k++;
    }
    this.opEnd[i] = k;
    this.opPtr[i] = this.opBegin[i];
    this.nops = k;
  }

  /** Fills HRU i (of subbasin si) from its input record. */
  private initHru(i: number, si: number, h: Hru, p: Project, da: number): void {
    const basin = p.basin;
    this.addOps(i, h);
    initExtras(this, i, h);
    initImpoundment(this, i, p.subbasins[si], h, basin.resStlrCo);
    this.hruName[i] = h.name;
    this.hruLanduse[i] = h.landuse;
    this.hruSoil[i] = h.soilName;
    {
      const s = p.subbasins[si];
      this.hruFr[i] = h.hruFr;
      this.hruKm[i] = h.hruFr * s.area;
      this.dafr[i] = da > 0 ? this.hruKm[i] / da : 0;
      this.slsubbsn[i] = h.slsubbsn > 0 ? h.slsubbsn : 50;
      this.slp[i] = Math.max(h.slp, 0.0001);
      this.ovN[i] = h.ovN > 0 ? h.ovN : 0.1;
      this.slsoil[i] = h.slsoil > 0 ? h.slsoil : this.slsubbsn[i];
      this.canmx[i] = h.canmx;
      // readhru.f: HRU values of zero or less take the basin value
      this.esco[i] = h.esco > 0 ? h.esco : basin.esco;
      this.epco[i] = h.epco > 0 ? h.epco : basin.epco;
      if (this.epco[i] <= 0) this.epco[i] = 1;
      this.cn2[i] = Math.min(98, Math.max(35, h.cn2));
      this.usleP[i] = h.usleP > 0 ? h.usleP : 1;
      this.bioMin[i] = h.bioMin;
      this.filterTrap[i] = h.filterw > 0 ? Math.min(1, 0.367 * Math.pow(h.filterw, 0.2967)) : 0;
      // readhru.f: POT_FR within 0–1; the pothole starts with POT_VOL, at most POT_VOLX
      this.potFr[i] = Math.min(1, Math.max(0, h.potFr)); this.potVolx[i] = Math.max(0, h.potVolx); this.potTile[i] = Math.max(0, h.potTile); this.evpot[i] = h.evpot;
      this.potVol[i] = Math.min(Math.max(0, h.potVol), this.potVolx[i]);
      this.potK[i] = h.potK ?? 0; this.potNo3l[i] = Math.min(1, Math.max(0, h.potNo3l ?? 0)); this.potSolpl[i] = Math.min(1, Math.max(0, h.potSolpl ?? 0));
      this.latSedConc[i] = h.latSed;
      const urb = h.iurban > 0 ? p.urbans.get(h.urblu) : undefined;
      this.urbanFcimp[i] = urb ? urb.fcimp : 0;

      // --- soil (readsol + soil_phys): add a 10 mm top layer, derive FC/UL/WP
      const layers = h.layers.length > 0 ? h.layers : [{ z: 1000, bd: 1.4, awc: 0.15, k: 10, cbn: 1, clay: 20, silt: 30, sand: 50, rock: 0, alb: 0.13, usleK: 0.2 }];
      const det = detachedFractions(layers[0].clay, layers[0].silt, layers[0].sand);
      for (let k = 0; k < NSIZE; k++) this.subDet[si * NSIZE + k] += h.hruFr * det[k]!;
      this.detCla[i] = det[2]!;
      this.detSil[i] = det[1]!;
      const L = layers[0].z > 10.5 ? [{ ...layers[0], z: 10 }, ...layers] : layers;
      const nl = Math.min(ML, L.length);
      this.nly[i] = nl;
      let zprev = 0;
      let sumfc = 0;
      let sumul = 0;
      let bdsum = 0;
      const annP = annualPrecip(s.wgn);
      const ffc = basin.ffcb > 0 ? basin.ffcb : annP / (annP + Math.exp(9.043 - 0.002135 * annP));
      for (let l = 0; l < nl; l++) {
        const ly = L[l];
        const o = i * ML + l;
        const dep = Math.max(ly.z - zprev, 1);
        const bd = ly.bd > 0 ? ly.bd : 1.3;
        const awc = Math.max(ly.awc, 0.01);
        const por = 1 - bd / 2.65;
        let wp = (0.4 * ly.clay * bd) / 100;
        if (wp <= 0) wp = 0.005;
        let up = wp + awc;
        if (por <= up) {
          up = por - 0.05;
          wp = up - awc;
          if (wp <= 0) {
            up = por * 0.75;
            wp = por * 0.25;
          }
        }
        this.solZ[o] = ly.z;
        this.solFc[o] = dep * (up - wp);
        this.solUl[o] = dep * (por - wp);
        this.solWpmm[o] = dep * wp;
        this.solK[o] = Math.max(ly.k, 1e-4);
        this.solHk[o] = Math.max(2, (this.solUl[o] - this.solFc[o]) / this.solK[o]);
        this.solSt[o] = ffc * this.solFc[o];
        this.solBd[o] = bd;
        this.solTmp[o] = this.subTmpAn[si];
        // soil_chem: initial nitrate and humic N (C:N 14, 2% active) when .chm gives none
        const li = layers === L ? l : Math.max(0, l - 1);
        const wt1 = (bd * dep) / 100;
        // soil_chem.f: 7 mg/kg scaled by exp(−depth/1000) at the layer's bottom
        const no3c = (h.solNo3[li] ?? 0) > 0 ? h.solNo3[li] : 7 * Math.exp(-ly.z / 1000);
        this.solNo3[o] = no3c * wt1;
        const orgc = (h.solOrgn[li] ?? 0) > 0 ? h.solOrgn[li] : (10000 * (ly.cbn > 0 ? ly.cbn : 0.1)) / 14;
        const orgn = orgc * wt1;
        this.solAorgn[o] = orgn * 0.02;
        this.solOrgn[o] = orgn * 0.98;
        // phosphorus (soil_chem): labile P from .chm (default 5 mg/kg), active/stable mineral P
        // in equilibrium with PSP, humic organic P = organic N / 8
        this.wt1[o] = wt1;
        const solpc = (h.solLabp[li] ?? 0) > 0 ? h.solLabp[li] : 5;
        this.solSolp[o] = solpc * wt1;
        const psp = basin.psp > 0 && basin.psp < 1 ? basin.psp : 0.4;
        this.solActp[o] = (this.solSolp[o] * (1 - psp)) / psp;
        this.solStap[o] = 4 * this.solActp[o];
        this.solOrgp[o] = (h.solOrgp[li] ?? 0) > 0 ? h.solOrgp[li] * wt1 : orgn / 8;
        this.solCbn[o] = ly.cbn;
        sumfc += this.solFc[o];
        sumul += this.solUl[o];
        bdsum += bd * dep;
        zprev = ly.z;
      }
      this.sumfc[i] = sumfc;
      this.sumul[i] = sumul;
      this.avgBd[i] = bdsum / Math.max(zprev, 1);
      this.solAlb[i] = L[0].alb;
      this.usleK[i] = L[0].usleK;
      this.cfrg[i] = Math.exp(-0.053 * L[0].rock);
      this.solZmx[i] = h.solZmx > 0 ? Math.min(h.solZmx, this.solZ[i * ML + nl - 1]) : this.solZ[i * ML + nl - 1];
      // readhru.f: an HRU without DEP_IMP takes the basin's DEPIMP_BSN (6000 mm when 0)
      this.depImp[i] = h.depImp > 0 ? h.depImp : basin.depImpBsn ?? 6000;
      {
        let zp = 0;
        for (let l = 0; l < nl; l++) {
          const o = i * ML + l;
          this.percF[o] = 1 - Math.exp(-24 / this.solHk[o]);
          const z = this.solZ[o];
          this.evzF[o] = z / (z + Math.exp(2.374 - 0.00713 * z));
          this.solZc[o] = (zp + z) / 2;
          zp = z;
        }
        const xx = (this.depImp[i] - this.solZ[i * ML + nl - 1]) / 1000;
        this.impF[i] = xx < 1e-4 ? 0 : xx / (xx + Math.exp(8.833 - 2.598 * xx));
        const bd = this.avgBd[i];
        this.soltDp[i] = 1000 + (2500 * bd) / (bd + 686 * Math.exp(-5.63 * bd));
        this.soltBb[i] = Math.log(500 / this.soltDp[i]);
      }

      // curve number retention parameters
      this.setCn(i, this.cn2[i]);
      this.sci[i] = 0.9 * this.smx[i];

      // USLE LS (Williams) with slope length SLSUBBSN
      const theta = Math.atan(this.slp[i]);
      const sn = Math.sin(theta);
      const mexp = 0.6 * (1 - Math.exp(-35.835 * this.slp[i]));
      this.usleLs[i] = Math.pow(this.slsubbsn[i] / 22.128, mexp) * (65.41 * sn * sn + 4.56 * sn + 0.065);

      // time of concentration, surface runoff lag, lateral flow travel time (hydroinit)
      const hruKm = Math.max(this.hruKm[i], 1e-6);
      const chL1 = s.chL1 * (h.hruFr > 0 ? h.hruFr : 1); // ch_l1 * hru_dafr / sub_fr
      const tov = (0.0556 * Math.pow(this.slsubbsn[i] * this.ovN[i], 0.6)) / Math.pow(this.slp[i], 0.3);
      const tch = (0.62 * chL1 * Math.pow(s.chN1 > 0 ? s.chN1 : 0.014, 0.75)) / (Math.pow(hruKm, 0.125) * Math.pow(Math.max(s.chS1, 1e-4), 0.375));
      this.tconc[i] = Math.max(tov + tch, 1e-3);
      this.brt[i] = 1 - Math.exp(-(h.surlag > 0 ? h.surlag : basin.surlag) / this.tconc[i]);
      let latT = h.latTtime;
      if (latT <= 0) {
        let scmx = 0;
        for (let l = 0; l < nl; l++) scmx = Math.max(scmx, this.solK[i * ML + l]);
        latT = (10.4 * this.slsoil[i]) / Math.max(scmx, 1e-6);
      }
      this.latTtime[i] = 1 - Math.exp(-1 / Math.max(latT, 1e-6));
      const dis = (h.disStream ?? 0) > 0 ? h.disStream! : 35;
      this.latNo3F[i] = 1 - Math.min(1, Math.max(0, (2.18 * dis - 8.63) / 100));

      // groundwater
      this.shallst[i] = h.shallst;
      this.deepst[i] = h.deepst;
      this.gwDelayE[i] = Math.exp(-1 / Math.max(h.gwDelay, 1e-6));
      this.alphaBfE[i] = Math.exp(-h.alphaBf);
      this.alphaBfDE[i] = Math.exp(-h.alphaBfD);
      this.gwsolp[i] = h.gwsolp;
      this.gwqmn[i] = h.gwqmn;
      this.gwRevap[i] = h.gwRevap;
      this.revapmn[i] = h.revapmn;
      this.rchrgDp[i] = h.rchrgDp;
      // initial groundwater flow such that the aquifer starts near equilibrium (SWAT: gw_q = 0)
      this.gwQ[i] = 0;

      // snow, residue
      this.sno[i] = s.snoSub;
      this.snotmp[i] = 0;
      this.rsd[i] = h.rsdin;
      this.fon[i] = h.rsdin * 0.0015;
      this.fop[i] = h.rsdin * 0.0003;
      this.erorgn[i] = h.erorgn > 0 ? h.erorgn : 0;
      this.erorgp[i] = h.erorgp > 0 ? h.erorgp : 0;
      // readsol.f: none given takes the basin's ANION_EXCL_BSN; at most 0.99
      this.anionExcl[i] = h.anionExcl > 1e-6 ? Math.min(h.anionExcl, 0.99) : basin.anionExclBsn ?? 0.2;
      // initial plant
      this.iplant[i] = -1;
      if (h.igro === 1) {
        const pi = this.plants.byId.get(h.plantId);
        if (pi !== undefined) {
          this.igro[i] = 1;
          this.iplant[i] = pi;
          this.lai[i] = h.laiInit;
          this.olai[i] = h.laiInit;
          this.bio[i] = h.bioInit;
          this.phuPlt[i] = h.phuPlt;
          this.curyrMat[i] = this.plants.matYrs[pi];
          this.igrotree[i] = 1;
        }
      }
    }
  }

  /** The typed-array fields of the model (state and parameters), for a worker's view. */
  arrays(): Record<string, ArrayBufferView> {
    const o: Record<string, ArrayBufferView> = {};
    for (const [k, v] of Object.entries(this)) if (ArrayBuffer.isView(v)) o[k] = v;
    return o;
  }

  /** A model over arrays shared with another thread (built by `arrays()` there). */
  static view(arrays: Record<string, ArrayBufferView>, ops: OpArrays, plants: PlantParams[], nhru: number, nsub: number): Model {
    // A generated constructor with one named store per field: V8 then gives the object fast
    // (in-object) properties, as for `new Model` (Object.assign of ~150 keys would leave it
    // in slow dictionary mode, halving the speed of the HRU code).
    const keys = Object.keys(arrays).filter((k) => /^[A-Za-z_$][\w$]*$/.test(k));
    const body = ['this.nhru = nhru; this.nsub = nsub; this.shared = true; this.plants = plants; this.ops = ops;',
      'this.hruName = []; this.hruLanduse = []; this.hruSoil = []; this.nops = 0;', ...keys.map((k) => `this.${k} = a.${k};`)].join('\n');
    const Make = new Function('a', 'ops', 'plants', 'nhru', 'nsub', body) as unknown as { prototype: object; new (...args: unknown[]): Model };
    Make.prototype = Model.prototype;
    return new Make(arrays, ops, new PlantTable(plants), nhru, nsub);
  }

  /** SWAT curno: CN1/CN3, maximum retention and the soil-water shape coefficients. */
  setCn(i: number, cnn: number): void {
    cnn = Math.min(98, Math.max(35, cnn));
    this.cn2[i] = cnn;
    const c2 = 100 - cnn;
    let cn1 = cnn - (20 * c2) / (c2 + Math.exp(2.533 - 0.0636 * c2));
    cn1 = Math.max(cn1, 0.4 * cnn);
    const cn3 = cnn * Math.exp(0.006729 * c2);
    const smx = 254 * (100 / cn1 - 1);
    const s3 = 254 * (100 / cn3 - 1);
    const rto3 = 1 - s3 / smx;
    const rtos = 1 - 2.54 / smx;
    const sumfc = Math.max(this.sumfc[i], 1e-3);
    const sumul = Math.max(this.sumul[i], sumfc * 1.01 + 1e-3);
    const a = Math.log(sumfc / rto3 - sumfc);
    const w2 = (a - Math.log(sumul / rtos - sumul)) / (sumul - sumfc);
    this.wrt2[i] = w2;
    this.wrt1[i] = a + w2 * sumfc;
    this.smx[i] = smx;
  }
}
