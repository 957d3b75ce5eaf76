// output.sed: reach sediment by particle size, as SWAT2012 rev 637 writes it on every run
// (header.f; rows by rsedday/rsedmon/rsedyr/rsedaa: FORMAT ('REACH ',i4,1x,i8,1x,i5,20e12.4),
// the average-annual rows with f5.1 years in place of i5). No preamble: the header line is the
// first line. Daily rows carry the julian day whatever ICALEN says.
import { createWriteStream } from 'node:fs';
import { formatE, formatF, formatI, parseFortranInt, parseFortranNumber } from './fortran.ts';
import type { OutputSink, PeriodKind } from './types.ts';

/** The 19 values of a row, in the file's order. */
export const SED_COLUMNS = [
  'SED_INtons', 'SED_OUTtons', 'SAND_INtons', 'SAND_OUTtons', 'SILT_INtons', 'SILT_OUTtons', 'CLAY_INtons', 'CLAY_OUTtons',
  'SMAG_INtons', 'SMAG_OUTtons', 'LAG_INtons', 'LAG_OUTtons', 'GRA_INtons', 'GRA_OUTtons', 'CH_BNKtons', 'CH_BEDtons',
  'CH_DEPtons', 'FP_DEPtons', 'TSSmg/L',
] as const;
export const NSED = SED_COLUMNS.length;

/** The header line (labels right-justified in 12 characters, as header.f's tab stops put them). */
export const SED_HEADER = '       RCH      GIS   MON     AREAkm2' + SED_COLUMNS.map((c) => c.padStart(12)).join('');

export interface SedRow {
  unit: number;
  gis?: number;
  period: PeriodKind;
  /** julian day (day rows), month (month rows), year (year rows) */
  label?: number;
  /** years averaged over (average rows) */
  years?: number;
  area: number;
  values: ArrayLike<number>;
}

/** One data line of output.sed (no line terminator). */
export function formatSedRow(row: SedRow): string {
  let s = 'REACH ' + formatI(row.unit, 4) + ' ' + formatI(row.gis ?? 0, 8) + ' ';
  s += row.period === 'average' ? formatF(row.years ?? 0, 5, 1) : formatI(row.label ?? 0, 5);
  s += formatE(row.area, 12, 4);
  for (let i = 0; i < NSED; i++) s += formatE(row.values[i] ?? 0, 12, 4);
  return s;
}

export interface SedWriter {
  writeRow(row: SedRow): void | Promise<void>;
  close(): Promise<void>;
}

/** Streaming output.sed writer: the header at once, rows in chunks of about 1 MB. A path is
 * opened and closed by the writer; a stream or function passed in is left open. */
export function createSedWriter(sink: OutputSink): SedWriter {
  const owns = typeof sink === 'string';
  const stream: NodeJS.WritableStream | null = typeof sink === 'function' ? null : typeof sink === 'string' ? createWriteStream(sink, { encoding: 'latin1' }) : sink;
  const write = (text: string): void | Promise<void> => {
    if (!stream) return (sink as (chunk: string) => void)(text);
    if (stream.write(text)) return;
    return new Promise<void>((resolve) => stream.once('drain', () => resolve()));
  };
  let lines: string[] = [SED_HEADER];
  let size = 0;
  let closed = false;
  const flush = (): void | Promise<void> => {
    if (lines.length === 0) return;
    const text = lines.join('\n') + '\n';
    lines = [];
    size = 0;
    return write(text);
  };
  return {
    writeRow(row: SedRow): void | Promise<void> {
      if (closed) throw new Error('output.sed writer is closed');
      const line = formatSedRow(row);
      lines.push(line);
      size += line.length;
      if (size >= 1 << 20) return flush();
    },
    async close(): Promise<void> {
      if (closed) return;
      closed = true;
      await flush();
      if (stream && owns) await new Promise<void>((resolve, reject) => {
        stream.once('error', reject);
        stream.end(() => resolve());
      });
    },
  };
}

/** One parsed row of output.sed: `period` is told by the MON field ('average' when it holds
 * a decimal point; otherwise day/month/year as the file's print code says). */
export interface SedParsedRow {
  unit: number;
  gis: number;
  mon: number;
  average: boolean;
  area: number;
  values: number[];
}

/** Parses output.sed by its FORMAT (fixed columns, so 3-digit exponents such as 0.1234-100 read). */
export function parseSedRows(text: string): SedParsedRow[] {
  const rows: SedParsedRow[] = [];
  for (const line of text.split(/\r?\n/)) {
    if (!line.startsWith('REACH ')) continue;
    const monField = line.slice(20, 25);
    const values: number[] = [];
    for (let i = 0; i < NSED; i++) values.push(parseFortranNumber(line, 37 + 12 * i, 49 + 12 * i));
    rows.push({
      unit: parseFortranInt(line, 6, 10),
      gis: parseFortranInt(line, 11, 19),
      mon: Number(monField),
      average: monField.includes('.'),
      area: parseFortranNumber(line, 25, 37),
      values,
    });
  }
  return rows;
}
