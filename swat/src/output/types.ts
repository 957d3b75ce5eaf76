// Public types of the SWAT2012 output readers and writers (output.rch, output.sub,
// output.hru, output.std). Names follow SWAT's own vocabulary (RCH, SUB, HRU, LULC,
// GIS, MGT, MON, IPRINT, ICALEN, NYSKIP) so that engine and post-processing code can
// be read side by side with the Fortran source and the SWAT I/O documentation.

/** Which per-unit output file: output.rch (reaches), output.sub (subbasins), output.hru. */
export type OutputFileKind = 'rch' | 'sub' | 'hru';

/**
 * Period of one output row. SWAT reuses its MON column for all of these:
 * IPRINT 0 writes month rows, then a row per year (MON = year), then average-annual
 * rows (MON = number of years, written f4.1/f5.1); IPRINT 1 writes daily rows (MON =
 * julian day, or MO DA YR columns when ICALEN = 1); IPRINT 2 writes year rows then
 * average-annual rows.
 */
export type PeriodKind = 'day' | 'month' | 'year' | 'average';

/** IPRINT print code of file.cio: 0 monthly, 1 daily, 2 yearly. */
export type PrintCode = 0 | 1 | 2;

/** Settings from file.cio that decide how output rows map to dates. */
export interface OutputCioSettings {
  /** NBYR: number of years simulated. */
  nbyr?: number;
  /** IYR: first year of simulation. */
  iyr?: number;
  /** IDAF: first julian day simulated. */
  idaf?: number;
  /** IDAL: last julian day simulated. */
  idal?: number;
  /** IPRINT: 0 monthly, 1 daily, 2 yearly. */
  iprint?: PrintCode;
  /** NYSKIP: years skipped before printing (first printed year = IYR + NYSKIP). */
  nyskip?: number;
  /** ICALEN: 1 = daily rows carry MO DA YR, 0 = julian day in MON. */
  icalen?: 0 | 1;
}

/** Numeric Fortran edit descriptor of one value field ('E' = Ew.d, 'F' = Fw.d). */
export interface FieldFormat {
  type: 'E' | 'F';
  /** Field width including any leading 1X that the FORMAT puts before it. */
  width: number;
  /** Digits after the decimal point (d of Ew.d / Fw.d). */
  digits: number;
  /** Leading blanks from a preceding 1X in the FORMAT (counted in width). */
  lead: number;
}

/**
 * Fixed layout of data rows of one file variant (file kind × date style × rev).
 * Positions are 0-based character offsets in the data line. Values after the
 * area follow the FORMAT's descriptor sequence: the i-th printed variable gets the
 * i-th descriptor whatever its name (SWAT packs the selected print variables first).
 */
export interface OutputLayout {
  /** Stable id, e.g. 'rch', 'rch-cal', 'sub-cal-637', 'hru-cal'. */
  id: string;
  file: OutputFileKind;
  /** True when daily rows carry MO DA YR (ICALEN = 1). */
  calendar: boolean;
  /** Record tag written at the start of rch/sub rows ('REACH ', 'BIGSUB'); '' for hru. */
  tag: string;
  /** Width of the unit number field (RCH/SUB: i4 in rev 637/664, i5 in rev 670+; HRU i5). */
  unitWidth: number;
  /** Offset of the AREAkm2 field (= length of the prefix). */
  areaStart: number;
  areaFormat: FieldFormat;
  /** Header text before the first variable label, ending with 'AREAkm2'. */
  headerPrefix: string;
  /** Width of the variable labels in the header line (12 for rch, 10 for sub/hru). */
  labelWidth: number;
  /** Rev 637 daily calendar output.sub repeats the subbasin number (i6) after the values. */
  trailingUnitWidth: number;
}

/** The preamble and header line of an output.rch/.sub/.hru file. */
export interface OutputHeader {
  file: OutputFileKind;
  /** Program banner text as printed at column 5, e.g. 'SWAT May 6 2015    VER 2015/Rev 637'. */
  banner: string;
  /** SWAT revision number parsed from the banner ('Rev 637' → 637), null if absent. */
  rev: number | null;
  /** The three title lines of file.cio (printed at column 5, 80 characters). */
  title: [string, string, string];
  /** Raw preamble lines before the header line (normally 8: '1', banner, '', 3 titles, '', ''). */
  preamble: string[];
  /** The header line as read/written. */
  headerLine: string;
  /** Header text before the variable labels (ends with 'AREAkm2'). */
  headerPrefix: string;
  /** Variable names (trimmed labels), in file order, AREAkm2 excluded. */
  columns: string[];
  /** Labels exactly as printed (padded to the label width). */
  labels: string[];
  layout: OutputLayout;
}

/** Identity of the unit a row belongs to. */
export interface OutputUnitId {
  /** Reach number (RCH), subbasin number (SUB) or HRU number (HRU). */
  unit: number;
  /** GIS code as printed: '0' for most rch/sub files, '000010001' for HRUs. */
  gis: string;
  /** HRU only: land use/land cover (crop) code printed in column LULC. */
  lulc?: string;
  /** HRU only: subbasin number. */
  sub?: number;
  /** HRU only: management schedule number (MGT). */
  mgt?: number;
}

/** Period of a row with the date resolved as far as the file (and file.cio) allow. */
export interface OutputPeriod {
  period: PeriodKind;
  /** Calendar year (null for average rows, or julian-day rows without a known start year). */
  year: number | null;
  /** Month 1–12 (day and month rows with a known date), else null. */
  month: number | null;
  /** Day of month (day rows with a known date), else null. */
  day: number | null;
  /** Julian day 1–366 (day rows), else null. */
  julianDay: number | null;
  /** Number of years averaged (average rows: the MON value), else null. */
  years: number | null;
}

/** One data row of output.rch/.sub/.hru. */
export interface OutputRow extends OutputUnitId, OutputPeriod {
  file: OutputFileKind;
  /** AREAkm2 column. */
  area: number;
  /** Values in header order (same order as OutputHeader.columns). */
  data: Float64Array;
  /** Column names (shared by all rows of a file). */
  columns: readonly string[];
  /** Values by SWAT variable name (e.g. FLOW_OUTcms, PRECIPmm); built on first access. */
  readonly values: Record<string, number>;
  /** Shortcut for values[name] without building the record (undefined if no such column). */
  get(name: string): number | undefined;
}

/** Column-oriented content of a (small) output file. */
export interface OutputTable {
  header: OutputHeader;
  /** IPRINT/ICALEN as detected from the content (or taken from file.cio). */
  iprint: PrintCode;
  icalen: 0 | 1;
  rowCount: number;
  unit: Int32Array;
  gis: string[];
  /** HRU files only. */
  lulc: string[] | null;
  sub: Int32Array | null;
  mgt: Int32Array | null;
  period: PeriodKind[];
  /** NaN where unknown/not applicable. */
  year: Float64Array;
  month: Float64Array;
  day: Float64Array;
  julianDay: Float64Array;
  years: Float64Array;
  area: Float64Array;
  /** Values by SWAT variable name. */
  columns: Record<string, Float64Array>;
}

export interface ReadOutputOptions {
  /** Expected file kind; an error is thrown if the header says otherwise. */
  kind?: OutputFileKind;
  /** file.cio settings (text of file.cio or parsed): fixes IPRINT and the first printed year. */
  cio?: OutputCioSettings | string;
  /** First printed year (overrides IYR + NYSKIP); lets month/julian rows get a year without buffering. */
  startYear?: number;
}

/** Row given to the writers. Values by name, or positional in the writer's column order. */
export interface OutputRowInput {
  unit: number;
  gis?: string | number;
  lulc?: string;
  sub?: number;
  mgt?: number;
  period: PeriodKind;
  year?: number | null;
  month?: number | null;
  day?: number | null;
  julianDay?: number | null;
  years?: number | null;
  area: number;
  values: Record<string, number> | ArrayLike<number>;
}

export interface OutputWriterOptions {
  /** Program banner (default 'SWAT2012 Headwater' style banner of rev 637). */
  banner?: string;
  /** Date/time printed at column 105 of the banner line; SWAT builds on Linux print zeros. */
  date?: { year: number; month: number; day: number; hour: number; minute: number; second: number };
  /** Title lines (the 3 lines after 'Project Description' in file.cio). */
  title?: [string, string, string];
  /** Exact preamble lines (overrides banner/date/title; for byte-exact rewrites). */
  preamble?: string[];
  /** Variable names to print, in order (default: the full set of the rev). */
  columns?: readonly string[];
  /** Labels as printed in the header (default: looked up from the rev's label table). */
  labels?: readonly string[];
  /** SWAT revision whose header labels/layout to follow (default 637). */
  rev?: number;
  iprint: PrintCode;
  icalen?: 0 | 1;
  /** Explicit layout (default chosen from file kind, rev and ICALEN). */
  layout?: OutputLayout;
  /** Exact header text before the labels (default: the layout's). */
  headerPrefix?: string;
  /** Line terminator (SWAT on Linux writes '\n'). */
  eol?: string;
  /** Receives each block of text as it goes to the sink (a run's loader parses the rows from
   * it instead of reading the file back). */
  onText?: (text: string) => void;
}

/** Streaming writer used by the engine: rows are appended as the simulation runs. */
export interface OutputWriter {
  readonly header: OutputHeader;
  /** Formats and queues one row (back-pressure is handled inside; await if you like). */
  writeRow(row: OutputRowInput): void | Promise<void>;
  /** Flushes and closes the sink. */
  close(): Promise<void>;
}

/** A sink for writers: a file path, a Node writable stream, or a function receiving text. */
export type OutputSink = string | NodeJS.WritableStream | ((chunk: string) => void);

/** One row of the 'Annual Summary for Watershed' table of output.std. */
export interface StdAnnualSummary {
  /** 'year N of simulation' */
  simulationYear: number;
  /** TIME column (calendar year), when printed. */
  year: number | null;
  /** Year totals by the table's column names (PREC, SURQ, LATQ, GWQ, PERCOLATE, TILE Q, SW, ET, PET, WATER YIELD, SED YIELD, ...); {} if not printed. */
  values: Record<string, number>;
  /** Month rows of the table (monthly and daily runs). */
  months: { mon: number; values: Record<string, number> }[];
  /** Day rows of the table (daily runs; TIME = julian day). */
  days: { day: number; values: Record<string, number> }[];
}

/** One row of the 'HRU STATISTICS / AVE ANNUAL VALUES' table of output.std. */
export interface StdHruAverage {
  hru: number;
  sub: number;
  soil: string;
  values: Record<string, number>;
}

/** Parsed output.std. Every block is optional: revs and print settings differ. */
export interface OutputStd {
  banner: string;
  rev: number | null;
  title: [string, string, string];
  /** 'Number of years in run'. */
  years: number | null;
  /** 'Area of watershed' in km². */
  areaKm2: number | null;
  /** Number of HRUs / subbasins when the file lists them (HRU table, plant values). */
  hruCount: number | null;
  subbasinCount: number | null;
  annualSummaries: StdAnnualSummary[];
  /** 'AVE ANNUAL BASIN VALUES' water balance: { PRECIP: 1094.3, 'SURFACE RUNOFF Q': 193.29, ... }. */
  aveAnnualBasin: Record<string, number>;
  /** Units of aveAnnualBasin values as printed ('MM', 'T/HA', '(MM)'). */
  aveAnnualBasinUnits: Record<string, string>;
  /** Second 'AVE ANNUAL BASIN VALUES' block: nutrients, bacteria, septic ({ 'ORGANIC N': 5.838, 'N UPTAKE': 92.256, ... }). */
  aveAnnualNutrients: Record<string, number>;
  /** 'AVE ANNUAL BASIN STRESS DAYS': { 'WATER STRESS DAYS': 2.03, ... }. */
  stressDays: Record<string, number>;
  /** 'AVE MONTHLY BASIN VALUES' rows (MON 1–12). */
  aveMonthlyBasin: { mon: number; values: Record<string, number> }[];
  /** 'HRU STATISTICS' average annual table (CN, AWC, USLE_LS, PREC, SURQ, ET, SED, NO3, ORGN, BIOM, YLD...). */
  hruAverages: StdHruAverage[];
  /** 'Average Plant Values (kg/ha)': yields and biomass by HRU and crop. */
  plantValues: { hru: number; sub: number; crops: { crop: string; yield: number; biomass: number }[] }[];
  /** Any other 'NAME = value' lines found, by section title. */
  other: Record<string, Record<string, number>>;
}

/** What the output.std writer needs. */
export interface OutputStdInput {
  banner: string;
  title: [string, string, string];
  years: number;
  areaKm2: number;
  aveAnnualBasin: Record<string, number>;
  date?: OutputWriterOptions['date'];
}
