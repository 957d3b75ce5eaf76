// The server half of the urban editor (spec 2 §7 'GET scenarios/general/urbans/{id}', 'GET and POST
// scenarios/general/urban/{id}/{urbanID}'). The Urban table holds one change per changed urban type
// (its IUNUM and the values that differ from the dataset's urban.dat); the SDK's records mode
// answers the three calls, and `apply` writes the values into the scenario's urban.dat at run time.
import { defineEditorServer, settingValues, type ApplyContext, type EditorRecord } from '@headwater/plugin-sdk/server';
import type { UrbanRecord } from '@headwater/swat/txtinout/types.ts';
import pkg from '../package.json' with { type: 'json' };
import { describeUrban, LIST_URL, RECORD_URL, schema, URBAN_FIELDS, type UrbanChange } from '../src/schema.ts';

/** The dataset's urban types as records: name URBNAME, description URBFLNM. */
export function urbanRecords(urban: readonly UrbanRecord[]): EditorRecord[] {
  return urban.map((u) => ({
    id: u.IUNUM,
    name: u.URBNAME,
    description: u.URBFLNM,
    values: Object.fromEntries(URBAN_FIELDS.map((x) => [x.name, u[x.name]])),
    info: { URBNAME: u.URBNAME, URBFLNM: u.URBFLNM },
  }));
}

/** Writes each change's values into its urban type of urban.dat (oldest first: the last wins). */
export function applyUrban({ project, changes }: Pick<ApplyContext<UrbanChange>, 'project' | 'changes'>): void {
  const byId = new Map((project.databases?.urban ?? []).map((u) => [u.IUNUM, u]));
  for (const change of changes) {
    const record = byId.get(Number(change.modificationObject.IUNUM));
    if (!record) continue;
    for (const [k, v] of Object.entries(settingValues(schema, change.modificationObject))) {
      if (k !== 'IUNUM' && typeof v === 'number' && Number.isFinite(v)) (record as unknown as Record<string, number>)[k] = v;
    }
  }
}

export default defineEditorServer(pkg, {
  schema,
  describe: (m: UrbanChange) => describeUrban(m),
  apply: applyUrban,
  records: {
    listUrl: LIST_URL,
    url: RECORD_URL,
    param: 'urbanID',
    key: 'IUNUM',
    records: (inputs) => urbanRecords((inputs.databases.urban ?? []) as UrbanRecord[]),
  },
});
