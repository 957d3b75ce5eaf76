// The point source files (spec 2 §2 'Point source: ... links to sample files (constant, daily,
// monthly, yearly), upload guidelines'; §5 'Upload only .zip; one type per subbasin; sample file
// names must be kept'): four CSV files, one per kind of record, each listing the subbasins it
// loads. Their columns are SWAT2012's point source variables (readcnst.f, recday.f, readmon.f,
// readyr.f): flow in m³/day, sediment in metric tons/day, nutrients and the rest in kg/day —
// for monthly and yearly records the average daily load of the month or year. Pure: the page
// shows these in its guidelines, the server reads and writes the files with them.

export type PointSourceKind = 'constant' | 'daily' | 'monthly' | 'yearly';
export const KINDS: readonly PointSourceKind[] = ['constant', 'daily', 'monthly', 'yearly'];

/** The sample file name of each kind: the names the zip must keep. */
export const SAMPLE_NAMES: Record<PointSourceKind, string> = {
  constant: 'pointsource_constant.csv',
  daily: 'pointsource_daily.csv',
  monthly: 'pointsource_monthly.csv',
  yearly: 'pointsource_yearly.csv',
};

/** SWAT's fig.fig command of each kind. */
export const FIG_COMMANDS: Record<PointSourceKind, { command: string; icode: number; letter: string }> = {
  constant: { command: 'reccnst', icode: 11, letter: 'c' },
  daily: { command: 'recday', icode: 10, letter: 'd' },
  monthly: { command: 'recmon', icode: 7, letter: 'm' },
  yearly: { command: 'recyear', icode: 8, letter: 'y' },
};

/** The loads, in SWAT's order (FLO, SED, ORGN, ORGP, NO3, NH3, NO2, MINP, CBOD, DISOX, CHLA,
 * SOLPST, SRBPST, BACTP, BACTLP, CMTL1, CMTL2, CMTL3); the first column is required, the others
 * are 0 when left out. */
export const LOADS: { key: string; title: string; unit: string }[] = [
  { key: 'FLO', title: 'Water', unit: 'm³/day' },
  { key: 'SED', title: 'Sediment', unit: 't/day' },
  { key: 'ORGN', title: 'Organic N', unit: 'kg/day' },
  { key: 'ORGP', title: 'Organic P', unit: 'kg/day' },
  { key: 'NO3', title: 'Nitrate N', unit: 'kg/day' },
  { key: 'NH3', title: 'Ammonia N', unit: 'kg/day' },
  { key: 'NO2', title: 'Nitrite N', unit: 'kg/day' },
  { key: 'MINP', title: 'Mineral P', unit: 'kg/day' },
  { key: 'CBOD', title: 'CBOD', unit: 'kg/day' },
  { key: 'DISOX', title: 'Dissolved oxygen', unit: 'kg/day' },
  { key: 'CHLA', title: 'Chlorophyll a', unit: 'kg/day' },
  { key: 'SOLPST', title: 'Soluble pesticide', unit: 'mg/day' },
  { key: 'SRBPST', title: 'Sorbed pesticide', unit: 'mg/day' },
  { key: 'BACTP', title: 'Persistent bacteria', unit: '# cfu/100 ml' },
  { key: 'BACTLP', title: 'Less persistent bacteria', unit: '# cfu/100 ml' },
  { key: 'CMTL1', title: 'Conservative metal 1', unit: 'kg/day' },
  { key: 'CMTL2', title: 'Conservative metal 2', unit: 'kg/day' },
  { key: 'CMTL3', title: 'Conservative metal 3', unit: 'kg/day' },
];

const SUFFIX: Record<PointSourceKind, string> = { constant: 'CNST', daily: 'DAY', monthly: 'MON', yearly: 'YR' };

/** The date columns of each kind (DAY is the day of the year, 1–366). */
export const DATE_COLUMNS: Record<PointSourceKind, string[]> = { constant: [], daily: ['YEAR', 'DAY'], monthly: ['YEAR', 'MONTH'], yearly: ['YEAR'] };

/** The columns of a file of this kind: SUBBASIN, its date columns, then the loads (FLOCNST, ...). */
export function columnsOf(kind: PointSourceKind): string[] {
  return ['SUBBASIN', ...DATE_COLUMNS[kind], ...LOADS.map((l) => `${l.key}${SUFFIX[kind]}`)];
}

/** The kind of a sample file name (case-insensitive), or undefined. */
export function kindOfName(name: string): PointSourceKind | undefined {
  return KINDS.find((k) => SAMPLE_NAMES[k].toLowerCase() === name.toLowerCase());
}

/** Zip limits (ours: the spec says '.zip only' and the 5-minute timeout). */
export const MAX_ZIP_BYTES = 20 * 1024 * 1024;
export const MAX_ROWS = 500_000;
