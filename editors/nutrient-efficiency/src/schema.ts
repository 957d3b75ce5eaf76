// Nutrient efficiency (spec 2 §2 'table of land uses with a value per row and an apply-to-all
// action'; §3 'Nutrient efficiency: items (name, value), descriptions keyed by land use name,
// autoEffLanduses, changes (hasChanges, modID)'; §5 'Items required; each value required, between 0
// and 2, default 0; apply-to-all copies one value to every row'; §8 the info notice when no land use
// is nutrient-efficient). The value is SWAT's AUTO_EFF, the application efficiency of the
// auto-fertilization operation (.mgt operation 11) of the land use's HRUs: the nitrogen target of
// auto-fertilization is the N removed with the yield times AUTO_EFF (1 replaces what the harvest
// removes, above 1 adds for losses, below 1 applies less); 0 leaves SWAT's default, 1.3.
import type { EditorSchema, EditorUiSchema } from '@headwater/plugin-sdk';

/** The call of the page (spec 2 §7 'GET and POST scenarios/general/nutrientefficiency/{scenarioID}'). */
export const SETTING_URL = 'scenarios/general/nutrientefficiency/{scenarioID}';
export const AUTO_EFF_MIN = 0;
export const AUTO_EFF_MAX = 2;

/** Ours: spec 2 §8 names the notice ('no nutrient-efficient land use') without its wording. */
export const NO_AUTO_FERTILIZATION =
  'No land use of this project is auto-fertilized: nutrient efficiency applies to the land uses whose management schedules auto-fertilization, and this project has none.';

export type NutrientItem = { name: string; value: number };
export type AutoEffChange = { items: NutrientItem[] };

export const schema: EditorSchema = {
  type: 'object',
  required: ['items'],
  additionalProperties: false,
  properties: {
    items: {
      type: 'array',
      title: 'Nutrient efficiency',
      description: 'The application efficiency (AUTO_EFF, 0 to 2) of the auto-fertilization of each land use: 1 replaces the nitrogen the harvest removes, above 1 adds for losses, below 1 applies less; 0 keeps SWAT’s default (1.3).',
      items: {
        type: 'object',
        required: ['name', 'value'],
        additionalProperties: false,
        properties: {
          name: { type: 'string', title: 'Land use', minLength: 1 },
          value: { type: 'number', title: 'Nutrient efficiency', minimum: AUTO_EFF_MIN, maximum: AUTO_EFF_MAX, default: 0 },
        },
      },
    },
  },
};

export const uiSchema: EditorUiSchema = {
  items: { 'ui:field': 'valueTable', 'ui:options': { descriptions: 'descriptions', emptyText: NO_AUTO_FERTILIZATION, nameTitle: 'Land use' } },
};

/** The saved-changes text: `URLD 1.5; AGRL 0.8`. */
export function describeAutoEff(m: Partial<AutoEffChange>): string {
  return (m.items ?? []).map((i) => `${i.name} ${i.value}`).join('; ');
}
