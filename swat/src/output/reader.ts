// Reader shared by output.rch, output.sub and output.hru.
//
// Rows are parsed by the Fortran FORMAT positions of each layout, never by splitting
// on blanks: output.sub's area '.87822E+01' touches the MON column, and output.hru's
// data rows are wider than its header after column 66. Column names come from the
// header line (labels of fixed width after 'AREAkm2'), and are mapped to the i-th
// value field of the data FORMAT.
//
// The MON column means different things with IPRINT (month / year / julian day /
// number of years); PeriodResolver turns it into a resolved period and date.

import { createReadStream } from 'node:fs';
import { candidateLayouts, valueFormat, valueOffsets } from './columns.ts';
import { firstPrintedYear, parseCioOutputSettings } from './cio.ts';
import { parseFortranInt, parseFortranNumber } from './fortran.ts';
import { forEachLineOfFile, latin1, parseFortranIntAt, parseFortranNumberAt } from './reader-bytes.ts';
import type {
  OutputCioSettings,
  OutputFileKind,
  OutputHeader,
  OutputLayout,
  OutputRow,
  OutputTable,
  PeriodKind,
  PrintCode,
  ReadOutputOptions,
} from './types.ts';

/** Number of lines before the header line: '1', banner, '', 3 title lines, '', ''. */
export const PREAMBLE_LINES = 8;

// ---------------------------------------------------------------------------------
// Calendar helpers

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

const CUM_DAYS = [0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334, 365];

/** Julian day of a date (1 Jan = 1). */
export function julianDay(year: number, month: number, day: number): number {
  return CUM_DAYS[month - 1]! + day + (month > 2 && isLeapYear(year) ? 1 : 0);
}

/** Month and day of a julian day. */
export function monthDay(year: number, jday: number): { month: number; day: number } {
  const leap = isLeapYear(year) ? 1 : 0;
  for (let m = 1; m <= 12; m++) {
    const end = CUM_DAYS[m]! + (m >= 2 ? leap : 0);
    if (jday <= end) return { month: m, day: jday - (CUM_DAYS[m - 1]! + (m > 2 ? leap : 0)) };
  }
  return { month: 12, day: jday - 334 - leap };
}

// ---------------------------------------------------------------------------------
// Header

/** File kind from the header line ('LULC  HRU ...', '  RCH  GIS ...', '  SUB  GIS ...'). */
export function detectOutputKind(headerLine: string): OutputFileKind {
  if (/^\s*LULC\s+HRU/.test(headerLine)) return 'hru';
  if (/^\s*RCH\s/.test(headerLine)) return 'rch';
  if (/^\s*SUB\s/.test(headerLine)) return 'sub';
  throw new Error(`not an output.rch/.sub/.hru header line: ${JSON.stringify(headerLine.slice(0, 60))}`);
}

/** SWAT rev from the program banner ('VER 2015/Rev 637'). */
export function parseRev(banner: string): number | null {
  const m = /Rev\.?\s*(\d+)/i.exec(banner);
  return m ? Number(m[1]) : null;
}

function stripCr(line: string): string {
  return line.length > 0 && line.charCodeAt(line.length - 1) === 13 ? line.slice(0, -1) : line;
}

/** Expected data line length of a layout for `count` values. */
function expectedLength(layout: OutputLayout, count: number): number {
  const { end } = valueOffsets(layout, count, false);
  const last = count > 0 ? end[count - 1]! : layout.areaStart + layout.areaFormat.width;
  return last + layout.trailingUnitWidth;
}

function looksLikeArea(line: string, layout: OutputLayout): boolean {
  const s = line.slice(layout.areaStart, layout.areaStart + layout.areaFormat.width);
  return /^\s*-?0?\.\d+E[+-]\d\d$/.test(s);
}

/** Picks the data layout of a file from its header and first data line. */
export function detectLayout(kind: OutputFileKind, headerPrefix: string, columnCount: number, firstDataLine?: string): OutputLayout {
  const calendar = /MO\s+DA\s+YR/.test(headerPrefix);
  const candidates = candidateLayouts(kind, calendar);
  if (firstDataLine === undefined) return candidates[0]!;
  const line = stripCr(firstDataLine);
  const exact = candidates.filter((c) => expectedLength(c, columnCount) === line.length && looksLikeArea(line, c));
  if (exact.length > 0) return exact[0]!;
  const plausible = candidates.filter((c) => looksLikeArea(line, c));
  return plausible[0] ?? candidates[0]!;
}

/**
 * Parses the preamble and header line. `lines` must hold at least the first 9 lines;
 * the first data line (line 10) lets the layout (rev variant) be recognised.
 */
export function parseOutputHeader(lines: readonly string[], kind?: OutputFileKind): OutputHeader {
  if (lines.length <= PREAMBLE_LINES) throw new Error('output file too short: no header line');
  const clean = lines.map(stripCr);
  // Find the header line: normally line 9, but accept a missing/extra blank line.
  let h = PREAMBLE_LINES;
  if (!clean[h]!.includes('AREAkm2')) {
    const found = clean.findIndex((l) => l.includes('AREAkm2'));
    if (found < 0) throw new Error('output file: no header line with AREAkm2');
    h = found;
  }
  const headerLine = clean[h]!;
  const file = detectOutputKind(headerLine);
  if (kind && kind !== file) throw new Error(`expected output.${kind} but the header is of output.${file}`);
  const cut = headerLine.indexOf('AREAkm2') + 'AREAkm2'.length;
  const headerPrefix = headerLine.slice(0, cut);
  const labelWidth = file === 'rch' ? 12 : 10;
  const rest = headerLine.slice(cut);
  const labels: string[] = [];
  for (let i = 0; i < rest.length; i += labelWidth) {
    const label = rest.slice(i, i + labelWidth);
    if (label.trim() === '') continue;
    labels.push(label);
  }
  const columns = labels.map((l) => l.trim());
  const preamble = clean.slice(0, h);
  const bannerLine = preamble[1] ?? '';
  const banner = bannerLine.slice(4, 84).trimEnd();
  const title: [string, string, string] = [
    (preamble[3] ?? '').slice(4).trimEnd(),
    (preamble[4] ?? '').slice(4).trimEnd(),
    (preamble[5] ?? '').slice(4).trimEnd(),
  ];
  const layout = detectLayout(file, headerPrefix, columns.length, clean[h + 1]);
  return { file, banner, rev: parseRev(banner), title, preamble, headerLine, headerPrefix, columns, labels, layout };
}

// ---------------------------------------------------------------------------------
// Rows

class Row implements OutputRow {
  file: OutputFileKind;
  unit: number;
  gis: string;
  lulc?: string;
  sub?: number;
  mgt?: number;
  period: PeriodKind = 'month';
  year: number | null = null;
  month: number | null = null;
  day: number | null = null;
  julianDay: number | null = null;
  years: number | null = null;
  area: number;
  data: Float64Array;
  columns: readonly string[];
  // Private (#) so that spreading/serialising a row shows only the SWAT fields.
  /** Index of each column name (shared by the rows of a file). */
  #index: Map<string, number>;
  #cache: Record<string, number> | null = null;

  constructor(file: OutputFileKind, unit: number, gis: string, area: number, data: Float64Array, columns: readonly string[], index: Map<string, number>) {
    this.file = file;
    this.unit = unit;
    this.gis = gis;
    this.area = area;
    this.data = data;
    this.columns = columns;
    this.#index = index;
  }

  get values(): Record<string, number> {
    if (this.#cache) return this.#cache;
    const out: Record<string, number> = {};
    for (let i = 0; i < this.columns.length; i++) out[this.columns[i]!] = this.data[i]!;
    this.#cache = out;
    return out;
  }

  get(name: string): number | undefined {
    if (name === 'AREAkm2') return this.area;
    const i = this.#index.get(name);
    return i === undefined ? undefined : this.data[i];
  }
}

/** Raw MON/date fields of a row, before the period is resolved. */
interface RawPeriod {
  /** Calendar rows: explicit MO DA YR. */
  mo: number;
  da: number;
  yr: number;
  /** Non-calendar rows: MON as integer, or NaN when it is an f4.1/f5.1 average. */
  mon: number;
  /** Average rows: number of years. */
  years: number;
}

/** Offsets of a layout's prefix fields in a data line: the unit number, GIS code, MON (or
 * MO DA YR) up to AREAkm2. */
export function prefixFields(layout: OutputLayout): { unitStart: number; unitEnd: number; gisStart: number; gisEnd: number; monStart: number; monEnd: number } {
  if (layout.file === 'hru') {
    const unitEnd = 4 + layout.unitWidth;
    const gisEnd = unitEnd + 1 + 9;
    // SUB i5, 1x, MGT i4, then MON
    return { unitStart: 4, unitEnd, gisStart: unitEnd + 1, gisEnd, monStart: gisEnd + 5 + 1 + 4, monEnd: layout.areaStart };
  }
  const unitEnd = 6 + layout.unitWidth;
  const gisEnd = unitEnd + 1 + 8;
  return { unitStart: 6, unitEnd, gisStart: unitEnd + 1, gisEnd, monStart: gisEnd, monEnd: layout.areaStart };
}

/** Parses data lines of one layout into rows (period left for PeriodResolver). */
export class OutputRowParser {
  readonly header: OutputHeader;
  private layout: OutputLayout;
  private starts: Int32Array;
  private ends: Int32Array;
  private index: Map<string, number>;
  // Prefix field offsets
  private unitStart: number;
  private unitEnd: number;
  private gisStart: number;
  private gisEnd: number;
  private monStart: number;
  private monEnd: number;

  constructor(header: OutputHeader) {
    this.header = header;
    const layout = header.layout;
    this.layout = layout;
    const off = valueOffsets(layout, header.columns.length, false);
    this.starts = off.start;
    this.ends = off.end;
    this.index = new Map(header.columns.map((c, i) => [c, i]));
    const f = prefixFields(layout);
    this.unitStart = f.unitStart;
    this.unitEnd = f.unitEnd;
    this.gisStart = f.gisStart;
    this.gisEnd = f.gisEnd;
    this.monStart = f.monStart;
    this.monEnd = f.monEnd;
  }

  /** Returns null for lines that are not data rows (blank lines, repeated headers). */
  parse(line: string, raw: RawPeriod): Row | null {
    if (line.length < this.layout.areaStart) return null;
    const layout = this.layout;
    if (layout.tag !== '' && !line.startsWith(layout.tag)) return null;
    const unit = parseFortranInt(line, this.unitStart, this.unitEnd);
    if (Number.isNaN(unit)) return null;
    const n = this.starts.length;
    const data = new Float64Array(n);
    for (let i = 0; i < n; i++) data[i] = parseFortranNumber(line, this.starts[i]!, this.ends[i]!);
    const area = parseFortranNumber(line, layout.areaStart, layout.areaStart + layout.areaFormat.width);
    const file = layout.file;
    const gis = file === 'hru' ? line.slice(this.gisStart, this.gisEnd) : line.slice(this.gisStart, this.gisEnd).trim();
    const row = new Row(file, unit, gis, area, data, this.header.columns, this.index);
    if (file === 'hru') {
      row.lulc = line.slice(0, 4).trim();
      row.sub = parseFortranInt(line, this.gisEnd, this.gisEnd + 5);
      row.mgt = parseFortranInt(line, this.gisEnd + 6, this.gisEnd + 10);
    }
    // Date / MON fields
    const s = this.monStart;
    if (layout.calendar) {
      // rch: 1x,i3,1x,i2,1x,i4,1x   sub/hru: 1x,i2,1x,i2,1x,i4,1x
      const moW = file === 'rch' ? 3 : 2;
      raw.mo = parseFortranInt(line, s + 1, s + 1 + moW);
      raw.da = parseFortranInt(line, s + 2 + moW, s + 4 + moW);
      raw.yr = parseFortranInt(line, s + 5 + moW, s + 9 + moW);
      raw.mon = NaN;
    } else {
      let dot = false;
      for (let i = s; i < this.monEnd; i++) if (line.charCodeAt(i) === 46) { dot = true; break; }
      if (dot) {
        raw.mon = NaN;
        raw.years = parseFortranNumber(line, s, this.monEnd);
      } else {
        raw.mon = parseFortranInt(line, s, this.monEnd);
        raw.years = NaN;
      }
    }
    return row;
  }

  /** parse() over the bytes of a line, buf[start, end) without its line break (reader-bytes.ts). */
  parseAt(buf: Uint8Array, start: number, end: number, raw: RawPeriod): Row | null {
    const layout = this.layout;
    if (end - start < layout.areaStart) return null;
    const tag = layout.tag;
    for (let k = 0; k < tag.length; k++) if (buf[start + k] !== tag.charCodeAt(k)) return null;
    const unit = parseFortranIntAt(buf, start + this.unitStart, Math.min(end, start + this.unitEnd));
    if (Number.isNaN(unit)) return null;
    const n = this.starts.length;
    const data = new Float64Array(n);
    const starts = this.starts;
    const ends = this.ends;
    for (let i = 0; i < n; i++) {
      const a = start + starts[i]!;
      const b = start + ends[i]!;
      data[i] = a >= end ? NaN : parseFortranNumberAt(buf, a, b > end ? end : b);
    }
    const areaEnd = start + layout.areaStart + layout.areaFormat.width;
    const area = parseFortranNumberAt(buf, start + layout.areaStart, areaEnd > end ? end : areaEnd);
    const file = layout.file;
    const gisEnd = Math.min(end, start + this.gisEnd);
    const gis = file === 'hru' ? latin1(buf, start + this.gisStart, gisEnd) : latin1(buf, start + this.gisStart, gisEnd).trim();
    const row = new Row(file, unit, gis, area, data, this.header.columns, this.index);
    if (file === 'hru') {
      row.lulc = latin1(buf, start, Math.min(end, start + 4)).trim();
      row.sub = parseFortranIntAt(buf, gisEnd, Math.min(end, start + this.gisEnd + 5));
      row.mgt = parseFortranIntAt(buf, Math.min(end, start + this.gisEnd + 6), Math.min(end, start + this.gisEnd + 10));
    }
    const s = start + this.monStart;
    const monEnd = Math.min(end, start + this.monEnd);
    if (layout.calendar) {
      const moW = file === 'rch' ? 3 : 2;
      raw.mo = parseFortranIntAt(buf, s + 1, Math.min(end, s + 1 + moW));
      raw.da = parseFortranIntAt(buf, s + 2 + moW, Math.min(end, s + 4 + moW));
      raw.yr = parseFortranIntAt(buf, s + 5 + moW, Math.min(end, s + 9 + moW));
      raw.mon = NaN;
    } else {
      let dot = false;
      for (let i = s; i < monEnd; i++) if (buf[i] === 46) { dot = true; break; }
      if (dot) {
        raw.mon = NaN;
        raw.years = parseFortranNumberAt(buf, s, monEnd);
      } else {
        raw.mon = parseFortranIntAt(buf, s, monEnd);
        raw.years = NaN;
      }
    }
    return row;
  }
}

/**
 * Resolves the period and date of rows in file order. IPRINT comes from file.cio when
 * given, else from the MON sequence: a value 13–366 means julian days (IPRINT 1), a
 * first value > 366 means years (IPRINT 2), months followed by a year means IPRINT 0.
 * Month rows get their year from the first printed year (IYR + NYSKIP) when known,
 * else they wait (buffered) for the year row that closes their year.
 */
export class PeriodResolver {
  iprint: PrintCode | null;
  icalen: 0 | 1 | null = null;
  private year: number | null;
  private pending: { row: Row; mon: number; years: number }[] = [];
  private waitingYear: Row[] = [];
  private prevJulian = 0;

  constructor(iprint: PrintCode | null, startYear: number | null) {
    this.iprint = iprint;
    this.year = startYear;
  }

  /** Feeds one row; returns the rows whose period is now resolved (in order). */
  push(row: Row, raw: RawPeriod, out: Row[]): void {
    if (!Number.isNaN(raw.mo) && Number.isNaN(raw.mon) && Number.isNaN(raw.years)) {
      // Calendar (ICALEN = 1) daily row.
      this.icalen = 1;
      this.iprint ??= 1;
      row.period = 'day';
      row.year = raw.yr;
      row.month = raw.mo;
      row.day = raw.da;
      row.julianDay = julianDay(raw.yr, raw.mo, raw.da);
      out.push(row);
      return;
    }
    this.icalen ??= 0;
    if (this.iprint === null) {
      this.pending.push({ row, mon: raw.mon, years: raw.years });
      const decided = this.decide(false);
      if (decided !== null) this.drainPending(out);
      return;
    }
    this.resolve(row, raw.mon, raw.years, out);
  }

  /** Call at end of file: flushes rows still waiting for a decision or a year row. */
  finish(out: Row[]): void {
    if (this.iprint === null && this.pending.length > 0) {
      this.decide(true);
      this.drainPending(out);
    }
    for (const r of this.waitingYear) out.push(r);
    this.waitingYear = [];
  }

  private decide(atEnd: boolean): PrintCode | null {
    let sawSmall = false;
    for (const p of this.pending) {
      if (Number.isNaN(p.mon)) {
        // An average row before any year row: months then averages.
        if (sawSmall) return (this.iprint = 0);
        continue;
      }
      if (p.mon > 366) return (this.iprint = sawSmall ? 0 : 2);
      if (p.mon > 12) return (this.iprint = 1);
      sawSmall = true;
    }
    if (atEnd) return (this.iprint = sawSmall ? 0 : 2);
    return null;
  }

  private drainPending(out: Row[]): void {
    const list = this.pending;
    this.pending = [];
    for (const p of list) this.resolve(p.row, p.mon, p.years, out);
  }

  private resolve(row: Row, mon: number, years: number, out: Row[]): void {
    if (Number.isNaN(mon)) {
      row.period = 'average';
      row.years = years;
      // Months still waiting for a year row keep year null.
      for (const r of this.waitingYear) out.push(r);
      this.waitingYear = [];
      out.push(row);
      return;
    }
    const iprint = this.iprint!;
    if (iprint === 1 && mon <= 366) {
      row.period = 'day';
      row.julianDay = mon;
      if (this.year !== null) {
        if (mon < this.prevJulian) this.year++;
        row.year = this.year;
        const md = monthDay(this.year, mon);
        row.month = md.month;
        row.day = md.day;
      }
      this.prevJulian = mon;
      out.push(row);
      return;
    }
    if (iprint === 0 && mon <= 12) {
      row.period = 'month';
      row.month = mon;
      if (this.year !== null) {
        row.year = this.year;
        out.push(row);
      } else {
        this.waitingYear.push(row);
      }
      return;
    }
    // Year row (IPRINT 0 after its months, IPRINT 2 always).
    row.period = 'year';
    row.year = mon;
    for (const r of this.waitingYear) {
      r.year = mon;
      out.push(r);
    }
    this.waitingYear = [];
    out.push(row);
    if (iprint === 0) this.year = mon + 1;
  }
}

function resolveCio(options: ReadOutputOptions): OutputCioSettings {
  if (options.cio === undefined) return {};
  return typeof options.cio === 'string' ? parseCioOutputSettings(options.cio) : options.cio;
}

/** Streaming row source over lines: header first, then resolved rows. */
export class OutputRowStream {
  header: OutputHeader | null = null;
  private parser: OutputRowParser | null = null;
  private resolver: PeriodResolver;
  private headLines: string[] = [];
  private raw: RawPeriod = { mo: NaN, da: NaN, yr: NaN, mon: NaN, years: NaN };
  private kind: OutputFileKind | undefined;

  constructor(options: ReadOutputOptions = {}) {
    const cio = resolveCio(options);
    const start = options.startYear ?? firstPrintedYear(cio);
    this.resolver = new PeriodResolver(cio.iprint ?? null, start);
    this.kind = options.kind;
  }

  get iprint(): PrintCode | null {
    return this.resolver.iprint;
  }

  get icalen(): 0 | 1 | null {
    return this.resolver.icalen;
  }

  /** Feeds one line (without line terminator); resolved rows are appended to out. */
  line(line: string, out: Row[]): void {
    if (this.parser === null) {
      this.headLines.push(line);
      // Header is line 9; wait for the first data line to recognise the layout.
      if (this.headLines.length < PREAMBLE_LINES + 2) return;
      this.start();
      const first = this.headLines.slice(this.headerIndex() + 1);
      for (const l of first) this.dataLine(l, out);
      return;
    }
    this.dataLine(line, out);
  }

  /** line() for the bytes of a line, buf[start, end) without its line break. */
  lineAt(buf: Uint8Array, start: number, end: number, out: Row[]): void {
    if (this.parser === null) {
      this.line(latin1(buf, start, end), out);
      return;
    }
    const raw = this.raw;
    raw.mo = NaN;
    raw.da = NaN;
    raw.yr = NaN;
    raw.mon = NaN;
    raw.years = NaN;
    const row = this.parser.parseAt(buf, start, end, raw);
    if (row) this.resolver.push(row, raw, out);
  }

  private headerIndex(): number {
    const i = this.headLines.findIndex((l) => l.includes('AREAkm2'));
    return i < 0 ? PREAMBLE_LINES : i;
  }

  private start(): void {
    this.header = parseOutputHeader(this.headLines, this.kind);
    this.parser = new OutputRowParser(this.header);
  }

  private dataLine(line: string, out: Row[]): void {
    const l = stripCr(line);
    const raw = this.raw;
    raw.mo = NaN;
    raw.da = NaN;
    raw.yr = NaN;
    raw.mon = NaN;
    raw.years = NaN;
    const row = this.parser!.parse(l, raw);
    if (row) this.resolver.push(row, raw, out);
  }

  end(out: Row[]): void {
    if (this.parser === null) {
      if (this.headLines.length > PREAMBLE_LINES) {
        this.start();
        for (const l of this.headLines.slice(this.headerIndex() + 1)) this.dataLine(l, out);
      } else {
        throw new Error('output file too short: no header line');
      }
    }
    this.resolver.finish(out);
  }
}

/** Splits text chunks into lines (LF or CRLF) without building one big array. */
async function* linesOfChunks(chunks: AsyncIterable<string | Uint8Array>): AsyncGenerator<string[]> {
  let rest = '';
  const decoder = new TextDecoder('latin1');
  for await (const chunk of chunks) {
    const text = rest + (typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true }));
    const lines = text.split('\n');
    rest = lines.pop()!;
    yield lines;
  }
  if (rest.length > 0) yield [rest];
}

function chunksOf(source: string | AsyncIterable<string | Uint8Array>): AsyncIterable<string | Uint8Array> {
  if (typeof source === 'string') return createReadStream(source, { encoding: 'latin1', highWaterMark: 1 << 20 });
  return source;
}

/**
 * Streams the rows of output.rch/.sub/.hru from a file path or a stream of text
 * chunks (any size). Memory stays bounded (rows are yielded as they are parsed),
 * except for IPRINT 0 month rows whose year is unknown (no file.cio/startYear given):
 * those wait for the year row that closes their year.
 */
export async function* readOutputRows(
  source: string | AsyncIterable<string | Uint8Array>,
  kindOrOptions?: OutputFileKind | ReadOutputOptions,
): AsyncGenerator<OutputRow> {
  const options: ReadOutputOptions = typeof kindOrOptions === 'string' ? { kind: kindOrOptions } : (kindOrOptions ?? {});
  const stream = new OutputRowStream(options);
  const out: Row[] = [];
  for await (const lines of linesOfChunks(chunksOf(source))) {
    for (const line of lines) stream.line(line, out);
    if (out.length > 0) {
      for (const r of out) yield r;
      out.length = 0;
    }
  }
  stream.end(out);
  for (const r of out) yield r;
}

/**
 * The rows of an output file, read synchronously from its bytes (reader-bytes.ts) and handed to
 * `onRow` in file order — the same rows as readOutputRows, several times faster: for loaders
 * that read whole files (in worker threads, off the event loop). Returns the header.
 */
export function scanOutputFile(path: string, options: ReadOutputOptions, onRow: (row: OutputRow) => void): OutputHeader {
  const stream = new OutputRowStream(options);
  const out: Row[] = [];
  forEachLineOfFile(path, (buf, start, end) => {
    stream.lineAt(buf, start, end, out);
    if (out.length > 0) {
      for (let i = 0; i < out.length; i++) onRow(out[i]!);
      out.length = 0;
    }
  });
  stream.end(out);
  for (const r of out) onRow(r);
  return stream.header!;
}

/** Reads only the preamble and header of an output file (path or text). */
export async function readOutputHeader(pathOrText: string, kind?: OutputFileKind): Promise<OutputHeader> {
  if (pathOrText.includes('\n')) return parseOutputHeader(pathOrText.split('\n', PREAMBLE_LINES + 2), kind);
  const head: string[] = [];
  for await (const lines of linesOfChunks(createReadStream(pathOrText, { encoding: 'latin1', highWaterMark: 1 << 16 }))) {
    head.push(...lines);
    if (head.length >= PREAMBLE_LINES + 2) break;
  }
  return parseOutputHeader(head.slice(0, PREAMBLE_LINES + 2), kind);
}

/** Parses all rows of an output file held in memory. */
export function parseOutputRows(text: string, options: ReadOutputOptions = {}): { header: OutputHeader; rows: OutputRow[]; iprint: PrintCode; icalen: 0 | 1 } {
  const stream = new OutputRowStream(options);
  const out: Row[] = [];
  let pos = 0;
  while (pos < text.length) {
    let nl = text.indexOf('\n', pos);
    if (nl < 0) nl = text.length;
    stream.line(text.slice(pos, nl), out);
    pos = nl + 1;
  }
  stream.end(out);
  return { header: stream.header!, rows: out, iprint: stream.iprint ?? 0, icalen: stream.icalen ?? 0 };
}

/** Builds the column-oriented table of rows. */
export function toOutputTable(header: OutputHeader, rows: readonly OutputRow[], iprint: PrintCode, icalen: 0 | 1): OutputTable {
  const n = rows.length;
  const hru = header.file === 'hru';
  const t: OutputTable = {
    header,
    iprint,
    icalen,
    rowCount: n,
    unit: new Int32Array(n),
    gis: new Array<string>(n),
    lulc: hru ? new Array<string>(n) : null,
    sub: hru ? new Int32Array(n) : null,
    mgt: hru ? new Int32Array(n) : null,
    period: new Array<PeriodKind>(n),
    year: new Float64Array(n),
    month: new Float64Array(n),
    day: new Float64Array(n),
    julianDay: new Float64Array(n),
    years: new Float64Array(n),
    area: new Float64Array(n),
    columns: {},
  };
  const cols = header.columns.map(() => new Float64Array(n));
  header.columns.forEach((c, i) => (t.columns[c] = cols[i]!));
  for (let r = 0; r < n; r++) {
    const row = rows[r]!;
    t.unit[r] = row.unit;
    t.gis[r] = row.gis;
    if (hru) {
      t.lulc![r] = row.lulc ?? '';
      t.sub![r] = row.sub ?? 0;
      t.mgt![r] = row.mgt ?? 0;
    }
    t.period[r] = row.period;
    t.year[r] = row.year ?? NaN;
    t.month[r] = row.month ?? NaN;
    t.day[r] = row.day ?? NaN;
    t.julianDay[r] = row.julianDay ?? NaN;
    t.years[r] = row.years ?? NaN;
    t.area[r] = row.area;
    const d = row.data;
    for (let c = 0; c < cols.length; c++) cols[c]![r] = d[c]!;
  }
  return t;
}

/** Column-oriented parse of an output file held in memory. */
export function parseOutputTable(text: string, options: ReadOutputOptions = {}): OutputTable {
  const { header, rows, iprint, icalen } = parseOutputRows(text, options);
  return toOutputTable(header, rows, iprint, icalen);
}

/**
 * Column-oriented read of a small output file: `textOrPath` is the file's text when it
 * contains a line break, else a path.
 */
export async function readOutputTable(textOrPath: string, options: ReadOutputOptions = {}): Promise<OutputTable> {
  if (textOrPath.includes('\n')) return parseOutputTable(textOrPath, options);
  const { readFile } = await import('node:fs/promises');
  return parseOutputTable(await readFile(textOrPath, 'latin1'), options);
}

/** IPRINT/ICALEN of an output file, from its rows (and file.cio when given). */
export function detectPrintSettings(text: string, options: ReadOutputOptions = {}): { iprint: PrintCode; icalen: 0 | 1 } {
  const { iprint, icalen } = parseOutputRows(text, options);
  return { iprint, icalen };
}

export { valueFormat };
