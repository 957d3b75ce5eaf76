// One saved change of the pothole editor (spec 2 §3 'Pothole variables', §4 'a table of nine number
// inputs, HRU selector, list of changes', §5 'Every variable required; ... only changed variables
// are sent as numbers; ranges as in section 3'), as plain JSON: the form (rjsf + ajv) validates it
// in the browser, platform-api the same schema on save (only the sent variables).
import type { EditorSchema, EditorUiSchema } from '@headwater/plugin-sdk';

/** The nine variables of spec 2 §3, in its order: name, description, unit, range. Each is a
 * variable of the HRU's .hru file; its default is SWAT's (0: no pothole). */
export const POTHOLE_VARIABLES = [
  { name: 'POT_FR', description: 'Fraction of HRU area draining into pothole', unit: '', min: 0, max: 1 },
  { name: 'POT_TILE', description: 'Average daily tile-flow outflow', unit: 'mm', min: 0, max: 100 },
  { name: 'POT_VOLX', description: 'Maximum stored volume', unit: 'mm', min: 0, max: 100 },
  { name: 'POT_VOL', description: 'Initial stored volume', unit: 'mm', min: 0, max: 100 },
  { name: 'SED_CON', description: 'Sediment concentration in runoff', unit: 'ppm', min: 0, max: 5000 },
  { name: 'ORGN_CON', description: 'Organic nitrogen concentration in runoff', unit: 'ppm', min: 0, max: 100 },
  { name: 'ORGP_CON', description: 'Organic phosphorus concentration in runoff', unit: 'ppm', min: 0, max: 50 },
  { name: 'SOLN_CON', description: 'Soluble nitrogen concentration in runoff', unit: 'ppm', min: 0, max: 10 },
  { name: 'SOLP_CON', description: 'Soluble phosphorus concentration in runoff', unit: 'ppm', min: 0, max: 3 },
] as const;

export type PotholeVariable = (typeof POTHOLE_VARIABLES)[number]['name'];
/** The change as saved: the variables the user changed (at least one). */
export type PotholesChange = Partial<Record<PotholeVariable, number>>;

export const schema: EditorSchema = {
  type: 'object',
  required: POTHOLE_VARIABLES.map((v) => v.name),
  additionalProperties: false,
  properties: Object.fromEntries(
    POTHOLE_VARIABLES.map((v) => [
      v.name,
      {
        type: 'number',
        title: v.unit ? `${v.name} (${v.unit})` : v.name,
        description: `${v.description}${v.unit ? ` [${v.unit}]` : ''}, ${v.min} to ${v.max}.`,
        minimum: v.min,
        maximum: v.max,
        default: 0,
      },
    ]),
  ),
};

/** Three columns: the nine inputs read as a table. */
export const uiSchema: EditorUiSchema = { 'ui:options': { gridCols: 3 } };

/** The saved-changes table's text of a change: 'POT_FR=0.3, POT_VOLX=50'. */
export function describePotholes(change: PotholesChange): string {
  return POTHOLE_VARIABLES.filter((v) => change[v.name] !== undefined).map((v) => `${v.name}=${change[v.name]}`).join(', ');
}
