// The server half of the basin variables editor (spec 2 §7 'GET and POST
// scenarios/general/bsn/{scenarioID}'). The Bsn table holds one change for the whole scenario:
// the variables whose value differs from the dataset's basins.bsn. The SDK's one-setting mode
// answers the two calls from this declaration — GET: the values in effect (item), the dataset's
// (default), the definitions and whether a change is saved; POST: the values checked against
// the schema, the change replaced (removed when every value is the dataset's). `apply` writes
// the change into basins.bsn at run time.
import { defineEditorServer, settingValues, type ApplyContext } from '@headwater/plugin-sdk/server';
import pkg from '../package.json' with { type: 'json' };
import { BSN_BY_NAME, BSN_VARIABLES, bsnFileName, definitionsByTab } from '../src/definitions.ts';
import { schema, SETTING_URL } from '../src/schema.ts';

type Values = Record<string, number>;

/** The dataset's value of every variable (its basins.bsn); the documented default where the
 * dataset has none. */
export function datasetValues(bsn: Record<string, unknown>): Values {
  const out: Values = {};
  for (const v of BSN_VARIABLES) {
    const value = bsn[bsnFileName(v)];
    out[v.name] = typeof value === 'number' && Number.isFinite(value) ? value : v.default;
  }
  return out;
}

/** Writes the saved values into basins.bsn; a later change wins where two set a variable. */
export function applyBsn({ project, changes }: Pick<ApplyContext, 'project' | 'changes'>): void {
  const bsn = project.bsn as unknown as Record<string, unknown>;
  for (const change of changes) {
    for (const [name, value] of Object.entries(settingValues(schema, change.modificationObject))) bsn[bsnFileName(BSN_BY_NAME.get(name)!)] = value;
  }
}

/** The saved-changes text in the page's order (the store keeps no key order):
 * `IPET: Hargreaves; SURLAG: 1`. */
export function describeBsn(m: Record<string, unknown>): string {
  const values = settingValues(schema, m);
  return BSN_VARIABLES.filter((v) => v.name in values)
    .map((v) => `${v.name}: ${v.options?.find((o) => o.value === values[v.name])?.label ?? values[v.name]}`)
    .join('; ');
}

export default defineEditorServer(pkg, {
  schema,
  apply: applyBsn,
  describe: describeBsn,
  single: { url: SETTING_URL, defaults: ({ bsn }) => datasetValues(bsn), extra: () => ({ definitions: definitionsByTab() }) },
});
