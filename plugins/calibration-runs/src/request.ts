// The calibration request of issue 24 as the pages and the server half share it: the contract's
// types (routes 1–4) and the rules of a request body, with their messages by field. React-free,
// so the server half can import it (`../src/request.ts`) and both say the same thing.
// The catalogue's and the mods' types are @headwater/swat's (types only: nothing of it is bundled).
import type { CalibrationMod, CalibrationType } from '@headwater/swat/calibration/mods.ts';
import type { CatalogueParameter } from '@headwater/swat/calibration/parameters.ts';
import type { CalibrationSummary } from '@headwater/plugin-sdk/server';

export type { CalibrationType, CatalogueParameter };
export type Objective = 'NSE' | 'KGE' | 'LNSE';
export type Algorithm = 'SUFI2' | 'DDS';
export type CalibrationStatus = 'queued' | 'running' | 'complete' | 'aborted' | 'error';
export type Period = { start: string; end: string };

/** The form's starting request, a flow calibration that meets issue 24's goals on the demo
 * watershed (the page, and the calibration bench that measures it): what modellers calibrate for
 * flow (curve number, soil evaporation, groundwater, surface lag, channel losses), each with the
 * catalogue's change type and range, by DDS in 30 batches of 10 with |PBIAS| ≤ 15 %. */
export const FLOW_PARAMETERS = ['CN2|mgt', 'ESCO|hru', 'ALPHA_BF|gw', 'GW_DELAY|gw', 'GWQMN|gw', 'GW_REVAP|gw', 'SURLAG|bsn', 'CH_K2|rte'];
export const FLOW_DEFAULTS = { algorithm: 'DDS' as Algorithm, runsPerIteration: 10, iterations: 30, pbiasBound: 15, seed: 7 };

export type { CalibrationSummary };

/** The live event `calibration-status` in room `scenario:{id}`. */
export const CALIBRATION_EVENT = 'calibration-status';
export type CalibrationEvent = CalibrationSummary & { scenarioID: number | string; ranges?: [number, number][]; deleted?: boolean };

export type Gauge = { id: number; name: string; reach: number | null; variable: string; units: string; firstDate: string; lastDate: string; days: number };

/** Route 1: `GET scenarios/output/calibration/{scenarioID}`. */
export type CalibrationPageData = {
  scenario: { id: number; name: string; hasRun: boolean; isRunning: boolean };
  simulation: { start: string; end: string; warmupYears: number };
  reaches: { number: number; name: string }[];
  gauges: Gauge[];
  parameters: CatalogueParameter[];
  landUses: { code: string; name: string }[];
  requests: CalibrationSummary[];
};

export type RequestParameter = { variable: string; file: string; type: CalibrationType; min: number; max: number; landuses?: string[]; subbasins?: number[] };

/** Route 2's body. */
export type CalibrationRequestBody = {
  name: string;
  observed: { gaugeID: number } | { csv: string; units: 'm3/s' | 'cfs' };
  reach: number;
  calibrationPeriod: Period;
  validationPeriod: Period | null;
  objective: Objective;
  pbiasBound: number | null;
  algorithm: Algorithm;
  runsPerIteration: number;
  iterations: number;
  seed: number;
  parameters: RequestParameter[];
};

export type Fit = { NSE: number | null; KGE: number | null; PBIAS: number | null; RSR: number | null; LNSE: number | null; days: number };

/** Route 3: `GET scenarios/output/calibration/request/{requestID}`. */
export type CalibrationResult = {
  request: CalibrationSummary & { settings: Omit<CalibrationRequestBody, 'observed'> & { observed: { gaugeID: number } | { units: string; days?: number } } };
  parameters: RequestParameter[];
  runs: { n: number; iteration: number; values: number[]; objective: number | null; calibration: Fit | null; validation: Fit | null; error?: string }[];
  best: { n: number; values: number[]; mods: CalibrationMod[]; calibration: Fit; validation: Fit | null } | null;
  iterations: { iteration: number; ranges: [number, number][]; pFactor: number | null; rFactor: number | null; best: number | null }[];
  hydrograph: { firstDate: string; observed: (number | null)[]; best: number[]; lower: number[] | null; upper: number[] | null } | null;
};

export const OBJECTIVES: { value: Objective; label: string }[] = [
  { value: 'NSE', label: 'NSE (Nash–Sutcliffe efficiency)' },
  { value: 'KGE', label: 'KGE (Kling–Gupta efficiency)' },
  { value: 'LNSE', label: 'NSE of log flows (low flows)' },
];
export const ALGORITHMS: { value: Algorithm; label: string; help: string }[] = [
  {
    value: 'SUFI2',
    label: 'SUFI-2',
    help: 'Latin hypercube samples in each iteration; the ranges narrow around the best runs. Gives the 95% prediction uncertainty band (95PPU), p-factor and r-factor.',
  },
  {
    value: 'DDS',
    label: 'DDS',
    help: 'Dynamically dimensioned search: each run changes the best set so far, fewer parameters as the search goes on. Finds one best set; no uncertainty band.',
  },
];
export const TYPES: { value: CalibrationType; label: string }[] = [
  { value: 'V', label: 'V — replace the value' },
  { value: 'A', label: 'A — add to the value' },
  { value: '%', label: '% — change by a percentage' },
];

/** Route 2's limits. */
export const LIMITS = {
  name: 50,
  csvBytes: 2 * 1024 * 1024,
  parameters: 30,
  runsPerIteration: [2, 1000],
  iterations: { SUFI2: [1, 10], DDS: [1, 100] },
  seed: [0, 2 ** 31 - 1],
  pbiasBound: [0, 100],
} as const;

export const CALIBRATION_MESSAGES = {
  name: `Give the request a name of 1 to ${LIMITS.name} characters.`,
  gauge: 'Choose a gauge with observed flow.',
  csvEmpty: 'Upload a CSV file of date,value rows.',
  csvTooBig: 'The CSV file must be 2 MB or less.',
  csvRow: (line: number) => `Line ${line} of the CSV file is not a date (YYYY-MM-DD) and a number.`,
  csvUnits: 'Choose the units of the CSV values: m3/s or cfs.',
  observedOutside: 'The observed series has no days in the calibration period.',
  reach: 'Choose the reach the observed flow is compared at.',
  period: (first: string, last: string) => `Choose a start and an end from ${first} to ${last} (the simulation after its warm-up years), the start first.`,
  overlap: 'The validation period must not overlap the calibration period.',
  objective: 'Choose NSE, KGE or NSE of log flows.',
  pbiasBound: `The PBIAS bound must be a number greater than 0 and at most ${LIMITS.pbiasBound[1]} (percent), or empty.`,
  algorithm: 'Choose SUFI-2 or DDS.',
  runsPerIteration: `Runs per iteration must be a whole number from ${LIMITS.runsPerIteration[0]} to ${LIMITS.runsPerIteration[1]}.`,
  iterations: (a: Algorithm) => `${a === 'DDS' ? 'Batches' : 'Iterations'} must be a whole number from ${LIMITS.iterations[a][0]} to ${LIMITS.iterations[a][1]}.`,
  seed: `The seed must be a whole number from 0 to ${LIMITS.seed[1]}.`,
  parametersCount: `Add 1 to ${LIMITS.parameters} parameters.`,
  parameterUnknown: (v: string) => `${v} is not in the list of parameters.`,
  parameterType: (v: string) => `${v}: choose the change type V, A or %.`,
  parameterRange: (v: string) => `${v}: min and max must be numbers, min less than max.`,
  parameterLimits: (v: string, lo: number, hi: number) => `${v}: a V range must be inside ${lo} to ${hi}.`,
  parameterLanduses: (v: string) => `${v}: choose land uses of the project, or none for all.`,
  parameterSubbasins: (v: string) => `${v}: choose subbasins of the project, or none for all.`,
  parameterTwice: (v: string) => `${v} is listed twice for the same land uses and subbasins.`,
  notRun: 'Run the scenario first: calibration starts from its inputs.',
} as const;

const ISO = /^\d{4}-\d{2}-\d{2}$/;
/** A real calendar date written YYYY-MM-DD. */
export function isIsoDate(s: unknown): s is string {
  if (typeof s !== 'string' || !ISO.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}
const day = (s: string) => Date.parse(`${s}T00:00:00Z`) / 86_400_000;
const iso = (d: number) => new Date(d * 86_400_000).toISOString().slice(0, 10);

/** The first day after the warm-up years and the last simulated day. */
export function simulationWindow(sim: CalibrationPageData['simulation']): Period {
  const y = Number(sim.start.slice(0, 4)) + (sim.warmupYears || 0);
  const start = sim.warmupYears ? `${y}${sim.start.slice(4)}` : sim.start;
  return { start: start > sim.end ? sim.end : start, end: sim.end };
}

/** The prefilled periods: the window (narrowed to the observed days when known) split in two —
 * whole years when it spans two or more, else by days. */
export function defaultPeriods(window: Period, observed?: { firstDate: string; lastDate: string } | null): { calibration: Period; validation: Period | null } {
  let { start, end } = window;
  if (observed && observed.firstDate <= end && observed.lastDate >= start) {
    if (observed.firstDate > start) start = observed.firstDate;
    if (observed.lastDate < end) end = observed.lastDate;
  }
  const y0 = Number(start.slice(0, 4));
  const y1 = Number(end.slice(0, 4));
  const years = y1 - y0 + 1;
  if (years >= 2 && start.endsWith('-01-01') && end.endsWith('-12-31')) {
    const half = Math.ceil(years / 2);
    return { calibration: { start, end: `${y0 + half - 1}-12-31` }, validation: { start: `${y0 + half}-01-01`, end } };
  }
  const a = day(start);
  const b = day(end);
  if (b - a < 1) return { calibration: { start, end }, validation: null };
  const mid = Math.floor((a + b) / 2);
  return { calibration: { start, end: iso(mid) }, validation: { start: iso(mid + 1), end } };
}

/** A CSV of observed values: `date,value` rows (a header line is skipped; empty values are
 * missing days). Returns the days or the first bad line. */
export function parseObservedCsv(text: string): { dates: string[]; values: (number | null)[] } | { error: string } {
  const dates: string[] = [];
  const values: (number | null)[] = [];
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (!line || line.startsWith('#')) continue;
    const [d, v = ''] = line.split(/[,;\t]/).map((x) => x.trim().replace(/^"|"$/g, ''));
    if (!isIsoDate(d)) {
      if (dates.length === 0 && i === lines.findIndex((l) => l.trim())) continue; // a header
      return { error: CALIBRATION_MESSAGES.csvRow(i + 1) };
    }
    const n = v === '' || /^(na|nan|null)$/i.test(v) ? null : Number(v);
    if (n !== null && !Number.isFinite(n)) return { error: CALIBRATION_MESSAGES.csvRow(i + 1) };
    dates.push(d);
    values.push(n);
  }
  if (dates.length === 0) return { error: CALIBRATION_MESSAGES.csvEmpty };
  return { dates, values };
}

export type FieldErrors = Record<string, string[]>;

/** What the rules need of route 1's answer. */
export type RequestContext = Pick<CalibrationPageData, 'simulation' | 'reaches' | 'gauges' | 'parameters' | 'landUses'>;

const int = (v: unknown, lo: number, hi: number) => typeof v === 'number' && Number.isInteger(v) && v >= lo && v <= hi;
const num = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** The problems of a request body by field (empty: valid). */
export function calibrationRequestProblems(body: unknown, ctx: RequestContext): FieldErrors {
  const b = (body && typeof body === 'object' ? body : {}) as Partial<Record<keyof CalibrationRequestBody, unknown>>;
  const errors: FieldErrors = {};
  const add = (field: string, message: string) => {
    const list = (errors[field] ??= []);
    if (!list.includes(message)) list.push(message);
  };
  const name = typeof b.name === 'string' ? b.name.trim() : '';
  if (!name || name.length > LIMITS.name) add('name', CALIBRATION_MESSAGES.name);

  const window = simulationWindow(ctx.simulation);
  const periodOk = (p: unknown): p is Period => {
    const x = p as Period | null;
    return !!x && isIsoDate(x.start) && isIsoDate(x.end) && x.start <= x.end && x.start >= window.start && x.end <= window.end;
  };
  const cal = b.calibrationPeriod;
  if (!periodOk(cal)) add('calibrationPeriod', CALIBRATION_MESSAGES.period(window.start, window.end));
  if (b.validationPeriod !== null && b.validationPeriod !== undefined) {
    const val = b.validationPeriod;
    if (!periodOk(val)) add('validationPeriod', CALIBRATION_MESSAGES.period(window.start, window.end));
    else if (periodOk(cal) && val.start <= cal.end && cal.start <= val.end) add('validationPeriod', CALIBRATION_MESSAGES.overlap);
  }

  const observed = (b.observed ?? null) as Record<string, unknown> | null;
  let observedDays: { first: string; last: string } | null = null;
  if (observed && 'gaugeID' in observed) {
    const g = ctx.gauges.find((x) => x.id === observed.gaugeID);
    if (!g) add('observed', CALIBRATION_MESSAGES.gauge);
    else observedDays = { first: g.firstDate, last: g.lastDate };
  } else if (observed && 'csv' in observed) {
    const csv = observed.csv;
    if (typeof csv !== 'string' || !csv.trim()) add('observed', CALIBRATION_MESSAGES.csvEmpty);
    else if (new TextEncoder().encode(csv).length > LIMITS.csvBytes) add('observed', CALIBRATION_MESSAGES.csvTooBig);
    else {
      const parsed = parseObservedCsv(csv);
      if ('error' in parsed) add('observed', parsed.error);
      else if (periodOk(cal) && !parsed.dates.some((d, i) => d >= cal.start && d <= cal.end && parsed.values[i] !== null)) add('observed', CALIBRATION_MESSAGES.observedOutside);
    }
    if (observed.units !== 'm3/s' && observed.units !== 'cfs') add('observed', CALIBRATION_MESSAGES.csvUnits);
  } else add('observed', CALIBRATION_MESSAGES.gauge);
  if (observedDays && periodOk(cal) && (observedDays.first > cal.end || observedDays.last < cal.start)) add('observed', CALIBRATION_MESSAGES.observedOutside);

  if (!ctx.reaches.some((r) => r.number === b.reach)) add('reach', CALIBRATION_MESSAGES.reach);
  if (!OBJECTIVES.some((o) => o.value === b.objective)) add('objective', CALIBRATION_MESSAGES.objective);
  if (b.pbiasBound !== null && b.pbiasBound !== undefined && !(num(b.pbiasBound) && b.pbiasBound > LIMITS.pbiasBound[0] && b.pbiasBound <= LIMITS.pbiasBound[1]))
    add('pbiasBound', CALIBRATION_MESSAGES.pbiasBound);
  const algorithm = ALGORITHMS.some((a) => a.value === b.algorithm) ? (b.algorithm as Algorithm) : null;
  if (!algorithm) add('algorithm', CALIBRATION_MESSAGES.algorithm);
  if (!int(b.runsPerIteration, LIMITS.runsPerIteration[0], LIMITS.runsPerIteration[1])) add('runsPerIteration', CALIBRATION_MESSAGES.runsPerIteration);
  if (algorithm && !int(b.iterations, LIMITS.iterations[algorithm][0], LIMITS.iterations[algorithm][1])) add('iterations', CALIBRATION_MESSAGES.iterations(algorithm));
  if (!int(b.seed, LIMITS.seed[0], LIMITS.seed[1])) add('seed', CALIBRATION_MESSAGES.seed);

  const params = Array.isArray(b.parameters) ? (b.parameters as Partial<RequestParameter>[]) : [];
  if (params.length < 1 || params.length > LIMITS.parameters) add('parameters', CALIBRATION_MESSAGES.parametersCount);
  const landUses = new Set(ctx.landUses.map((l) => l.code));
  const subbasins = new Set(ctx.reaches.map((r) => r.number));
  const seen = new Set<string>();
  for (const p of params) {
    const v = typeof p?.variable === 'string' ? p.variable : '?';
    const c = ctx.parameters.find((x) => x.variable === p?.variable && x.file === p?.file);
    if (!c) {
      add('parameters', CALIBRATION_MESSAGES.parameterUnknown(v));
      continue;
    }
    if (!TYPES.some((t) => t.value === p.type)) add('parameters', CALIBRATION_MESSAGES.parameterType(v));
    if (!num(p.min) || !num(p.max) || p.min >= p.max) add('parameters', CALIBRATION_MESSAGES.parameterRange(v));
    else if (p.type === 'V' && (p.min < c.limits[0] || p.max > c.limits[1])) add('parameters', CALIBRATION_MESSAGES.parameterLimits(v, c.limits[0], c.limits[1]));
    const lu = p.landuses ?? [];
    if (!Array.isArray(lu) || (lu.length && (!c.perLanduse || lu.some((x) => !landUses.has(x))))) add('parameters', CALIBRATION_MESSAGES.parameterLanduses(v));
    const sb = p.subbasins ?? [];
    if (!Array.isArray(sb) || (sb.length && (!c.perSubbasin || sb.some((x) => !subbasins.has(x))))) add('parameters', CALIBRATION_MESSAGES.parameterSubbasins(v));
    const key = `${c.file}:${c.variable}:${[...(Array.isArray(lu) ? lu : [])].sort().join('|')}:${[...(Array.isArray(sb) ? sb : [])].sort((x, y) => x - y).join('|')}`;
    if (seen.has(key)) add('parameters', CALIBRATION_MESSAGES.parameterTwice(v));
    seen.add(key);
  }
  return errors;
}

/** Runs a request makes: runs per iteration (or batch) × iterations. */
export const totalRuns = (runsPerIteration: number, iterations: number) => runsPerIteration * iterations;
export const isActive = (s: CalibrationStatus) => s === 'queued' || s === 'running';
