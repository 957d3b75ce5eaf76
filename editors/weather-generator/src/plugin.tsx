import { defineEditor } from '@headwater/plugin-sdk';
import { schema, uiSchema } from './schema.ts';

// The SDK's EditorPage does the rest: loading, the running notice, saved changes (their value
// text is the server half's `describe`), the HRU selector (subbasins or all, plus months),
// Save / Back / Remove Changes. Only the edited fields are sent, the months beside them.
export default defineEditor({
  id: 'weather-generator',
  modTable: 'Wgn',
  title: 'Weather generator',
  schema,
  uiSchema,
  selection: 'subbasin-months',
  // spec 2 §2 route: .../weather-generator (equal to the id, named so the two stay tied)
  slug: 'weather-generator',
});
