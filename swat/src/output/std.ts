// output.std: the run summary SWAT prints for the whole watershed.
//
// Reader: tolerant of rev differences (rev 670 drops the TILENO3 column of the annual
// table and prints sediment loading with 2 decimals; bacteria units change from
// No/HA to No/M2). Sections are recognised by their titles, 'NAME = value UNIT' lines
// are read with the label taken verbatim, so SWAT Check can look values up by the
// names SWAT prints ('SURFACE RUNOFF Q', 'N UPTAKE', 'DENITRIFICATION', ...).
//
// Writer: the preamble and the 'AVE ANNUAL BASIN VALUES' water-balance page, with the
// field widths of rev 637's std.f (so the engine's output.std reads like SWAT's).

import { readFile } from 'node:fs/promises';
import { parseFortranInt, parseFortranNumber, formatF, formatI } from './fortran.ts';
import { formatBannerLine } from './writer.ts';
import { parseRev } from './reader.ts';
import type { OutputStd, OutputStdInput, StdAnnualSummary, StdHruAverage } from './types.ts';

/** Columns of the 'Annual Summary for Watershed' table (after TIME). */
export const STD_ANNUAL_COLUMNS: readonly string[] = [
  'PREC', 'SURQ', 'LATQ', 'GWQ', 'PERCOLATE', 'TILE Q', 'SW', 'ET', 'PET', 'WATER YIELD', 'SED YIELD',
  'NO3 SURQ', 'NO3 LATQ', 'NO3 PERC', 'NO3 CROP', 'ORGANIC N', 'SOLUBLE P', 'ORGANIC P', 'TILENO3',
];

/** Field widths of that table: TIME i5, 15 × f8.2, organic N f9.2, then f8.2. */
const STD_ANNUAL_WIDTHS: readonly number[] = [8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 9, 8, 8, 8];

/** Columns of the 'AVE MONTHLY BASIN VALUES' table (after MON). */
export const STD_MONTHLY_COLUMNS: readonly string[] = ['RAIN', 'SNOW FALL', 'SURF Q', 'LAT Q', 'WATER YIELD', 'ET', 'SED YIELD', 'PET'];

/**
 * Lines of the water-balance 'AVE ANNUAL BASIN VALUES' page of rev 637:
 * [label, field width after '=', decimals, unit text].
 */
export const STD_AVE_ANNUAL_BASIN_LINES: readonly (readonly [string, number, number, string])[] = [
  ['PRECIP', 9, 1, ' MM'],
  ['SNOW FALL', 8, 2, ' MM'],
  ['SNOW MELT', 9, 2, ' MM'],
  ['SUBLIMATION', 9, 2, ' MM'],
  ['SURFACE RUNOFF Q', 9, 2, ' MM'],
  ['LATERAL SOIL Q', 8, 2, ' MM'],
  ['TILE Q', 9, 2, ' MM'],
  ['GROUNDWATER (SHAL AQ) Q', 9, 2, ' MM'],
  ['GROUNDWATER (DEEP AQ) Q', 9, 2, ' MM'],
  ['REVAP (SHAL AQ => SOIL/PLANTS)', 8, 2, ' MM'],
  ['DEEP AQ RECHARGE', 9, 2, ' MM'],
  ['TOTAL AQ RECHARGE', 8, 2, ' MM'],
  ['TOTAL WATER YLD', 9, 2, ' MM'],
  ['PERCOLATION OUT OF SOIL', 8, 2, ' MM'],
  ['ET', 9, 1, ' MM'],
  ['PET', 9, 1, 'MM'],
  ['TRANSMISSION LOSSES', 9, 2, ' MM'],
  ['SEPTIC INFLOW', 11, 2, ' MM'],
  ['TOTAL SEDIMENT LOADING', 10, 3, ' T/HA'],
  ['TILE FROM IMPOUNDED WATER', 10, 3, ' (MM)'],
  ['EVAPORATION FROM IMPOUNDED WATER', 10, 3, ' (MM)'],
  ['SEEPAGE INTO SOIL FROM IMPOUNDED WATER', 9, 3, ' (MM)'],
  ['OVERFLOW FROM IMPOUNDED WATER', 9, 3, ' (MM)'],
];

// 'LABEL = value UNIT' – the label may itself hold '=' ('REVAP (SHAL AQ => SOIL/PLANTS)').
const KEY_VALUE = /^\s*(.*?)\s+=\s*(-?(?:\d+\.?\d*|\.\d+)(?:[EeDd][+-]?\d+)?)\s*(.*)$/;

type Section = 'none' | 'annual' | 'basin' | 'nutrients' | 'stress' | 'monthly' | 'hru' | 'plant' | 'final';

function emptyStd(): OutputStd {
  return {
    banner: '',
    rev: null,
    title: ['', '', ''],
    years: null,
    areaKm2: null,
    hruCount: null,
    subbasinCount: null,
    annualSummaries: [],
    aveAnnualBasin: {},
    aveAnnualBasinUnits: {},
    aveAnnualNutrients: {},
    stressDays: {},
    aveMonthlyBasin: [],
    hruAverages: [],
    plantValues: [],
    other: {},
  };
}

/** Parses one row of the annual summary table by its fixed widths. */
function parseAnnualRow(line: string): { time: number; values: Record<string, number> } | null {
  const time = parseFortranInt(line, 0, 5);
  if (Number.isNaN(time)) return null;
  const values: Record<string, number> = {};
  let pos = 5;
  for (let i = 0; i < STD_ANNUAL_COLUMNS.length && pos < line.length; i++) {
    const w = STD_ANNUAL_WIDTHS[i]!;
    const v = parseFortranNumber(line, pos, pos + w);
    if (Number.isNaN(v)) return null;
    values[STD_ANNUAL_COLUMNS[i]!] = v;
    pos += w;
  }
  return { time, values };
}

/**
 * Sorts the rows of one annual table: a row whose TIME is above 366 is the year total;
 * the rows before it are months (monthly runs) or days with a month total after each
 * month's days (daily runs: a TIME lower than the previous day closes a month).
 */
function closeAnnualTable(simulationYear: number, rows: { time: number; values: Record<string, number> }[], out: StdAnnualSummary[]): void {
  const periodRows = rows.filter((r) => r.time <= 366);
  const yearRows = rows.filter((r) => r.time > 366);
  const daily = periodRows.some((r) => r.time > 12);
  const months: { mon: number; values: Record<string, number> }[] = [];
  const days: { day: number; values: Record<string, number> }[] = [];
  let prevDay = 0;
  for (const r of periodRows) {
    if (daily && r.time >= prevDay) {
      days.push({ day: r.time, values: r.values });
      prevDay = r.time;
    } else {
      months.push({ mon: r.time, values: r.values });
    }
  }
  if (yearRows.length === 0 && periodRows.length === 0) return;
  const total = yearRows[0];
  out.push({ simulationYear, year: total ? total.time : null, values: total ? total.values : {}, months, days });
}

/** Parses the text of output.std. */
export function parseOutputStd(text: string): OutputStd {
  const std = emptyStd();
  const lines = text.split('\n').map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l));
  std.banner = (lines[1] ?? '').slice(4, 84).trimEnd();
  std.rev = parseRev(std.banner);
  std.title = [(lines[3] ?? '').slice(4).trimEnd(), (lines[4] ?? '').slice(4).trimEnd(), (lines[5] ?? '').slice(4).trimEnd()];
  let section: Section = 'none';
  let basinBlocks = 0;
  let otherTitle = '';
  let simYear = 0;
  let tableRows: { time: number; values: Record<string, number> }[] = [];
  let hruColumns: string[] = [];
  const flushAnnual = (): void => {
    if (section === 'annual') closeAnnualTable(simYear, tableRows, std.annualSummaries);
    tableRows = [];
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const t = line.trim();
    if (t === '') continue;
    let m: RegExpExecArray | null;
    if ((m = /^Number of years in run:\s*(\d+)/.exec(t))) { std.years = Number(m[1]); continue; }
    if ((m = /^Area of watershed:\s*([-\d.Ee+]+)/.exec(t))) { std.areaKm2 = Number(m[1]); continue; }
    if ((m = /^Annual Summary for Watershed in year\s+(\d+)/.exec(t))) {
      flushAnnual();
      section = 'annual';
      simYear = Number(m[1]);
      continue;
    }
    if (t === 'AVE ANNUAL BASIN VALUES') {
      flushAnnual();
      basinBlocks++;
      // The nutrient page repeats the title; it is followed by 'NUTRIENTS'.
      const next = lines.slice(i + 1).find((l) => l.trim() !== '')?.trim();
      section = next === 'NUTRIENTS' || basinBlocks > 1 ? 'nutrients' : 'basin';
      continue;
    }
    if (t === 'AVE ANNUAL BASIN STRESS DAYS') { flushAnnual(); section = 'stress'; continue; }
    if (t === 'AVE MONTHLY BASIN VALUES') { flushAnnual(); section = 'monthly'; continue; }
    if (t === 'HRU STATISTICS') { flushAnnual(); section = 'hru'; continue; }
    if (t.startsWith('Average Plant Values')) { flushAnnual(); section = 'plant'; continue; }
    if (t === 'FINAL VALUES') { flushAnnual(); section = 'final'; continue; }
    // Page header repeated on every page: '1', banner, title lines.
    if (t === '1' && line.startsWith('1')) {
      const next = lines[i + 1] ?? '';
      if (next.startsWith('    ') && next.trim() === std.banner.trim()) {
        i += 5; // banner, blank, 3 titles
        continue;
      }
    }
    switch (section) {
      case 'annual': {
        if (/^(UNIT|TIME)\b/.test(t) || t.startsWith('(mm)')) continue;
        const row = parseAnnualRow(line);
        if (row) tableRows.push(row);
        continue;
      }
      case 'basin':
      case 'nutrients':
      case 'stress': {
        if ((m = KEY_VALUE.exec(line))) {
          const key = m[1]!.trim();
          const value = Number(m[2]!.replace(/[dD]/, 'E'));
          if (section === 'basin') {
            std.aveAnnualBasin[key] = value;
            std.aveAnnualBasinUnits[key] = m[3]!.trim();
          } else if (section === 'nutrients') std.aveAnnualNutrients[key] = value;
          else std.stressDays[key] = value;
        }
        continue;
      }
      case 'monthly': {
        const parts = t.split(/\s+/);
        const mon = Number(parts[0]);
        if (parts.length === STD_MONTHLY_COLUMNS.length + 1 && Number.isInteger(mon) && mon >= 1 && mon <= 12) {
          const values: Record<string, number> = {};
          STD_MONTHLY_COLUMNS.forEach((c, k) => (values[c] = Number(parts[k + 1])));
          std.aveMonthlyBasin.push({ mon, values });
        }
        continue;
      }
      case 'hru': {
        if (/^HRU\s+SUB\s+SOIL/.test(t)) { hruColumns = t.split(/\s+/).slice(3); continue; }
        if (t === 'AVE ANNUAL VALUES' || hruColumns.length === 0) continue;
        const row = parseHruStatRow(line, hruColumns);
        if (row) std.hruAverages.push(row);
        continue;
      }
      case 'plant': {
        const head = /^\s*HRU\s+(\d+)\s+SUB\s+(\d+)\s/.exec(line);
        if (!head) continue;
        const crops: { crop: string; yield: number; biomass: number }[] = [];
        const re = /(\S{1,4})\s+Yld =\s*(-?[\d.]+)\s+BIOM =\s*(-?[\d.]+)/g;
        let c: RegExpExecArray | null;
        while ((c = re.exec(line))) crops.push({ crop: c[1]!, yield: Number(c[2]), biomass: Number(c[3]) });
        std.plantValues.push({ hru: Number(head[1]), sub: Number(head[2]), crops });
        continue;
      }
      default: {
        if ((m = KEY_VALUE.exec(line))) {
          (std.other[otherTitle || 'untitled'] ??= {})[m[1]!.trim()] = Number(m[2]!.replace(/[dD]/, 'E'));
        } else if (/^[A-Z][A-Z0-9 ()/,.-]+$/.test(t)) {
          otherTitle = t;
        }
      }
    }
  }
  flushAnnual();
  const hruIds = std.hruAverages.length > 0 ? std.hruAverages : std.plantValues;
  if (hruIds.length > 0) {
    std.hruCount = new Set(hruIds.map((h) => h.hru)).size;
    std.subbasinCount = new Set(hruIds.map((h) => h.sub)).size;
  }
  return std;
}

/**
 * One row of the HRU STATISTICS table: HRU i7, SUB i4, 3x, SOIL a8 (soil names may
 * contain blanks: 'Aquic eu'), then numbers. The numbers are f8.2/e10.3 fields that
 * always keep a blank between them in SWAT's formats, so splitting that tail is safe.
 */
function parseHruStatRow(line: string, columns: string[]): StdHruAverage | null {
  const hru = parseFortranInt(line, 0, 7);
  const sub = parseFortranInt(line, 7, 11);
  if (Number.isNaN(hru) || Number.isNaN(sub)) return null;
  const soil = line.slice(14, 22).trim();
  const parts = line.slice(22).trim().split(/\s+/);
  if (parts.length !== columns.length) return null;
  const values: Record<string, number> = {};
  columns.forEach((c, k) => (values[c] = Number(parts[k])));
  return { hru, sub, soil, values };
}

/** Reads output.std from a path. */
export async function readOutputStd(path: string): Promise<OutputStd> {
  return parseOutputStd(await readFile(path, 'latin1'));
}

/** The page header output.std repeats: '1', banner (a80), blank, 3 title lines. */
function pageHeader(banner: string, title: readonly string[]): string[] {
  return ['1', '    ' + banner.padEnd(80).slice(0, 80), '', ...title.map((t) => '    ' + t.padEnd(80).slice(0, 80))];
}

/** Lines of the water-balance 'AVE ANNUAL BASIN VALUES' block (rev 637 widths). */
export function formatAveAnnualBasinLines(values: Record<string, number>): string[] {
  return STD_AVE_ANNUAL_BASIN_LINES.map(([label, width, digits, unit]) =>
    '              ' + label + ' =' + formatF(values[label] ?? 0, width, digits) + unit);
}

/**
 * output.std with the run header and the average annual basin water balance page,
 * laid out as rev 637 prints them (the engine writes its annual tables itself if needed).
 */
export function formatOutputStd(input: OutputStdInput, eol = '\n'): string {
  const lines: string[] = [
    '1',
    formatBannerLine(input.banner, input.date),
    '',
    ...input.title.map((t) => '    ' + t.padEnd(80).slice(0, 80)),
    '         Number of years in run:' + formatI(input.years, 5),
    '         Area of watershed:' + formatF(input.areaKm2, 13, 3) + ' km2',
    ...pageHeader(input.banner, input.title),
    '         AVE ANNUAL BASIN VALUES',
    '',
    ...formatAveAnnualBasinLines(input.aveAnnualBasin),
  ];
  return lines.join(eol) + eol;
}
