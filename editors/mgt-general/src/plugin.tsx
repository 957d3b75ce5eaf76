import { defineEditor } from '@headwater/plugin-sdk';
import pkg from '../package.json' with { type: 'json' };
import { GeneralForm } from './GeneralForm.tsx';
import { HRU_URL, schema, toModificationObject, uiSchema } from './schema.ts';

// Spec 2 §2 'General management': pick exactly one HRU, Get data (GET scenarios/mgt/general/...),
// edit the table of sections, then apply to the HRUs chosen with the HRU selector (the SDK's
// hru-data page). Saved with POST scenarios/savemods/{scenarioID}/Mgt1.
export default defineEditor(pkg, {
  schema,
  uiSchema,
  selection: 'single-hru',
  mode: 'hru-data',
  url: HRU_URL,
  fields: { mgtGeneral: GeneralForm },
  toModificationObject,
  intro: 'The general management of an HRU (.mgt): its initial plant growth, curve number, urban, irrigation and tile drain settings. Pick one HRU to see its values, change them, then choose the HRUs the change applies to.',
});
