// Output accumulation and streaming: daily values from the loop are summed into the
// print period of file.cio (IPRINT 0 monthly + yearly + average annual, 1 daily,
// 2 yearly + average annual) after NYSKIP years, and written with the output area's
// streaming writers (output.rch/.sub/.hru). output.std is written by writeStd().
import { join } from 'node:path';
import { closeSync, openSync, writeFileSync, writeSync } from 'node:fs';
import { formatE } from '../output/fortran.ts';
// the writer modules themselves, not the output index (which also loads the readers: start-up)
import { columnsFromPrintList } from '../output/columns.ts';
import { createHruWriter, createRchWriter, createSubWriter } from '../output/writer.ts';
import { formatAveAnnualBasinLines } from '../output/std.ts';
import type { OutputRowInput, OutputWriter, PeriodKind } from '../output/types.ts';
import type { Project } from './project.ts';
import { isLeap } from './adapter.ts';
import type { Model } from './model.ts';
import { SedOutput } from './sed-output.ts';
import { averageYears, type DayContext, type SimObserver, type SimTotals } from './sim.ts';
import { BV, HV, HV_AGG, NBV, NHV, NRSV, NRV, NSV, RSV_AGG, RV, RV_AGG, SV, SV_AGG } from './vars.ts';

const HRU_MAP: Record<string, number> = {
  PRECIPmm: HV.PRECIP, SNOFALLmm: HV.SNOFALL, SNOMELTmm: HV.SNOMELT, IRRmm: HV.IRR, PETmm: HV.PET, ETmm: HV.ET, SW_INITmm: HV.SW_INIT,
  SW_ENDmm: HV.SW_END, PERCmm: HV.PERC, GW_RCHGmm: HV.GW_RCHG, DA_RCHGmm: HV.DA_RCHG, REVAPmm: HV.REVAP, SA_STmm: HV.SA_ST, DA_STmm: HV.DA_ST,
  SURQ_GENmm: HV.SURQ_GEN, SURQ_CNTmm: HV.SURQ_CNT, TLOSSmm: HV.TLOSS, LATQGENmm: HV.LATQGEN, GW_Qmm: HV.GW_Q, WYLDmm: HV.WYLD,
  DAILYCN: HV.DAILYCN, TMP_AVdgC: HV.TMP_AV, TMP_MXdgC: HV.TMP_MX, TMP_MNdgC: HV.TMP_MN, SOL_TMPdgC: HV.SOL_TMP, 'SOLARMJ/m2': HV.SOLAR,
  'SYLDt/ha': HV.SYLD, 'USLEt/ha': HV.USLE, 'N_APPkg/ha': HV.N_APP, 'P_APPkg/ha': HV.P_APP, 'NAUTOkg/ha': HV.NAUTO, W_STRS: HV.W_STRS,
  TMP_STRS: HV.TMP_STRS, N_STRS: HV.N_STRS, 'NUPkg/ha': HV.NUP, 'NFIXkg/ha': HV.NFIX, 'NSURQkg/ha': HV.NSURQ, 'NLATQkg/ha': HV.NLATQ,
  'NO3Lkg/ha': HV.NO3L, 'F-MNkg/ha': HV.F_MN, 'A-MNkg/ha': HV.A_MN, 'DNITkg/ha': HV.DNIT, 'NRAINkg/ha': HV.NRAIN, 'TNO3kg/ha': HV.TNO3, 'PUPkg/ha': HV.PUP, 'ORGNkg/ha': HV.ORGN, 'ORGPkg/ha': HV.ORGP, 'SEDPkg/ha': HV.SEDP,
  'SOLPkg/ha': HV.SOLP, P_STRS: HV.P_STRS, 'F-MPkg/ha': HV.F_MP, 'AO-LPkg/ha': HV.AO_LP, 'L-APkg/ha': HV.L_AP, 'A-SPkg/ha': HV.A_SP, 'BIOMt/ha': HV.BIOM, LAI: HV.LAI, 'YLDt/ha': HV.YLD, SNOmm: HV.SNO, GW_Q_Dmm: HV.GW_Q_D, LATQCNTmm: HV.LATQCNT,
  QTILEmm: HV.QTILE,
};
const SUB_MAP: Record<string, number> = {
  PRECIPmm: SV.PRECIP, SNOMELTmm: SV.SNOMELT, PETmm: SV.PET, ETmm: SV.ET, SWmm: SV.SW, PERCmm: SV.PERC, SURQmm: SV.SURQ, GW_Qmm: SV.GW_Q,
  WYLDmm: SV.WYLD, 'SYLDt/ha': SV.SYLD, 'LAT Q(mm)': SV.LATQ, 'ORGNkg/ha': SV.ORGN, 'ORGPkg/ha': SV.ORGP, 'NSURQkg/ha': SV.NSURQ,
  'SOLPkg/ha': SV.SOLP, 'SEDPkg/ha': SV.SEDP, 'LATNO3kg/h': SV.LATNO3,
};
const RCH_MAP: Record<string, number> = {
  FLOW_INcms: RV.FLOW_IN, FLOW_OUTcms: RV.FLOW_OUT, EVAPcms: RV.EVAP, TLOSScms: RV.TLOSS, SED_INtons: RV.SED_IN, SED_OUTtons: RV.SED_OUT,
  'SEDCONCmg/kg': RV.SEDCONC, NO3_INkg: RV.NO3_IN, NO3_OUTkg: RV.NO3_OUT, ORGN_INkg: RV.ORGN_IN, ORGN_OUTkg: RV.ORGN_OUT,
  ORGP_INkg: RV.ORGP_IN, ORGP_OUTkg: RV.ORGP_OUT, MINP_INkg: RV.MINP_IN, MINP_OUTkg: RV.MINP_OUT, 'TOT Nkg': RV.TOTN, 'TOT Pkg': RV.TOTP,
  'NO3ConcMg/l': RV.NO3CONC, NH4_INkg: RV.NH4_IN, NH4_OUTkg: RV.NH4_OUT, NO2_INkg: RV.NO2_IN, NO2_OUTkg: RV.NO2_OUT,
  CHLA_INkg: RV.CHLA_IN, CHLA_OUTkg: RV.CHLA_OUT, CBOD_INkg: RV.CBOD_IN, CBOD_OUTkg: RV.CBOD_OUT, DISOX_INkg: RV.DISOX_IN,
  DISOX_OUTkg: RV.DISOX_OUT, WTMPdegc: RV.WTMP,
};

/** Accumulators of one unit kind (nu units x nv variables) for period, year and whole run.
 * Daily values go into the buffers the print code needs (period: monthly/daily rows; year:
 * yearly rows); the whole-run buffer is rolled up from the year at each year end. */
export class Acc {
  readonly nu: number;
  readonly nv: number;
  readonly agg: Int8Array;
  period: Float64Array; year: Float64Array; all: Float64Array;
  nPeriod = 0; nYear = 0; nAll = 0;
  readonly usePeriod: boolean;
  readonly useYear: boolean;
  private readonly sumIdx: Int32Array; // agg 0 (sum) and 1 (mean): summed
  private readonly otherIdx: Int32Array;
  private readonly sumPrefix: number;
  /** `shared`: buffers in SharedArrayBuffers (HRUs accumulated by worker threads); `buffers`:
   * a view over another thread's buffers. */
  constructor(nu: number, nv: number, agg: Int8Array, usePeriod = true, useYear = true, shared = false,
    buffers?: { period: Float64Array; year: Float64Array; all: Float64Array }) {
    this.nu = nu;
    this.nv = nv;
    this.agg = agg;
    this.usePeriod = usePeriod;
    this.useYear = useYear;
    const sums: number[] = [];
    const other: number[] = [];
    for (let v = 0; v < nv; v++) (agg[v] <= 1 ? sums : other).push(v);
    this.sumIdx = Int32Array.from(sums);
    this.otherIdx = Int32Array.from(other);
    // summed variables numbered 0..k-1 (vars.ts HV): added in one contiguous loop
    this.sumPrefix = sums.every((v, i) => v === i) ? sums.length : 0;
    const mk = (len: number) => (shared ? new Float64Array(new SharedArrayBuffer(8 * len)) : new Float64Array(len));
    this.period = buffers?.period ?? mk(usePeriod ? nu * nv : 0);
    this.year = buffers?.year ?? mk(useYear ? nu * nv : 0);
    this.all = buffers?.all ?? mk(useYear ? nu * nv : 0);
  }
  addUnit(u: number, src: Float64Array, srcOff: number): void {
    const o = u * this.nv;
    const si = this.sumIdx, oi = this.otherIdx, agg = this.agg;
    if (this.usePeriod) {
      const P = this.period;
      const ns = this.sumPrefix;
      if (ns > 0) for (let v = 0; v < ns; v++) P[o + v] += src[srcOff + v];
      else for (let k = 0; k < si.length; k++) P[o + si[k]] += src[srcOff + si[k]];
      for (let k = 0; k < oi.length; k++) {
        const v = oi[k];
        const x = src[srcOff + v];
        const a = agg[v];
        if (a === 2 || a === 5) P[o + v] = x;
        else if (a === 4) {
          if (this.nPeriod === 0 || x > P[o + v]) P[o + v] = x;
        } else if (this.nPeriod === 0) P[o + v] = x;
      }
    }
    if (this.useYear) {
      const Y = this.year;
      const ns = this.sumPrefix;
      if (ns > 0) for (let v = 0; v < ns; v++) Y[o + v] += src[srcOff + v];
      else for (let k = 0; k < si.length; k++) Y[o + si[k]] += src[srcOff + si[k]];
      for (let k = 0; k < oi.length; k++) {
        const v = oi[k];
        const x = src[srcOff + v];
        const a = agg[v];
        if (a === 2) Y[o + v] = x;
        else if (a === 4 || a === 5) {
          if (this.nYear === 0 || x > Y[o + v]) Y[o + v] = x;
        } else if (this.nYear === 0) Y[o + v] = x;
      }
    }
  }
  endDay(): void {
    this.nPeriod++;
    this.nYear++;
  }
  /** Rolls the year into the whole-run buffer (before the year is reset). */
  endYear(): void {
    if (!this.useYear || this.nYear === 0) return;
    const Y = this.year, A = this.all, agg = this.agg, nv = this.nv;
    for (let u = 0; u < this.nu; u++) {
      const o = u * nv;
      for (let v = 0; v < nv; v++) {
        const a = agg[v];
        const x = Y[o + v];
        if (a <= 1) A[o + v] += x;
        else if (a === 2) A[o + v] = x;
        else if (a === 4 || a === 5) {
          if (this.nAll === 0 || x > A[o + v]) A[o + v] = x;
        } else if (this.nAll === 0) A[o + v] = x;
      }
    }
    this.nAll += this.nYear;
  }
  /** Values of unit u from buffer `which`, means divided by the day count, sums divided by `div`. */
  values(which: 'period' | 'year' | 'all', u: number, div: number, out: Float64Array): Float64Array {
    const buf = which === 'period' ? this.period : which === 'year' ? this.year : this.all;
    const cnt = which === 'period' ? this.nPeriod : which === 'year' ? this.nYear : this.nAll;
    const o = u * this.nv;
    for (let v = 0; v < this.nv; v++) {
      const a = this.agg[v];
      const x = buf[o + v];
      out[v] = a === 1 ? (cnt > 0 ? x / cnt : 0) : a === 0 ? x / div : x;
    }
    return out;
  }
  reset(which: 'period' | 'year'): void {
    if (which === 'period') {
      this.period.fill(0);
      this.nPeriod = 0;
    } else {
      this.year.fill(0);
      this.nYear = 0;
    }
  }
}

export interface OutputSetOptions {
  dir: string;
  /** Write output.rch/.sub/.hru (default true). */
  files?: boolean;
  /** Receives the text written to output.rch/.sub/.hru, block by block (OutputWriterOptions.onText). */
  onText?: (kind: 'rch' | 'sub' | 'hru', text: string) => void;
}

export class OutputSet implements SimObserver {
  hruWanted: Uint8Array | null;
  private readonly p: Project;
  private readonly iprint: number;
  private readonly nyskip: number;
  /** HRU accumulators: filled by the simulation loop (runHrus), HRU by HRU, possibly in
   * worker threads; the other kinds are accumulated here. */
  readonly hruAcc: Acc;
  private readonly subAcc: Acc;
  private readonly rchAcc: Acc;
  private readonly printedHrus: number[];
  private hruW: OutputWriter | null = null;
  private subW: OutputWriter | null = null;
  private rchW: OutputWriter | null = null;
  private hruIdx: Int32Array = new Int32Array(0);
  private subIdx: Int32Array = new Int32Array(0);
  private rchIdx: Int32Array = new Int32Array(0);
  private readonly reachNums: number[];
  private readonly reachArea: Map<number, number>;
  private readonly hruNames: string[];
  private readonly hruLulc: string[];
  private readonly hruSubNum: number[];
  private readonly hruArea: number[];
  private printedYears = 0;
  readonly files: string[] = [];
  private tmpH = new Float64Array(NHV);
  private tmpS = new Float64Array(NSV);
  private tmpR = new Float64Array(NRV);

  constructor(p: Project, model: Model, opts: OutputSetOptions) {
    this.p = p;
    const c = p.control;
    this.iprint = c.iprint;
    this.nyskip = c.nyskip;
    const n = model.nhru;
    this.hruWanted = new Uint8Array(n);
    const list = c.hruPrint.length > 0 ? c.hruPrint.filter((x) => x >= 1 && x <= n).map((x) => x - 1) : Array.from({ length: n }, (_, i) => i);
    this.printedHrus = list;
    for (const h of list) this.hruWanted[h] = 1;
    // period buffers for monthly/daily printing, year (and whole-run) buffers for yearly rows
    // and average-annual rows
    const usePeriod = c.iprint === 0 || c.iprint === 1;
    const useYear = c.iprint !== 1;
    this.hruAcc = new Acc(n, NHV, HV_AGG, usePeriod, useYear, model.shared);
    this.subAcc = new Acc(model.nsub, NSV, SV_AGG, usePeriod, useYear);
    this.reachNums = [...p.reaches.keys()].sort((a, b) => a - b);
    this.rchAcc = new Acc(this.reachNums.length, NRV, RV_AGG, usePeriod, useYear);
    this.hruNames = model.hruName;
    this.hruSubNum = Array.from(model.hruSub, (s) => s + 1);
    this.hruArea = Array.from(model.hruKm);
    // land cover printed in LULC: the plant growing (updated on write), else land use
    this.hruLulc = model.hruLanduse.slice();
    // drainage area of each reach from the fig.fig tree
    const hydArea: number[] = [];
    this.reachArea = new Map();
    for (const cmd of p.fig) {
      if (cmd.kind === 'subbasin') hydArea[cmd.out] = p.subbasins[cmd.sub - 1].area;
      else if (cmd.kind === 'add') hydArea[cmd.out] = (hydArea[cmd.a] ?? 0) + (hydArea[cmd.b] ?? 0);
      else if (cmd.kind === 'route') {
        hydArea[cmd.out] = hydArea[cmd.inp] ?? 0;
        this.reachArea.set(cmd.reach, hydArea[cmd.inp] ?? 0);
      } else if (cmd.kind === 'rec') hydArea[cmd.out] = 0;
      else if (cmd.kind === 'pass' || cmd.kind === 'routres') hydArea[cmd.out] = hydArea[cmd.inp] ?? 0;
    }
    if (opts.files !== false) this.open(opts.dir, model, opts.onText);
  }

  private model: Model | null = null;

  private open(dir: string, model: Model, onText?: OutputSetOptions['onText']): void {
    this.model = model;
    const c = this.p.control;
    const iprint = (c.iprint === 1 ? 1 : c.iprint === 2 ? 2 : 0) as 0 | 1 | 2;
    const icalen = (iprint === 1 && c.icalen === 1 ? 1 : 0) as 0 | 1;
    const title = c.title.map((t) => t) as [string, string, string];
    const common = { iprint, icalen, title, rev: 637 };
    const mk = (kind: 'rch' | 'sub' | 'hru', codes: number[], map: Record<string, number>) => {
      const columns = columnsFromPrintList(kind, codes);
      const idx = Int32Array.from(columns, (name) => (name in map ? map[name] : -1));
      const path = join(dir, `output.${kind}`);
      this.files.push(path);
      const o = { ...common, columns, ...(onText ? { onText: (t: string) => onText(kind, t) } : {}) };
      const w = kind === 'rch' ? createRchWriter(path, o) : kind === 'sub' ? createSubWriter(path, o) : createHruWriter(path, o);
      return { w, idx };
    };
    const r = mk('rch', c.rchVars, RCH_MAP);
    this.rchW = r.w;
    this.rchIdx = r.idx;
    const s = mk('sub', c.subVars, SUB_MAP);
    this.subW = s.w;
    this.subIdx = s.idx;
    const h = mk('hru', c.hruVars, HRU_MAP);
    this.hruW = h.w;
    this.hruIdx = h.idx;
    // output.rsv is written whether or not there are reservoirs (SWAT writes its header)
    this.rsv = new RsvOutput(dir, this.p, iprint);
    this.files.push(this.rsv.file);
    // output.sed, like output.rsv, on every run
    this.sed = new SedOutput(dir, this.reachNums, (r) => this.reachArea.get(r) ?? 0, iprint, this.nyskip);
    this.files.push(this.sed.file);
  }

  private sed: SedOutput | null = null;

  sedDay(ctx: DayContext, v: Float64Array): void | Promise<void> {
    if (this.sed) return this.sed.day(ctx, v);
  }

  private rsv: RsvOutput | null = null;

  /** Reservoir values of the day (sim.ts), for output.rsv. */
  reservoirDay(ctx: DayContext, v: Float64Array, on: Uint8Array): void {
    if (ctx.yearIndex < this.nyskip || !this.rsv) return;
    this.rsv.day(ctx, v, on);
  }

  day(ctx: DayContext, hv: Float64Array, sv: Float64Array, rv: Float64Array): void | Promise<void> {
    if (ctx.yearIndex < this.nyskip) return;
    const hAcc = this.hruAcc, sAcc = this.subAcc, rAcc = this.rchAcc;
    void hv;
    for (let s = 0; s < sAcc.nu; s++) sAcc.addUnit(s, sv, s * NSV);
    for (let r = 0; r < rAcc.nu; r++) rAcc.addUnit(r, rv, r * NRV);
    hAcc.endDay();
    sAcc.endDay();
    rAcc.endDay();
    const pending: Promise<void>[] = [];
    const emit = (kind: PeriodKind, which: 'period' | 'year' | 'all', extra: Partial<OutputRowInput>, div: number) => {
      const pr = this.emitAll(kind, which, extra, div);
      if (pr) pending.push(pr);
    };
    if (this.iprint === 1) {
      emit('day', 'period', { year: ctx.year, month: ctx.month, day: ctx.dom, julianDay: ctx.jday }, 1);
      hAcc.reset('period');
      sAcc.reset('period');
      rAcc.reset('period');
    } else if (this.iprint === 0 && ctx.lastDayOfMonth) {
      emit('month', 'period', { month: ctx.month, year: ctx.year }, 1);
      hAcc.reset('period');
      sAcc.reset('period');
      rAcc.reset('period');
    }
    if (ctx.lastDayOfYear) {
      this.printedYears++;
      if (this.iprint !== 1) emit('year', 'year', { year: ctx.year }, 1);
      hAcc.endYear();
      sAcc.endYear();
      rAcc.endYear();
      hAcc.reset('year');
      sAcc.reset('year');
      rAcc.reset('year');
      if (this.iprint === 2) {
        hAcc.reset('period');
        sAcc.reset('period');
        rAcc.reset('period');
      }
    }
    if (pending.length) return Promise.all(pending).then(() => undefined);
  }

  // one row object and one value vector per file, refilled for every row (no allocation per row)
  private valsH: Float64Array | null = null;
  private valsS: Float64Array | null = null;
  private valsR: Float64Array | null = null;
  private readonly rowH: OutputRowInput = { unit: 0, gis: '', lulc: '', sub: 0, mgt: 0, period: 'day', area: 0, values: new Float64Array(0) } as OutputRowInput;
  private readonly rowS: OutputRowInput = { unit: 0, gis: 0, period: 'day', area: 0, values: new Float64Array(0) } as OutputRowInput;
  private readonly rowR: OutputRowInput = { unit: 0, gis: 0, period: 'day', area: 0, values: new Float64Array(0) } as OutputRowInput;

  private emitAll(kind: PeriodKind, which: 'period' | 'year' | 'all', extra: Partial<OutputRowInput>, div: number): Promise<void> | void {
    const pending: Promise<void>[] = [];
    const push = (r: void | Promise<void>) => {
      if (r) pending.push(r);
    };
    const period = (row: OutputRowInput) => {
      row.period = kind;
      row.year = extra.year;
      row.month = extra.month;
      row.day = extra.day;
      row.julianDay = extra.julianDay;
      row.years = extra.years;
    };
    if (this.hruW) {
      const idx = this.hruIdx;
      const vals = (this.valsH ??= new Float64Array(idx.length));
      const row = this.rowH;
      period(row);
      row.values = vals;
      for (const h of this.printedHrus) {
        const v = this.hruAcc.values(which, h, div, this.tmpH);
        for (let k = 0; k < idx.length; k++) vals[k] = idx[k] >= 0 ? v[idx[k]] : 0;
        const m = this.model!;
        const ip = m.iplant[h];
        row.unit = h + 1;
        row.gis = this.hruNames[h];
        row.lulc = ip >= 0 ? m.plants.names[ip] : this.hruLulc[h];
        row.sub = this.hruSubNum[h];
        row.area = this.hruArea[h];
        push(this.hruW.writeRow(row));
      }
    }
    if (this.subW) {
      const idx = this.subIdx;
      const vals = (this.valsS ??= new Float64Array(idx.length));
      const row = this.rowS;
      period(row);
      row.values = vals;
      for (let s = 0; s < this.subAcc.nu; s++) {
        const v = this.subAcc.values(which, s, div, this.tmpS);
        for (let k = 0; k < idx.length; k++) vals[k] = idx[k] >= 0 ? v[idx[k]] : 0;
        row.unit = s + 1;
        row.area = this.p.subbasins[s].area;
        push(this.subW.writeRow(row));
      }
    }
    if (this.rchW) {
      const idx = this.rchIdx;
      const vals = (this.valsR ??= new Float64Array(idx.length));
      const row = this.rowR;
      period(row);
      row.values = vals;
      for (let r = 0; r < this.rchAcc.nu; r++) {
        const v = this.rchAcc.values(which, r, div, this.tmpR);
        for (let k = 0; k < idx.length; k++) vals[k] = idx[k] >= 0 ? v[idx[k]] : 0;
        const num = this.reachNums[r];
        row.unit = num;
        row.area = this.reachArea.get(num) ?? 0;
        push(this.rchW.writeRow(row));
      }
    }
    if (pending.length) return Promise.all(pending).then(() => undefined);
  }

  async close(): Promise<void> {
    if (this.iprint !== 1 && this.printedYears > 0) {
      const yrs = averageYears(this.p.control);
      const r = this.emitAll('average', 'all', { years: yrs }, yrs > 0 ? yrs : 1);
      if (r) await r;
    }
    for (const w of [this.rchW, this.subW, this.hruW]) if (w) await w.close();
    if (this.rsv) this.rsv.close();
    if (this.sed) await this.sed.close(averageYears(this.p.control));
  }
}

// ------------------------------------------------------------------ output.rsv

const RSV_HEADER = '           RES  MON    VOLUMEm3  FLOW_INcms FLOW_OUTcms    PRECIPm3      EVAPm3   SEEPAGEm3  SED_INtons SED_OUTtons SED_CONCppm   ORGN_INkg  ORGN_OUTkg RES_ORGNppm   ORGP_INkg  ORGP_OUTkg RES_ORGPppm    NO3_INkg   NO3_OUTkg  RES_NO3ppm    NO2_INkg   NO2_OUTkg  RES_NO2ppm    NH3_INkg   NH3_OUTkg  RES_NH3ppm   MINP_INkg  MINP_OUTkg RES_MINPppm   CHLA_INkg  CHLA_OUTkgSECCHIDEPTHm   PEST_INmg  REACTPSTmg    VOLPSTmg  SETTLPSTmgRESUSP_PSTmgDIFFUSEPSTmgREACBEDPSTmg   BURYPSTmg  PEST_OUTmgPSTCNCWmg/m3PSTCNCBmg/m3';

/** output.rsv: one row per operating reservoir and print period (daily rows with IPRINT 1,
 * monthly then yearly rows with IPRINT 0, yearly rows with IPRINT 2), format
 * ('RES   ',i8,1x,i4,41e12.4); SWAT writes no average-annual rows to this file. Constituents the
 * engine does not simulate in reservoirs (NO2, NH3, chlorophyll, pesticides) are 0. */
export class RsvOutput {
  private readonly path: string;
  private readonly fd: number;
  private readonly n: number;
  private readonly per: Float64Array;
  private readonly yr: Float64Array;
  private readonly perDays: Int32Array;
  private readonly yrDays: Int32Array;
  private lines: string[] = [];
  private readonly iprint: number;
  constructor(dir: string, p: Project, iprint: number) {
    this.iprint = iprint;
    this.n = p.fig.filter((c) => c.kind === 'routres').length;
    this.per = new Float64Array(this.n * NRSV);
    this.yr = new Float64Array(this.n * NRSV);
    this.perDays = new Int32Array(this.n);
    this.yrDays = new Int32Array(this.n);
    this.path = join(dir, 'output.rsv');
    this.fd = openSync(this.path, 'w');
    const pre = ['1', `    ${BANNER}`.padEnd(105) + '0/ 0/   0      0: 0: 0', '', ...p.control.title.map((x) => `    ${x}`.padEnd(84)), '', ''];
    writeSync(this.fd, [...pre, RSV_HEADER].join('\n') + '\n', null, 'latin1');
  }
  get file(): string {
    return this.path;
  }
  private static add(acc: Float64Array, o: number, v: Float64Array, vo: number): void {
    for (let k = 0; k < NRSV; k++) acc[o + k] = RSV_AGG[k] === 2 ? v[vo + k] : acc[o + k] + v[vo + k];
  }
  private row(i: number, label: number, acc: Float64Array, days: number): string {
    let line = 'RES   ' + String(i + 1).padStart(8) + ' ' + String(label).padStart(4);
    for (let k = 0; k < NRSV; k++) {
      const v = acc[i * NRSV + k];
      line += formatE(RSV_AGG[k] === 1 ? v / Math.max(days, 1) : v, 12, 4);
    }
    return line;
  }
  /** A printed day: `v` holds each reservoir's 41 daily values, `on` whether it operated. */
  day(ctx: DayContext, v: Float64Array, on: Uint8Array): void {
    for (let i = 0; i < this.n; i++) {
      if (!on[i]) continue;
      RsvOutput.add(this.per, i * NRSV, v, i * NRSV);
      RsvOutput.add(this.yr, i * NRSV, v, i * NRSV);
      this.perDays[i]++;
      this.yrDays[i]++;
    }
    const flushPeriod = (label: number) => {
      for (let i = 0; i < this.n; i++) if (this.perDays[i] > 0) this.lines.push(this.row(i, label, this.per, this.perDays[i]));
      this.per.fill(0);
      this.perDays.fill(0);
    };
    if (this.iprint === 1) flushPeriod(ctx.jday);
    else if (this.iprint === 0 && ctx.lastDayOfMonth) flushPeriod(ctx.month);
    if (ctx.lastDayOfYear) {
      if (this.iprint !== 1) for (let i = 0; i < this.n; i++) if (this.yrDays[i] > 0) this.lines.push(this.row(i, ctx.year, this.yr, this.yrDays[i]));
      this.yr.fill(0);
      this.yrDays.fill(0);
      if (this.iprint === 2) {
        this.per.fill(0);
        this.perDays.fill(0);
      }
    }
    if (this.lines.length > 2000) this.flush();
  }
  private flush(): void {
    if (this.lines.length) writeSync(this.fd, this.lines.join('\n') + '\n', null, 'latin1');
    this.lines = [];
  }
  close(): void {
    this.flush();
    closeSync(this.fd);
  }
}

// ------------------------------------------------------------------ output.std

const BANNER = 'SWAT May 6 2015    VER 2015/Rev 637';

function f(v: number, w: number, d: number): string {
  const s = Number.isFinite(v) ? v.toFixed(d) : '0';
  return s.length > w ? s : s.padStart(w);
}

export function aveAnnualBasin(t: SimTotals): Record<string, number> {
  const ny = t.avgYears > 0 ? t.avgYears : 1;
  const s = t.basinSum;
  const v = (k: number) => s[k] / ny;
  return {
    PRECIP: v(BV.PRECIP), 'SNOW FALL': v(BV.SNOFALL), 'SNOW MELT': v(BV.SNOMELT), SUBLIMATION: v(BV.SUBLIM),
    'SURFACE RUNOFF Q': v(BV.SURQ), 'LATERAL SOIL Q': v(BV.LATQ), 'TILE Q': v(BV.TILE), 'GROUNDWATER (SHAL AQ) Q': v(BV.GWQ),
    'GROUNDWATER (DEEP AQ) Q': v(BV.GWQ_DEEP), 'REVAP (SHAL AQ => SOIL/PLANTS)': v(BV.REVAP), 'DEEP AQ RECHARGE': v(BV.DA_RCHG),
    'TOTAL AQ RECHARGE': v(BV.RCHRG), 'TOTAL WATER YLD': v(BV.WYLD), 'PERCOLATION OUT OF SOIL': v(BV.PERC), ET: v(BV.ET), PET: v(BV.PET),
    'TRANSMISSION LOSSES': v(BV.TLOSS), 'SEPTIC INFLOW': 0, 'TOTAL SEDIMENT LOADING': v(BV.SED),
  };
}

/** writeaa.f: the number of times month `mo` was printed, partial months as fractions (the
 * month's length taken in the last simulated year). */
function monthYears(t: SimTotals, p: Project, mo: number): number {
  const lastLeap = isLeap(p.control.iyr + p.control.nbyr - 1);
  const len = [31, lastLeap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][mo];
  const x = t.monthDays[mo] / len;
  return x > 0 ? x : 1;
}

export function writeStd(dir: string, p: Project, t: SimTotals, seconds: number, notes: string[] = []): string {
  const c = p.control;
  const area = p.subbasins.reduce((a, s) => a + s.area, 0);
  const pre = ['1', `    ${BANNER}`.padEnd(105) + '0/ 0/   0      0: 0: 0', '', ...c.title.map((x) => `    ${x}`.padEnd(84)), ''];
  const L: string[] = [...pre];
  L.push(`         Number of years in run: ${String(c.nbyr).padStart(4)}`);
  L.push(`         Area of watershed: ${f(area, 12, 3)} km2`);
  L.push(`         Number of HRUs: ${String(t.model.nhru).padStart(8)}`);
  L.push(`         Number of subbasins: ${String(t.model.nsub).padStart(8)}`);
  // no run time here: the same inputs give byte-identical output files (the run summary has it)
  void seconds;
  L.push('         Simulated by the Headwater engine (SWAT2012 rev 637 compatible)');
  for (const x of notes) L.push(`         Note: ${x}`);
  for (const y of t.basinYears) {
    const v = y.values;
    L.push('1', `    ${BANNER}`, '', ...c.title.map((x) => `    ${x}`), '');
    L.push(`Annual Summary for Watershed in year ${String(y.year - c.iyr + 1).padStart(4)} of simulation`, '');
    // the table of rev 637 (std.f): water, sediment, then nitrogen and phosphorus loads
    L.push('UNIT                                    PERCO    TILE                           WATER     SED     NO3     NO3     NO3     NO3        N       P       P');
    L.push('TIME     PREC    SURQ    LATQ     GWQ    LATE       Q     SW       ET     PET   YIELD   YIELD    SURQ    LATQ    PERC    CROP  ORGANIC SOLUBLE ORGANIC TILENO3');
    L.push('         (mm)    (mm)    (mm)    (mm)    (mm)    (mm)    (mm)    (mm)    (mm)    (mm)    (mm)   ------------------(kg nutrient/ha)-------------------- (kg/ha)', '');
    L.push(` ${y.year}` + [v[BV.PRECIP], v[BV.SURQ], v[BV.LATQ], v[BV.GWQ], v[BV.PERC], v[BV.TILE], v[BV.SW], v[BV.ET], v[BV.PET], v[BV.WYLD], v[BV.SED],
      v[BV.NO3_SURQ], v[BV.NO3_LAT], v[BV.NO3_LEACH], v[BV.N_UPTAKE]].map((x) => f(x, 8, 2)).join('') +
      [v[BV.ORGN], v[BV.SOLP], v[BV.ORGP], 0].map((x) => f(x, 8, 2)).join(''));
  }
  // HRU statistics (average annual)
  const ny = t.avgYears > 0 ? t.avgYears : 1;
  const m = t.model;
  L.push('', '    HRU STATISTICS', '', '                AVE ANNUAL VALUES', '');
  L.push('   HRU  SUB  SOIL       AREAkm2    CN     PRECmm SURQmm   GWQmm    ETmm   SEDth   YLDth');
  for (let h = 0; h < m.nhru; h++) {
    const a = h * 6;
    L.push(`${String(h + 1).padStart(6)}${String(m.hruSub[h] + 1).padStart(4)}   ${m.hruSoil[h].padEnd(10).slice(0, 10)}${m.hruKm[h].toExponential(3).padStart(11)}${f(m.cn2[h], 8, 2)}` +
      [t.hruAa[a], t.hruAa[a + 1], t.hruAa[a + 2], t.hruAa[a + 3], t.hruAa[a + 4], t.hruAa[a + 5]].map((x) => f(x / ny, 8, 2)).join(''));
  }
  // monthly basin values
  L.push('', '', '                AVE MONTHLY BASIN VALUES', '                   SNOW                      WATER               SED');
  L.push('  MON     RAIN     FALL   SURF Q    LAT Q    YIELD       ET    YIELD      PET');
  L.push('          (MM)     (MM)     (MM)     (MM)     (MM)     (MM)   (T/HA)     (MM)');
  for (let mo = 0; mo < 12; mo++) {
    const o = mo * NBV;
    const M = t.monthly;
    L.push(String(mo + 1).padStart(5) + [M[o + BV.PRECIP], M[o + BV.SNOFALL], M[o + BV.SURQ], M[o + BV.LATQ], M[o + BV.WYLD], M[o + BV.ET], M[o + BV.SED], M[o + BV.PET]]
      .map((x) => f(x / monthYears(t, p, mo), 9, 2)).join(''));
  }
  const aa = aveAnnualBasin(t);
  L.push('1', `    ${BANNER}`, '', ...c.title.map((x) => `    ${x}`), '');
  L.push('         AVE ANNUAL BASIN VALUES', '');
  L.push(...formatAveAnnualBasinLines({ ...aa, 'TILE FROM IMPOUNDED WATER': 0, 'EVAPORATION FROM IMPOUNDED WATER': 0, 'SEEPAGE INTO SOIL FROM IMPOUNDED WATER': 0, 'OVERFLOW FROM IMPOUNDED WATER': 0 }));
  L.push('1', `    ${BANNER}`, '', ...c.title.map((x) => `    ${x}`), '');
  L.push('              AVE ANNUAL BASIN VALUES', '', '', '              NUTRIENTS');
  const nv = (k: number) => t.basinSum[k] / ny;
  const nut = (k: string, v: number) => L.push(`                   ${k} = ${f(v, 9, 3)} (KG/HA)`);
  nut('ORGANIC N', nv(BV.ORGN));
  nut('ORGANIC P', nv(BV.ORGP));
  nut('NO3 YIELD (SQ)', nv(BV.NO3_SURQ));
  nut('NO3 YIELD (LAT)', nv(BV.NO3_LAT));
  nut('NO3 LEACHED', nv(BV.NO3_LEACH));
  nut('SOL P YIELD', nv(BV.SOLP));
  nut('P LEACHED', nv(BV.P_LEACH));
  nut('N UPTAKE', nv(BV.N_UPTAKE));
  nut('P UPTAKE', nv(BV.P_UPTAKE));
  nut('ACTIVE TO SOLUTION P FLOW', nv(BV.ACT_SOL_P));
  nut('ACTIVE TO STABLE P FLOW', nv(BV.ACT_STA_P));
  nut('N FERTILIZER APPLIED', nv(BV.N_APP)); // applied and auto-applied (N_APP includes N_AUTO)
  nut('P FERTILIZER APPLIED', nv(BV.P_APP));
  nut('N FIXATION', nv(BV.N_FIX));
  nut('DENITRIFICATION', nv(BV.DENIT));
  nut('HUMUS MIN ON ACTIVE ORG N', nv(BV.HUMUS_MIN));
  nut('HUMUS MIN ON ACTIVE ORG P', nv(BV.HUMUS_MIN_P));
  nut('MIN FROM FRESH ORG N', nv(BV.FRESH_MIN));
  nut('MIN FROM FRESH ORG P', nv(BV.FRESH_MIN_P));
  nut('NO3 IN RAINFALL', nv(BV.NO3_RAIN));
  nut('N REMOVED IN YIELD', nv(BV.N_YIELD));
  nut('P REMOVED IN YIELD', nv(BV.P_YIELD));
  L.push('', '    (bacteria are not simulated by the built-in engine; soil ammonium is treated as nitrate)');
  const path = join(dir, 'output.std');
  writeFileSync(path, L.join('\n') + '\n', 'latin1');
  return path;
}
