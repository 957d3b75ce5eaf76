import { defineEditor } from '@headwater/plugin-sdk';
import pkg from '../package.json' with { type: 'json' };
import { schema, SETTING_URL, uiSchema } from './schema.ts';

// One setting for the whole scenario: the SDK's one-setting page on GET/POST
// scenarios/general/nutrientefficiency/{scenarioID}, with the SDK's value table (a value per
// auto-fertilized land use, apply to all; the notice when there is none).
export default defineEditor(pkg, { schema, uiSchema, selection: 'none', mode: 'single', url: SETTING_URL });
