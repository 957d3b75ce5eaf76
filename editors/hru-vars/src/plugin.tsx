import { defineEditor } from '@headwater/plugin-sdk';
import pkg from '../package.json' with { type: 'json' };
import { schema, SETTING_URL, uiSchema } from './schema.ts';

// One setting for the whole scenario: the SDK's one-setting page on GET/POST
// scenarios/print/hruvars/{scenarioID} (item: the selection in effect, default: the default
// selection), the checklist with its 'n of 20' counter, Save once the selection changed.
export default defineEditor(pkg, {
  schema,
  uiSchema,
  selection: 'none',
  mode: 'single',
  url: SETTING_URL,
  intro:
    'Choose up to 20 variables for output.hru. Until a selection is saved, a run prints every HRU variable (SWAT’s default when file.cio lists none); the list starts from a default selection of 20.',
});
