import { defineEditor, SUBBASIN_SAVE_URL } from '@headwater/plugin-sdk';
import pkg from '../package.json' with { type: 'json' };
import { describeChEqn, schema, uiSchema, type RteChEqnChange } from './schema.ts';

// The SDK's EditorPage does the rest: loading, the running notice, saved changes, the subbasin
// selector, Save / Back / Remove Changes. Id, title, table and route: package.json → headwater.
export default defineEditor(pkg, {
  schema,
  uiSchema,
  // Spec 2 §4/§5: subbasin-only selection (all subbasins, or at least one)
  selection: 'subbasin',
  // Spec 2 §7: POST scenarios/subbasin/save/{scenarioID}/RteChEqn
  saveUrl: SUBBASIN_SAVE_URL,
  describeChange: (c) => describeChEqn((c.modificationObject ?? {}) as Partial<RteChEqnChange>),
});
