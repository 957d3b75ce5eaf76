// The server half of nutrient efficiency (spec 2 §7 'GET and POST
// scenarios/general/nutrientefficiency/{scenarioID}'; POST body: the list of items). GET answers the
// project's auto-fertilized land uses with the value in effect of each (the saved one, else the
// AUTO_EFF their management has), their names, and whether a change is saved; POST checks the items
// with the schema and keeps those that differ from the land use's own value as the table's one
// change (none: the change is removed). `apply` writes AUTO_EFF into every auto-fertilization
// operation of those land uses' HRUs at run time.
import { defineEditorServer, idParam, InputError, settingValues, validateChange, type ApplyContext, type ProjectLandUse } from '@headwater/plugin-sdk/server';
import type { Mgt } from '@headwater/swat/txtinout/types.ts';
import pkg from '../package.json' with { type: 'json' };
import { describeAutoEff, schema, SETTING_URL, type AutoEffChange, type NutrientItem } from '../src/schema.ts';

const modTable = pkg.headwater.modTable;
const PATH = `/${SETTING_URL.replace(/\{(\w+)\}/g, ':$1')}` as '/scenarios/general/nutrientefficiency/:scenarioID';
/** Ours: an item for a land use that is not auto-fertilized in this project. */
export const NOT_AUTO_FERTILIZED = (names: string[]) => `Not an auto-fertilized land use of this project: ${names.join(', ')}`;

type AutoFertilization = { op: number; AUTO_EFF?: number };
const autoOps = (mgt: unknown): AutoFertilization[] => ((mgt as Partial<Mgt> | undefined)?.operations ?? []).filter((o) => o.op === 11) as AutoFertilization[];

/** The land uses whose management schedules auto-fertilization, with the AUTO_EFF it has. */
export function autoFertilized(landUses: readonly ProjectLandUse[]): { name: string; description: string; value: number }[] {
  return landUses
    .filter((l) => autoOps(l.mgt).length > 0)
    .map((l) => ({ name: l.code, description: l.name, value: Number(autoOps(l.mgt)[0]!.AUTO_EFF) || 0 }));
}

/** The values of the saved changes by land use (oldest first: the last wins). */
function savedValues(mods: readonly { modificationObject: unknown }[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const m of mods) for (const item of (settingValues(schema, m.modificationObject).items ?? []) as NutrientItem[]) out.set(item.name, item.value);
  return out;
}

/** Writes AUTO_EFF into every auto-fertilization operation of the changes' land uses. */
export function applyAutoEff({ changes, hrusOf }: Pick<ApplyContext<AutoEffChange>, 'changes' | 'hrusOf'>): void {
  for (const change of changes) {
    const values = savedValues([change]);
    if (values.size === 0) continue;
    for (const { hru, landuse } of hrusOf({ ...change, applyToAll: true })) {
      const value = values.get(landuse);
      if (value === undefined || !hru.mgt) continue;
      for (const op of hru.mgt.operations) if (op.op === 11) op.AUTO_EFF = value;
    }
  }
}

export default defineEditorServer(pkg, {
  schema,
  describe: (m: AutoEffChange) => describeAutoEff(m),
  apply: applyAutoEff,
  routes: [
    {
      method: 'GET',
      path: PATH,
      access: 'user',
      async handler({ params, platform }) {
        const id = idParam(params.scenarioID);
        const [landUses, mods] = await Promise.all([platform.scenarios.landUses(id), platform.scenarios.getMods(id, modTable)]);
        const auto = autoFertilized(landUses);
        const saved = savedValues(mods);
        const items = auto.map((l) => ({ name: l.name, value: saved.get(l.name) ?? l.value }));
        return {
          item: { items },
          default: { items: auto.map((l) => ({ name: l.name, value: l.value })) },
          items,
          descriptions: Object.fromEntries(landUses.map((l) => [l.code, l.name])),
          autoEffLanduses: auto.map((l) => l.name),
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
        // spec 2 §7: the body is the list of items (the page sends `{ items }`)
        const change = Array.isArray(body) ? { items: body } : body;
        const errors = validateChange(schema, change);
        if (Object.keys(errors).length) throw new InputError(errors);
        const items = (change as AutoEffChange).items;
        const auto = new Map(autoFertilized(await platform.scenarios.landUses(id)).map((l) => [l.name, l.value]));
        const unknown = items.map((i) => i.name).filter((n) => !auto.has(n));
        if (unknown.length) throw new InputError({ items: [NOT_AUTO_FERTILIZED(unknown)] });
        // one value per land use (the last given), kept where it differs from the land use's own
        const byName = new Map(items.map((i) => [i.name, i.value]));
        const changed = [...byName].filter(([name, value]) => value !== auto.get(name)).map(([name, value]) => ({ name, value }));
        if (changed.length === 0) await platform.scenarios.deleteModType(id, modTable);
        else await platform.scenarios.replaceMods(id, modTable, { applyToAll: true, modificationObject: { items: changed } });
        return { value: true };
      },
    },
  ],
});
