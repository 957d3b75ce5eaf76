// Writers of output.rch / output.sub / output.hru in SWAT2012's own formats, byte for
// byte: same preamble (header.f/headout.f), same header labels, and data rows
// through the same FORMAT descriptors (see columns.ts), with gfortran's number
// rendering (fortran.ts). The engine streams rows through createOutputWriter as the
// simulation runs; formatOutputFile builds a whole file in memory (tests, small runs).

import { createWriteStream } from 'node:fs';
import { defaultColumns, labelFor, layoutForRev, valueFormat } from './columns.ts';
import { formatE, formatField, formatF, formatI } from './fortran.ts';
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

/** Formats data rows of one layout and column list. */
export class OutputRowFormatter {
  readonly layout: OutputLayout;
  readonly columns: readonly string[];

  constructor(layout: OutputLayout, columns: readonly string[]) {
    this.layout = layout;
    this.columns = columns;
  }

  /** One data line (without line terminator). */
  format(row: OutputRowInput): string {
    const layout = this.layout;
    const file = layout.file;
    let s: string;
    if (file === 'hru') {
      const gis = String(row.gis ?? '').padStart(9, '0').slice(0, 9);
      s = (row.lulc ?? '').padEnd(4).slice(0, 4) + formatI(row.unit, layout.unitWidth) + ' ' + gis +
        formatI(row.sub ?? 0, 5) + ' ' + formatI(row.mgt ?? 0, 4);
      s += this.formatPeriod(row, 4, 2);
    } else {
      s = layout.tag + formatI(row.unit, layout.unitWidth) + ' ' + formatI(Number(row.gis ?? 0), 8);
      s += file === 'rch' ? this.formatPeriod(row, 5, 3) : this.formatPeriod(row, 4, 2);
    }
    const daily = row.period === 'day';
    s += formatE(row.area, layout.areaFormat.width, layout.areaFormat.digits);
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
    const parts: string[] = [s];
    for (let i = 0; i < n; i++) {
      const v = source ? source[i]! : (byName![this.columns[i]!] ?? 0);
      const f = valueFormat(layout, i, daily);
      parts.push(formatField(v, f.type, f.width, f.digits, f.lead));
    }
    if (layout.trailingUnitWidth > 0) parts.push(formatI(row.unit, layout.trailingUnitWidth));
    return parts.join('');
  }

  /**
   * MON field (monWidth: i5 rch, i4 sub/hru) or, for calendar layouts,
   * 1x,MO(moWidth),1x,DA i2,1x,YR i4,1x.
   */
  private formatPeriod(row: OutputRowInput, monWidth: number, moWidth: number): string {
    if (this.layout.calendar) {
      if (row.period !== 'day') throw new Error(`output.${this.layout.file}: calendar (ICALEN=1) files hold daily rows only`);
      return ' ' + formatI(row.month ?? 0, moWidth) + ' ' + formatI(row.day ?? 0, 2) + ' ' + formatI(row.year ?? 0, 4) + ' ';
    }
    // Every layout has a 1X between the previous field and MON.
    const lead = ' ';
    switch (row.period) {
      case 'average':
        return lead + formatF(row.years ?? 0, monWidth, 1);
      case 'year':
        return lead + formatI(row.year ?? 0, monWidth);
      case 'month':
        return lead + formatI(row.month ?? 0, monWidth);
      case 'day':
        return lead + formatI(row.julianDay ?? 0, monWidth);
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

interface Sink {
  write(text: string): void | Promise<void>;
  close(): Promise<void>;
}

function openSink(sink: OutputSink): Sink {
  if (typeof sink === 'function') return { write: (t) => sink(t), close: async () => {} };
  const stream: NodeJS.WritableStream = typeof sink === 'string' ? createWriteStream(sink, { encoding: 'latin1' }) : sink;
  const ownsStream = typeof sink === 'string';
  return {
    write(text: string): void | Promise<void> {
      if (stream.write(text)) return;
      return new Promise<void>((resolve) => stream.once('drain', () => resolve()));
    },
    close(): Promise<void> {
      if (!ownsStream) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        stream.once('error', reject);
        stream.end(() => resolve());
      });
    },
  };
}

/**
 * Streaming writer of output.rch/.sub/.hru. Rows are formatted immediately and
 * written in chunks of about 1 MB; writeRow returns a promise only when the stream
 * asks for back-pressure. Paths are opened (and closed by close()); streams passed in
 * are left open for the caller.
 */
export function createOutputWriter(file: OutputFileKind, sink: OutputSink, options: OutputWriterOptions): OutputWriter {
  const header = buildOutputHeader(file, options);
  const eol = options.eol ?? '\n';
  const out = openSink(sink);
  const fmt = new OutputRowFormatter(header.layout, header.columns);
  let buffer: string[] = [...header.preamble, header.headerLine];
  let size = 0;
  let closed = false;
  const flush = (): void | Promise<void> => {
    if (buffer.length === 0) return;
    const text = buffer.join(eol) + eol;
    buffer = [];
    size = 0;
    options.onText?.(text);
    return out.write(text);
  };
  return {
    header,
    writeRow(row: OutputRowInput): void | Promise<void> {
      if (closed) throw new Error(`output.${file} writer is closed`);
      const line = fmt.format(row);
      buffer.push(line);
      size += line.length;
      if (size >= 1 << 20) return flush();
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


