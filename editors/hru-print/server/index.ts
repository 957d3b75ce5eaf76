// The server half of HRUs to print (spec 2 §7 'GET scenarios/print/hruprint/{scenarioID}'): GET
// answers the selection in effect (`item.hrus`, `selected` rows, `hasMods`) — without a saved
// selection the project's first 20 HRUs, which is what a run prints then; POST checks the ids (1 to
// 20 HRUs of this project) and keeps them as the table's one change, or removes it when they are
// the default. `apply` writes the chosen HRUs' numbers into file.cio's print list (IPDHRU).
import { changedSettings, defineEditorServer, idParam, InputError, sameSetting, settingValues, type ApplyContext, type ProjectHru } from '@headwater/plugin-sdk/server';
import pkg from '../package.json' with { type: 'json' };
import { describeHruPrint, MAX_HRUS, MESSAGES, schema, SETTING_URL, type HruPrintChange } from '../src/schema.ts';

const modTable = pkg.headwater.modTable;
const PATH = `/${SETTING_URL.replace(/\{(\w+)\}/g, ':$1')}` as '/scenarios/print/hruprint/:scenarioID';

/** The ids of the last saved change, kept to the project's current HRUs. */
function savedIds(mods: { modificationObject: unknown }[], hrus: ProjectHru[]): number[] {
  const known = new Set(hrus.map((h) => h.id));
  const last = mods.at(-1);
  const ids = last ? settingValues(schema, last.modificationObject).hrus : undefined;
  return Array.isArray(ids) ? ids.map(Number).filter((id) => known.has(id)) : [];
}

/** The rows of `ids`, in the order the run numbers them. */
const rowsOf = (hrus: ProjectHru[], ids: readonly number[]) => {
  const set = new Set(ids);
  return hrus.filter((h) => set.has(h.id));
};

/** file.cio's IPDHRU (20 slots): the HRU numbers of the last change's ids, ascending. Without a
 * change, or when the platform cannot tell the ids, file.cio keeps its default (the first 20). */
export function applyHruPrint({ project, changes, hruId }: Pick<ApplyContext<HruPrintChange>, 'project' | 'changes' | 'hruId'>): void {
  const last = changes.at(-1);
  if (!last || !hruId) return;
  const ids = settingValues(schema, last.modificationObject).hrus;
  if (!Array.isArray(ids) || ids.length === 0) return;
  const wanted = new Set(ids.map(Number));
  const numbers: number[] = [];
  let n = 0;
  for (const subbasin of project.subbasins) {
    subbasin.hrus.forEach((_hru, i) => {
      n++;
      const id = hruId(subbasin, i);
      if (id !== undefined && wanted.has(id)) numbers.push(n);
    });
  }
  if (numbers.length === 0) return;
  project.cio.IPDHRU = [...numbers.slice(0, MAX_HRUS), ...Array(MAX_HRUS).fill(0)].slice(0, MAX_HRUS);
}

export default defineEditorServer(pkg, {
  schema,
  describe: (m: HruPrintChange) => describeHruPrint(m),
  apply: applyHruPrint,
  routes: [
    {
      method: 'GET',
      path: PATH,
      access: 'user',
      async handler({ params, platform }) {
        const id = idParam(params.scenarioID);
        const [hrus, mods] = await Promise.all([platform.scenarios.hrus(id), platform.scenarios.getMods(id, modTable)]);
        const defaults = hrus.slice(0, MAX_HRUS).map((h) => h.id);
        const saved = savedIds(mods, hrus);
        const inEffect = saved.length ? saved : defaults;
        return {
          item: { hrus: inEffect },
          default: { hrus: defaults },
          hasMods: mods.length > 0,
          selected: rowsOf(hrus, inEffect),
          changes: { hasChanges: mods.length > 0, modID: mods.at(-1)?.id ?? null },
        };
      },
    },
    {
      method: 'POST',
      path: PATH,
      access: 'user',
      async handler({ params, body, platform }) {
        const id = idParam(params.scenarioID);
        const hrus = await platform.scenarios.hrus(id);
        const defaults = { hrus: hrus.slice(0, MAX_HRUS).map((h) => h.id) };
        const values = changedSettings(schema, body, defaults);
        const ids = (values.hrus as number[] | undefined) ?? [];
        const known = new Set(hrus.map((h) => h.id));
        const unknown = ids.filter((x) => !known.has(x));
        if (unknown.length) throw new InputError({ hrus: [MESSAGES.notInProject(unknown)] });
        const ordered = rowsOf(hrus, ids).map((h) => h.id);
        // nothing but the default (in any order): no change is kept
        if (ordered.length === 0 || sameSetting([...ordered].sort((a, b) => a - b), [...defaults.hrus].sort((a, b) => a - b))) await platform.scenarios.deleteModType(id, modTable);
        else await platform.scenarios.replaceMods(id, modTable, { applyToAll: true, modificationObject: { hrus: ordered } });
        return { value: true };
      },
    },
  ],
});
