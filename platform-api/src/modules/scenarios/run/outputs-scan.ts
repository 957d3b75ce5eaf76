// The fast parser of output.rch / output.sub / output.hru for loading: each data line's bytes go
// straight into its period's Float32 rows (PeriodBlock), with no row object, no per-row array and
// no string (the unit is recognised by comparing its bytes with the unit expected next). The
// rules are @headwater/swat's reader's (reader.ts: the header and layout, the fixed columns, the
// period resolution with file.cio's IPRINT and first year), applied in place, so the sets are
// those OutputSetsBuilder gives from the reader's rows, byte for byte (test:
// outputs-scan.test.ts). When the period of month rows cannot be known as they come (no
// file.cio: IPRINT or the first year guessed from the rows), the reader's rows are used instead.
import { firstPrintedYear, parseCioOutputSettings } from '@headwater/swat/output/cio.ts';
import { valueFormat, valueOffsets } from '@headwater/swat/output/columns.ts';
import { formatField } from '@headwater/swat/output/fortran.ts';
import { OutputRowStream, PREAMBLE_LINES, monthDay, parseOutputHeader, prefixFields } from '@headwater/swat/output/reader.ts';
import { latin1, parseFortranFieldAt, parseFortranIntAt, parseFortranNumberAt } from '@headwater/swat/output/reader-bytes.ts';
import type { OutputFileKind, OutputHeader } from '@headwater/swat/output/index.ts';
import { OutputSetsBuilder, PeriodBlock, type HruUnit, type OutputPeriodKind, type ParsedSet } from './outputs-sets.ts';

const PERIODS: OutputPeriodKind[] = ['day', 'month', 'year'];

/** A period's block and the unit expected on its next row. */
type BlockState = {
  block: PeriodBlock;
  /** unit index of the previous row */
  last: number;
  /** rch/sub: each unit's number */
  numbers: number[];
  /** hru: each unit's GIS bytes, end to end */
  gis: Uint8Array;
};

/** The reader's row stream, for the files the fast path does not take. */
type RowPath = { stream: OutputRowStream; sets: OutputSetsBuilder; out: Parameters<OutputRowStream['lineAt']>[3] };

/**
 * Parses one output file line by line (`line(buf, start, end)`, the line without its break),
 * then `end()` gives its (file, period) sets in the order the periods first appear.
 */
export class OutputSetsScanner {
  private readonly kind: OutputFileKind;
  private readonly cio: string | undefined;
  private head: string[] = [];
  private rowPath: RowPath | null = null;
  private started = false;
  // the fast path's layout
  private header!: OutputHeader;
  private calendar = false;
  private hru = false;
  private tag!: Uint8Array;
  private areaStart = 0;
  private areaEnd = 0;
  private unitStart = 0;
  private unitEnd = 0;
  private gisStart = 0;
  private gisEnd = 0;
  private monStart = 0;
  private monEnd = 0;
  private moWidth = 0;
  private starts!: Int32Array;
  private ends!: Int32Array;
  /** digits after the point of each value field (the same in a file's E and F variants) */
  private digits!: Int32Array;
  /** length from which a line holds every value field whole */
  private fullLength = 0;
  // Each value field's zero as SWAT prints it ('  0.0000E+00', '     0.000'): most of a run's
  // fields (three in four of output.rch's), recognised by comparing their bytes, two words at a
  // time, instead of parsing them. The last 8 bytes as two little-endian words, the others apart.
  private zeroHigh!: Uint32Array;
  private zeroLow!: Uint32Array;
  private zeroHead!: Uint8Array;
  private zeroValue!: Float64Array;
  private view: DataView | null = null;
  private viewOf: Uint8Array | null = null;
  // period resolution (reader.ts PeriodResolver, file.cio known)
  private iprint: number | null = null;
  private year: number | null = null;
  private prevJulian = 0;
  private lastMon = -1;
  private lastMonYear = -1;
  private lastDayTime = 0;
  private blocks: (BlockState | undefined)[] = [undefined, undefined, undefined];
  private order: number[] = [];

  constructor(kind: OutputFileKind, cio: string | undefined) {
    this.kind = kind;
    this.cio = cio;
  }

  readonly line = (buf: Uint8Array, start: number, end: number): void => {
    if (this.started) {
      this.dataLine(buf, start, end);
      return;
    }
    if (this.rowPath) {
      this.rowPath.stream.lineAt(buf, start, end, this.rowPath.out);
      this.flushRows();
      return;
    }
    this.head.push(latin1(buf, start, end));
    // as the reader: the header is line 9; the first data line tells the layout
    if (this.head.length >= PREAMBLE_LINES + 2) this.begin();
  };

  end(): ParsedSet[] {
    if (!this.started && !this.rowPath) this.useRows(); // fewer lines than a header and one row: the reader's verdict
    if (this.rowPath) {
      this.rowPath.stream.end(this.rowPath.out);
      this.flushRows();
      return this.rowPath.sets.sets();
    }
    return this.order.map((p) => this.blocks[p]!.block.set(this.kind, PERIODS[p]!));
  }

  private flushRows(): void {
    const { out, sets } = this.rowPath!;
    for (let i = 0; i < out.length; i++) sets.row(out[i]!);
    out.length = 0;
  }

  private useRows(): void {
    const cio = this.cio;
    this.rowPath = { stream: new OutputRowStream({ kind: this.kind, ...(cio ? { cio } : {}) }), sets: new OutputSetsBuilder(this.kind), out: [] };
    for (const l of this.head) this.rowPath.stream.line(l, this.rowPath.out);
    this.head = [];
    this.flushRows();
  }

  private begin(): void {
    const header = parseOutputHeader(this.head, this.kind);
    const layout = header.layout;
    const settings = this.cio ? parseCioOutputSettings(this.cio) : {};
    this.iprint = settings.iprint ?? null;
    this.year = firstPrintedYear(settings);
    // month rows of an unknown year wait for their year row in the reader: not here
    if (!layout.calendar && (this.iprint === null || (this.year === null && this.iprint !== 2))) {
      this.useRows();
      return;
    }
    this.header = header;
    this.calendar = layout.calendar;
    this.hru = layout.file === 'hru';
    this.tag = Buffer.from(layout.tag, 'latin1');
    this.areaStart = layout.areaStart;
    this.areaEnd = layout.areaStart + layout.areaFormat.width;
    const f = prefixFields(layout);
    this.unitStart = f.unitStart;
    this.unitEnd = f.unitEnd;
    this.gisStart = f.gisStart;
    this.gisEnd = f.gisEnd;
    this.monStart = f.monStart;
    this.monEnd = f.monEnd;
    this.moWidth = layout.file === 'rch' ? 3 : 2;
    const off = valueOffsets(layout, header.columns.length, false);
    this.starts = off.start;
    this.ends = off.end;
    this.digits = Int32Array.from(header.columns, (_, i) => valueFormat(layout, i, false).digits);
    // the zeros of the layout's daily or period formats, as the file.cio says it prints
    const daily = layout.calendar || this.iprint === 1;
    const n = header.columns.length;
    this.zeroHigh = new Uint32Array(n);
    this.zeroLow = new Uint32Array(n);
    this.zeroHead = new Uint8Array(n * 4).fill(255);
    this.zeroValue = new Float64Array(n).fill(NaN);
    for (let i = 0; i < n; i++) {
      const f = valueFormat(layout, i, daily);
      const zero = Buffer.from(formatField(0, f.type, f.width, f.digits, f.lead), 'latin1');
      if (zero.length !== off.end[i]! - off.start[i]! || zero.length < 8 || zero.length > 12) continue; // never matched (NaN: parsed)
      const w = zero.length;
      this.zeroHigh[i] = zero.readUInt32LE(w - 8);
      this.zeroLow[i] = zero.readUInt32LE(w - 4);
      for (let k = 0; k < w - 8; k++) this.zeroHead[i * 4 + k] = zero[k]!;
      this.zeroValue[i] = parseFortranNumberAt(zero, 0, w);
    }
    this.fullLength = off.end.length ? off.end[off.end.length - 1]! : 0;
    this.started = true;
    const h = this.head.findIndex((l) => l.includes('AREAkm2'));
    for (const l of this.head.slice((h < 0 ? PREAMBLE_LINES : h) + 1)) {
      const b = Buffer.from(l, 'latin1');
      this.dataLine(b, 0, b.length);
    }
    this.head = [];
  }

  private blockOf(period: number): BlockState {
    let s = this.blocks[period];
    if (!s) {
      s = { block: new PeriodBlock(this.header.columns), last: -1, numbers: [], gis: new Uint8Array(9 * 64) };
      this.blocks[period] = s;
      this.order.push(period);
    }
    return s;
  }

  /** reader.ts OutputRowParser.parseAt, PeriodResolver and OutputSetsBuilder.row, in one pass. */
  private dataLine(buf: Uint8Array, start: number, end: number): void {
    if (end - start < this.areaStart) return;
    const tag = this.tag;
    for (let k = 0; k < tag.length; k++) if (buf[start + k] !== tag[k]) return;
    const unit = parseFortranIntAt(buf, start + this.unitStart, Math.min(end, start + this.unitEnd));
    if (Number.isNaN(unit)) return;
    // the period and its time key; average rows (and rows of no year) are not loaded
    let period: number;
    let time: number;
    const s = start + this.monStart;
    if (this.calendar) {
      const w = this.moWidth;
      const mo = parseFortranIntAt(buf, s + 1, Math.min(end, s + 1 + w));
      if (Number.isNaN(mo)) return;
      const da = parseFortranIntAt(buf, s + 2 + w, Math.min(end, s + 4 + w));
      const yr = parseFortranIntAt(buf, s + 5 + w, Math.min(end, s + 9 + w));
      period = 0;
      time = yr * 10000 + mo * 100 + da;
    } else {
      const monEnd = Math.min(end, start + this.monEnd);
      for (let i = s; i < monEnd; i++) if (buf[i] === 46) return;
      const mon = parseFortranIntAt(buf, s, monEnd);
      if (Number.isNaN(mon)) return;
      const iprint = this.iprint;
      if (iprint === 1 && mon <= 366) {
        period = 0;
        if (mon < this.prevJulian) this.year!++;
        this.prevJulian = mon;
        const year = this.year!;
        if (mon !== this.lastMon || year !== this.lastMonYear) {
          const md = monthDay(year, mon);
          this.lastDayTime = year * 10000 + md.month * 100 + md.day;
          this.lastMon = mon;
          this.lastMonYear = year;
        }
        time = this.lastDayTime;
      } else if (iprint === 0 && mon <= 12) {
        period = 1;
        time = this.year! * 100 + mon;
      } else {
        period = 2;
        time = mon;
        if (iprint === 0) this.year = mon + 1;
      }
    }
    const state = this.blockOf(period);
    const block = state.block;
    const u = this.hru ? this.hruUnit(state, buf, start, end, unit) : this.unitNumber(state, buf, start, end, unit);
    const t = block.timeOf(time);
    const at = block.slot(u, t);
    const cur = block.current;
    const starts = this.starts;
    const ends = this.ends;
    const digits = this.digits;
    const n = starts.length;
    if (end - start >= this.fullLength) {
      if (buf !== this.viewOf) {
        this.view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
        this.viewOf = buf;
      }
      const view = this.view!;
      const zeroHigh = this.zeroHigh;
      const zeroLow = this.zeroLow;
      const zeroHead = this.zeroHead;
      const zeroValue = this.zeroValue;
      for (let i = 0; i < n; i++) {
        const a = start + starts[i]!;
        const b = start + ends[i]!;
        if (view.getUint32(b - 4, true) === zeroLow[i] && view.getUint32(b - 8, true) === zeroHigh[i]) {
          let k = 0;
          for (const h = b - 8 - a, o = i * 4; k < h && buf[a + k] === zeroHead[o + k]; k++);
          if (k === b - 8 - a && !Number.isNaN(zeroValue[i]!)) {
            cur[at + i] = zeroValue[i]!;
            continue;
          }
        }
        cur[at + i] = parseFortranFieldAt(buf, a, b, digits[i]!);
      }
    } else {
      for (let i = 0; i < n; i++) {
        const a = start + starts[i]!;
        const b = start + ends[i]!;
        cur[at + i] = a >= end ? NaN : b > end ? parseFortranNumberAt(buf, a, end) : parseFortranFieldAt(buf, a, b, digits[i]!);
      }
    }
  }

  private area(buf: Uint8Array, start: number, end: number): number {
    return parseFortranNumberAt(buf, start + this.areaStart, Math.min(end, start + this.areaEnd));
  }

  /** rch/sub: the unit's index by its number (the one after the previous row's, most often). */
  private unitNumber(state: BlockState, buf: Uint8Array, start: number, end: number, unit: number): number {
    const numbers = state.numbers;
    let u = state.last + 1 < numbers.length ? state.last + 1 : 0;
    if (numbers[u] !== unit) {
      u = state.block.unitOf(unit, () => ({ unit, area: this.area(buf, start, end) }));
      if (u === numbers.length) numbers.push(unit);
    }
    state.last = u;
    return u;
  }

  /** hru: the unit's index by its GIS code's bytes (the one after the previous row's, most often). */
  private hruUnit(state: BlockState, buf: Uint8Array, start: number, end: number, unit: number): number {
    const count = state.block.units.length;
    let u = state.last + 1 < count ? state.last + 1 : 0;
    const g = start + this.gisStart;
    let same = u < count;
    if (same) {
      const known = state.gis;
      for (let k = 0, o = u * 9; k < 9; k++) if (buf[g + k] !== known[o + k]) { same = false; break; }
    }
    if (!same) {
      const gis = latin1(buf, g, start + this.gisEnd);
      u = state.block.unitOf(gis, () => {
        const hru: HruUnit = {
          unit,
          sub: parseFortranIntAt(buf, start + this.gisEnd, Math.min(end, start + this.gisEnd + 5)),
          gis,
          lulc: latin1(buf, start, Math.min(end, start + 4)).trim(),
        };
        return { unit: hru, area: this.area(buf, start, end) };
      });
      if (u === count) {
        if (state.gis.length < (count + 1) * 9) {
          const bigger = new Uint8Array(state.gis.length * 2);
          bigger.set(state.gis);
          state.gis = bigger;
        }
        state.gis.set(buf.subarray(g, g + 9), u * 9);
      }
    }
    state.last = u;
    return u;
  }
}
