import { defineEditor } from '@headwater/plugin-sdk';
import pkg from '../package.json' with { type: 'json' };
import { schema, uiSchema } from './schema.ts';

// Id, title, table and route come from package.json; the SDK's EditorPage does the rest.
// selection: none | hru | subbasin | subbasin-months | single-hru
export default defineEditor(pkg, { schema, uiSchema, selection: 'hru' });
