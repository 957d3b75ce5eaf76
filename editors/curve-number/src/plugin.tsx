import { defineEditor, SUBBASIN_SAVE_URL } from '@headwater/plugin-sdk';
import pkg from '../package.json' with { type: 'json' };
import { schema, uiSchema } from './schema.ts';

// The SDK's EditorPage does the rest: loading, the running notice, saved changes, the HRU
// selector, Save / Back / Remove Changes. Id, title, table and route: package.json → headwater.
export default defineEditor(pkg, {
  schema,
  uiSchema,
  // Spec 2 §5: the curve number follows the HRU selection rule (apply to all, or subbasin,
  // land use, soil and slope all chosen).
  selection: 'hru',
  // Spec 2 §7: POST scenarios/subbasin/save/{scenarioID}/Cn2Percent with the generic body.
  saveUrl: SUBBASIN_SAVE_URL,
});
