// output.sed (reach sediment by particle size), written on every run as rev 637 writes it: the
// day's values of each reach (sim.ts fills them with reachSedimentDay) summed into the print
// periods of file.cio and streamed through the output area's writer (../output/sed.ts).
import { join } from 'node:path';
import { createSedWriter, NSED, type SedWriter } from '../output/sed.ts';
import type { RouteResult } from './route.ts';
import { NSIZE, SIZE } from './route.ts';
import type { DayContext } from './sim.ts';

/** Positions in a reach's daily vector (the file's column order). */
export const SED = { IN: 0, OUT: 1, CLASS_IN: 2, BNK: 14, BED: 15, DEP: 16, FPDEP: 17, TSS: 18 } as const;
export { NSED };

/**
 * A reach's output.sed values of the day. A CH_EQN 0 reach keeps no particle sizes, and rev 637
 * then reports its whole load, in and out, as silt (rtsed.f); a CH_EQN 1–4 reach reports the
 * classes it routed (the inflow's from `sizeIn`, the outflow's from `sizeOut`).
 */
export function reachSedimentDay(v: Float64Array, o: number, sedIn: number, res: RouteResult, chEqn: number, sizeIn: Float64Array | null, sizeOut: Float64Array | null): void {
  v[o + SED.IN] = sedIn;
  v[o + SED.OUT] = res.sedOut;
  for (let k = 0; k < NSIZE; k++) {
    const bySize = chEqn > 0 && sizeIn !== null && sizeOut !== null;
    v[o + SED.CLASS_IN + 2 * k] = bySize ? sizeIn[k]! : k === SIZE.SIL ? sedIn : 0;
    v[o + SED.CLASS_IN + 2 * k + 1] = bySize ? sizeOut[k]! : k === SIZE.SIL ? res.sedOut : 0;
  }
  v[o + SED.BNK] = res.bnk;
  v[o + SED.BED] = res.bed;
  v[o + SED.DEP] = res.dep;
  v[o + SED.FPDEP] = res.fpdep;
  v[o + SED.TSS] = res.tss;
}

/**
 * The print periods of output.sed as rev 637 forms them (rsedday/rsedmon/rsedyr/rsedaa): tonnages
 * are summed; TSS is a mean of the daily concentrations — over the month's days for a monthly
 * row, over the year's days for a yearly row, where with monthly printing the year sums the
 * monthly means (so that figure is the monthly means' sum over the year's days, as rev 637
 * prints it); the average-annual row divides the yearly rows' sum by the years. Daily printing
 * writes no yearly or average-annual rows.
 */
export class SedOutput {
  readonly file: string;
  private readonly w: SedWriter;
  private readonly nr: number;
  private readonly per: Float64Array;
  private readonly yr: Float64Array;
  private readonly all: Float64Array;
  private perDays = 0;
  private yrDays = 0;
  private years = 0;
  private readonly row = new Float64Array(NSED);
  private readonly reachNums: number[];
  private readonly area: (reach: number) => number;
  private readonly iprint: 0 | 1 | 2;
  private readonly nyskip: number;

  constructor(dir: string, reachNums: number[], area: (reach: number) => number, iprint: 0 | 1 | 2, nyskip: number) {
    this.reachNums = reachNums;
    this.area = area;
    this.iprint = iprint;
    this.nyskip = nyskip;
    this.nr = reachNums.length;
    this.per = new Float64Array(this.nr * NSED);
    this.yr = new Float64Array(this.nr * NSED);
    this.all = new Float64Array(this.nr * NSED);
    this.file = join(dir, 'output.sed');
    this.w = createSedWriter(this.file);
  }

  private emit(period: 'day' | 'month' | 'year' | 'average', label: number, src: Float64Array, tss: (r: number) => number, div: number): Promise<void> | void {
    const pending: Promise<void>[] = [];
    const row = this.row;
    for (let r = 0; r < this.nr; r++) {
      const o = r * NSED;
      for (let k = 0; k < NSED; k++) row[k] = src[o + k]! / div;
      row[SED.TSS] = tss(r);
      const num = this.reachNums[r]!;
      const p = this.w.writeRow({ unit: num, period, label, years: label, area: this.area(num), values: row });
      if (p) pending.push(p);
    }
    if (pending.length) return Promise.all(pending).then(() => undefined);
  }

  /** `v`: each reach's values of the day (reachSedimentDay), reaches in `reachNums` order. */
  day(ctx: DayContext, v: Float64Array): Promise<void> | void {
    if (ctx.yearIndex < this.nyskip) return;
    const n = this.nr * NSED;
    for (let i = 0; i < n; i++) this.per[i] += v[i]!;
    this.perDays++;
    this.yrDays++;
    const pending: Promise<void>[] = [];
    const push = (p: Promise<void> | void) => {
      if (p) pending.push(p);
    };
    const T = SED.TSS;
    const toYear = () => {
      for (let i = 0; i < n; i++) this.yr[i] += i % NSED === T ? 0 : this.per[i]!;
    };
    if (this.iprint === 1) {
      push(this.emit('day', ctx.jday, this.per, (r) => this.per[r * NSED + T]!, 1));
      this.per.fill(0);
      this.perDays = 0;
    } else if (this.iprint === 0) {
      if (ctx.lastDayOfMonth) {
        const days = this.perDays;
        push(this.emit('month', ctx.month, this.per, (r) => this.per[r * NSED + T]! / days, 1));
        toYear();
        for (let r = 0; r < this.nr; r++) this.yr[r * NSED + T] += this.per[r * NSED + T]! / days;
        this.per.fill(0);
        this.perDays = 0;
      }
    } else {
      toYear();
      for (let r = 0; r < this.nr; r++) this.yr[r * NSED + T] += this.per[r * NSED + T]!;
      this.per.fill(0);
      this.perDays = 0;
    }
    if (ctx.lastDayOfYear) {
      if (this.iprint !== 1) {
        const days = this.yrDays;
        for (let r = 0; r < this.nr; r++) this.yr[r * NSED + T] /= days;
        push(this.emit('year', ctx.year, this.yr, (r) => this.yr[r * NSED + T]!, 1));
        for (let i = 0; i < n; i++) this.all[i] += this.yr[i]!;
        this.years++;
      }
      this.yr.fill(0);
      this.yrDays = 0;
    }
    if (pending.length) return Promise.all(pending).then(() => undefined);
  }

  /** Writes the average-annual rows (not with daily printing) over `avgYears` and closes the file. */
  async close(avgYears: number): Promise<void> {
    if (this.iprint !== 1 && this.years > 0) {
      const yrs = avgYears > 0 ? avgYears : 1;
      const p = this.emit('average', avgYears, this.all, (r) => this.all[r * NSED + SED.TSS]! / yrs, yrs);
      if (p) await p;
    }
    await this.w.close();
  }
}
