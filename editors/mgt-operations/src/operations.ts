// The operations of a management schedule as the editor shows them (spec 2 §3 'Operation (Mgt2)'
// and its MGT_OP table): common fields YEAR, MONTH, DAY, HUSC, OP_NUM, MGT_OP, PLANT_ID plus each
// operation's own fields, under the spec's names; and the conversion to and from the operation
// lines of a .mgt file (@headwater/swat's names: HEATUNITS is HEAT_UNITS there, TILLAGE_ID is
// TILL_ID, harvest-only HI_OVR is HI_BMS, IPEST_FREQ is IPST_FREQ). Pure: the page, the server
// half and the CSV import/export use it.

/** One row of the operations table. */
export type OperationRow = {
  YEAR: number;
  MONTH: number;
  DAY: number;
  HUSC: number;
  OP_NUM: number;
  MGT_OP: number;
  PLANT_ID?: number;
  [field: string]: number | undefined;
};

export type FieldDef = {
  name: string;
  title: string;
  description: string;
  type: 'number' | 'integer';
  minimum: number;
  maximum: number;
  /** the list of the lists answer its value is chosen from */
  list?: ListName;
  /** the value of a new operation */
  initial: number;
  /** kept from the file, not shown (no spec column) */
  hidden?: boolean;
};

export type ListName = 'plantList' | 'fertList' | 'pestList' | 'tillList' | 'manureList' | 'irrscList' | 'ihvGbmList' | 'wstrsList' | 'impTrigList' | 'nstressList';

const f = (name: string, title: string, description: string, type: 'number' | 'integer', minimum: number, maximum: number, initial = 0, list?: ListName, hidden?: boolean): FieldDef => ({
  name, title, description, type, minimum, maximum, initial, ...(list ? { list } : {}), ...(hidden ? { hidden } : {}),
});

/** The operations of the MGT_OP table (spec 2 §3), their fields, and the .mgt field of each. */
export const OPERATIONS: { code: number; name: string; fields: FieldDef[]; mgt: Record<string, string> }[] = [
  {
    code: 1,
    name: 'Plant / begin growing season',
    fields: [
      f('PLANT_ID', 'Crop', 'Land cover planted (plant.dat).', 'integer', 1, 9999, 1, 'plantList'),
      f('HEATUNITS', 'Heat units', 'Total heat units for the crop to reach maturity.', 'number', 0, 10000, 1500),
      f('CURYR_MAT', 'Current age (years)', 'Age of trees at planting (years); 0 for other crops.', 'integer', 0, 100),
      f('LAI_INIT', 'Initial LAI', 'Initial leaf area index.', 'number', 0, 10),
      f('BIO_INIT', 'Initial biomass (kg/ha)', 'Initial dry weight biomass.', 'number', 0, 200000),
      f('HI_TARG', 'Target harvest index', 'Target harvest index (0: not used).', 'number', 0, 2),
      f('BIO_TARG', 'Target biomass (t/ha)', 'Biomass target (0: not used).', 'number', 0, 5000),
      f('CNOP', 'CN2 at planting', 'SCS curve number for moisture condition II set at planting (0: unchanged).', 'number', 0, 98),
    ],
    mgt: { PLANT_ID: 'PLANT_ID', HEATUNITS: 'HEAT_UNITS', CURYR_MAT: 'CURYR_MAT', LAI_INIT: 'LAI_INIT', BIO_INIT: 'BIO_INIT', HI_TARG: 'HI_TARG', BIO_TARG: 'BIO_TARG', CNOP: 'CNOP' },
  },
  {
    code: 2,
    name: 'Irrigation',
    fields: [
      f('IRR_AMT', 'Depth (mm)', 'Depth of irrigation water applied.', 'number', 0, 1000, 25),
      f('IRR_SALT', 'Salt (mg/kg)', 'Salt concentration of the irrigation water.', 'number', 0, 100000),
      f('IRR_EFM', 'Efficiency', 'Irrigation efficiency (0 to 1).', 'number', 0, 1, 1),
      f('IRR_SQ', 'Surface runoff ratio', 'Fraction of the irrigation water that runs off (0 to 1).', 'number', 0, 1),
      f('IRR_SC', 'Source', 'Irrigation source (0 none: outside the watershed, 1 reach, 2 reservoir, 3 shallow aquifer, 4 deep aquifer, 5 outside the watershed).', 'integer', 0, 5, 0, 'irrscList'),
      f('IRR_NO', 'Source location', 'The reach, reservoir or subbasin the water comes from (0 with source 0 or 5).', 'integer', 0, 99999),
    ],
    mgt: { IRR_AMT: 'IRR_AMT', IRR_SALT: 'IRR_SALT', IRR_EFM: 'IRR_EFM', IRR_SQ: 'IRR_SQ', IRR_SC: 'IRR_SC', IRR_NO: 'IRR_NO' },
  },
  {
    code: 3,
    name: 'Fertilizer application',
    fields: [
      f('FERT_ID', 'Fertilizer', 'Fertilizer applied (fert.dat).', 'integer', 1, 9999, 1, 'fertList'),
      f('FRT_KG', 'Amount (kg/ha)', 'Amount of fertilizer applied.', 'number', 0, 100000, 100),
      f('FRT_SURFACE', 'Fraction on the surface', 'Fraction applied to the top 10 mm of soil (0 to 1).', 'number', 0, 1, 0.2),
    ],
    mgt: { FERT_ID: 'FERT_ID', FRT_KG: 'FRT_KG', FRT_SURFACE: 'FRT_SURFACE' },
  },
  {
    code: 4,
    name: 'Pesticide application',
    fields: [
      f('PEST_ID', 'Pesticide', 'Pesticide applied (pest.dat).', 'integer', 1, 9999, 1, 'pestList'),
      f('PST_KG', 'Amount (kg/ha)', 'Amount of active ingredient applied.', 'number', 0, 10000, 1),
      f('PST_DEP', 'Depth (mm)', 'Depth of pesticide incorporation in the soil.', 'number', 0, 1000),
    ],
    mgt: { PEST_ID: 'PEST_ID', PST_KG: 'PST_KG', PST_DEP: 'PST_DEP' },
  },
  {
    code: 5,
    name: 'Harvest and kill',
    fields: [
      f('CNOP', 'CN2 after harvest', 'SCS curve number set by the operation (0: unchanged).', 'number', 0, 98),
      f('HI_OVR', 'Harvest index override', 'Harvest index target (0: the plant\'s own).', 'number', 0, 2),
      f('FRAC_HARVK', 'Stover removed', 'Fraction of stover removed (kept from the file).', 'number', 0, 1, 0, undefined, true),
    ],
    mgt: { CNOP: 'CNOP', HI_OVR: 'HI_OVR', FRAC_HARVK: 'FRAC_HARVK' },
  },
  {
    code: 6,
    name: 'Tillage',
    fields: [
      f('TILLAGE_ID', 'Tillage implement', 'Tillage implement (till.dat).', 'integer', 1, 9999, 1, 'tillList'),
      f('CNOP', 'CN2 after tillage', 'SCS curve number set by the operation (0: unchanged).', 'number', 0, 98),
    ],
    mgt: { TILLAGE_ID: 'TILL_ID', CNOP: 'CNOP' },
  },
  {
    code: 7,
    name: 'Harvest only',
    fields: [
      f('IHV_GBM', 'Harvest', 'What is harvested: 0 grain (the yield), 1 biomass.', 'integer', 0, 1, 0, 'ihvGbmList'),
      f('HARVEFF', 'Harvest efficiency', 'Fraction of the yield removed (0 to 1).', 'number', 0, 1, 1),
      f('HI_OVR', 'Harvest index override', 'Harvest index for the biomass (0: the plant\'s own).', 'number', 0, 2),
      f('HI_RSD', 'Residue harvest index', 'Harvest index of the residue (kept from the file).', 'number', 0, 2, 0, undefined, true),
    ],
    mgt: { IHV_GBM: 'IHV_GBM', HARVEFF: 'HARVEFF', HI_OVR: 'HI_BMS', HI_RSD: 'HI_RSD' },
  },
  { code: 8, name: 'Kill / end of growing season', fields: [], mgt: {} },
  {
    code: 9,
    name: 'Grazing',
    fields: [
      f('MANURE_ID', 'Manure', 'Manure deposited (fert.dat).', 'integer', 1, 9999, 1, 'manureList'),
      f('GRZ_DAYS', 'Days', 'Number of days of grazing.', 'integer', 1, 366, 30),
      f('BIO_EAT', 'Biomass eaten (kg/ha/day)', 'Dry weight of biomass consumed daily.', 'number', 0, 10000, 30),
      f('BIO_TRMP', 'Biomass trampled (kg/ha/day)', 'Dry weight of biomass trampled daily.', 'number', 0, 10000, 10),
      f('MANURE_KG', 'Manure (kg/ha/day)', 'Dry weight of manure deposited daily.', 'number', 0, 10000, 10),
    ],
    mgt: { MANURE_ID: 'MANURE_ID', GRZ_DAYS: 'GRZ_DAYS', BIO_EAT: 'BIO_EAT', BIO_TRMP: 'BIO_TRMP', MANURE_KG: 'MANURE_KG' },
  },
  {
    code: 10,
    name: 'Auto irrigation',
    fields: [
      f('WSTRS_ID', 'Water stress by', 'The trigger: 0 plant water demand, 1 soil water deficit.', 'integer', 0, 1, 0, 'wstrsList'),
      f('IRR_SCA', 'Source', 'Irrigation source (0 and 5: outside the watershed, 1 reach, 2 reservoir, 3 shallow aquifer, 4 deep aquifer).', 'integer', 0, 5, 5, 'irrscList'),
      f('IRR_NOA', 'Source location', 'The reach, reservoir or subbasin the water comes from.', 'integer', 0, 99999),
      f('AUTO_WSTRS', 'Threshold', 'Water stress factor (0 to 1) or soil water deficit (mm) that triggers irrigation.', 'number', 0, 1000, 0.9),
      f('IRR_EFF', 'Efficiency', 'Irrigation efficiency (0 to 1).', 'number', 0, 1, 1),
      f('IRR_MX', 'Amount (mm)', 'Amount applied each time.', 'number', 0, 1000, 25),
      f('IRR_ASQ', 'Surface runoff ratio', 'Fraction of the irrigation water that runs off (0 to 1).', 'number', 0, 1),
    ],
    mgt: { WSTRS_ID: 'WSTRS_ID', IRR_SCA: 'IRR_SCA', IRR_NOA: 'IRR_NOA', AUTO_WSTRS: 'AUTO_WSTRS', IRR_EFF: 'IRR_EFF', IRR_MX: 'IRR_MX', IRR_ASQ: 'IRR_ASQ' },
  },
  {
    code: 11,
    name: 'Auto fertilization',
    fields: [
      f('AFERT_ID', 'Fertilizer', 'Fertilizer applied (fert.dat).', 'integer', 1, 9999, 1, 'fertList'),
      f('AUTO_NSTRS', 'N stress threshold', 'Nitrogen stress factor that triggers fertilization (0 to 1).', 'number', 0, 1, 0.9),
      f('AUTO_NAPP', 'Most per application (kg N/ha)', 'Maximum mineral N of one application.', 'number', 0, 10000, 250),
      f('AUTO_NYR', 'Most per year (kg N/ha)', 'Maximum mineral N applied in a year.', 'number', 0, 10000, 350),
      f('AUTO_EFF', 'Application efficiency', 'Fraction of the crop\'s N demand applied.', 'number', 0, 10, 1.3),
      f('AFRT_SURFACE', 'Fraction on the surface', 'Fraction applied to the top 10 mm of soil (0 to 1).', 'number', 0, 1, 0.2),
      f('NSTRESS', 'N stress method', 'Kept from the file: 0 N target of the yield, 1 heat units.', 'integer', 0, 1, 0, 'nstressList', true),
    ],
    mgt: { AFERT_ID: 'AFERT_ID', AUTO_NSTRS: 'AUTO_NSTRS', AUTO_NAPP: 'AUTO_NAPP', AUTO_NYR: 'AUTO_NYR', AUTO_EFF: 'AUTO_EFF', AFRT_SURFACE: 'AFRT_SURFACE', NSTRESS: 'NSTRESS' },
  },
  {
    code: 12,
    name: 'Street sweeping',
    fields: [
      f('SWEEPEFF', 'Sweeping efficiency', 'Fraction of the solids on the street removed (0 to 1).', 'number', 0, 1, 0.5),
      f('FR_CURB', 'Curb length swept', 'Fraction of the curb length available for sweeping (0 to 1).', 'number', 0, 1, 1),
    ],
    mgt: { SWEEPEFF: 'SWEEPEFF', FR_CURB: 'FR_CURB' },
  },
  {
    code: 13,
    name: 'Release / impound',
    fields: [f('IMP_TRIG', 'Action', '0 impound water, 1 release it.', 'integer', 0, 1, 0, 'impTrigList')],
    mgt: { IMP_TRIG: 'IMP_TRIG' },
  },
  {
    code: 14,
    name: 'Continuous fertilization',
    fields: [
      f('CFRT_ID', 'Fertilizer', 'Fertilizer or manure applied (fert.dat).', 'integer', 1, 9999, 1, 'fertList'),
      f('FERT_DAYS', 'Days', 'Number of days the continuous fertilization lasts.', 'integer', 1, 366, 30),
      f('IFRT_FREQ', 'Every (days)', 'Days between applications.', 'integer', 1, 366, 1),
      f('CFRT_KG', 'Amount (kg/ha)', 'Amount applied each time.', 'number', 0, 10000, 10),
    ],
    mgt: { CFRT_ID: 'CFRT_ID', FERT_DAYS: 'FERT_DAYS', IFRT_FREQ: 'IFRT_FREQ', CFRT_KG: 'CFRT_KG' },
  },
  {
    code: 15,
    name: 'Continuous pesticide',
    fields: [
      f('CPST_ID', 'Pesticide', 'Pesticide applied (pest.dat).', 'integer', 1, 9999, 1, 'pestList'),
      f('PEST_DAYS', 'Days', 'Number of days the continuous application lasts.', 'integer', 1, 366, 30),
      f('IPEST_FREQ', 'Every (days)', 'Days between applications.', 'integer', 1, 366, 1),
      f('CPST_KG', 'Amount (kg/ha)', 'Amount of active ingredient applied each time.', 'number', 0, 10000, 0.1),
    ],
    mgt: { CPST_ID: 'CPST_ID', PEST_DAYS: 'PEST_DAYS', IPEST_FREQ: 'IPST_FREQ', CPST_KG: 'CPST_KG' },
  },
  {
    code: 16,
    name: 'Burning',
    fields: [f('BURN_FRLB', 'Fraction burnt', 'Fraction of the biomass and residue that burns (0 to 1).', 'number', 0, 1, 0.5)],
    mgt: { BURN_FRLB: 'BURN_FRLB' },
  },
];

export const OPERATION_BY_CODE = new Map(OPERATIONS.map((o) => [o.code, o]));

/** Every operation field (a field shared by several operations once), in table order. */
export const OPERATION_FIELDS: FieldDef[] = (() => {
  const seen = new Map<string, FieldDef>();
  for (const o of OPERATIONS) for (const d of o.fields) if (!seen.has(d.name)) seen.set(d.name, d);
  return [...seen.values()];
})();

export const COMMON_FIELDS = ['YEAR', 'MONTH', 'DAY', 'HUSC', 'OP_NUM', 'MGT_OP'] as const;

/** The fields of an operation type (the shown ones unless `all`). */
export function fieldsOf(code: number, all = false): FieldDef[] {
  return (OPERATION_BY_CODE.get(code)?.fields ?? []).filter((d) => all || !d.hidden);
}

/** Spec 2 §4: scheduling is by heat units when the first operation has DAY 0, else by date. */
export function scheduledByHeatUnits(rows: readonly Pick<OperationRow, 'DAY'>[]): boolean {
  return rows.length > 0 ? !rows[0]!.DAY : true;
}

/** Spec 2 §9: a new operation's heat units. */
export const NEW_OPERATION_HUSC = 0.15;

/** Spec 2 §4: a new row — the year of the last operation (or 1), heat units 0.15 or month and day
 * 1, operation 1 with its fields' initial values. */
export function newOperation(rows: readonly OperationRow[], byHeatUnits: boolean, code = 1): OperationRow {
  const last = rows[rows.length - 1];
  const row: OperationRow = { YEAR: last?.YEAR ?? 1, MONTH: byHeatUnits ? 0 : 1, DAY: byHeatUnits ? 0 : 1, HUSC: byHeatUnits ? NEW_OPERATION_HUSC : 0, OP_NUM: rows.length + 1, MGT_OP: code };
  return withOperation(row, code);
}

/** The row as operation `code`: its own fields kept, the others dropped, missing ones initial. */
export function withOperation(row: OperationRow, code: number): OperationRow {
  const out: OperationRow = { YEAR: row.YEAR, MONTH: row.MONTH, DAY: row.DAY, HUSC: row.HUSC, OP_NUM: row.OP_NUM, MGT_OP: code };
  for (const d of fieldsOf(code, true)) out[d.name] = row.MGT_OP === code && row[d.name] !== undefined ? row[d.name] : d.initial;
  return out;
}

/** Spec 2 §4 sorting: heat-unit mode by year, heat units, op number, month, day; date mode by
 * year, month, day, op number, heat units. */
export function sortOperations<T extends OperationRow>(rows: readonly T[], byHeatUnits: boolean): T[] {
  const keys: (keyof OperationRow)[] = byHeatUnits ? ['YEAR', 'HUSC', 'OP_NUM', 'MONTH', 'DAY'] : ['YEAR', 'MONTH', 'DAY', 'OP_NUM', 'HUSC'];
  return [...rows].sort((a, b) => {
    for (const k of keys) {
      const d = Number(a[k] ?? 0) - Number(b[k] ?? 0);
      if (d !== 0) return d;
    }
    return 0;
  });
}

/** Spec 2 §4 'On save': operation numbers by position, the schedule fields the mode does not use
 * set to 0, and each row holding only its operation's fields. */
export function normalizeForSave(rows: readonly OperationRow[], byHeatUnits: boolean): OperationRow[] {
  return rows.map((r, i) => {
    const out = withOperation({ ...r, OP_NUM: i + 1 }, r.MGT_OP);
    if (byHeatUnits) {
      out.MONTH = 0;
      out.DAY = 0;
    } else out.HUSC = 0;
    return out;
  });
}

export const SCHEDULE_MESSAGES = {
  /** Spec 2 §5, verbatim. */
  heatUnitsZero: 'Heat units cannot be zero if scheduling by heat units. Please edit the value for all rows before continuing.',
  dateZero: 'Month/day cannot be zero if scheduling by date. Please edit the value for all rows before continuing.',
  blank: 'Please make sure no fields are left blank before continuing.',
} as const;

/** The blocking message of spec 2 §5 for a schedule, or null. */
export function scheduleProblem(rows: readonly OperationRow[], byHeatUnits: boolean): string | null {
  if (byHeatUnits) return rows.some((r) => !(Number(r.HUSC) > 0)) ? SCHEDULE_MESSAGES.heatUnitsZero : null;
  return rows.some((r) => !(Number(r.MONTH) > 0) || !(Number(r.DAY) > 0)) ? SCHEDULE_MESSAGES.dateZero : null;
}

// ─── .mgt operation lines ───────────────────────────────────────────────────────────────

/** A .mgt operation as @headwater/swat types it (op, month, day, husc and named fields). */
export type MgtOp = { op: number; month: number; day: number; husc: number; [k: string]: unknown };

/** The rows of a .mgt schedule: years from the year-end lines (17, or 0), numbers by position. */
export function rowsOfMgt(ops: readonly MgtOp[]): OperationRow[] {
  const rows: OperationRow[] = [];
  let year = 1;
  for (const o of ops) {
    if (o.op === 17 || o.op === 0) {
      year++;
      continue;
    }
    const def = OPERATION_BY_CODE.get(o.op);
    const row: OperationRow = { YEAR: year, MONTH: o.month || 0, DAY: o.day || 0, HUSC: o.husc || 0, OP_NUM: rows.length + 1, MGT_OP: o.op };
    for (const [mine, theirs] of Object.entries(def?.mgt ?? {})) {
      const v = Number(o[theirs] ?? 0);
      row[mine] = Number.isFinite(v) ? v : 0;
    }
    rows.push(row);
  }
  return rows;
}

/** The .mgt lines of rows (in their order): each year's operations, then its year-end line
 * (17), for every year 1..the last; NROT is that number of years. */
export function mgtOfRows(rows: readonly OperationRow[]): { operations: MgtOp[]; nrot: number } {
  const years = Math.max(1, ...rows.map((r) => Math.max(1, Math.trunc(r.YEAR) || 1)));
  const operations: MgtOp[] = [];
  for (let y = 1; y <= years; y++) {
    for (const r of rows) {
      if ((Math.trunc(r.YEAR) || 1) !== y) continue;
      const def = OPERATION_BY_CODE.get(r.MGT_OP);
      if (!def) continue;
      const o: MgtOp = { op: r.MGT_OP, month: r.MONTH || 0, day: r.DAY || 0, husc: r.HUSC || 0 };
      for (const [mine, theirs] of Object.entries(def.mgt)) o[theirs] = Number(r[mine] ?? 0) || 0;
      operations.push(o);
    }
    operations.push({ op: 17, month: 0, day: 0, husc: 0 });
  }
  return { operations, nrot: years };
}
