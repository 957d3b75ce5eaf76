// CE-QUAL-W2 branch inflow series (QIN flow, TIN temperature, CIN constituents) from SWAT
// daily output, by reach (output.rch) or by subbasin (output.sub).
//
// Units: W2 takes flow in m³/s, temperature in °C and concentrations in g/m³ (= mg/L).
// A SWAT load L of a day with flow Q becomes C = L / (Q·86 400 s) :
//   kg/day → mg/L : C = L·10⁶ mg / (Q·86 400 s · 10³ L/m³) = L / (86.4·Q)
//   t/day  → mg/L : C = 1000·L / (86.4·Q)
// (C = 0 on days without flow.)
//
// SWAT → W2 mapping (documented choice; W2 reads CIN values by position, so the W2
// control file must list the same active constituents in this order):
//   ISS1..ISS3  sediment (RCH: SED_OUTtons; SUB: SYLDt/ha × area) split 10 % sand,
//               50 % silt, 40 % clay; ISS4..ISS6 = 0
//   PO4         mineral P, dissolved and sorbed (W2's PO4 is total inorganic P, partitioned
//               to solids in the model): RCH MINP_OUTkg; SUB SOLPkg/ha + SEDPkg/ha
//               (+ TVAPkg/ha, soluble P in tile flow, when printed)
//   NH4         ammonium: RCH NH4_OUTkg; SUB 0 (SWAT does not report NH4 loads per subbasin)
//   NO3         nitrate + nitrite (W2's NO3 is NO3+NO2): RCH NO3_OUTkg + NO2_OUTkg;
//               SUB NSURQkg/ha + LATNO3kg/ha + GWNO3kg/ha (+ TNO3kg/ha, NO3 in tile flow)
//   LPOM        labile particulate organic matter, from organic N with W2's default N
//               stoichiometry of organic matter (ORGN 0.08): LPOM = organic N / 0.08
//   CBOD1       carbonaceous BOD: RCH CBOD_OUTkg; SUB CBODU mg/L (concentration as printed)
//   ALG1..ALG3  algae biomass from chlorophyll a with W2's default ACHLA 0.05 mg algae per
//               µg chl a (ALG = 0.05·Chl a[µg/L]), split by the monthly algae fractions of
//               spec 2 §9; chlorophyll a: RCH CHLA_OUTkg, SUB CHOLAmic/L
//   DO          dissolved oxygen: RCH DISOX_OUTkg; SUB DOXQ mg/L
//   LPOM-P      organic P (RCH ORGP_OUTkg; SUB ORGPkg/ha)
//   LPOM-N      organic N (RCH ORGN_OUTkg; SUB ORGNkg/ha)
// Temperature (TIN): output.rch's WTMPdegc when the rev prints it (rev 637 does); for
// subbasins the WTMPdegc of the subbasin's own reach (same number) when output.rch is
// there; otherwise derived from air temperature exactly as SWAT2012 does in watqual.f,
// Tw = 5.0 + 0.75·Tair, with Tair the area-weighted daily mean air temperature
// (TMP_AVdgC) of the subbasin's HRUs printed in output.hru. Without either source no TIN
// file is written (a warning says so).
//
// JDAY: day 1.0 = 1 January of the first printed year; days count on across years, as
// W2 expects.

import type { OutputTable } from '../../output/index.ts';
import { formatW2File } from './w2file.ts';
import type { W2File } from './w2file.ts';

export type CeQualOutputType = 'RCH' | 'SUB';

/** Fractions of algae groups 1, 2, 3 by month (index 0 = January). */
export type AlgaeFractions = readonly (readonly [number, number, number])[];

/** Monthly algae fractions of spec 2 §9 (Algae 1 / 2 / 3). */
export const DEFAULT_ALGAE_FRACTIONS: AlgaeFractions = [
  [0.7, 0.2, 0.1], [0.7, 0.2, 0.1], [0.7, 0.2, 0.1], // January–March
  [0.5, 0.4, 0.1], // April
  [0.3, 0.4, 0.3], // May
  [0.1, 0.4, 0.5], // June
  [0.1, 0.2, 0.7], [0.1, 0.2, 0.7], // July, August
  [0.1, 0.4, 0.5], // September
  [0.3, 0.4, 0.3], // October
  [0.5, 0.4, 0.1], // November
  [0.7, 0.2, 0.1], // December
];

/** Sediment split into W2 inorganic suspended solids groups (spec: 10 % sand, 50 % silt, 40 % clay). */
export const DEFAULT_SEDIMENT_SPLIT = { ISS1: 0.1, ISS2: 0.5, ISS3: 0.4, ISS4: 0, ISS5: 0, ISS6: 0 } as const;

/** Constituent columns of the CIN files, in order. */
export const CIN_COLUMNS = ['ISS1', 'ISS2', 'ISS3', 'ISS4', 'ISS5', 'ISS6', 'PO4', 'NH4', 'NO3', 'LPOM', 'CBOD1', 'ALG1', 'ALG2', 'ALG3', 'DO', 'LPOM-P', 'LPOM-N'] as const;
export type CinColumn = (typeof CIN_COLUMNS)[number];

/** W2 default mg algae per µg chlorophyll a (ACHLA). */
export const DEFAULT_ACHLA = 0.05;
/** W2 default nitrogen fraction of organic matter (ORGN). */
export const DEFAULT_OM_N = 0.08;

export interface CeQualOptions {
  /** Reaches (RCH) or subbasins (SUB) to convert; default all in the file. */
  units?: readonly number[];
  algaeFractions?: AlgaeFractions;
  /** mg algae per µg chlorophyll a (default 0.05). */
  achla?: number;
  /** N fraction of organic matter used for LPOM (default 0.08). */
  organicMatterN?: number;
  /** Sediment fractions ISS1..ISS6 (default 0.1/0.5/0.4/0/0/0). */
  sedimentSplit?: Readonly<Record<'ISS1' | 'ISS2' | 'ISS3' | 'ISS4' | 'ISS5' | 'ISS6', number>>;
}

export type TemperatureSource = 'WTMPdegc' | 'air-temperature' | null;

export interface CeQualSeries {
  type: CeQualOutputType;
  /** Reach or subbasin number. */
  unit: number;
  dates: string[];
  jday: number[];
  /** Flow, m³/s. */
  flow: number[];
  /** Water temperature, °C (null when no source). */
  temperature: number[] | null;
  temperatureSource: TemperatureSource;
  /** Concentrations in mg/L by CIN column. */
  constituents: Record<CinColumn, number[]>;
}

/** Concentration (mg/L) of a daily load in kg at a flow in m³/s. */
export function kgPerDayToMgL(loadKg: number, flowCms: number): number {
  return flowCms > 0 ? loadKg / (86.4 * flowCms) : 0;
}

/** Concentration (mg/L) of a daily load in metric tons at a flow in m³/s. */
export function tonsPerDayToMgL(loadTons: number, flowCms: number): number {
  return flowCms > 0 ? (1000 * loadTons) / (86.4 * flowCms) : 0;
}

/** Stream temperature from air temperature as in SWAT2012 (watqual.f): 5 + 0.75·Tair. */
export function waterTemperatureFromAir(airC: number): number {
  return 5 + 0.75 * airC;
}

export function validateAlgaeFractions(f: AlgaeFractions): void {
  if (f.length !== 12) throw new RangeError('algae fractions need 12 months');
  f.forEach((m, i) => {
    if (m.length !== 3 || m.some((v) => !(v >= 0 && v <= 1))) throw new RangeError(`algae fractions of month ${i + 1} must be 3 numbers from 0 to 1`);
    if (Math.abs(m[0] + m[1] + m[2] - 1) > 1e-6) throw new RangeError(`algae fractions of month ${i + 1} must sum to 1`);
  });
}

function isoDate(y: number, m: number, d: number): string {
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

const DAY_MS = 86_400_000;

interface DayRow {
  index: number;
  date: string;
  month: number;
  jday: number;
}

/** Row indices of daily rows by unit, with dates and W2 JDAYs. */
function dailyRowsByUnit(table: OutputTable, what: string): { byUnit: Map<number, DayRow[]>; firstYear: number } {
  if (table.iprint !== 1) throw new RangeError(`CE-QUAL-W2 files need daily SWAT output (IPRINT = 1); ${what} is ${table.iprint === 0 ? 'monthly' : 'yearly'}`);
  let firstYear = Infinity;
  for (let i = 0; i < table.rowCount; i++) if (table.period[i] === 'day' && Number.isFinite(table.year[i]!)) firstYear = Math.min(firstYear, table.year[i]!);
  if (!Number.isFinite(firstYear)) throw new RangeError(`${what} has no dated daily rows (give file.cio so julian days get a year)`);
  const origin = Date.UTC(firstYear, 0, 1);
  const byUnit = new Map<number, DayRow[]>();
  for (let i = 0; i < table.rowCount; i++) {
    if (table.period[i] !== 'day') continue;
    const y = table.year[i]!;
    const m = table.month[i]!;
    const d = table.day[i]!;
    if (!Number.isFinite(y) || !Number.isFinite(m) || !Number.isFinite(d)) continue;
    const unit = table.unit[i]!;
    let list = byUnit.get(unit);
    if (!list) byUnit.set(unit, (list = []));
    list.push({ index: i, date: isoDate(y, m, d), month: m, jday: (Date.UTC(y, m - 1, d) - origin) / DAY_MS + 1 });
  }
  return { byUnit, firstYear };
}

function col(table: OutputTable, name: string, required: boolean): Float64Array | null {
  const c = table.columns[name];
  if (!c && required) throw new RangeError(`column ${name} is not in the SWAT output (add it to the print list)`);
  return c ?? null;
}

/** Area-weighted mean daily air temperature by subbasin and date from output.hru (TMP_AVdgC). */
export function subbasinAirTemperature(hru: OutputTable): Map<number, Map<string, number>> {
  const out = new Map<number, Map<string, number>>();
  const t = hru.columns['TMP_AVdgC'];
  if (!t || !hru.sub) return out;
  const acc = new Map<number, Map<string, [number, number]>>();
  for (let i = 0; i < hru.rowCount; i++) {
    if (hru.period[i] !== 'day') continue;
    const y = hru.year[i]!;
    const m = hru.month[i]!;
    const d = hru.day[i]!;
    if (!Number.isFinite(y) || !Number.isFinite(m) || !Number.isFinite(d)) continue;
    const sub = hru.sub[i]!;
    let bySub = acc.get(sub);
    if (!bySub) acc.set(sub, (bySub = new Map()));
    const key = isoDate(y, m, d);
    const a = bySub.get(key) ?? [0, 0];
    const w = hru.area[i]! > 0 ? hru.area[i]! : 1;
    a[0] += w * t[i]!;
    a[1] += w;
    bySub.set(key, a);
  }
  for (const [sub, m] of acc) {
    const r = new Map<string, number>();
    for (const [k, [s, w]] of m) r.set(k, s / w);
    out.set(sub, r);
  }
  return out;
}

/** Water temperature by unit and date from output.rch WTMPdegc (empty when not printed). */
function reachWaterTemperature(rch: OutputTable | undefined): Map<number, Map<string, number>> {
  const out = new Map<number, Map<string, number>>();
  const w = rch?.columns['WTMPdegc'];
  if (!rch || !w) return out;
  for (let i = 0; i < rch.rowCount; i++) {
    if (rch.period[i] !== 'day') continue;
    const y = rch.year[i]!;
    const m = rch.month[i]!;
    const d = rch.day[i]!;
    if (!Number.isFinite(y)) continue;
    let map = out.get(rch.unit[i]!);
    if (!map) out.set(rch.unit[i]!, (map = new Map()));
    map.set(isoDate(y, m, d), w[i]!);
  }
  return out;
}

function emptyConstituents(): Record<CinColumn, number[]> {
  const r = {} as Record<CinColumn, number[]>;
  for (const c of CIN_COLUMNS) r[c] = [];
  return r;
}

interface DayLoads {
  flow: number; // m³/s
  sedimentMgL: number;
  po4: number;
  nh4: number;
  no3: number;
  orgN: number;
  orgP: number;
  cbod: number;
  chlaUgL: number;
  dox: number;
}

function build(
  type: CeQualOutputType,
  table: OutputTable,
  options: CeQualOptions,
  dayLoads: (i: number) => DayLoads,
  temperature: (unit: number, date: string) => number | undefined,
  tempSource: (unit: number) => TemperatureSource,
): CeQualSeries[] {
  const fractions = options.algaeFractions ?? DEFAULT_ALGAE_FRACTIONS;
  validateAlgaeFractions(fractions);
  const achla = options.achla ?? DEFAULT_ACHLA;
  const omN = options.organicMatterN ?? DEFAULT_OM_N;
  const split = options.sedimentSplit ?? DEFAULT_SEDIMENT_SPLIT;
  const { byUnit } = dailyRowsByUnit(table, type === 'RCH' ? 'output.rch' : 'output.sub');
  const units = options.units ? [...options.units] : [...byUnit.keys()].sort((a, b) => a - b);
  const series: CeQualSeries[] = [];
  for (const unit of units) {
    const rows = byUnit.get(unit);
    if (!rows) throw new RangeError(`${type === 'RCH' ? 'reach' : 'subbasin'} ${unit} is not in the SWAT output (available: ${[...byUnit.keys()].sort((a, b) => a - b).join(', ')})`);
    const s: CeQualSeries = { type, unit, dates: [], jday: [], flow: [], temperature: [], temperatureSource: tempSource(unit), constituents: emptyConstituents() };
    const c = s.constituents;
    for (const r of rows) {
      const L = dayLoads(r.index);
      s.dates.push(r.date);
      s.jday.push(r.jday);
      s.flow.push(L.flow);
      if (s.temperatureSource !== null) {
        const t = temperature(unit, r.date);
        if (t === undefined) throw new RangeError(`no temperature for ${type} ${unit} on ${r.date}`);
        s.temperature!.push(t);
      }
      c.ISS1.push(split.ISS1 * L.sedimentMgL);
      c.ISS2.push(split.ISS2 * L.sedimentMgL);
      c.ISS3.push(split.ISS3 * L.sedimentMgL);
      c.ISS4.push(split.ISS4 * L.sedimentMgL);
      c.ISS5.push(split.ISS5 * L.sedimentMgL);
      c.ISS6.push(split.ISS6 * L.sedimentMgL);
      c.PO4.push(L.po4);
      c.NH4.push(L.nh4);
      c.NO3.push(L.no3);
      c.LPOM.push(L.orgN / omN);
      c.CBOD1.push(L.cbod);
      const alg = achla * L.chlaUgL;
      const f = fractions[r.month - 1]!;
      c.ALG1.push(alg * f[0]);
      c.ALG2.push(alg * f[1]);
      c.ALG3.push(alg * f[2]);
      c.DO.push(L.dox);
      c['LPOM-P'].push(L.orgP);
      c['LPOM-N'].push(L.orgN);
    }
    if (s.temperatureSource === null) s.temperature = null;
    series.push(s);
  }
  return series;
}

/** CE-QUAL-W2 series by reach from a daily output.rch table (output.hru for air temperature when WTMPdegc is absent). */
export function ceQualFromRch(rch: OutputTable, options: CeQualOptions = {}, hru?: OutputTable): CeQualSeries[] {
  const flow = col(rch, 'FLOW_OUTcms', true)!;
  const sed = col(rch, 'SED_OUTtons', true)!;
  const orgn = col(rch, 'ORGN_OUTkg', true)!;
  const orgp = col(rch, 'ORGP_OUTkg', true)!;
  const no3 = col(rch, 'NO3_OUTkg', true)!;
  const nh4 = col(rch, 'NH4_OUTkg', true)!;
  const no2 = col(rch, 'NO2_OUTkg', false);
  const minp = col(rch, 'MINP_OUTkg', true)!;
  const chla = col(rch, 'CHLA_OUTkg', false);
  const cbod = col(rch, 'CBOD_OUTkg', false);
  const dox = col(rch, 'DISOX_OUTkg', false);
  const water = reachWaterTemperature(rch);
  const air = water.size === 0 && hru ? subbasinAirTemperature(hru) : new Map<number, Map<string, number>>();
  return build('RCH', rch, options, (i) => {
    const q = flow[i]!;
    const k = (v: number) => kgPerDayToMgL(v, q);
    return {
      flow: q,
      sedimentMgL: tonsPerDayToMgL(sed[i]!, q),
      po4: k(minp[i]!),
      nh4: k(nh4[i]!),
      no3: k(no3[i]! + (no2 ? no2[i]! : 0)),
      orgN: k(orgn[i]!),
      orgP: k(orgp[i]!),
      cbod: cbod ? k(cbod[i]!) : 0,
      chlaUgL: chla ? 1000 * k(chla[i]!) : 0,
      dox: dox ? k(dox[i]!) : 0,
    };
  }, (unit, date) => {
    const w = water.get(unit)?.get(date);
    if (w !== undefined) return w;
    const a = air.get(unit)?.get(date);
    return a === undefined ? undefined : waterTemperatureFromAir(a);
  }, (unit) => (water.has(unit) ? 'WTMPdegc' : air.has(unit) ? 'air-temperature' : null));
}

/**
 * CE-QUAL-W2 series by subbasin from a daily output.sub table. Flow is the water yield
 * (WYLDmm × area); temperature from output.rch's WTMPdegc of the same-numbered reach or
 * from output.hru air temperature.
 */
export function ceQualFromSub(sub: OutputTable, options: CeQualOptions = {}, rch?: OutputTable, hru?: OutputTable): CeQualSeries[] {
  const wyld = col(sub, 'WYLDmm', true)!;
  const syld = col(sub, 'SYLDt/ha', true)!;
  const orgn = col(sub, 'ORGNkg/ha', true)!;
  const orgp = col(sub, 'ORGPkg/ha', true)!;
  const nsurq = col(sub, 'NSURQkg/ha', true)!;
  const solp = col(sub, 'SOLPkg/ha', true)!;
  const sedp = col(sub, 'SEDPkg/ha', true)!;
  const latno3 = col(sub, 'LATNO3kg/h', false) ?? col(sub, 'LATNO3kg/ha', false);
  const gwno3 = col(sub, 'GWNO3kg/ha', false);
  const tno3 = col(sub, 'TNO3kg/ha', false);
  const tvap = col(sub, 'TVAPkg/ha', false);
  const chola = col(sub, 'CHOLAmic/L', false);
  const cbodu = col(sub, 'CBODU mg/L', false);
  const doxq = col(sub, 'DOXQ mg/L', false);
  const water = reachWaterTemperature(rch);
  const air = hru ? subbasinAirTemperature(hru) : new Map<number, Map<string, number>>();
  return build('SUB', sub, options, (i) => {
    const areaHa = sub.area[i]! * 100; // km² → ha
    const q = (wyld[i]! * sub.area[i]! * 1000) / 86400; // mm·km² = 1000 m³ per day → m³/s
    const k = (perHa: number) => kgPerDayToMgL(perHa * areaHa, q);
    return {
      flow: q,
      sedimentMgL: tonsPerDayToMgL(syld[i]! * areaHa, q),
      po4: k(solp[i]! + sedp[i]! + (tvap ? tvap[i]! : 0)),
      nh4: 0,
      no3: k(nsurq[i]! + (latno3 ? latno3[i]! : 0) + (gwno3 ? gwno3[i]! : 0) + (tno3 ? tno3[i]! : 0)),
      orgN: k(orgn[i]!),
      orgP: k(orgp[i]!),
      cbod: q > 0 && cbodu ? cbodu[i]! : 0,
      chlaUgL: q > 0 && chola ? chola[i]! : 0,
      dox: q > 0 && doxq ? doxq[i]! : 0,
    };
  }, (unit, date) => {
    const w = water.get(unit)?.get(date);
    if (w !== undefined) return w;
    const a = air.get(unit)?.get(date);
    return a === undefined ? undefined : waterTemperatureFromAir(a);
  }, (unit) => (water.has(unit) ? 'WTMPdegc' : air.has(unit) ? 'air-temperature' : null));
}

export interface W2OutputFile {
  /** File name, e.g. 'QIN_RCH3.npt'. */
  name: string;
  kind: 'QIN' | 'TIN' | 'CIN';
  file: W2File;
  text: string;
}

/** The QIN, TIN (when a temperature exists) and CIN files of one series, fixed-width format. */
export function ceQualFiles(s: CeQualSeries, eol = '\n'): W2OutputFile[] {
  const label = `${s.type === 'RCH' ? 'reach' : 'subbasin'} ${s.unit}`;
  const period = s.dates.length > 0 ? `${s.dates[0]} to ${s.dates[s.dates.length - 1]}` : 'no days';
  const files: W2OutputFile[] = [];
  const make = (kind: W2OutputFile['kind'], title: string, columns: string[], rows: number[][]) => {
    const file: W2File = { format: 'fixed', title: `${title} - SWAT ${label}, ${period}`, comment: '', columns, rows };
    files.push({ name: `${kind}_${s.type}${s.unit}.npt`, kind, file, text: formatW2File(file, eol) });
  };
  make('QIN', 'Branch inflow (m3/s)', ['JDAY', 'QIN'], s.jday.map((j, i) => [j, s.flow[i]!]));
  if (s.temperature) {
    const src = s.temperatureSource === 'WTMPdegc' ? 'SWAT WTMPdegc' : 'SWAT 5+0.75*Tair';
    make('TIN', `Branch inflow temperature (C, ${src})`, ['JDAY', 'TIN'], s.jday.map((j, i) => [j, s.temperature![i]!]));
  }
  make('CIN', 'Branch inflow constituents (mg/L)', ['JDAY', ...CIN_COLUMNS], s.jday.map((j, i) => [j, ...CIN_COLUMNS.map((c) => s.constituents[c][i]!)]));
  return files;
}
