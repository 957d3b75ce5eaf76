import { defineEditor } from '@headwater/plugin-sdk';
import pkg from '../package.json' with { type: 'json' };
import { schema, uiSchema } from './schema.ts';

// The SDK's EditorPage does the rest: loading, the running notice, saved changes (their value
// text is the server half's `describe`), the HRU selector (subbasins or all, plus months),
// Save / Back / Remove Changes. Only the edited fields are sent, the months beside them.
// Id, title, table and route (spec 2 §2: .../weather-generator): package.json → headwater.
export default defineEditor(pkg, { schema, uiSchema, selection: 'subbasin-months' });
