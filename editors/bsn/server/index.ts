// The server half of the basin variables editor (spec 2 §7 'GET and POST
// scenarios/general/bsn/{scenarioID}'). The Bsn table holds one change for the whole scenario:
// the variables whose value differs from the dataset's basins.bsn. GET answers the values in
// effect (item), the dataset's (default), the definitions and whether a change is saved; POST
// replaces the change; `apply` writes it into basins.bsn at run time.
import { defineEditorServer, PluginHttpError, type ApplyContext, type ServerRequest } from '@headwater/plugin-sdk/server/index.ts';
import { EDITOR_MESSAGES } from '@headwater/plugin-sdk/editor/messages.ts';
import { MESSAGES } from '@headwater/plugin-sdk/messages.ts';
import { BSN_BY_NAME, BSN_VARIABLES, bsnFileName, definitionsByTab } from '../src/definitions.ts';
import { NOT_IN_LIST, schema } from '../src/schema.ts';

export const MOD_TABLE = 'Bsn';
/** Ours: the spec names only the known variables as keys of the body. */
export const UNKNOWN_VARIABLE = 'Unknown variable';

type Values = Record<string, number>;

function scenarioIdOf(req: ServerRequest): number {
  const raw = req.params.scenarioID ?? '';
  if (!/^\d{1,9}$/.test(raw)) throw new PluginHttpError(404, MESSAGES.notFound);
  return Number(raw);
}

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

/** The saved values of a change, known variables only (the store validated them on save). */
function savedValues(modificationObject: unknown): Values {
  const out: Values = {};
  if (!modificationObject || typeof modificationObject !== 'object') return out;
  for (const [k, v] of Object.entries(modificationObject)) if (BSN_BY_NAME.has(k) && typeof v === 'number') out[k] = v;
  return out;
}

/** Checks a POST body (variable → number) in the spec's words and answers the values that
 * differ from the dataset's: what the change holds. */
export function changedValues(body: unknown, defaults: Values): Values {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new PluginHttpError(400, { errors: { modificationObject: ['Send the variables as an object of numbers.'] } });
  const errors: Record<string, string[]> = {};
  const out: Values = {};
  for (const [name, value] of Object.entries(body as Record<string, unknown>)) {
    const v = BSN_BY_NAME.get(name);
    if (!v) errors[name] = [UNKNOWN_VARIABLE];
    else if (value === undefined || value === null || value === '') errors[name] = [EDITOR_MESSAGES.required];
    // numbers as numbers (spec 2 §5): '0.5' is refused, as the form never sends it
    else if (typeof value !== 'number' || !Number.isFinite(value)) errors[name] = [EDITOR_MESSAGES.notANumber];
    else if (v.options && !v.options.some((o) => o.value === value)) errors[name] = [NOT_IN_LIST];
    else if (value !== defaults[name]) out[name] = value;
  }
  if (Object.keys(errors).length) throw new PluginHttpError(400, { errors });
  return out;
}

async function getBsn(req: ServerRequest) {
  const id = scenarioIdOf(req);
  const { bsn } = await req.platform.scenarios.datasetInputs(id);
  const mods = await req.platform.scenarios.getMods(id, MOD_TABLE);
  const defaults = datasetValues(bsn);
  // the same overlay `apply` makes: oldest first, the last change wins
  const item = mods.reduce<Values>((acc, m) => ({ ...acc, ...savedValues(m.modificationObject) }), { ...defaults });
  const latest = mods.at(-1);
  return { item, default: defaults, definitions: definitionsByTab(), changes: { hasChanges: mods.length > 0, modID: latest?.id ?? null } };
}

async function saveBsn(req: ServerRequest) {
  const id = scenarioIdOf(req);
  const { bsn } = await req.platform.scenarios.datasetInputs(id);
  const values = changedValues(req.body, datasetValues(bsn));
  // Everything back at the dataset's values: no change is kept (the scenario's check goes).
  if (Object.keys(values).length === 0) await req.platform.scenarios.deleteModType(id, MOD_TABLE);
  else await req.platform.scenarios.replaceMods(id, MOD_TABLE, { applyToAll: true, modificationObject: values });
  return { value: true };
}

/** Writes the saved values into basins.bsn; a later change wins where two set a variable. */
export function applyBsn({ project, changes }: Pick<ApplyContext, 'project' | 'changes'>): void {
  const bsn = project.bsn as unknown as Record<string, unknown>;
  for (const change of changes) {
    for (const [name, value] of Object.entries(savedValues(change.modificationObject))) bsn[bsnFileName(BSN_BY_NAME.get(name)!)] = value;
  }
}

/** The saved-changes text in the page's order (the store keeps no key order):
 * `IPET: Hargreaves; SURLAG: 1`. */
export function describeBsn(m: Record<string, unknown>): string {
  const values = savedValues(m);
  return BSN_VARIABLES.filter((v) => v.name in values)
    .map((v) => `${v.name}: ${v.options?.find((o) => o.value === values[v.name])?.label ?? values[v.name]}`)
    .join('; ');
}

export default defineEditorServer({
  id: 'bsn',
  modTable: MOD_TABLE,
  schema,
  apply: applyBsn,
  describe: describeBsn,
  routes: [
    { method: 'GET', path: '/scenarios/general/bsn/:scenarioID', handler: getBsn },
    { method: 'POST', path: '/scenarios/general/bsn/:scenarioID', handler: saveBsn },
  ],
});
