// The sets output loading stores (one per output file and period): their axes and one Float32
// matrix [unit][time] per variable. PeriodBlock gathers a period's rows in file order and
// transposes them at the end; both parsers fill it (outputs-scan.ts, the fast one, and
// OutputSetsBuilder, which takes @headwater/swat's OutputRow objects: the reference, and the
// fallback for files the fast one does not take).
import { scanOutputFile } from '@headwater/swat/output/reader.ts';
import type { OutputFileKind, OutputRow } from '@headwater/swat/output/index.ts';

export type OutputPeriodKind = 'day' | 'month' | 'year';

export type HruUnit = { unit: number; sub: number; gis: string; lulc: string };

/** One (file, period) of a run's outputs: its axes, and one matrix [unit][time] per variable (missing cells NaN). */
export type ParsedSet = {
  kind: OutputFileKind;
  period: OutputPeriodKind;
  variables: string[];
  units: (number | HruUnit)[];
  areas: number[];
  times: number[];
  rows: number;
  matrices: Float32Array[];
};

/** The time key of a row: yyyymmdd (day), yyyymm (month), yyyy (year). */
export function timeKey(period: OutputPeriodKind, year: number, month: number, day: number): number {
  return period === 'day' ? year * 10000 + month * 100 + day : period === 'month' ? year * 100 + month : year;
}

/** The rows of one file and period, gathered in file order (time-major) before transposing. */
export class PeriodBlock {
  readonly units: (number | HruUnit)[] = [];
  readonly unitIndex = new Map<number | string, number>();
  readonly areas: number[] = [];
  readonly times: number[] = [];
  readonly timeIndex = new Map<number, number>();
  private chunks: Float32Array[] = [];
  /** The chunk the values of the row `slot` returned go into. */
  current: Float32Array;
  private fill = 0;
  private rowUnit = new Int32Array(4096);
  private rowTime = new Int32Array(4096);
  private lastTime = NaN;
  private lastTimeIndex = 0;
  rows = 0;
  readonly variables: readonly string[];
  constructor(variables: readonly string[]) {
    this.variables = variables;
    this.current = new Float32Array(variables.length * 4096);
  }
  /** The index of a unit's key, the unit added (`make`) when new. */
  unitOf(key: number | string, make: () => { unit: number | HruUnit; area: number }): number {
    let u = this.unitIndex.get(key);
    if (u === undefined) {
      u = this.units.length;
      this.unitIndex.set(key, u);
      const m = make();
      this.units.push(m.unit);
      this.areas.push(m.area);
    }
    return u;
  }
  /** The index of a time key, added when new. */
  timeOf(time: number): number {
    // rows come a period at a time (every unit of a day, then the next day): the last one is the likely one
    let t = time === this.lastTime ? this.lastTimeIndex : this.timeIndex.get(time);
    if (t === undefined) {
      t = this.times.length;
      this.timeIndex.set(time, t);
      this.times.push(time);
    }
    this.lastTime = time;
    this.lastTimeIndex = t;
    return t;
  }
  /** Adds a row of unit `u` at time `t`: its values go into `this.current` from the offset returned. */
  slot(u: number, t: number): number {
    const n = this.variables.length;
    if (this.fill + n > this.current.length) {
      this.chunks.push(this.current.subarray(0, this.fill));
      this.current = new Float32Array(n * 65536);
      this.fill = 0;
    }
    if (this.rows === this.rowUnit.length) {
      const grow = (a: Int32Array) => {
        const b = new Int32Array(a.length * 2);
        b.set(a);
        return b;
      };
      this.rowUnit = grow(this.rowUnit);
      this.rowTime = grow(this.rowTime);
    }
    this.rowUnit[this.rows] = u;
    this.rowTime[this.rows] = t;
    this.rows++;
    const at = this.fill;
    this.fill += n;
    return at;
  }
  /** One matrix per variable, [unit][time] (missing cells NaN): views of one buffer, filled
   * from the rows a tile at a time, variable by variable. */
  matrices(): Float32Array[] {
    const nv = this.variables.length;
    const size = this.units.length * this.times.length;
    const all = new Float32Array(nv * size).fill(NaN);
    const cells = new Int32Array(this.rows);
    const nt = this.times.length;
    const rowUnit = this.rowUnit;
    const rowTime = this.rowTime;
    for (let r = 0; r < this.rows; r++) cells[r] = rowUnit[r]! * nt + rowTime[r]!;
    let first = 0;
    for (const chunk of [...this.chunks, this.current.subarray(0, this.fill)]) {
      const count = Math.floor(chunk.length / nv);
      // a tile of rows at a time, so that the passes over it read from the cache
      for (let r0 = 0; r0 < count; r0 += 256) {
        const r1 = Math.min(count, r0 + 256);
        for (let v = 0; v < nv; v++) {
          const base = v * size;
          for (let r = r0, o = r0 * nv + v; r < r1; r++, o += nv) all[base + cells[first + r]!] = chunk[o]!;
        }
      }
      first += count;
    }
    return this.variables.map((_, v) => all.subarray(v * size, (v + 1) * size));
  }
  set(kind: OutputFileKind, period: OutputPeriodKind): ParsedSet {
    return { kind, period, variables: [...this.variables], units: this.units, areas: this.areas, times: this.times, rows: this.rows, matrices: this.matrices() };
  }
}

/** Gathers the rows of one output file, as @headwater/swat's reader hands them over, into its
 * (file, period) sets, in the order the periods first appear. */
export class OutputSetsBuilder {
  private readonly kind: OutputFileKind;
  private readonly byPeriod = new Map<OutputPeriodKind, PeriodBlock>();
  private readonly order: { period: OutputPeriodKind; block: PeriodBlock }[] = [];
  constructor(kind: OutputFileKind) {
    this.kind = kind;
  }
  readonly row = (row: OutputRow): void => {
    if (row.period === 'average' || row.year === null) return;
    const period = row.period as OutputPeriodKind;
    let block = this.byPeriod.get(period);
    if (!block) {
      this.byPeriod.set(period, (block = new PeriodBlock(row.columns)));
      this.order.push({ period, block });
    }
    const u = block.unitOf(this.kind === 'hru' ? row.gis : row.unit, () => ({
      unit: row.file === 'hru' ? { unit: row.unit, sub: row.sub ?? 0, gis: row.gis, lulc: row.lulc ?? '' } : row.unit,
      area: row.area,
    }));
    const t = block.timeOf(timeKey(period, row.year, row.month ?? 0, row.day ?? 0));
    const at = block.slot(u, t);
    const cur = block.current;
    const data = row.data;
    for (let v = 0, n = block.variables.length; v < n; v++) cur[at + v] = data[v]!;
  };
  sets(): ParsedSet[] {
    return this.order.map(({ period, block }) => block.set(this.kind, period));
  }
}

/** An output file's sets through @headwater/swat's row reader: the reference the fast parser
 * (outputs-scan.ts) is tested against. */
export function parseOutputFileByRows(path: string, kind: OutputFileKind, cio: string | undefined): ParsedSet[] {
  const sets = new OutputSetsBuilder(kind);
  scanOutputFile(path, { kind, ...(cio ? { cio } : {}) }, sets.row);
  return sets.sets();
}
