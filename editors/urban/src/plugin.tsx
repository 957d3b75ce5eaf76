import { defineEditor } from '@headwater/plugin-sdk';
import pkg from '../package.json' with { type: 'json' };
import { LIST_URL, RECORD_URL, schema, uiSchema } from './schema.ts';

// The SDK's records pages: the urban list (GET scenarios/general/urbans/{scenarioID}: 20 per page,
// a filter, 3 decimals, changed rows marked) and an urban type's page (route UrbanEdit, GET/POST
// scenarios/general/urban/{scenarioID}/{urbanID}).
export default defineEditor(pkg, {
  schema,
  uiSchema,
  selection: 'none',
  mode: 'records',
  url: RECORD_URL,
  records: { listUrl: LIST_URL, route: 'UrbanEdit', param: 'urbanID', noun: 'urban type', columns: ['FIMP', 'FCIMP', 'CURBDEN', 'URBCOEF', 'DIRTMX', 'THALF', 'TNCONC', 'TPCONC', 'TNO3CONC', 'URBCN2'] },
  intro: 'The urban land types of the SWAT urban database (urban.dat). Open one to change it for this scenario; changed types are marked. HRUs use the type their management (URBLU) names.',
});
