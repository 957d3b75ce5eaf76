// SWAT Check (White, Harmel, Arnold & Williams 2014, J. Environ. Qual.): a sanity check of
// a finished SWAT run. Reads the run summary (output.std), the reach/subbasin/HRU outputs,
// output.rsv and hyd.out, and returns the response of spec 2 §3: `setup` plus the sections
// hydrology, sediment, nitrogenCycle, phosphorusCycle, plantGrowth,
// landscapeNutrientLosses, landUseSummary, instreamProcesses, pointSources and reservoirs,
// each with its `warnings`. The warning rules and thresholds are those of the SWAT Check
// tool; where the tool's message text and its numeric threshold disagree, the threshold
// applied is the tool's and the message states it.
//
// Whole watershed (subbasin 0) or one subbasin: for a subbasin the water balance and the
// landscape losses come from output.sub, the nutrient cycles and stress days from the
// subbasin's HRUs in output.hru (when printed), land use and sediment from its HRUs in
// output.std, and in-stream figures from its own reach.

import type { OutputTable } from '../../output/index.ts';
import type { StdHruAverage } from '../../output/index.ts';
import type { CheckInputs, HydOutLine, RsvRow } from './files.ts';
import type {
  CheckSetup,
  HydrologySection,
  SedimentSection,
  LandUseAverages,
  NitrogenCycleSection,
  PhosphorusCycleSection,
  PlantGrowthSection,
  NitrogenLosses,
  PhosphorusLosses,
  LandscapeNutrientLossesSection,
  LandUseRow,
  LandUseSummarySection,
  ReachCheck,
  InstreamBudgets,
  InstreamProcessesSection,
  PointSourcesLoad,
  PointSourcesSection,
  ReservoirRow,
  ReservoirsSection,
  SwatCheckResult,
  SwatCheckOptions,
} from './types.ts';

// ---------------------------------------------------------------------------------
// Helpers

const SEC_PER_YEAR = 86400 * 365.25;

function num(v: number | undefined | null): number | null {
  return v === undefined || v === null || !Number.isFinite(v) ? null : v;
}

function ratio(a: number | null, b: number | null): number | null {
  return a === null || b === null || b === 0 ? null : a / b;
}

function fmt1(v: number): string {
  return v.toFixed(1);
}

function sum(values: readonly number[]): number {
  let s = 0;
  for (const v of values) s += v;
  return s;
}

/** Value of a HRU-table column by one of several possible labels. */
function hruValue(h: StdHruAverage, ...names: string[]): number {
  for (const n of names) {
    const v = h.values[n];
    if (v !== undefined && Number.isFinite(v)) return v;
  }
  return 0;
}

function hruArea(h: StdHruAverage): number {
  return hruValue(h, 'AREAkm2');
}

function areaWeighted(hrus: readonly StdHruAverage[], ...names: string[]): number | null {
  let a = 0;
  let s = 0;
  for (const h of hrus) {
    const w = hruArea(h);
    a += w;
    s += w * hruValue(h, ...names);
  }
  return a > 0 ? s / a : null;
}

/** Rows of a table usable for annual figures: 'year' rows if any, else 'day' (or 'month') rows. */
function annualRows(table: OutputTable): { rows: number[]; kind: 'year' | 'day' | 'month' } {
  const year: number[] = [];
  const day: number[] = [];
  const month: number[] = [];
  for (let i = 0; i < table.rowCount; i++) {
    const p = table.period[i];
    if (p === 'year') year.push(i);
    else if (p === 'day') day.push(i);
    else if (p === 'month') month.push(i);
  }
  if (year.length > 0) return { rows: year, kind: 'year' };
  if (day.length > 0) return { rows: day, kind: 'day' };
  return { rows: month, kind: 'month' };
}

/** Number of printed years in a table (distinct years of its dated rows). */
function printedYears(table: OutputTable, rows: readonly number[]): number {
  const ys = new Set<number>();
  for (const i of rows) if (Number.isFinite(table.year[i]!)) ys.add(table.year[i]!);
  return ys.size;
}

/**
 * Average annual value by unit: for loads/depths ('total') the mean of yearly totals; for
 * rates such as flows in m³/s ('mean') the time average.
 */
function annualByUnit(table: OutputTable, column: string, mode: 'total' | 'mean', years: number): Map<number, number> | null {
  const col = table.columns[column];
  if (!col) return null;
  const { rows, kind } = annualRows(table);
  const acc = new Map<number, { s: number; n: number }>();
  for (const i of rows) {
    const u = table.unit[i]!;
    const a = acc.get(u) ?? { s: 0, n: 0 };
    a.s += col[i]!;
    a.n += 1;
    acc.set(u, a);
  }
  const ny = years > 0 ? years : Math.max(1, printedYears(table, rows));
  const out = new Map<number, number>();
  for (const [u, a] of acc) {
    if (mode === 'mean' || kind === 'year') out.set(u, a.n > 0 ? a.s / a.n : 0);
    else out.set(u, a.s / ny);
  }
  return out;
}

function unitArea(table: OutputTable, unit: number): number | null {
  for (let i = 0; i < table.rowCount; i++) if (table.unit[i] === unit) return table.area[i]!;
  return null;
}

// ---------------------------------------------------------------------------------
// Setup

function setupOf(inputs: CheckInputs, subbasin: number): CheckSetup {
  const { cio, std } = inputs;
  const start = cio.iyr !== undefined ? dateFromJulian(cio.iyr, cio.idaf ?? 1) : null;
  const end = cio.iyr !== undefined && cio.nbyr !== undefined ? dateFromJulian(cio.iyr + cio.nbyr - 1, cio.idal ?? 365) : null;
  const timestep = cio.iprint === 1 ? 'daily' : cio.iprint === 0 ? 'monthly' : cio.iprint === 2 ? 'yearly' : null;
  const pcp = cio.pcpsim === 1 ? 'measured' : cio.pcpsim === 2 ? 'simulated' : null;
  let area = num(std.areaKm2);
  if (subbasin > 0) {
    area = inputs.sub ? unitArea(inputs.sub, subbasin) : sum(std.hruAverages.filter((h) => h.sub === subbasin).map(hruArea)) || null;
  }
  const ver = /VER\s+(.+?)\s*$/.exec(std.banner.trim());
  return {
    swatVersion: ver ? `SWAT ${ver[1]}` : std.banner.replace(/\s+/g, ' ').trim(),
    swatRev: std.rev,
    simulationLength: cio.nbyr ?? std.years ?? null,
    warmUp: cio.nyskip ?? null,
    simulationStart: start,
    simulationEnd: end,
    hrus: subbasin > 0 ? std.hruAverages.filter((h) => h.sub === subbasin).length : std.hruCount ?? (std.hruAverages.length || null),
    subbasins: std.subbasinCount ?? (inputs.sub ? new Set(inputs.sub.unit).size : null),
    outputTimestep: timestep,
    precipMethod: pcp,
    watershedArea: area,
    subbasin,
  };
}

function dateFromJulian(year: number, jday: number): string {
  const d = new Date(Date.UTC(year, 0, jday));
  return d.toISOString().slice(0, 10);
}

// ---------------------------------------------------------------------------------
// Hydrology

interface WaterBalance {
  precipitation: number | null;
  surfaceRunoff: number | null;
  lateralFlow: number | null;
  returnFlow: number | null;
  et: number | null;
  pet: number | null;
  percolation: number | null;
  revap: number | null;
  recharge: number | null;
}

function subbasinAnnual(inputs: CheckInputs, subbasin: number, column: string): number | null {
  const sub = inputs.sub;
  if (!sub) return null;
  const years = printedYearCount(inputs);
  const m = annualByUnit(sub, column, 'total', years);
  return m ? num(m.get(subbasin)) : null;
}

function printedYearCount(inputs: CheckInputs): number {
  const { nbyr, nyskip } = inputs.cio;
  return nbyr !== undefined ? nbyr - (nyskip ?? 0) : 0;
}

function waterBalance(inputs: CheckInputs, subbasin: number): WaterBalance {
  if (subbasin === 0) {
    const b = inputs.std.aveAnnualBasin;
    return {
      precipitation: num(b['PRECIP']),
      surfaceRunoff: num(b['SURFACE RUNOFF Q']),
      lateralFlow: num(b['LATERAL SOIL Q']),
      returnFlow: num(b['GROUNDWATER (SHAL AQ) Q']),
      et: num(b['ET']),
      pet: num(b['PET']),
      percolation: num(b['TOTAL AQ RECHARGE']),
      revap: num(b['REVAP (SHAL AQ => SOIL/PLANTS)']),
      recharge: num(b['DEEP AQ RECHARGE']),
    };
  }
  const s = (c: string) => subbasinAnnual(inputs, subbasin, c);
  return {
    precipitation: s('PRECIPmm'),
    surfaceRunoff: s('SURQmm'),
    lateralFlow: s('LAT Q(mm)') ?? s('LATQmm'),
    returnFlow: s('GW_Qmm'),
    et: s('ETmm'),
    pet: s('PETmm'),
    percolation: s('PERCmm'),
    revap: null,
    recharge: null,
  };
}

function hydrology(inputs: CheckInputs, subbasin: number, hrus: readonly StdHruAverage[]): HydrologySection {
  const wb = waterBalance(inputs, subbasin);
  const w: string[] = [];
  const total = wb.surfaceRunoff !== null && wb.lateralFlow !== null && wb.returnFlow !== null ? wb.surfaceRunoff + wb.lateralFlow + wb.returnFlow : null;
  const averageCn = areaWeighted(hrus, 'CN');
  const P = wb.precipitation;
  const out: HydrologySection = {
    warnings: w,
    precipitation: P,
    et: wb.et,
    pet: wb.pet,
    averageCn,
    surfaceRunoff: wb.surfaceRunoff,
    lateralFlow: wb.lateralFlow,
    returnFlow: wb.returnFlow,
    percolation: wb.percolation,
    revap: wb.revap,
    recharge: wb.recharge,
    streamflowPrecipitation: ratio(total, P),
    baseflowTotalFlow: total !== null && total > 0 ? (wb.returnFlow! + wb.lateralFlow!) / total : null,
    surfaceRunoffTotalFlow: total !== null && total > 0 ? wb.surfaceRunoff! / total : null,
    percolationPrecipitation: ratio(wb.percolation, P),
    deepRechargePrecipitation: ratio(wb.recharge, P),
    etPrecipitation: ratio(wb.et, P),
    monthlyBasinValues: subbasin === 0 ? inputs.std.aveMonthlyBasin.map((m) => ({
      month: m.mon,
      rain: num(m.values['RAIN']),
      snowFall: num(m.values['SNOW FALL']),
      surfaceRunoff: num(m.values['SURF Q']),
      lateralFlow: num(m.values['LAT Q']),
      waterYield: num(m.values['WATER YIELD']),
      et: num(m.values['ET']),
      sedimentYield: num(m.values['SED YIELD']),
      pet: num(m.values['PET']),
    })) : [],
  };

  if (P !== null) {
    if (P < 65) w.push('Precipitation is very low (< 65 mm/yr).');
    else if (P > 3400) w.push('Precipitation may be too high (> 3400 mm/yr).');
  }
  if (out.surfaceRunoffTotalFlow !== null) {
    if (out.surfaceRunoffTotalFlow > 0.78) w.push(`Surface runoff ratio may be high (${out.surfaceRunoffTotalFlow.toFixed(2)} of total flow, > 0.78).`);
    else if (out.surfaceRunoffTotalFlow < 0.31) w.push(`Surface runoff ratio may be low (${out.surfaceRunoffTotalFlow.toFixed(2)} of total flow, < 0.31).`);
  }
  if (total !== null && total > 0) {
    const gw = wb.returnFlow! / total;
    if (gw > 0.69) w.push(`Groundwater ratio may be high (${gw.toFixed(2)} of total flow, > 0.69).`);
    else if (gw < 0.22) w.push(`Groundwater ratio may be low (${gw.toFixed(2)} of total flow, < 0.22).`);
  }
  if (wb.lateralFlow !== null && wb.returnFlow !== null && wb.lateralFlow > wb.returnFlow) w.push('Lateral flow is greater than groundwater flow; this may indicate a problem.');
  if (wb.et !== null && P !== null && wb.et > P) w.push('ET is greater than precipitation; this may indicate a problem unless the area is irrigated.');
  const skip = inputs.cio.nyskip;
  if (skip !== undefined && skip < 1) w.push('Use at least 1 year of model warm-up (2 to 5 years is better).');
  if (inputs.cio.pcpsim === 2) w.push('Precipitation is simulated (weather generator); use measured precipitation if you intend to calibrate.');
  // Williams' expectations: water yield ≈ 0.26 P, surface runoff ≈ (0.0129 CN − 0.2857) × water yield
  if (P !== null && P > 0 && total !== null) {
    const eYield = 0.26 * P;
    const r = total / eYield;
    if (r > 1.5) w.push(`Water yield may be excessive (${fmt1(total)} mm vs about ${fmt1(eYield)} mm expected).`);
    else if (r < 0.5) w.push(`Water yield may be too low (${fmt1(total)} mm vs about ${fmt1(eYield)} mm expected).`);
    if (averageCn !== null && wb.surfaceRunoff !== null) {
      const eSurq = (0.0129 * averageCn - 0.2857) * eYield;
      if (eSurq !== 0) {
        const rs = wb.surfaceRunoff / eSurq;
        if (rs > 1.5) w.push(`Surface runoff may be excessive (${fmt1(wb.surfaceRunoff)} mm vs about ${fmt1(eSurq)} mm expected for an average CN of ${averageCn.toFixed(1)}).`);
        else if (rs < 0.5) w.push(`Surface runoff may be too low (${fmt1(wb.surfaceRunoff)} mm vs about ${fmt1(eSurq)} mm expected for an average CN of ${averageCn.toFixed(1)}).`);
      }
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------
// Land use

function landUseOf(inputs: CheckInputs, hru: number): string {
  return inputs.landUse.get(hru) ?? '';
}

function landUseSummary(inputs: CheckInputs, hrus: readonly StdHruAverage[]): LandUseSummarySection {
  const hruWarnings: string[] = [];
  const LIMIT = 50;
  const describe = (h: StdHruAverage) => `HRU ${h.hru} (subbasin ${h.sub}, land use ${landUseOf(inputs, h.hru) || '?'}, soil ${h.soil})`;
  for (const h of hrus) if (hruValue(h, 'CN') > 98 && hruWarnings.length < LIMIT) hruWarnings.push(`${describe(h)}: curve number may be too high (> 98).`);
  for (const h of hrus) if (hruValue(h, 'CN') < 35 && hruWarnings.length < LIMIT) hruWarnings.push(`${describe(h)}: curve number may be too low (< 35).`);

  const groups = new Map<string, StdHruAverage[]>();
  for (const h of hrus) {
    const lu = landUseOf(inputs, h.hru);
    const g = groups.get(lu) ?? [];
    g.push(h);
    groups.set(lu, g);
  }
  const rows: LandUseRow[] = [];
  const w: string[] = [];
  for (const [landUse, list] of [...groups.entries()].sort((a, b) => a[0].localeCompare(b[0]))) {
    const area = sum(list.map(hruArea));
    const avg = (...names: string[]) => areaWeighted(list, ...names) ?? 0;
    const row: LandUseRow = {
      landUse,
      area,
      hrus: list.length,
      CN: avg('CN'),
      AWC: avg('AWCmm', 'AWC'),
      USLE_LS: avg('USLE_LS'),
      IRR: avg('IRRmm', 'IRR'),
      PREC: avg('PRECmm', 'PREC'),
      SURQ: avg('SURQmm', 'SURQGENmm', 'SURQ'),
      GWQ: avg('GWQmm', 'GWQ'),
      ET: avg('ETmm', 'ET'),
      SED: avg('SEDth', 'SED'),
      NO3: avg('NO3kgh', 'NO3'),
      ORGN: avg('ORGNkgh', 'ORGN'),
      BIOM: avg('BIOMth', 'BIOM'),
      YLD: avg('YLDth', 'YLD'),
    };
    rows.push(row);
    if (landUse === '' || landUse.toUpperCase() === 'WATR') continue;
    const c = `Land use ${landUse}: `;
    if (row.CN > 95) w.push(`${c}curve number may be too high (${row.CN.toFixed(1)} > 95).`);
    else if (row.CN < 35) w.push(`${c}curve number may be too low (${row.CN.toFixed(1)} < 35).`);
    if (row.AWC > 606) w.push(`${c}available water capacity may be too high (${fmt1(row.AWC)} mm > 606).`);
    else if (row.AWC < 41) w.push(`${c}available water capacity may be too low (${fmt1(row.AWC)} mm < 41).`);
    if (row.USLE_LS > 16.4) w.push(`${c}USLE LS factor may be too high (> 16.4).`);
    else if (row.USLE_LS < 0.02) w.push(`${c}USLE LS factor may be too low (< 0.02).`);
    if (row.SED > 21) w.push(`${c}sediment yield may be too high (${row.SED.toFixed(2)} t/ha > 21).`);
    if (row.PREC !== 0) {
      if (row.ET / row.PREC < 0.31) w.push(`${c}ET is less than 31% of precipitation.`);
      if (row.ET / (row.PREC + row.IRR) > 0.98) w.push(`${c}ET is more than 98% of precipitation plus irrigation.`);
      if (row.SURQ / row.PREC > 0.5) w.push(`${c}more than half of the precipitation is surface runoff.`);
      else if (row.SURQ / row.PREC < 0.01) w.push(`${c}less than 1% of the precipitation is surface runoff.`);
    }
    const eSurq = (0.0129 * row.CN - 0.2857) * 0.26 * row.PREC;
    if (eSurq !== 0) {
      const r = row.SURQ / eSurq;
      if (r > 1.5) w.push(`${c}surface runoff may be excessive for its curve number.`);
      else if (r < 0.5) w.push(`${c}surface runoff may be too low for its curve number.`);
    }
    if (row.NO3 > 80) w.push(`${c}nitrate yield may be too high (${row.NO3.toFixed(2)} kg/ha > 80).`);
    if (row.BIOM > 50) w.push(`${c}biomass may be too high (${row.BIOM.toFixed(2)} t/ha > 50).`);
    else if (row.BIOM < 1) w.push(`${c}biomass may be too low (${row.BIOM.toFixed(2)} t/ha < 1).`);
    if (row.SURQ + row.GWQ > 0) {
      const bf = row.GWQ / (row.SURQ + row.GWQ);
      if (bf > 0.69) w.push(`${c}more than 69% of the water yield is baseflow.`);
      else if (bf < 0.22) w.push(`${c}less than 22% of the water yield is baseflow.`);
    }
    if (row.area < 0.05) w.push(`${c}total area is less than 5 ha (${(row.area * 100).toFixed(2)} ha); is this land use necessary?`);
    if (row.PREC > 3400) w.push(`${c}precipitation greater than 3400 mm/yr.`);
    else if (row.PREC < 65) w.push(`${c}precipitation less than 65 mm/yr.`);
  }
  return { warnings: w, hruLevelWarnings: hruWarnings, landUseRows: rows };
}

// ---------------------------------------------------------------------------------
// HRU output (output.hru) averages: by land use, and for one subbasin

const N_FIELDS: Record<string, string> = {
  'N_APPkg/ha': 'Nitrogen fertilizer applied (kg N/ha)',
  'NAUTOkg/ha': 'Nitrogen fertilizer auto-applied (kg N/ha)',
  'NGRZkg/ha': 'Nitrogen applied during grazing (kg N/ha)',
  'NCFRTkg/ha': 'Nitrogen applied by continuous fertilization (kg N/ha)',
  'NRAINkg/ha': 'Nitrate added to the soil profile by rain (kg N/ha)',
  'NFIXkg/ha': 'Nitrogen fixation (kg N/ha)',
  'F-MNkg/ha': 'Fresh organic to mineral N (kg N/ha)',
  'A-MNkg/ha': 'Active organic to mineral N (kg N/ha)',
  'A-SNkg/ha': 'Active organic to stable organic N (kg N/ha)',
  'DNITkg/ha': 'Denitrification (kg N/ha)',
  'NUPkg/ha': 'Plant uptake of nitrogen (kg N/ha)',
  'ORGNkg/ha': 'Organic N yield (kg N/ha)',
  'NSURQkg/ha': 'NO3 in surface runoff (kg N/ha)',
  'NLATQkg/ha': 'NO3 in lateral flow (kg N/ha)',
  'NO3Lkg/ha': 'NO3 leached from the soil profile (kg N/ha)',
  'NO3GWkg/ha': 'NO3 in groundwater flow to the main channel (kg N/ha)',
};
const P_FIELDS: Record<string, string> = {
  'P_APPkg/ha': 'Phosphorus fertilizer applied (kg P/ha)',
  'PAUTOkg/ha': 'Phosphorus fertilizer auto-applied (kg P/ha)',
  'PGRZkg/ha': 'Phosphorus applied during grazing (kg P/ha)',
  'PCFRTkg/ha': 'Phosphorus applied by continuous fertilization (kg P/ha)',
  'F-MPkg/ha': 'Fresh organic to mineral P (kg P/ha)',
  'AO-LPkg/ha': 'Organic to labile mineral P (kg P/ha)',
  'L-APkg/ha': 'Labile to active mineral P (kg P/ha)',
  'A-SPkg/ha': 'Active to stable P (kg P/ha)',
  'PUPkg/ha': 'Plant uptake of phosphorus (kg P/ha)',
  'ORGPkg/ha': 'Organic P yield (kg P/ha)',
  'SEDPkg/ha': 'Sediment-attached mineral P yield (kg P/ha)',
  'SOLPkg/ha': 'Soluble P yield (kg P/ha)',
  'P_GWkg/ha': 'Soluble P in groundwater flow to the main channel (kg P/ha)',
};

/** Average annual output.hru totals per HRU for the given columns. */
function hruAnnual(inputs: CheckInputs, columns: readonly string[]): Map<number, { sub: number; area: number; lulc: string; values: Record<string, number> }> {
  const out = new Map<number, { sub: number; area: number; lulc: string; values: Record<string, number> }>();
  const h = inputs.hru;
  if (!h) return out;
  const years = printedYearCount(inputs);
  const maps = new Map<string, Map<number, number>>();
  for (const c of columns) {
    const m = annualByUnit(h, c, 'total', years);
    if (m) maps.set(c, m);
  }
  for (let i = 0; i < h.rowCount; i++) {
    const u = h.unit[i]!;
    if (out.has(u)) continue;
    const values: Record<string, number> = {};
    for (const [c, m] of maps) values[c] = m.get(u) ?? 0;
    out.set(u, { sub: h.sub ? h.sub[i]! : 0, area: h.area[i]!, lulc: inputs.landUse.get(u) ?? h.lulc?.[i]?.trim() ?? '', values });
  }
  return out;
}

function byLandUse(per: Map<number, { sub: number; area: number; lulc: string; values: Record<string, number> }>, subbasin: number, fields: readonly string[]): LandUseAverages[] {
  const groups = new Map<string, { area: number; sums: Record<string, number> }>();
  for (const r of per.values()) {
    if (subbasin > 0 && r.sub !== subbasin) continue;
    const present = fields.filter((f) => f in r.values);
    if (present.length === 0) continue;
    const g = groups.get(r.lulc) ?? { area: 0, sums: {} };
    g.area += r.area;
    for (const k of present) g.sums[k] = (g.sums[k] ?? 0) + r.values[k]! * r.area;
    groups.set(r.lulc, g);
  }
  return [...groups.entries()].sort((a, b) => a[0].localeCompare(b[0])).map(([landUse, g]) => ({
    landUse,
    area: g.area,
    values: Object.fromEntries(Object.entries(g.sums).map(([k, s]) => [k, g.area > 0 ? s / g.area : 0])),
  }));
}

/** Area-weighted average of output.hru annual values over a subbasin's printed HRUs (null when none printed). */
function subbasinHruAverage(per: Map<number, { sub: number; area: number; values: Record<string, number> }>, subbasin: number): Record<string, number> | null {
  let area = 0;
  const sums: Record<string, number> = {};
  for (const r of per.values()) {
    if (r.sub !== subbasin) continue;
    area += r.area;
    for (const [k, v] of Object.entries(r.values)) sums[k] = (sums[k] ?? 0) + v * r.area;
  }
  if (area <= 0) return null;
  return Object.fromEntries(Object.entries(sums).map(([k, s]) => [k, s / area]));
}

// ---------------------------------------------------------------------------------
// Nitrogen and phosphorus cycles, plant growth, landscape losses

function nutrientValue(inputs: CheckInputs, name: string): number | null {
  return num(inputs.std.aveAnnualNutrients[name]);
}

function changeWarnings(w: string[], what: string, initial: number | null, final: number | null): void {
  if (initial === null || final === null || initial === 0) return;
  const c = (final - initial) / initial;
  if (c > 0.5) w.push(`${what} is building up in the soil: the simulation ends with ${fmt1(c * 100)}% more.`);
  else if (c < -0.5) w.push(`${what} is being removed from the soil profile: the simulation ends with ${fmt1(-c * 100)}% less.`);
}

function nitrogenCycle(inputs: CheckInputs, subbasin: number, perHru: ReturnType<typeof hruAnnual>): NitrogenCycleSection {
  const w: string[] = [];
  let s: NitrogenCycleSection;
  const base = { avgAnnualByLandUse: byLandUse(perHru, subbasin, Object.keys(N_FIELDS)), avgAnnualDefinitions: N_FIELDS };
  if (subbasin === 0) {
    const v = (n: string) => nutrientValue(inputs, n);
    s = {
      warnings: w,
      initialNO3: v('INITIAL NO3 IN SOIL'),
      finalNO3: v('FINAL NO3 IN SOIL'),
      initialOrgN: v('INITIAL ORG N IN SOIL'),
      finalOrgN: v('FINAL ORG N IN SOIL'),
      volatilization: v('AMMONIA VOLATILIZATION'),
      denitrification: v('DENITRIFICATION'),
      nh4InOrgNFertilizer: v('AMMONIA IN FERT'),
      no3InOrgNFertilizer: v('NO3 IN FERT'),
      plantUptake: v('N UPTAKE'),
      nitrification: v('AMMONIA NITRIFICATION'),
      mineralization: v('HUMUS MIN ON ACTIVE ORG N'),
      totalFertilizerN: v('N FERTILIZER APPLIED'),
      orgNFertilizer: v('ORG N IN FERT'),
      activeToStableOrgN: v('ACTIVE TO STABLE ORG N'),
      residueMineralization: v('MIN FROM FRESH ORG N'),
      fixation: v('N FIXATION'),
      rainfallNO3: v('NO3 IN RAINFALL'),
      ...base,
    };
  } else {
    const a = subbasinHruAverage(perHru, subbasin);
    const g = (k: string) => (a ? num(a[k]) : null);
    const fert = a ? (g('N_APPkg/ha') ?? 0) + (g('NAUTOkg/ha') ?? 0) + (g('NGRZkg/ha') ?? 0) + (g('NCFRTkg/ha') ?? 0) : null;
    s = {
      warnings: w,
      initialNO3: null, finalNO3: null, initialOrgN: null, finalOrgN: null,
      volatilization: null,
      denitrification: g('DNITkg/ha'),
      nh4InOrgNFertilizer: null, no3InOrgNFertilizer: null,
      plantUptake: g('NUPkg/ha'),
      nitrification: null,
      mineralization: g('A-MNkg/ha'),
      totalFertilizerN: fert,
      orgNFertilizer: null,
      activeToStableOrgN: g('A-SNkg/ha'),
      residueMineralization: g('F-MNkg/ha'),
      fixation: g('NFIXkg/ha'),
      rainfallNO3: g('NRAINkg/ha'),
      ...base,
    };
    if (!a) w.push(`Nitrogen cycle values of subbasin ${subbasin} need its HRUs in output.hru (print them in file.cio); output.std only has watershed totals.`);
  }
  const fert = s.totalFertilizerN;
  if (s.denitrification !== null) {
    if (s.denitrification === 0) w.push('Denitrification is zero; consider decreasing SDNCO (denitrification threshold water content).');
    else if (fert !== null && fert !== 0) {
      const r = s.denitrification / fert;
      if (r < 0.01) w.push(`Denitrification is less than 1% of the applied fertilizer (${fmt1(r * 100)}%).`);
      else if (r > 0.4) w.push(`Denitrification is more than 40% of the applied fertilizer (${fmt1(r * 100)}%).`);
    }
  }
  if (fert !== null && fert !== 0 && s.volatilization !== null) {
    const r = s.volatilization / fert;
    if (r < 0.001) w.push('Ammonia volatilization is less than 0.1% of the applied fertilizer.');
    else if (r > 0.38) w.push('Ammonia volatilization is more than 38% of the applied fertilizer.');
  }
  changeWarnings(w, 'Nitrate', s.initialNO3, s.finalNO3);
  changeWarnings(w, 'Organic N', s.initialOrgN, s.finalOrgN);
  if (fert !== null && fert !== 0 && s.plantUptake !== null && s.plantUptake / fert < 0.5) w.push('Crops take up less than half of the applied nitrogen.');
  return s;
}

function phosphorusCycle(inputs: CheckInputs, subbasin: number, perHru: ReturnType<typeof hruAnnual>): PhosphorusCycleSection {
  const w: string[] = [];
  let s: PhosphorusCycleSection;
  const base = { avgAnnualByLandUse: byLandUse(perHru, subbasin, Object.keys(P_FIELDS)), avgAnnualDefinitions: P_FIELDS };
  if (subbasin === 0) {
    const v = (n: string) => nutrientValue(inputs, n);
    s = {
      warnings: w,
      initialMinP: v('INITIAL MIN P IN SOIL'),
      finalMinP: v('FINAL MIN P IN SOIL'),
      initialOrgP: v('INITIAL ORG P IN SOIL'),
      finalOrgP: v('FINAL ORG P IN SOIL'),
      totalFertilizerP: v('P FERTILIZER APPLIED'),
      inOrgPFertilizer: v('MINERAL P IN FERT'),
      plantUptake: v('P UPTAKE'),
      orgPFertilizer: v('ORG P IN FERT'),
      residueMineralization: v('MIN FROM FRESH ORG P'),
      mineralization: v('HUMUS MIN ON ACTIVE ORG P'),
      activeSolution: v('ACTIVE TO SOLUTION P FLOW'),
      stableActive: v('ACTIVE TO STABLE P FLOW'),
      ...base,
    };
  } else {
    const a = subbasinHruAverage(perHru, subbasin);
    const g = (k: string) => (a ? num(a[k]) : null);
    s = {
      warnings: w,
      initialMinP: null, finalMinP: null, initialOrgP: null, finalOrgP: null,
      totalFertilizerP: a ? (g('P_APPkg/ha') ?? 0) + (g('PAUTOkg/ha') ?? 0) + (g('PGRZkg/ha') ?? 0) + (g('PCFRTkg/ha') ?? 0) : null,
      inOrgPFertilizer: null,
      plantUptake: g('PUPkg/ha'),
      orgPFertilizer: null,
      residueMineralization: g('F-MPkg/ha'),
      mineralization: g('AO-LPkg/ha'),
      activeSolution: g('L-APkg/ha'),
      stableActive: g('A-SPkg/ha'),
      ...base,
    };
    if (!a) w.push(`Phosphorus cycle values of subbasin ${subbasin} need its HRUs in output.hru (print them in file.cio); output.std only has watershed totals.`);
  }
  changeWarnings(w, 'Mineral P', s.initialMinP, s.finalMinP);
  changeWarnings(w, 'Organic P', s.initialOrgP, s.finalOrgP);
  const fert = s.totalFertilizerP;
  if (fert !== null && fert !== 0 && s.plantUptake !== null && s.plantUptake / fert < 0.5) w.push('Crops take up less than half of the applied phosphorus.');
  return s;
}

function plantGrowth(inputs: CheckInputs, subbasin: number, hrus: readonly StdHruAverage[], n: NitrogenCycleSection, p: PhosphorusCycleSection, perHru: ReturnType<typeof hruAnnual>): PlantGrowthSection {
  const w: string[] = [];
  let stress: { water: number | null; temp: number | null; n: number | null; p: number | null; aer: number | null };
  if (subbasin === 0) {
    const sd = inputs.std.stressDays;
    stress = { water: num(sd['WATER STRESS DAYS']), temp: num(sd['TEMPERATURE STRESS DAYS']), n: num(sd['NITROGEN STRESS DAYS']), p: num(sd['PHOSPHORUS STRESS DAYS']), aer: num(sd['AERATION STRESS DAYS']) };
  } else {
    const a = subbasinHruAverage(perHru, subbasin);
    stress = { water: a ? num(a['W_STRS']) : null, temp: a ? num(a['TMP_STRS']) : null, n: a ? num(a['N_STRS']) : null, p: a ? num(a['P_STRS']) : null, aer: null };
  }
  const s: PlantGrowthSection = {
    warnings: w,
    tempStressDays: stress.temp,
    waterStressDays: stress.water,
    nStressDays: stress.n,
    pStressDays: stress.p,
    aerationStressDays: stress.aer,
    avgBiomass: areaWeighted(hrus, 'BIOMth', 'BIOM'),
    avgYield: areaWeighted(hrus, 'YLDth', 'YLD'),
    nRemoved: subbasin === 0 ? nutrientValue(inputs, 'N REMOVED IN YIELD') : null,
    pRemoved: subbasin === 0 ? nutrientValue(inputs, 'P REMOVED IN YIELD') : null,
    totalFertilizerN: n.totalFertilizerN,
    totalFertilizerP: p.totalFertilizerP,
    plantUptakeN: n.plantUptake,
    plantUptakeP: p.plantUptake,
  };
  if (s.pStressDays !== null && s.pStressDays > 60) w.push(`More than 60 days of phosphorus stress (${fmt1(s.pStressDays)}).`);
  if (s.nStressDays !== null && s.nStressDays > 60) w.push(`More than 60 days of nitrogen stress (${fmt1(s.nStressDays)}).`);
  if (s.waterStressDays !== null && s.waterStressDays > 80) w.push(`More than 80 days of water stress (${fmt1(s.waterStressDays)}).`);
  if (s.pStressDays !== null && s.pStressDays < 1) w.push('Unusually low phosphorus stress (< 1 day).');
  if (s.nStressDays !== null && s.nStressDays < 1) w.push('Unusually low nitrogen stress (< 1 day).');
  if (s.avgYield !== null && s.avgYield < 0.5) w.push('Average yield is below 0.5 t/ha; it may be low if there are harvested crops.');
  if (s.avgBiomass !== null && s.avgBiomass < 1) w.push('Biomass averages less than 1 t/ha.');
  return s;
}

function landscapeLosses(inputs: CheckInputs, subbasin: number, n: NitrogenCycleSection, perHru: ReturnType<typeof hruAnnual>): LandscapeNutrientLossesSection {
  const w: string[] = [];
  let orgN: number | null, sq: number | null, lat: number | null, leached: number | null, gwq: number | null, tile: number | null, orgP: number | null, solP: number | null;
  if (subbasin === 0) {
    const v = (k: string) => nutrientValue(inputs, k);
    orgN = v('ORGANIC N'); sq = v('NO3 YIELD (SQ)'); lat = v('NO3 YIELD (LAT)'); leached = v('NO3 LEACHED'); gwq = v('NO3 YIELD (GWQ)'); tile = v('NO3 YIELD (TILE)');
    orgP = v('ORGANIC P'); solP = v('SOL P YIELD');
  } else {
    const s = (c: string) => subbasinAnnual(inputs, subbasin, c);
    orgN = s('ORGNkg/ha'); sq = s('NSURQkg/ha'); lat = s('LATNO3kg/h') ?? s('LATNO3kg/ha'); gwq = s('GWNO3kg/ha'); tile = s('TNO3kg/ha');
    orgP = s('ORGPkg/ha'); solP = s('SOLPkg/ha');
    const a = subbasinHruAverage(perHru, subbasin);
    leached = a ? num(a['NO3Lkg/ha']) : null;
  }
  const parts = [orgN, sq, lat, leached, gwq];
  const totalN = parts.every((x) => x === null) ? null : sum(parts.map((x) => x ?? 0));
  const nLosses: NitrogenLosses = {
    totalLoss: totalN,
    orgN, surfaceRunoff: sq, leached, lateralFlow: lat, groundwaterYield: gwq, tileFlow: tile,
    solubilityRatio: orgN !== null && sq !== null && orgN + sq !== 0 ? sq / (orgN + sq) : null,
  };
  const pLosses: PhosphorusLosses = {
    totalLoss: orgP !== null || solP !== null ? (orgP ?? 0) + (solP ?? 0) : null,
    orgP, surfaceRunoff: solP,
    solubilityRatio: orgP !== null && solP !== null && orgP + solP !== 0 ? solP / (orgP + solP) : null,
  };
  const fert = n.totalFertilizerN;
  if (fert !== null && fert > 0 && totalN !== null) {
    if (totalN > 0.4 * fert) w.push('Total nitrogen losses are greater than 40% of the applied N.');
    else if (totalN < 0.1 * fert) w.push('Total nitrogen losses are less than 10% of the applied N; this may be incorrect in agricultural areas (likely fine in unmanaged or forest-dominated watersheds).');
  }
  if (sq !== null) {
    if (sq > 4.7) w.push(`Nitrate losses in surface runoff may be high (${sq.toFixed(2)} kg/ha > 4.7).`);
    else if (sq < 0.15) w.push(`Nitrate losses in surface runoff may be low (${sq.toFixed(3)} kg/ha < 0.15).`);
  }
  if (orgN !== null) {
    if (orgN > 33) w.push(`Organic/particulate nitrogen losses may be high (${orgN.toFixed(2)} kg/ha > 33).`);
    else if (orgN < 0.3) w.push(`Organic/particulate nitrogen losses may be low (${orgN.toFixed(3)} kg/ha < 0.3).`);
  }
  if (solP !== null) {
    if (solP > 1.2) w.push(`Soluble phosphorus losses in surface runoff may be high (${solP.toFixed(3)} kg/ha > 1.2).`);
    else if (solP < 0.025) w.push(`Soluble phosphorus losses in surface runoff may be low (${solP.toFixed(3)} kg/ha < 0.025).`);
  }
  if (orgP !== null && orgP > 14) w.push(`Organic/particulate phosphorus losses may be high (${orgP.toFixed(2)} kg/ha > 14).`);
  if (nLosses.solubilityRatio !== null) {
    if (nLosses.solubilityRatio > 0.85) w.push('Solubility ratio of nitrogen in runoff is high (> 0.85).');
    else if (nLosses.solubilityRatio < 0.1) w.push('Solubility ratio of nitrogen in runoff is low (< 0.1).');
  }
  if (pLosses.solubilityRatio !== null) {
    if (pLosses.solubilityRatio > 0.95) w.push('Solubility ratio of phosphorus in runoff is high (> 0.95); may be fine in uncultivated areas.');
    else if (pLosses.solubilityRatio < 0.13) w.push('Solubility ratio of phosphorus in runoff is low (< 0.13); may indicate a problem.');
  }
  if (leached !== null && leached > 50) w.push(`Nitrate leaching is greater than 50 kg/ha (${fmt1(leached)}); may indicate a problem.`);
  if (fert !== null && fert > 0 && leached !== null) {
    const r = leached / fert;
    if (r < 0.21) w.push(`Nitrate leaching is less than 21% of the applied fertilizer (${fmt1(r * 100)}%).`);
    else if (r > 0.38) w.push(`Nitrate leaching is more than 38% of the applied fertilizer (${fmt1(r * 100)}%); may indicate a problem.`);
  }
  return { warnings: w, nLosses, pLosses };
}

// ---------------------------------------------------------------------------------
// Point sources (hyd.out)

const INLET_CODES = new Set([6, 7, 8, 10, 11]); // rechour, recmon, recyear, recday, reccnst

function subbasinOfPointSource(line: HydOutLine): number | null {
  const m = /^(\d+)/.exec(line.name.trim());
  return m ? Number(m[1]) : null;
}

function pointSources(inputs: CheckInputs, subbasin: number): PointSourcesSection {
  const w: string[] = [];
  const years = inputs.cio.nbyr ?? inputs.std.years ?? 0;
  const empty: PointSourcesLoad = { flow: null, sediment: null, nitrogen: null, phosphorus: null };
  const load = (lines: HydOutLine[]): PointSourcesLoad => ({
    flow: years > 0 ? sum(lines.map((l) => l.flowM3)) / years / SEC_PER_YEAR : 0,
    sediment: years > 0 ? sum(lines.map((l) => l.sedTons)) / years : 0,
    nitrogen: years > 0 ? sum(lines.map((l) => l.orgNKg + l.no3Kg)) / years : 0,
    phosphorus: years > 0 ? sum(lines.map((l) => l.orgPKg + l.solPKg)) / years : 0,
  });
  const share = (ps: number | null, sb: number | null): number | null =>
    ps === null || sb === null ? null : ps > 0 || sb > 0 ? (ps / (ps + sb)) * 100 : 0;

  if (inputs.hydOut && inputs.hydOut.length > 0) {
    const subLines = inputs.hydOut.filter((l) => l.icode === 1 && (subbasin === 0 || l.inum1 === subbasin));
    const psLines = inputs.hydOut.filter((l) => INLET_CODES.has(l.icode) && (subbasin === 0 || subbasinOfPointSource(l) === subbasin));
    const sb = load(subLines);
    const ps = load(psLines);
    const from: PointSourcesLoad = { flow: share(ps.flow, sb.flow), sediment: share(ps.sediment, sb.sediment), nitrogen: share(ps.nitrogen, sb.nitrogen), phosphorus: share(ps.phosphorus, sb.phosphorus) };
    if (from.flow! > 30) w.push('Inlets/point sources contribute more than 30% of the total streamflow.');
    if (from.phosphorus! > 55) w.push('Inlets/point sources contribute more than 55% of the total phosphorus.');
    if (from.nitrogen! > 20) w.push('Inlets/point sources contribute more than 20% of the total nitrogen.');
    if (from.sediment! > 30) w.push('Inlets/point sources contribute more than 30% of the total sediment.');
    if (ps.flow === 0 && ps.sediment! > 0) w.push('Inlets/point sources contribute sediment but no flow; an error is likely.');
    if (ps.flow === 0 && ps.phosphorus! > 0) w.push('Inlets/point sources contribute phosphorus but no flow; an error is likely.');
    if (ps.flow === 0 && ps.nitrogen! > 0) w.push('Inlets/point sources contribute nitrogen but no flow; an error is likely.');
    if (ps.flow! > 0 && ps.sediment === 0) w.push('Inlets/point sources contribute flow but no sediment.');
    if (ps.flow! > 0 && ps.phosphorus === 0) w.push('Inlets/point sources contribute flow but no phosphorus.');
    if (ps.flow! > 0 && ps.nitrogen === 0) w.push('Inlets/point sources contribute flow but no nitrogen.');
    if (ps.flow === 0 && ps.nitrogen === 0 && ps.phosphorus === 0 && ps.sediment === 0) w.push('No inlets or point sources present.');
    if (ps.phosphorus! > 0) {
      const np = ps.nitrogen! / ps.phosphorus!;
      if (np > 8.8) w.push(`Inlet/point source N:P ratio is greater than 8.8 (${np.toFixed(1)}).`);
      else if (np < 2.8) w.push(`Inlet/point source N:P ratio is less than 2.8 (${np.toFixed(1)}).`);
    }
    return { warnings: w, subbasinLoad: sb, pointSourceInletLoad: ps, fromInletAndPointSource: from, source: 'hyd.out' };
  }
  // No hyd.out: subbasin loads from output.sub, point sources unknown.
  w.push('hyd.out not found: inlet and point-source loads are unknown.');
  const sub = inputs.sub;
  if (!sub) return { warnings: w, subbasinLoad: empty, pointSourceInletLoad: empty, fromInletAndPointSource: empty, source: null };
  const yrs = printedYearCount(inputs);
  const col = (c: string) => annualByUnit(sub, c, 'total', yrs);
  const wyld = col('WYLDmm');
  const syld = col('SYLDt/ha');
  const nCols = ['ORGNkg/ha', 'NSURQkg/ha', 'LATNO3kg/h', 'GWNO3kg/ha', 'TNO3kg/ha'].map(col);
  const pCols = ['ORGPkg/ha', 'SOLPkg/ha', 'SEDPkg/ha'].map(col);
  const sb: PointSourcesLoad = { flow: 0, sediment: 0, nitrogen: 0, phosphorus: 0 };
  for (const u of new Set(sub.unit)) {
    if (subbasin > 0 && u !== subbasin) continue;
    const areaKm2 = unitArea(sub, u) ?? 0;
    const ha = areaKm2 * 100;
    sb.flow! += ((wyld?.get(u) ?? 0) * areaKm2 * 1000) / SEC_PER_YEAR;
    sb.sediment! += (syld?.get(u) ?? 0) * ha;
    sb.nitrogen! += sum(nCols.map((m) => (m?.get(u) ?? 0) * ha));
    sb.phosphorus! += sum(pCols.map((m) => (m?.get(u) ?? 0) * ha));
  }
  return { warnings: w, subbasinLoad: sb, pointSourceInletLoad: empty, fromInletAndPointSource: empty, source: 'output.sub' };
}

// ---------------------------------------------------------------------------------
// In-stream processes (output.rch)

function instreamProcesses(inputs: CheckInputs, subbasin: number, ps: PointSourcesSection, area: number | null, uplandSedimentYield: number | null, waterYield: number | null): InstreamProcessesSection {
  const w: string[] = [];
  const budgets: InstreamBudgets = {
    uplandSedimentYield, instreamSedimentChange: null, channelErosion: null, channelDeposition: null,
    totalN: null, totalP: null, totalStreamflowLosses: null, evaporationLoss: null, seepageLoss: null,
  };
  const rch = inputs.rch;
  if (!rch) {
    w.push('output.rch not found: in-stream processes cannot be computed.');
    return { warnings: w, reaches: [], budgets };
  }
  const years = printedYearCount(inputs);
  const total = (c: string) => annualByUnit(rch, c, 'total', years);
  const mean = (c: string) => annualByUnit(rch, c, 'mean', years);
  const units = [...new Set(rch.unit)].filter((u) => subbasin === 0 || u === subbasin).sort((a, b) => a - b);
  const S = (m: Map<number, number> | null) => (m ? sum(units.map((u) => m.get(u) ?? 0)) : 0);
  const reaches: ReachCheck[] = units.map((id) => ({ id, sediment: null, phosphorus: null, nitrogen: null }));
  let complete = true;

  const sedIn = total('SED_INtons');
  const sedOut = total('SED_OUTtons');
  if (sedIn && sedOut) {
    const change = S(sedOut) - S(sedIn);
    const upland = uplandSedimentYield !== null && area !== null ? uplandSedimentYield * area * 100 : 0; // t/yr
    budgets.instreamSedimentChange = area ? change / (area * 100) : null;
    if (change > 0) {
      budgets.channelErosion = upland > 0 ? (change / (upland + change)) * 100 : 0;
      if (budgets.channelErosion > 50) w.push('More than 50% of the sediment comes from in-stream (channel) erosion.');
    } else {
      budgets.channelDeposition = upland > 0 ? (-change / upland) * 100 : 0;
      if (budgets.channelDeposition > 95) w.push('More than 95% of the upland sediment is deposited in the channels.');
    }
    const e = budgets.channelErosion;
    const d = budgets.channelDeposition;
    if ((e ?? 0) === 0 && (d ?? 0) === 0) w.push('No in-stream sediment modification; this is unusual.');
    else if ((e !== null && Math.abs(e) < 2) || (d !== null && Math.abs(d) < 2)) w.push('Very little in-stream sediment modification (less than ±2%); this is unusual.');
    for (const r of reaches) {
      const i = sedIn.get(r.id) ?? 0;
      if (i !== 0) r.sediment = i > 0 ? ((sedOut.get(r.id) ?? 0) / i) * 100 : 0;
    }
  } else complete = false;

  const nNames = ['NO3', 'NH4', 'NO2', 'ORGN'];
  const nIn = nNames.map((n) => total(`${n}_INkg`));
  const nOut = nNames.map((n) => total(`${n}_OUTkg`));
  const delivered = (k: 'nitrogen' | 'phosphorus') => (ps.subbasinLoad[k] ?? 0) + (ps.pointSourceInletLoad[k] ?? 0);
  if (nIn.every(Boolean) && nOut.every(Boolean)) {
    const change = sum(nOut.map(S)) - sum(nIn.map(S));
    const d = delivered('nitrogen');
    if (d !== 0) {
      budgets.totalN = (change / d) * 100;
      if (budgets.totalN < -50) w.push(`Excessive in-stream nitrogen modification (loss of ${fmt1(-budgets.totalN)}% of the delivered N).`);
      else if (budgets.totalN > 10) w.push(`Excessive in-stream nitrogen modification (gain of ${fmt1(budgets.totalN)}% of the delivered N).`);
    }
    for (const r of reaches) {
      const i = sum(nIn.map((m) => m!.get(r.id) ?? 0));
      if (i !== 0) r.nitrogen = (sum(nOut.map((m) => m!.get(r.id) ?? 0)) / i) * 100;
    }
  } else complete = false;

  const pNames = ['MINP', 'ORGP'];
  const pIn = pNames.map((n) => total(`${n}_INkg`));
  const pOut = pNames.map((n) => total(`${n}_OUTkg`));
  if (pIn.every(Boolean) && pOut.every(Boolean)) {
    const change = sum(pOut.map(S)) - sum(pIn.map(S));
    const d = delivered('phosphorus');
    if (d !== 0) {
      budgets.totalP = (change / d) * 100;
      if (budgets.totalP < -50) w.push(`Excessive in-stream phosphorus modification (loss of ${fmt1(-budgets.totalP)}% of the delivered P).`);
      else if (budgets.totalP > 10) w.push(`Excessive in-stream phosphorus modification (gain of ${fmt1(budgets.totalP)}% of the delivered P).`);
    }
    for (const r of reaches) {
      const i = sum(pIn.map((m) => m!.get(r.id) ?? 0));
      if (i !== 0) r.phosphorus = (sum(pOut.map((m) => m!.get(r.id) ?? 0)) / i) * 100;
    }
  } else complete = false;

  const tloss = mean('TLOSScms');
  const evap = mean('EVAPcms');
  if (tloss && evap && area && area > 0) {
    const toMm = (cms: number) => (cms * SEC_PER_YEAR) / (area * 1e6) * 1000;
    const t = toMm(S(tloss));
    const e = toMm(S(evap));
    if (waterYield !== null && waterYield !== 0) {
      budgets.totalStreamflowLosses = ((t + e) / waterYield) * 100;
      budgets.evaporationLoss = (e / waterYield) * 100;
      budgets.seepageLoss = (t / waterYield) * 100;
    }
  }
  if (!complete) w.push('Some in-stream calculations could not be done because not all reach output variables are printed (file.cio).');
  return { warnings: w, reaches, budgets };
}

// ---------------------------------------------------------------------------------
// Reservoirs (output.rsv, else hyd.out)

function reservoirs(inputs: CheckInputs, subbasin: number): ReservoirsSection {
  const w: string[] = [];
  const none: ReservoirsSection['averages'] = {
    trappingEfficiency: { sediment: null, nitrogen: null, phosphorus: null },
    waterLosses: { totalRemoved: null, evaporation: null, seepage: null },
    trends: { numberReservoirs: 0, maxVolume: null, minVolume: null, fractionEmpty: null },
  };
  const te = (i: number, o: number): number | null => (i === 0 ? null : ((i - o) / i) * 100);
  const rows = inputs.rsv?.filter((r) => r.period === (inputs.cio.iprint === 1 ? 'day' : inputs.cio.iprint === 2 ? 'year' : 'month')) ?? [];
  if (rows.length > 0) {
    const byRes = new Map<number, RsvRow[]>();
    for (const r of rows) {
      const l = byRes.get(r.res) ?? [];
      l.push(r);
      byRes.set(r.res, l);
    }
    const v = (r: RsvRow, ...names: string[]) => sum(names.map((n) => r.values[n] ?? 0));
    const mean = (list: RsvRow[], ...names: string[]) => sum(list.map((r) => v(r, ...names))) / list.length;
    const out: ReservoirRow[] = [];
    const agg = { sedIn: 0, sedOut: 0, nIn: 0, nOut: 0, pIn: 0, pOut: 0, qIn: 0, qOut: 0, vol: 0, seep: 0, evap: 0 };
    const N_IN = ['ORGN_INkg', 'NO3_INkg', 'NO2_INkg', 'NH3_INkg'];
    const N_OUT = ['ORGN_OUTkg', 'NO3_OUTkg', 'NO2_OUTkg', 'NH3_OUTkg'];
    for (const [res, list] of [...byRes.entries()].sort((a, b) => a[0] - b[0])) {
      const years = list.map((r) => r.year).filter((y): y is number => y !== null);
      const y0 = years.length ? Math.min(...years) : null;
      const y1 = years.length ? Math.max(...years) : null;
      const volOf = (y: number | null) => {
        const l = y === null ? [] : list.filter((r) => r.year === y);
        return l.length ? mean(l, 'VOLUMEm3') : null;
      };
      const v0 = volOf(y0);
      const v1 = volOf(y1);
      const m = {
        sedIn: mean(list, 'SED_INtons'), sedOut: mean(list, 'SED_OUTtons'),
        nIn: mean(list, ...N_IN), nOut: mean(list, ...N_OUT),
        pIn: mean(list, 'ORGP_INkg', 'MINP_INkg'), pOut: mean(list, 'ORGP_OUTkg', 'MINP_OUTkg'),
        qIn: mean(list, 'FLOW_INcms'), qOut: mean(list, 'FLOW_OUTcms'),
        vol: mean(list, 'VOLUMEm3'), seep: mean(list, 'SEEPAGEm3'), evap: mean(list, 'EVAPm3'),
      };
      for (const k of Object.keys(agg) as (keyof typeof agg)[]) agg[k] += m[k];
      out.push({
        id: res,
        sediment: te(m.sedIn, m.sedOut),
        nitrogen: te(m.nIn, m.nOut),
        phosphorus: te(m.pIn, m.pOut),
        volumeRatio: v0 !== null && v1 !== null && v0 !== 0 ? v1 / v0 : null,
        fractionEmpty: list.filter((r) => (r.values['VOLUMEm3'] ?? 0) < 1).length / list.length,
        seepage: m.vol !== 0 ? (m.seep / m.vol) * 100 : null,
        evapLoss: m.vol !== 0 ? (m.evap / m.vol) * 100 : null,
      });
    }
    const ratios = out.map((r) => r.volumeRatio).filter((x): x is number => x !== null);
    const averages: ReservoirsSection['averages'] = {
      trappingEfficiency: { sediment: te(agg.sedIn, agg.sedOut), nitrogen: te(agg.nIn, agg.nOut), phosphorus: te(agg.pIn, agg.pOut) },
      waterLosses: {
        totalRemoved: agg.qIn > 0 ? ((agg.qIn - agg.qOut) / agg.qIn) * 100 : null,
        evaporation: agg.vol !== 0 ? (agg.evap / agg.vol) * 100 : null,
        seepage: agg.vol !== 0 ? (agg.seep / agg.vol) * 100 : null,
      },
      trends: {
        numberReservoirs: out.length,
        maxVolume: ratios.length ? Math.max(...ratios) : null,
        minVolume: ratios.length ? Math.min(...ratios) : null,
        fractionEmpty: out.length ? Math.max(...out.map((r) => r.fractionEmpty ?? 0)) : null,
      },
    };
    reservoirWarnings(w, out, averages);
    return { warnings: w, reservoirRows: out, averages, source: 'output.rsv' };
  }
  // Fallback: reservoir routing commands of hyd.out (totals in and out, no volumes).
  const hyd = inputs.hydOut ?? [];
  const res = hyd.filter((l) => l.icode === 3 && (subbasin === 0 || l.inum1 === subbasin));
  if (res.length === 0) {
    w.push(inputs.rsv === null && !inputs.hydOut ? 'No output.rsv data available.' : 'No reservoirs in this run.');
    return { warnings: w, reservoirRows: [], averages: none, source: null };
  }
  w.push('output.rsv not found: reservoir figures from hyd.out totals (no volumes, seepage or evaporation).');
  const byHyd = new Map(hyd.map((l) => [l.ihout, l]));
  const out: ReservoirRow[] = [];
  const agg = { sedIn: 0, sedOut: 0, nIn: 0, nOut: 0, pIn: 0, pOut: 0, qIn: 0, qOut: 0 };
  for (const l of res) {
    const inflow = byHyd.get(l.inum2);
    if (!inflow) continue;
    const m = {
      sedIn: inflow.sedTons, sedOut: l.sedTons,
      nIn: inflow.orgNKg + inflow.no3Kg, nOut: l.orgNKg + l.no3Kg,
      pIn: inflow.orgPKg + inflow.solPKg, pOut: l.orgPKg + l.solPKg,
      qIn: inflow.flowM3, qOut: l.flowM3,
    };
    for (const k of Object.keys(agg) as (keyof typeof agg)[]) agg[k] += m[k];
    out.push({ id: l.inum1, sediment: te(m.sedIn, m.sedOut), nitrogen: te(m.nIn, m.nOut), phosphorus: te(m.pIn, m.pOut), volumeRatio: null, fractionEmpty: null, seepage: null, evapLoss: null });
  }
  const averages: ReservoirsSection['averages'] = {
    trappingEfficiency: { sediment: te(agg.sedIn, agg.sedOut), nitrogen: te(agg.nIn, agg.nOut), phosphorus: te(agg.pIn, agg.pOut) },
    waterLosses: { totalRemoved: agg.qIn > 0 ? ((agg.qIn - agg.qOut) / agg.qIn) * 100 : null, evaporation: null, seepage: null },
    trends: { numberReservoirs: out.length, maxVolume: null, minVolume: null, fractionEmpty: null },
  };
  reservoirWarnings(w, out, averages);
  return { warnings: w, reservoirRows: out, averages, source: 'hyd.out' };
}

function reservoirWarnings(w: string[], rows: ReservoirRow[], a: ReservoirsSection['averages']): void {
  const any = (f: (r: ReservoirRow) => boolean) => rows.some(f);
  const ids = (f: (r: ReservoirRow) => boolean) => rows.filter(f).map((r) => r.id).join(', ');
  if ((a.trends.fractionEmpty ?? 0) > 0) w.push(`Reservoir(s) ${ids((r) => (r.fractionEmpty ?? 0) > 0)} became completely dry during the simulation.`);
  if (a.trends.maxVolume !== null && a.trends.maxVolume > 5) w.push('At least one reservoir ends the simulation with more than 5 times its initial volume; check the release parameters.');
  if (a.trends.minVolume !== null && a.trends.minVolume < 0.2) w.push('At least one reservoir ends the simulation with less than 20% of its initial volume; check the release parameters.');
  const lt = (k: 'sediment' | 'nitrogen' | 'phosphorus', v: number) => (r: ReservoirRow) => r[k] !== null && r[k]! < v;
  const gt = (k: 'sediment' | 'nitrogen' | 'phosphorus' | 'evapLoss' | 'seepage', v: number) => (r: ReservoirRow) => r[k] !== null && r[k]! > v;
  if (any(lt('sediment', 40))) w.push(`Sediment trapping efficiency is less than 40% at reservoir(s) ${ids(lt('sediment', 40))}.`);
  if (any(gt('sediment', 98))) w.push(`Sediment trapping efficiency is greater than 98% at reservoir(s) ${ids(gt('sediment', 98))}.`);
  if (any(lt('nitrogen', 7))) w.push(`Nitrogen trapping efficiency is less than 7% at reservoir(s) ${ids(lt('nitrogen', 7))}.`);
  if (any(gt('nitrogen', 72))) w.push(`Nitrogen trapping efficiency is greater than 72% at reservoir(s) ${ids(gt('nitrogen', 72))}.`);
  if (any(lt('phosphorus', 18))) w.push(`Phosphorus trapping efficiency is less than 18% at reservoir(s) ${ids(lt('phosphorus', 18))}.`);
  if (any(gt('phosphorus', 82))) w.push(`Phosphorus trapping efficiency is greater than 82% at reservoir(s) ${ids(gt('phosphorus', 82))}.`);
  const evLow = (r: ReservoirRow) => r.evapLoss !== null && r.evapLoss < 5;
  if (any(evLow)) w.push(`Evaporation losses are less than 5% at reservoir(s) ${ids(evLow)}.`);
  if (any(gt('evapLoss', 50))) w.push(`Evaporation losses are more than 50% at reservoir(s) ${ids(gt('evapLoss', 50))}.`);
  if (any(gt('seepage', 25))) w.push(`Seepage losses are more than 25% at reservoir(s) ${ids(gt('seepage', 25))}.`);
}

// ---------------------------------------------------------------------------------
// Sediment

function sedimentSection(inputs: CheckInputs, subbasin: number, hrus: readonly StdHruAverage[], hyd: HydrologySection, instream: InstreamProcessesSection, ps: PointSourcesSection): SedimentSection {
  const w: string[] = [];
  const avg = subbasin === 0 ? num(inputs.std.aveAnnualBasin['TOTAL SEDIMENT LOADING']) : subbasinAnnual(inputs, subbasin, 'SYLDt/ha');
  let maxH: StdHruAverage | null = null;
  for (const h of hrus) if (!maxH || hruValue(h, 'SEDth') > hruValue(maxH, 'SEDth')) maxH = h;
  const s: SedimentSection = {
    warnings: w,
    surfaceRunoff: hyd.surfaceRunoff,
    maxUplandSedimentYield: maxH ? hruValue(maxH, 'SEDth') : null,
    avgUplandSedimentYield: avg,
    inletSediment: ps.pointSourceInletLoad.sediment,
    inStreamSedimentChange: instream.budgets.instreamSedimentChange,
  };
  if (avg !== null) {
    if (avg > 10) w.push(`Average upland sediment yield is greater than 10 t/ha (${avg.toFixed(2)}); very high for a basin average.`);
    else if (avg < 0.01) w.push(`Average upland sediment yield is less than 0.01 t/ha (${avg.toFixed(3)}); very low for a basin average.`);
  }
  if (maxH && hruValue(maxH, 'SEDth') > 50) {
    w.push(`Maximum HRU sediment yield is greater than 50 t/ha (${hruValue(maxH, 'SEDth').toFixed(1)} t/ha in HRU ${maxH.hru}, subbasin ${maxH.sub}, land use ${landUseOf(inputs, maxH.hru) || '?'}, soil ${maxH.soil}).`);
  }
  if (s.inStreamSedimentChange === null) {
    w.push(inputs.rch ? 'In-stream sediment change could not be computed: print SED_IN and SED_OUT in output.rch (file.cio).' : 'In-stream sediment change could not be computed: output.rch not found.');
  }
  return s;
}

// ---------------------------------------------------------------------------------

/** Run SWAT Check on loaded run outputs, for the whole watershed or one subbasin. */
export function swatCheck(inputs: CheckInputs, options: SwatCheckOptions = {}): SwatCheckResult {
  const subbasin = options.subbasin ?? 0;
  if (!Number.isInteger(subbasin) || subbasin < 0) throw new RangeError(`subbasin must be a whole number ≥ 0 (got ${subbasin})`);
  const allHrus = inputs.std.hruAverages;
  if (subbasin > 0) {
    const known = new Set<number>([...allHrus.map((h) => h.sub), ...(inputs.sub ? [...inputs.sub.unit] : [])]);
    if (!known.has(subbasin)) throw new RangeError(`subbasin ${subbasin} is not in this run (subbasins: ${[...known].sort((a, b) => a - b).join(', ')})`);
  }
  const hrus = subbasin === 0 ? allHrus : allHrus.filter((h) => h.sub === subbasin);
  const setup = setupOf(inputs, subbasin);
  const perHru = hruAnnual(inputs, [...Object.keys(N_FIELDS), ...Object.keys(P_FIELDS), 'W_STRS', 'TMP_STRS', 'N_STRS', 'P_STRS']);
  const hydrologySection = hydrology(inputs, subbasin, hrus);
  const ps = pointSources(inputs, subbasin);
  const waterYield = hydrologySection.surfaceRunoff !== null && hydrologySection.lateralFlow !== null && hydrologySection.returnFlow !== null
    ? hydrologySection.surfaceRunoff + hydrologySection.lateralFlow + hydrologySection.returnFlow : null;
  const uplandSed = subbasin === 0 ? num(inputs.std.aveAnnualBasin['TOTAL SEDIMENT LOADING']) : subbasinAnnual(inputs, subbasin, 'SYLDt/ha');
  const instream = instreamProcesses(inputs, subbasin, ps, setup.watershedArea, uplandSed, waterYield);
  const n = nitrogenCycle(inputs, subbasin, perHru);
  const p = phosphorusCycle(inputs, subbasin, perHru);
  return {
    setup,
    hydrology: hydrologySection,
    sediment: sedimentSection(inputs, subbasin, hrus, hydrologySection, instream, ps),
    nitrogenCycle: n,
    phosphorusCycle: p,
    plantGrowth: plantGrowth(inputs, subbasin, hrus, n, p, perHru),
    landscapeNutrientLosses: landscapeLosses(inputs, subbasin, n, perHru),
    landUseSummary: landUseSummary(inputs, hrus),
    instreamProcesses: instream,
    pointSources: ps,
    reservoirs: reservoirs(inputs, subbasin),
  };
}
