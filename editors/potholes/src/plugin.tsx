import { defineEditor, SUBBASIN_SAVE_URL } from '@headwater/plugin-sdk';
import pkg from '../package.json' with { type: 'json' };
import { describePotholes, schema, uiSchema, type PotholesChange } from './schema.ts';

// The SDK's EditorPage does the rest: loading, the running notice, saved changes, the HRU selector,
// Save (disabled until the form changed and the HRU selection is valid) / Back / Remove Changes.
// Only the changed variables are sent (the page's default), as numbers (spec 2 §5 'Potholes').
export default defineEditor(pkg, {
  schema,
  uiSchema,
  // Spec 2 §5: the HRU selection rule (apply to all, or subbasin, land use, soil and slope)
  selection: 'hru',
  // Spec 2 §7: POST scenarios/subbasin/save/{scenarioID}/Potholes with the generic body
  saveUrl: SUBBASIN_SAVE_URL,
  describeChange: (c) => describePotholes((c.modificationObject ?? {}) as PotholesChange),
});
