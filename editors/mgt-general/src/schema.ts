// General management (spec 2 §2 'General management', §3 'General management (Mgt1) item', §5
// 'General management', §7 'GET scenarios/mgt/general/...'): the general section of one HRU's .mgt
// file, edited for one HRU picked first and then applied to the HRUs chosen with the selector.
// A saved change holds the values the user changed — a section's values together (initial plant
// growth, urban, irrigation, tile drain: their fields only make sense with each other) — and the
// curve number either as a value (CurveNumberEditMethod 1, CN2) or a percent adjustment
// (CurveNumberEditMethod 2, CN2Adjust, -10 to 10).
import type { EditorSchema, EditorUiSchema } from '@headwater/plugin-sdk';

/** The page's call: one HRU's values (spec 2 §7). */
export const HRU_URL = 'scenarios/mgt/general/{scenarioID}/{subbasinName}/{landuse}/{soil}/{slope}';

export type Mgt1Change = Partial<{
  IGRO: number;
  PLANT_ID: number;
  LAI_INIT: number;
  BIO_INIT: number;
  PHU_PLT: number;
  BIOMIX: number;
  CurveNumberEditMethod: 1 | 2;
  CN2: number;
  CN2Adjust: number;
  USLE_P: number;
  BIO_MIN: number;
  FILTERW: number;
  URBLU: number;
  IURBAN: number;
  IRRSC: number;
  IRRNO: number;
  FLOWMIN: number;
  DIVMAX: number;
  FLOWFR: number;
  DDRAIN: number;
  TDRAIN: number;
  GDRAIN: number;
  DEP_IMP: number;
}>;

/** Spec 2 §9: irrigation source special values — 0 (none) and 5 (outside the watershed) need no
 * source location nor diversion limits. */
export const IRRSC_NO_SOURCE = [0, 5];

/** The sections of the form (spec 2 §2) and the fields saved together. */
export const SECTIONS: { key: string; title: string; fields: (keyof Mgt1Change)[]; together?: boolean }[] = [
  { key: 'plant', title: 'Initial Plant Growth', fields: ['PLANT_ID', 'LAI_INIT', 'BIO_INIT', 'PHU_PLT'], together: true },
  { key: 'general', title: 'General Management', fields: ['BIOMIX', 'CurveNumberEditMethod', 'CN2', 'CN2Adjust', 'USLE_P', 'BIO_MIN', 'FILTERW'] },
  { key: 'urban', title: 'Urban Management', fields: ['URBLU', 'IURBAN'], together: true },
  { key: 'irrigation', title: 'Irrigation Management', fields: ['IRRSC', 'IRRNO', 'FLOWMIN', 'DIVMAX', 'FLOWFR'], together: true },
  { key: 'tile', title: 'Tile Drain Management', fields: ['DDRAIN', 'TDRAIN', 'GDRAIN', 'DEP_IMP'], together: true },
];

const num = (title: string, description: string, minimum: number, maximum: number, extra: Record<string, unknown> = {}): EditorSchema => ({ type: 'number', title, description, minimum, maximum, ...extra });
const int = (title: string, description: string, minimum: number, maximum: number): EditorSchema => ({ type: 'integer', title, description, minimum, maximum });

export const schema: EditorSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['PLANT_ID', 'BIOMIX', 'CurveNumberEditMethod', 'USLE_P', 'BIO_MIN', 'FILTERW', 'URBLU', 'IRRSC', 'DDRAIN', 'TDRAIN', 'GDRAIN'],
  properties: {
    PLANT_ID: int('PLANT_ID', 'Land cover growing at the start of the simulation (0: no crop growing).', 0, 9999),
    IGRO: { type: 'integer', title: 'IGRO', description: 'Land cover status: 0 none growing, 1 growing (follows PLANT_ID).', enum: [0, 1] },
    LAI_INIT: num('LAI_INIT', 'Initial leaf area index (m²/m²).', 0, 10),
    BIO_INIT: num('BIO_INIT', 'Initial dry weight biomass (kg/ha).', 0, 200000),
    PHU_PLT: num('PHU_PLT', 'Total heat units required for plant maturity (°C).', 0, 10000),
    BIOMIX: num('BIOMIX', 'Biological mixing efficiency (0 to 1).', 0, 1),
    CurveNumberEditMethod: {
      type: 'integer',
      title: 'Curve number edit method',
      description: 'Set CN2 to a value, or adjust the CN2 of every HRU the change applies to by a percentage.',
      oneOf: [
        { const: 1, title: 'Set value' },
        { const: 2, title: 'Percent adjust' },
      ],
      default: 1,
    },
    CN2: num('CN2', 'Initial SCS runoff curve number for moisture condition II.', 35, 98),
    CN2Adjust: num('CN2 percent adjustment', 'Percent change of CN2, -10 to 10.', -10, 10, { not: { const: 0 } }),
    USLE_P: num('USLE_P', 'USLE support practice factor (0 to 1).', 0, 1),
    BIO_MIN: num('BIO_MIN', 'Minimum plant biomass for grazing (kg/ha).', 0, 100000),
    FILTERW: num('FILTERW', 'Width of edge-of-field filter strip (m).', 0, 1000),
    URBLU: int('URBLU', 'Urban land type (urban.dat; 0: none).', 0, 9999),
    IURBAN: {
      type: 'integer',
      title: 'IURBAN',
      description: 'Urban simulation method.',
      oneOf: [
        { const: 1, title: '1 - USGS regression equations' },
        { const: 2, title: '2 - Build up / wash off' },
      ],
    },
    IRRSC: int('IRRSC', 'Irrigation source: 0 none, 1 reach, 2 reservoir, 3 shallow aquifer, 4 deep aquifer, 5 outside the watershed.', 0, 5),
    IRRNO: int('IRRNO', 'Irrigation source location (the reach, reservoir or subbasin number).', 0, 99999),
    FLOWMIN: num('FLOWMIN', 'Minimum in-stream flow for irrigation diversions (m³/s).', 0, 100000),
    DIVMAX: num('DIVMAX', 'Maximum daily irrigation diversion from the reach (mm if positive, 10⁴ m³ if negative).', -100000, 100000),
    FLOWFR: num('FLOWFR', 'Fraction of available flow allowed to be diverted (0 to 1).', 0, 1),
    DDRAIN: num('DDRAIN', 'Depth to subsurface tile drain (mm; 0: no tile drain).', 0, 6000),
    TDRAIN: num('TDRAIN', 'Time to drain soil to field capacity (hours).', 0, 1000),
    GDRAIN: num('GDRAIN', 'Drain tile lag time (hours).', 0, 1000),
    // not a .mgt value: SWAT's tile drains need the impervious layer that perches the water table
    // (.hru DEP_IMP), so it is set with them
    DEP_IMP: num('DEP_IMP', 'Depth to the impervious layer that perches the water table the tiles drain (mm, .hru file; deeper than DDRAIN).', 0, 6000),
  },
  allOf: [
    // spec 2 §5: the initial plant fields are required only when a crop grows
    { if: { required: ['PLANT_ID'], properties: { PLANT_ID: { exclusiveMinimum: 0 } } }, then: { required: ['LAI_INIT', 'BIO_INIT', 'PHU_PLT'] } },
    // the urban method only with an urban land type
    { if: { required: ['URBLU'], properties: { URBLU: { exclusiveMinimum: 0 } } }, then: { required: ['IURBAN'] } },
    // the source location when the source is in the watershed; the diversion limits too
    { if: { required: ['IRRSC'], properties: { IRRSC: { enum: [1, 2, 3, 4] } } }, then: { required: ['IRRNO', 'FLOWMIN', 'DIVMAX', 'FLOWFR'] } },
    // curve number: a value, or a percent adjustment
    { if: { required: ['CurveNumberEditMethod'], properties: { CurveNumberEditMethod: { const: 2 } } }, then: { required: ['CN2Adjust'] }, else: { required: ['CN2'] } },
  ],
};

/** The whole form is one table of sections (`mgtGeneral`, src/GeneralForm.tsx). */
export const uiSchema: EditorUiSchema = { 'ui:field': 'mgtGeneral' };

/** Which fields are shown (spec 2 §5): initial plant fields when PLANT_ID > 0, the urban method
 * when URBLU > 0, the source location when IRRSC is not 0 or 5, the diversion limits when IRRSC is
 * above 0 and not 5; CN2 or its percent adjustment by the edit method. */
export function visibleFields(v: Mgt1Change): Set<keyof Mgt1Change> {
  const out = new Set<keyof Mgt1Change>(['PLANT_ID', 'BIOMIX', 'CurveNumberEditMethod', 'USLE_P', 'BIO_MIN', 'FILTERW', 'URBLU', 'IRRSC', 'DDRAIN', 'TDRAIN', 'GDRAIN', 'DEP_IMP']);
  if (Number(v.PLANT_ID) > 0) for (const k of ['LAI_INIT', 'BIO_INIT', 'PHU_PLT'] as const) out.add(k);
  out.add(Number(v.CurveNumberEditMethod) === 2 ? 'CN2Adjust' : 'CN2');
  if (Number(v.URBLU) > 0) out.add('IURBAN');
  const sc = Number(v.IRRSC);
  if (!IRRSC_NO_SOURCE.includes(sc)) out.add('IRRNO');
  if (sc > 0 && sc !== 5) for (const k of ['FLOWMIN', 'DIVMAX', 'FLOWFR'] as const) out.add(k);
  return out;
}

/** What a save sends: the changed values, a section's visible values together when one of them
 * changed (a crop with its initial LAI, biomass and heat units; an irrigation source with its
 * location), IGRO following PLANT_ID, and the curve number with its edit method. */
export function toModificationObject(changed: Record<string, unknown>, formData: Record<string, unknown>): Record<string, unknown> {
  const v = formData as Mgt1Change;
  const visible = visibleFields(v);
  const out: Record<string, unknown> = {};
  for (const section of SECTIONS) {
    const touched = section.fields.filter((f) => f in changed);
    if (!touched.length) continue;
    const fields = section.together ? section.fields : touched;
    for (const f of fields) if (visible.has(f) && formData[f] !== undefined && formData[f] !== null && formData[f] !== '') out[f] = formData[f];
  }
  // the curve number goes with its method; changing only the method sends the field it shows
  if ('CurveNumberEditMethod' in changed || 'CN2' in changed || 'CN2Adjust' in changed) {
    delete out.CN2;
    delete out.CN2Adjust;
    out.CurveNumberEditMethod = Number(v.CurveNumberEditMethod) === 2 ? 2 : 1;
    if (out.CurveNumberEditMethod === 2) {
      if (v.CN2Adjust !== undefined) out.CN2Adjust = v.CN2Adjust;
    } else if (v.CN2 !== undefined) out.CN2 = v.CN2;
  } else delete out.CurveNumberEditMethod;
  if ('PLANT_ID' in out) out.IGRO = Number(out.PLANT_ID) > 0 ? 1 : 0;
  if ('URBLU' in out && Number(out.URBLU) === 0) delete out.IURBAN;
  return out;
}

/** The saved-changes table's text of a change. */
export function describeMgt1(m: Mgt1Change): string {
  const parts: string[] = [];
  // in the form's order (a stored change's keys come back in the database's order)
  const order = SECTIONS.flatMap((x) => x.fields);
  const keys = Object.keys(m).sort((a, b) => (order.indexOf(a as keyof Mgt1Change) + 1 || 99) - (order.indexOf(b as keyof Mgt1Change) + 1 || 99));
  for (const k of keys) {
    const v = m[k as keyof Mgt1Change];
    if (k === 'IGRO' || k === 'CurveNumberEditMethod' || v === undefined || v === null) continue;
    if (k === 'CN2Adjust') parts.push(`CN2 ${Number(v) > 0 ? '+' : ''}${v}%`);
    else parts.push(`${k} ${v}`);
  }
  return parts.join(', ') || 'No values';
}
