// Writers of output.rch / output.sub / output.hru in SWAT2012's own formats, byte for
// byte: same preamble (header.f/headout.f), same header labels, and data rows
// through the same FORMAT descriptors (see columns.ts), with gfortran's number
// rendering (fortran.ts, written as bytes by fortran-bytes.ts). The engine streams rows through createOutputWriter as the
// simulation runs; formatOutputFile builds a whole file in memory (tests, small runs).

import { closeSync, openSync, writeSync } from 'node:fs';
import { defaultColumns, labelFor, layoutForRev, valueFormat } from './columns.ts';
import { formatI } from './fortran.ts';
import { FortranBytes } from './fortran-bytes.ts';
import type {
  OutputFileKind,
  OutputHeader,
  OutputLayout,
  OutputRowInput,
  OutputSink,
  OutputWriter,
  OutputWriterOptions,
} from './types.ts';

/** Banner of the rev 637 Linux build used for the LREW reference outputs. */
export const DEFAULT_BANNER = 'SWAT May 6 2015    VER 2015/Rev 637';

function pad2(n: number): string {
  return formatI(n, 2);
}

/**
 * The banner line: FORMAT ('1',/t5,a80,t105,2(i2,'/'),i4,5x,2(i2,':'),i2). SWAT
 * builds on Linux leave the date/time zero, which is what the reference files show.
 */
export function formatBannerLine(banner: string, date?: OutputWriterOptions['date']): string {
  const d = date ?? { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
  return (
    '    ' + banner.padEnd(80).slice(0, 80) + ' '.repeat(20) +
    pad2(d.month) + '/' + pad2(d.day) + '/' + formatI(d.year, 4) + '     ' +
    pad2(d.hour) + ':' + pad2(d.minute) + ':' + pad2(d.second)
  );
}

/** The 8 preamble lines: '1', banner, blank, 3 title lines (t5,a80), 2 blanks. */
export function formatOutputPreamble(opts: Pick<OutputWriterOptions, 'banner' | 'date' | 'title'> = {}): string[] {
  const title = opts.title ?? ['', '', ''];
  return [
    '1',
    formatBannerLine(opts.banner ?? DEFAULT_BANNER, opts.date),
    '',
    ...title.map((t) => '    ' + t.padEnd(80).slice(0, 80)),
    '',
    '',
  ];
}

/** The header line: layout prefix (ending with AREAkm2) then the labels. */
export function formatOutputHeaderLine(prefix: string, labels: readonly string[]): string {
  return prefix + labels.join('');
}

/** Builds an OutputHeader for a new file (what the writers print before the rows). */
export function buildOutputHeader(file: OutputFileKind, options: OutputWriterOptions): OutputHeader {
  const rev = options.rev ?? 637;
  const calendar = options.iprint === 1 && (options.icalen ?? 0) === 1;
  const layout = options.layout ?? layoutForRev(file, rev, calendar);
  const columns = options.columns ? [...options.columns] : defaultColumns(file, rev);
  const width = layout.labelWidth;
  const labels = options.labels
    ? options.labels.map((l) => (l.length >= width ? l.slice(0, width) : l.padStart(width)))
    : columns.map((c) => labelFor(file, c, rev));
  const headerPrefix = options.headerPrefix ?? layout.headerPrefix;
  const preamble = options.preamble ?? formatOutputPreamble(options);
  const banner = options.banner ?? DEFAULT_BANNER;
  return {
    file,
    banner,
    rev,
    title: options.title ?? ['', '', ''],
    preamble,
    headerLine: formatOutputHeaderLine(headerPrefix, labels),
    headerPrefix,
    columns,
    labels,
    layout,
  };
}

/** Formats data rows of one layout and column list (into bytes: fortran-bytes.ts). */
export class OutputRowFormatter {
  readonly layout: OutputLayout;
  readonly columns: readonly string[];
  // edit descriptors of the value fields, daily rows and other rows (valueFormat), as arrays
  private readonly dayE: Uint8Array; private readonly dayW: Uint8Array; private readonly dayD: Uint8Array; private readonly dayLead: Uint8Array;
  private readonly perE: Uint8Array; private readonly perW: Uint8Array; private readonly perD: Uint8Array; private readonly perLead: Uint8Array;
  private scratch: FortranBytes | null = null;

  constructor(layout: OutputLayout, columns: readonly string[]) {
    this.layout = layout;
    this.columns = columns;
    const n = columns.length;
    const mk = () => [new Uint8Array(n), new Uint8Array(n), new Uint8Array(n), new Uint8Array(n)] as const;
    [this.dayE, this.dayW, this.dayD, this.dayLead] = mk();
    [this.perE, this.perW, this.perD, this.perLead] = mk();
    for (let i = 0; i < n; i++) {
      const d = valueFormat(layout, i, true);
      const q = valueFormat(layout, i, false);
      this.dayE[i] = d.type === 'E' ? 1 : 0; this.dayW[i] = d.width - d.lead; this.dayD[i] = d.digits; this.dayLead[i] = d.lead;
      this.perE[i] = q.type === 'E' ? 1 : 0; this.perW[i] = q.width - q.lead; this.perD[i] = q.digits; this.perLead[i] = q.lead;
    }
  }

  /** One data line (without line terminator). */
  format(row: OutputRowInput): string {
    const out = (this.scratch ??= new FortranBytes(1024));
    out.pos = 0;
    this.formatInto(row, out);
    return out.text();
  }

  /** Appends one data line (without line terminator) to `out`. */
  formatInto(row: OutputRowInput, out: FortranBytes): void {
    const layout = this.layout;
    const file = layout.file;
    if (file === 'hru') {
      // LULC a4 (left-justified, cut at 4), HRU, 1x, GIS as 9 characters zero-filled on the left
      const lulc = row.lulc ?? '';
      for (let i = 0; i < 4; i++) out.ascii(i < lulc.length ? lulc[i] : ' ');
      out.int(row.unit, layout.unitWidth);
      out.blanks(1);
      const gis = String(row.gis ?? '');
      if (gis.length < 9) {
        for (let i = gis.length; i < 9; i++) out.ascii('0');
        out.ascii(gis);
      } else out.ascii(gis.length === 9 ? gis : gis.slice(0, 9));
      out.int(row.sub ?? 0, 5);
      out.blanks(1);
      out.int(row.mgt ?? 0, 4);
      this.formatPeriod(row, out, 4, 2);
    } else {
      out.ascii(layout.tag);
      out.int(row.unit, layout.unitWidth);
      out.blanks(1);
      out.int(Number(row.gis ?? 0), 8);
      if (file === 'rch') this.formatPeriod(row, out, 5, 3);
      else this.formatPeriod(row, out, 4, 2);
    }
    const daily = row.period === 'day';
    out.e(row.area, layout.areaFormat.width, layout.areaFormat.digits);
    const n = this.columns.length;
    // Rows straight from the reader carry `data` in column order: use it (no lookups,
    // and no building of the lazy `values` record).
    const data = (row as { data?: ArrayLike<number> }).data;
    let source: ArrayLike<number> | null = data && data.length === n ? data : null;
    let byName: Record<string, number> | null = null;
    if (source === null) {
      const values = row.values;
      if (isArrayLike(values)) source = values;
      else byName = values;
    }
    const isE = daily ? this.dayE : this.perE, wid = daily ? this.dayW : this.perW;
    const dig = daily ? this.dayD : this.perD, lead = daily ? this.dayLead : this.perLead;
    for (let i = 0; i < n; i++) {
      const v = source ? source[i]! : (byName![this.columns[i]!] ?? 0);
      if (lead[i] > 0) out.blanks(lead[i]);
      out.val[0] = v; // (not an argument: see fortran-bytes.ts)
      if (isE[i] === 1) out.eVal(wid[i], dig[i]);
      else out.fVal(wid[i], dig[i]);
    }
    if (layout.trailingUnitWidth > 0) out.int(row.unit, layout.trailingUnitWidth);
  }

  /**
   * MON field (monWidth: i5 rch, i4 sub/hru) or, for calendar layouts,
   * 1x,MO(moWidth),1x,DA i2,1x,YR i4,1x.
   */
  private formatPeriod(row: OutputRowInput, out: FortranBytes, monWidth: number, moWidth: number): void {
    if (this.layout.calendar) {
      if (row.period !== 'day') throw new Error(`output.${this.layout.file}: calendar (ICALEN=1) files hold daily rows only`);
      out.blanks(1);
      out.int(row.month ?? 0, moWidth);
      out.blanks(1);
      out.int(row.day ?? 0, 2);
      out.blanks(1);
      out.int(row.year ?? 0, 4);
      out.blanks(1);
      return;
    }
    // Every layout has a 1X between the previous field and MON.
    out.blanks(1);
    switch (row.period) {
      case 'average':
        out.f(row.years ?? 0, monWidth, 1);
        return;
      case 'year':
        out.int(row.year ?? 0, monWidth);
        return;
      case 'month':
        out.int(row.month ?? 0, monWidth);
        return;
      case 'day':
        out.int(row.julianDay ?? 0, monWidth);
        return;
    }
  }
}

function isArrayLike(v: unknown): v is ArrayLike<number> {
  return Array.isArray(v) || ArrayBuffer.isView(v);
}

/** Whole file as text: preamble, header line, rows (each line ends with eol). */
export function formatOutputFile(header: OutputHeader, rows: Iterable<OutputRowInput>, eol = '\n'): string {
  const fmt = new OutputRowFormatter(header.layout, header.columns);
  const parts: string[] = [...header.preamble, header.headerLine];
  for (const r of rows) parts.push(fmt.format(r));
  return parts.join(eol) + eol;
}

/** Where a writer's bytes go: a file (written synchronously from the reused buffer), or a
 * stream / function given text (as before the byte formatter). */
interface Sink {
  write(bytes: FortranBytes): void | Promise<void>;
  close(): Promise<void>;
}

function openSink(sink: OutputSink): Sink {
  if (typeof sink === 'string') {
    const fd = openSync(sink, 'w');
    return {
      write(bytes: FortranBytes): void {
        let off = 0;
        while (off < bytes.pos) off += writeSync(fd, bytes.buf, off, bytes.pos - off);
      },
      close(): Promise<void> {
        closeSync(fd);
        return Promise.resolve();
      },
    };
  }
  if (typeof sink === 'function') return { write: (b) => sink(b.text()), close: async () => {} };
  const stream = sink;
  return {
    write(bytes: FortranBytes): void | Promise<void> {
      if (stream.write(bytes.text())) return;
      return new Promise<void>((resolve) => stream.once('drain', () => resolve()));
    },
    close(): Promise<void> {
      return Promise.resolve();
    },
  };
}

/** Bytes gathered before they are written out. */
const CHUNK = 1 << 20;

/**
 * Streaming writer of output.rch/.sub/.hru. Rows are formatted immediately into one reused
 * byte buffer, written out in chunks of about 1 MB; writeRow returns a promise only when a
 * stream asks for back-pressure. Paths are opened (and closed by close()); streams passed in
 * are left open for the caller.
 */
export function createOutputWriter(file: OutputFileKind, sink: OutputSink, options: OutputWriterOptions): OutputWriter {
  const header = buildOutputHeader(file, options);
  const eol = options.eol ?? '\n';
  const out = openSink(sink);
  const fmt = new OutputRowFormatter(header.layout, header.columns);
  const bytes = new FortranBytes(CHUNK + (1 << 14));
  for (const line of [...header.preamble, header.headerLine]) {
    bytes.ascii(line);
    bytes.ascii(eol);
  }
  let closed = false;
  const flush = (): void | Promise<void> => {
    if (bytes.pos === 0) return;
    // the run pipeline parses the text as it is written (no reading the file back)
    options.onText?.(bytes.text());
    const r = out.write(bytes);
    bytes.pos = 0;
    return r;
  };
  return {
    header,
    writeRow(row: OutputRowInput): void | Promise<void> {
      if (closed) throw new Error(`output.${file} writer is closed`);
      fmt.formatInto(row, bytes);
      bytes.ascii(eol);
      if (bytes.pos >= CHUNK) return flush();
    },
    async close(): Promise<void> {
      if (closed) return;
      closed = true;
      await flush();
      await out.close();
    },
  };
}

/** output.rch writer (reaches: REACH rows, 12-wide e12.4 fields). */
export function createRchWriter(sink: OutputSink, options: OutputWriterOptions): OutputWriter {
  return createOutputWriter('rch', sink, options);
}

/** output.sub writer (subbasins: BIGSUB rows). */
export function createSubWriter(sink: OutputSink, options: OutputWriterOptions): OutputWriter {
  return createOutputWriter('sub', sink, options);
}

/** output.hru writer (HRUs: LULC HRU GIS SUB MGT rows). */
export function createHruWriter(sink: OutputSink, options: OutputWriterOptions): OutputWriter {
  return createOutputWriter('hru', sink, options);
}


