// The server half of HRU variables to print (spec 2 §7 'GET scenarios/print/hruvars/{scenarioID}'):
// the SDK's one-setting mode answers GET (item: the selection in effect; default and
// defaultSelection: the default selection; options; selected; hasMods) and POST (checked with the
// schema: 1 to 20 known variables; the change is kept unless it is the default selection).
// `apply` writes the codes into file.cio's HRU output variable list (IPDVAB) at run time.
import { defineEditorServer, settingValues, type ApplyContext } from '@headwater/plugin-sdk/server';
import pkg from '../package.json' with { type: 'json' };
import { DEFAULT_SELECTION, describeHruVars, HRU_VARIABLES, MAX_VARIABLES, schema, SETTING_URL, variableCode, type HruVarsChange } from '../src/schema.ts';

/** file.cio's IPDVAB (20 slots) for a selection, in SWAT's order; unknown names are left out. */
export function printCodes(variables: readonly string[]): number[] {
  const codes = [...new Set(variables.map(variableCode).filter((c): c is number => c !== undefined))].sort((a, b) => a - b).slice(0, MAX_VARIABLES);
  return [...codes, ...Array(MAX_VARIABLES).fill(0)].slice(0, MAX_VARIABLES);
}

/** Writes the last saved selection into file.cio; without one, file.cio keeps its list (all zeros:
 * SWAT prints every variable). */
export function applyHruVars({ project, changes }: Pick<ApplyContext<HruVarsChange>, 'project' | 'changes'>): void {
  const last = changes.at(-1);
  if (!last) return;
  const variables = settingValues(schema, last.modificationObject).variables;
  if (!Array.isArray(variables) || variables.length === 0) return;
  project.cio.IPDVAB = printCodes(variables as string[]);
}

export default defineEditorServer(pkg, {
  schema,
  describe: (m: HruVarsChange) => describeHruVars(m),
  apply: applyHruVars,
  single: {
    url: SETTING_URL,
    defaults: () => ({ variables: DEFAULT_SELECTION }),
    // spec 2 §3 'HRU print variables response: hasMods, options (name, description), selected, defaultSelection'
    extra: (_params, setting) => ({
      hasMods: setting.hasChanges,
      options: HRU_VARIABLES.map((v) => ({ name: v.name, description: v.description })),
      selected: setting.item.variables,
      defaultSelection: DEFAULT_SELECTION,
    }),
  },
});
