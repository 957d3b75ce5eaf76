// The server half of the fertilizer editor (spec 2 §7 'GET scenarios/general/ferts/{id}', 'GET and
// POST scenarios/general/fert/{id}/{fertID}'). The Fert table holds one change per changed
// fertilizer (its IFNUM and the values that differ from the dataset's fert.dat); the SDK's records
// mode answers the three calls from this declaration, and `apply` writes the values into the
// scenario's fert.dat at run time.
import { defineEditorServer, settingValues, type ApplyContext, type EditorRecord } from '@headwater/plugin-sdk/server';
import type { FertRecord } from '@headwater/swat/txtinout/types.ts';
import pkg from '../package.json' with { type: 'json' };
import { describeFert, FERT_FIELDS, fertName, LIST_URL, RECORD_URL, schema, type FertChange } from '../src/schema.ts';

/** The dataset's fertilizers as records: name FERTNM, description FERTNAME. */
export function fertRecords(fert: readonly FertRecord[]): EditorRecord[] {
  return fert.map((f) => ({
    id: f.IFNUM,
    name: f.FERTNM,
    description: fertName(f.FERTNM),
    values: Object.fromEntries(FERT_FIELDS.map((x) => [x.name, f[x.name]])),
    info: { FERTNM: f.FERTNM, FERTNAME: fertName(f.FERTNM) },
  }));
}

/** Writes each change's values into its fertilizer of fert.dat (oldest first: the last wins). */
export function applyFert({ project, changes }: Pick<ApplyContext<FertChange>, 'project' | 'changes'>): void {
  const byId = new Map((project.databases?.fert ?? []).map((f) => [f.IFNUM, f]));
  for (const change of changes) {
    const record = byId.get(Number(change.modificationObject.IFNUM));
    // a fertilizer the dataset no longer has: nothing to write it to
    if (!record) continue;
    for (const [k, v] of Object.entries(settingValues(schema, change.modificationObject))) {
      if (k !== 'IFNUM' && typeof v === 'number' && Number.isFinite(v)) (record as unknown as Record<string, number>)[k] = v;
    }
  }
}

export default defineEditorServer(pkg, {
  schema,
  describe: (m: FertChange) => describeFert(m),
  apply: applyFert,
  records: {
    listUrl: LIST_URL,
    url: RECORD_URL,
    param: 'fertID',
    key: 'IFNUM',
    records: (inputs) => fertRecords((inputs.databases.fert ?? []) as FertRecord[]),
  },
});
