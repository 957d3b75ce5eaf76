// The fertilizer editor (spec 2 §2 '.../fert and .../fert/{fertID}', §3 'Fertilizer', §5 'Basin,
// fertilizer, urban', §9 '20 per page, 3 decimals'): the records of the SWAT fertilizer database
// (fert.dat), each with its nutrient fractions. A change is one fertilizer's values that differ
// from the dataset's; IFNUM names the fertilizer. Every variable is required and numeric; its
// range (SWAT2012 I/O documentation, fert.dat) is shown, not enforced.
import type { EditorSchema, EditorUiSchema } from '@headwater/plugin-sdk';

/** The calls of the two pages (spec 2 §7). */
export const LIST_URL = 'scenarios/general/ferts/{scenarioID}';
export const RECORD_URL = 'scenarios/general/fert/{scenarioID}/{fertID}';

export type FertField = 'FMINN' | 'FMINP' | 'FORGN' | 'FORGP' | 'FNH3N';
export type FertChange = { IFNUM: number } & Partial<Record<FertField, number>>;

/** fert.dat's variables (SWAT2012 I/O documentation, chapter 18). */
export const FERT_FIELDS: { name: FertField; description: string; units: string; minValue: number; maxValue: number }[] = [
  { name: 'FMINN', description: 'Fraction of mineral N (NO3 and NH4) in the fertilizer', units: 'kg min-N/kg fertilizer', minValue: 0, maxValue: 1 },
  { name: 'FMINP', description: 'Fraction of mineral P in the fertilizer', units: 'kg min-P/kg fertilizer', minValue: 0, maxValue: 1 },
  { name: 'FORGN', description: 'Fraction of organic N in the fertilizer', units: 'kg org-N/kg fertilizer', minValue: 0, maxValue: 1 },
  { name: 'FORGP', description: 'Fraction of organic P in the fertilizer', units: 'kg org-P/kg fertilizer', minValue: 0, maxValue: 1 },
  { name: 'FNH3N', description: 'Fraction of the mineral N applied as ammonia (NH3-N)', units: 'kg NH3-N/kg min-N', minValue: 0, maxValue: 1 },
];

export const schema: EditorSchema = {
  type: 'object',
  required: FERT_FIELDS.map((f) => f.name),
  additionalProperties: false,
  properties: {
    ...Object.fromEntries(FERT_FIELDS.map((f) => [f.name, { type: 'number', title: f.name, description: f.description }])),
    // the fertilizer a change is for (the record page's parameter, not a field of the form)
    IFNUM: { type: 'integer', title: 'Fertilizer number', minimum: 1 },
  },
};

export const uiSchema: EditorUiSchema = {
  'ui:options': { gridCols: 2 },
  IFNUM: { 'ui:widget': 'hidden' },
  ...Object.fromEntries(FERT_FIELDS.map((f) => [f.name, { 'ui:help': `Units: ${f.units} · Range: ${f.minValue} to ${f.maxValue}` }])),
};

const GRADE = /^(\d\d)-(\d\d)-(\d\d)$/;
const MANURES: Record<string, string> = {
  DAIRY: 'Dairy', BEEF: 'Beef', VEAL: 'Veal', SWINE: 'Swine', SHEEP: 'Sheep', GOAT: 'Goat', HORSE: 'Horse', LAYER: 'Layer', BROIL: 'Broiler', TURK: 'Turkey', DUCK: 'Duck',
};
const NAMED: Record<string, string> = { 'ELEM-N': 'Elemental Nitrogen', 'ELEM-P': 'Elemental Phosphorus', 'ANH-NH3': 'Anhydrous Ammonia', UREA: 'Urea' };

/** The long name of a fertilizer (SWAT's FERTNAME) from its fert.dat code (FERTNM): the database's
 * own wording for the named ones and fresh manures, the N-P2O5-K2O grade for the others. */
export function fertName(code: string): string {
  const c = code.trim();
  const named = NAMED[c.toUpperCase()];
  if (named) return named;
  const manure = /^([A-Z]+)-FR$/i.exec(c);
  if (manure && MANURES[manure[1]!.toUpperCase()]) return `${MANURES[manure[1]!.toUpperCase()]} - Fresh Manure`;
  const grade = GRADE.exec(c);
  if (grade) return `Fertilizer ${c} (N-P2O5-K2O, percent)`;
  return c;
}

/** The saved-changes text: `Fertilizer 2: FMINN 0.5; FORGN 0.1`. */
export function describeFert(m: Partial<FertChange>): string {
  const values = FERT_FIELDS.filter((f) => typeof m[f.name] === 'number').map((f) => `${f.name} ${m[f.name]}`);
  return `Fertilizer ${m.IFNUM ?? '?'}${values.length ? `: ${values.join('; ')}` : ''}`;
}
