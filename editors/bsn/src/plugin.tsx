import { defineEditor } from '@headwater/plugin-sdk';
import pkg from '../package.json' with { type: 'json' };
import { schema, SETTING_URL, uiSchema } from './schema.ts';

// Basins.bsn holds one setting for the whole scenario: the SDK's one-setting page edits the
// values in effect (GET scenarios/general/bsn/{scenarioID}: item, default, definitions,
// changes) in four tabs and posts the changed and non-default values to the same path.
export default defineEditor(pkg, { schema, uiSchema, selection: 'none', mode: 'single', url: SETTING_URL });
