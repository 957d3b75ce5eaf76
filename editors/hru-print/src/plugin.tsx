import { defineEditor } from '@headwater/plugin-sdk';
import pkg from '../package.json' with { type: 'json' };
import { schema, SETTING_URL, uiSchema } from './schema.ts';

// One setting for the whole scenario: the SDK's one-setting page on GET/POST
// scenarios/print/hruprint/{scenarioID} with the SDK's HRU picker (the saved selection with Remove
// Selection, or the filter, Get Matching HRUs and the results table).
export default defineEditor(pkg, {
  schema,
  uiSchema,
  selection: 'none',
  mode: 'single',
  url: SETTING_URL,
  intro: 'The HRUs whose daily, monthly or yearly outputs the run prints in output.hru (and the output charts can show). Without a selection a run prints the first 20 HRUs of the project.',
});
