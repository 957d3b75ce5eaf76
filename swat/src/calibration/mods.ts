// A calibration option's changes (spec 2 §3 'Calibration': mods, type codes V value, A amount
// added, % percentage of baseline) and how they are written into a SWAT project. Pure: the editor's
// server half applies them at run time; the calibration runs (platform-api calibration-runs) and
// datasets/scripts/calibrate-lrew.ts use the same
// function while it searches for the values, so the option ships exactly what was evaluated.
import type { HruInputs, SubbasinInputs, SwatProject } from '../txtinout/types.ts';

/** V: the value replaces the input; A: the value is added to it; %: the input changes by value percent. */
export type CalibrationType = 'V' | 'A' | '%';
export const CALIBRATION_TYPES: readonly CalibrationType[] = ['V', 'A', '%'];

/** The SWAT input file a variable lives in: HRU files (.mgt, .hru, .gw, .sol: every layer),
 * reach files (.rte), subbasin files (.sub) or basins.bsn. */
export type CalibrationFile = 'mgt' | 'hru' | 'gw' | 'sol' | 'rte' | 'sub' | 'bsn';
export const CALIBRATION_FILES: readonly CalibrationFile[] = ['mgt', 'hru', 'gw', 'sol', 'rte', 'sub', 'bsn'];

/** One change of a calibration option. `landuses` (SWAT codes) and `subbasins` (numbers) narrow
 * it: an empty or missing list means all (spec 2 §3 landuseConditions, indexConditions). */
export type CalibrationMod = {
  file: CalibrationFile;
  variable: string;
  type: CalibrationType;
  value: number;
  landuses?: string[];
  subbasins?: number[];
};

/** A calibration option as a dataset ships it (datasets/lrew/dataset.json `calibrations[].option`,
 * the `parameters` column of the platform's `calibrations` table). */
export type CalibrationOption = {
  name: string;
  description?: string;
  /** where the values come from (a script, a publication) */
  source?: string;
  /** goodness of fit as measured when the option was made */
  fit?: Record<string, unknown>;
  mods: CalibrationMod[];
};

/** SWAT's own limits of the variables a calibration commonly sets: a change that leaves them is
 * held to them (SWAT would reset or misbehave otherwise; readmgt.f/readhru.f/readgw.f). */
export const LIMITS: Record<string, [number, number]> = {
  CN2: [35, 98],
  ESCO: [0.01, 1],
  EPCO: [0.01, 1],
  ALPHA_BF: [0, 1],
  GW_DELAY: [0, 500],
  GWQMN: [0, 5000],
  GW_REVAP: [0.02, 0.2],
  REVAPMN: [0, 1000],
  RCHRG_DP: [0, 1],
  SURLAG: [0.05, 24],
  CH_K2: [0, 500],
  CH_N2: [0.01, 0.3],
  SOL_AWC: [0.01, 1],
  SOL_K: [0.0001, 2000],
  OV_N: [0.01, 30],
  CANMX: [0, 100],
  SOL_BD: [0.9, 2.5],
  SLSUBBSN: [10, 150],
  HRU_SLP: [0, 1],
  LAT_TTIME: [0, 180],
  GW_SPYLD: [0, 0.4],
  ALPHA_BNK: [0, 1],
  CH_N1: [0.01, 30],
  CH_K1: [0, 300],
  SFTMP: [-20, 20],
  SMTMP: [-20, 20],
  TIMP: [0.01, 1],
};

/** The value after one change of type `type` (rounded to 6 significant digits: SWAT's files
 * hold a few decimals, and the written value is the one simulated). */
export function changed(base: number, type: CalibrationType, value: number, variable = ''): number {
  let v = type === 'V' ? value : type === 'A' ? base + value : base * (1 + value / 100);
  const lim = LIMITS[variable.toUpperCase()];
  if (lim) v = Math.min(lim[1], Math.max(lim[0], v));
  return Number(v.toPrecision(6));
}

/** The problems of an option's changes, for a dataset loader or a test (empty when valid). */
export function modProblems(mods: unknown): string[] {
  if (!Array.isArray(mods)) return ['mods must be a list'];
  const out: string[] = [];
  mods.forEach((m, i) => {
    const x = m as Partial<CalibrationMod>;
    if (!x || typeof x !== 'object') return out.push(`mod ${i + 1}: not an object`);
    if (!CALIBRATION_FILES.includes(x.file as CalibrationFile)) out.push(`mod ${i + 1}: file must be one of ${CALIBRATION_FILES.join(', ')}`);
    if (typeof x.variable !== 'string' || !/^[A-Z][A-Z0-9_]*$/.test(x.variable)) out.push(`mod ${i + 1}: variable must be a SWAT variable name`);
    if (!CALIBRATION_TYPES.includes(x.type as CalibrationType)) out.push(`mod ${i + 1}: type must be V, A or %`);
    if (typeof x.value !== 'number' || !Number.isFinite(x.value)) out.push(`mod ${i + 1}: value must be a number`);
  });
  return out;
}

type Rec = Record<string, unknown>;
const setNumber = (obj: unknown, variable: string, m: CalibrationMod): boolean => {
  const o = obj as Rec | undefined;
  if (!o || typeof o[variable] !== 'number') return false;
  o[variable] = changed(o[variable] as number, m.type, m.value, variable);
  return true;
};

/** Chooses the HRUs of a change: the platform's selection (its land use of each HRU) at run time. */
export type HruPicker = (subbasins: number[], landuses: string[]) => { subbasin: SubbasinInputs; hru: HruInputs }[];

/** Writes an option's changes into the project, in order (two changes of one variable compound).
 * Answers how many values each change set, so a change that names nothing is visible. */
export function applyMods(project: SwatProject, mods: readonly CalibrationMod[], pick: HruPicker): number[] {
  return mods.map((m) => {
    const variable = m.variable.toUpperCase();
    const subs = new Set(m.subbasins ?? []);
    let n = 0;
    if (m.file === 'bsn') n += setNumber(project.bsn, variable, m) ? 1 : 0;
    else if (m.file === 'rte') {
      for (const r of project.reaches) if (subs.size === 0 || subs.has(r.number)) n += setNumber(r.rte, variable, m) ? 1 : 0;
    } else if (m.file === 'sub') {
      for (const s of project.subbasins) if (subs.size === 0 || subs.has(s.number)) n += setNumber(s.sub, variable, m) ? 1 : 0;
    } else {
      for (const { hru } of pick(m.subbasins ?? [], m.landuses ?? [])) {
        if (m.file === 'sol') for (const layer of hru.sol?.layers ?? []) n += setNumber(layer, variable, m) ? 1 : 0;
        else n += setNumber(hru[m.file], variable, m) ? 1 : 0;
      }
    }
    return n;
  });
}

/** The spec's calibrationData columns of an option: which variables add an amount, which change
 * by a percentage, and which are limited to land uses or subbasins (indexes). */
export function optionColumns(mods: readonly CalibrationMod[]) {
  const uniq = (xs: string[]) => [...new Set(xs)];
  return {
    addColumns: uniq(mods.filter((m) => m.type === 'A').map((m) => m.variable)),
    percentColumns: uniq(mods.filter((m) => m.type === '%').map((m) => m.variable)),
    landuseConditions: mods.filter((m) => m.landuses?.length).map((m) => ({ variable: m.variable, landuses: m.landuses! })),
    indexConditions: mods.filter((m) => m.subbasins?.length).map((m) => ({ variable: m.variable, subbasins: m.subbasins! })),
  };
}
