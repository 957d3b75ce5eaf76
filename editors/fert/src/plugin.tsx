import { defineEditor } from '@headwater/plugin-sdk';
import pkg from '../package.json' with { type: 'json' };
import { LIST_URL, RECORD_URL, schema, uiSchema } from './schema.ts';

// The SDK's records pages: the fertilizer list (GET scenarios/general/ferts/{scenarioID}: 20 per
// page, a filter, 3 decimals, changed rows marked) and a fertilizer's page (route FertEdit,
// GET/POST scenarios/general/fert/{scenarioID}/{fertID}: the values in effect, each with the
// dataset's value under it; the changed and non-default values are posted as numbers).
export default defineEditor(pkg, {
  schema,
  uiSchema,
  selection: 'none',
  mode: 'records',
  url: RECORD_URL,
  records: { listUrl: LIST_URL, route: 'FertEdit', param: 'fertID', noun: 'fertilizer', columns: ['FMINN', 'FMINP', 'FORGN', 'FORGP', 'FNH3N'] },
  intro: 'The fertilizers of the SWAT fertilizer database (fert.dat). Open one to change its nutrient fractions for this scenario; changed fertilizers are marked.',
});
