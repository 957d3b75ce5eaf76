// The urban editor (spec 2 §2 '.../urban and .../urban/{urbanID}', §3 'Urban', §5 'Basin,
// fertilizer, urban', §9 '20 per page, 3 decimals'): the urban land types of the SWAT urban
// database (urban.dat). A change is one urban type's values that differ from the dataset's; IUNUM
// names the type. Every variable is required and numeric; its range (SWAT2012 I/O documentation,
// urban.dat) is shown, not enforced.
import type { EditorSchema, EditorUiSchema } from '@headwater/plugin-sdk';

/** The calls of the two pages (spec 2 §7). */
export const LIST_URL = 'scenarios/general/urbans/{scenarioID}';
export const RECORD_URL = 'scenarios/general/urban/{scenarioID}/{urbanID}';

export type UrbanField = 'FIMP' | 'FCIMP' | 'CURBDEN' | 'URBCOEF' | 'DIRTMX' | 'THALF' | 'TNCONC' | 'TPCONC' | 'TNO3CONC' | 'URBCN2';
export type UrbanChange = { IUNUM: number } & Partial<Record<UrbanField, number>>;

/** urban.dat's variables (SWAT2012 I/O documentation, chapter 19). */
export const URBAN_FIELDS: { name: UrbanField; description: string; units: string; minValue: number; maxValue: number }[] = [
  { name: 'FIMP', description: 'Fraction of the urban area that is impervious (directly and indirectly connected)', units: 'fraction', minValue: 0, maxValue: 1 },
  { name: 'FCIMP', description: 'Fraction of the urban area that is directly connected impervious', units: 'fraction', minValue: 0, maxValue: 1 },
  { name: 'CURBDEN', description: 'Curb length density', units: 'km/ha', minValue: 0, maxValue: 1 },
  { name: 'URBCOEF', description: 'Wash-off coefficient for removal of constituents from an impervious area', units: '1/mm', minValue: 0, maxValue: 1 },
  { name: 'DIRTMX', description: 'Maximum amount of solids allowed to build up on impervious areas', units: 'kg/curb km', minValue: 0, maxValue: 1000 },
  { name: 'THALF', description: 'Days for the solids on impervious areas to build up from 0 to half the maximum', units: 'days', minValue: 0, maxValue: 10 },
  { name: 'TNCONC', description: 'Concentration of total nitrogen in the suspended solids from impervious areas', units: 'mg N/kg sed', minValue: 0, maxValue: 10000 },
  { name: 'TPCONC', description: 'Concentration of total phosphorus in the suspended solids from impervious areas', units: 'mg P/kg sed', minValue: 0, maxValue: 5000 },
  { name: 'TNO3CONC', description: 'Concentration of nitrate in the suspended solids from impervious areas', units: 'mg NO3-N/kg sed', minValue: 0, maxValue: 1000 },
  { name: 'URBCN2', description: 'Curve number for moisture condition II in impervious areas', units: '', minValue: 30, maxValue: 100 },
];

export const schema: EditorSchema = {
  type: 'object',
  required: URBAN_FIELDS.map((f) => f.name),
  additionalProperties: false,
  properties: {
    ...Object.fromEntries(URBAN_FIELDS.map((f) => [f.name, { type: 'number', title: f.name, description: f.description }])),
    // the urban type a change is for (the record page's parameter, not a field of the form)
    IUNUM: { type: 'integer', title: 'Urban type number', minimum: 1 },
  },
};

export const uiSchema: EditorUiSchema = {
  'ui:options': { gridCols: 2 },
  IUNUM: { 'ui:widget': 'hidden' },
  ...Object.fromEntries(URBAN_FIELDS.map((f) => [f.name, { 'ui:help': [f.units && `Units: ${f.units}`, `Range: ${f.minValue} to ${f.maxValue}`].filter(Boolean).join(' · ') }])),
};

/** The saved-changes text: `Urban type 4: FIMP 0.3; FCIMP 0.25`. */
export function describeUrban(m: Partial<UrbanChange>): string {
  const values = URBAN_FIELDS.filter((f) => typeof m[f.name] === 'number').map((f) => `${f.name} ${m[f.name]}`);
  return `Urban type ${m.IUNUM ?? '?'}${values.length ? `: ${values.join('; ')}` : ''}`;
}
