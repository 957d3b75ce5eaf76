import { defineEditor } from '@headwater/plugin-sdk';
import { schema, uiSchema } from './schema.ts';

// Basins.bsn holds one setting for the whole scenario: the SDK's one-setting page edits the
// values in effect (GET scenarios/general/bsn/{scenarioID}: item, default, definitions,
// changes) in four tabs and posts the changed and non-default values to the same path.
export default defineEditor({
  id: 'bsn',
  modTable: 'Bsn',
  title: 'Basin variables',
  schema,
  uiSchema,
  selection: 'none',
  mode: 'single',
  url: 'scenarios/general/bsn/{scenarioID}',
});
