// The server half of an input editor (ARCHITECTURE 'Editors'): the JSON schema of one saved
// change (the same schema the editor's form uses) and `apply`, which writes the scenario's saved
// changes into the SWAT inputs at run time. platform-api validates every saved change of the
// editor's `modTable` against `schema` (validateChange, as a partial change) and calls `apply`
// once per run with all of them. Id and modTable come from the editor's package.json:
//
//   import pkg from '../package.json' with { type: 'json' };
//   export default defineEditorServer(pkg, { schema, apply, describe });
//
// A table that holds ONE setting for the whole scenario (basin variables) declares `single`
// instead of writing routes: the SDK answers `GET {url}` (the values in effect, the defaults,
// whether a change is saved) and `POST {url}` (checks the values, keeps those that differ from the
// defaults as the table's one change) — see `SingleSetting`.
import type { HruInputs, SubbasinInputs, SwatProject } from '@headwater/swat/txtinout/types.ts';
import type { Access } from '../manifest.ts';
import { CHANGE_ROOT, validateChange, type ChangeErrors } from '../editor/validateChange.ts';
import { EDITOR_MESSAGES } from '../editor/messages.ts';
import { InputError, NotFoundError } from './errors.ts';
import type { ListedChange, PlatformServices, PluginServer, ServerRequest, ServerRoute, ServerRoutes } from './index.ts';
import { idParam } from './params.ts';

/** A saved change (spec 2 §3 'Generic modification'); empty lists mean all. */
export type SavedChange<T = Record<string, unknown>> = {
  id: number;
  modType: string;
  applyToAll: boolean;
  /** project subbasin numbers (SWAT numbering of the written TxtInOut) */
  subbasins: number[];
  landuses: string[];
  soils: string[];
  slopes: string[];
  months: number[];
  modificationObject: T;
};

/** One HRU of the written project and what the selector chooses it by. */
export type HruMatch = { subbasin: SubbasinInputs; hru: HruInputs; landuse: string; soil: string; slopeClass: string };

export type ApplyContext<T = Record<string, unknown>> = {
  /** the assembled TxtInOut, before it is written: change its objects in place */
  project: SwatProject;
  /** this editor's saved changes, oldest first (later ones win where they overlap) */
  changes: SavedChange<T>[];
  /** the HRUs a change selects */
  hrusOf(change: SavedChange<T>): HruMatch[];
  /** the subbasins a change selects (applyToAll or its subbasins) */
  subbasinsOf(change: SavedChange<T>): SubbasinInputs[];
  /** the platform's id of the `index`-th HRU of a subbasin (the project HRU id that
   * `hruselection/matching` answers), where the platform knows it */
  hruId?(subbasin: SubbasinInputs, index: number): number | undefined;
};

/** What platform-api reads of an editor's server half (`PluginServer.editor`). */
export type EditorServer<T = Record<string, unknown>> = {
  /** the modification table (Cn2Percent, Bsn, Wgn, ...): package.json headwater.modTable */
  modTable: string;
  /** JSON schema of `modificationObject` (the form's schema) */
  schema?: object;
  /** writes the changes into the project */
  apply(ctx: ApplyContext<T>): void | Promise<void>;
  /** short text of a change for the saved-changes table (default: its values joined) */
  describe?(modificationObject: T): string;
};

export type EditorPluginServer = PluginServer & { editor: EditorServer<any> };

/** The project dataset's basin-wide inputs, as `req.platform.scenarios.datasetInputs` answers. */
export type DatasetInputs = Awaited<ReturnType<PlatformServices['scenarios']['datasetInputs']>>;

/** The one-setting server mode: the table holds one change for the whole scenario. */
export type SingleSetting = {
  /** The GET and POST path, the client's `url` (`scenarios/general/bsn/{scenarioID}`; `:scenarioID`
   * works too). It must hold the scenario id as `scenarioID`. */
  url: string;
  /** The values without any change (the dataset's), by schema property. */
  defaults(inputs: DatasetInputs, params: Record<string, string>): Record<string, unknown>;
  /** More keys of the GET answer (basin variables: `definitions`); `setting` is what the answer
   * holds already (the values in effect, the defaults, whether a change is saved). */
  extra?(params: Record<string, string>, setting: { item: Record<string, unknown>; default: Record<string, unknown>; hasChanges: boolean }): Record<string, unknown>;
  access?: Access;
};

/** One record of a records table (a fertilizer of fert.dat, an urban type of urban.dat). */
export type EditorRecord = {
  id: number;
  name: string;
  description?: string;
  /** the record's values without any change (the dataset's), by schema property */
  values: Record<string, unknown>;
  /** more keys of the record in the answers (FERTNM, FERTNAME, ...) */
  info?: Record<string, unknown>;
};

/** The records server mode: the table holds one change per record of a list (spec 2 §7
 * 'scenarios/general/ferts/{id}', 'scenarios/general/fert/{id}/{fertID}'). GET `{listUrl}` →
 * `{ items: [{ id, name, description, ...info, ...values in effect, isModified }], hasChanges }`;
 * GET `{url}` → `{ item, default, record, changes: { hasChanges, modID } }` of one record; POST
 * `{url}` checks the values with the schema and keeps those that differ from the record's as the
 * record's one change (the change holds the record id under `key`), or removes it. */
export type RecordsSetting = {
  listUrl: string;
  /** holds `{scenarioID}` and `{<param>}` */
  url: string;
  /** the url's record parameter (`fertID`) */
  param: string;
  /** the property of a saved change naming its record (fert.dat's `IFNUM`); the schema has it */
  key: string;
  /** the dataset's records */
  records(inputs: DatasetInputs): EditorRecord[];
  access?: Access;
};

type PackageJson = { headwater?: unknown };

export type EditorServerOptions<T, R extends readonly string[]> = {
  /** the form's schema (src/schema.ts): platform-api checks every saved change with it */
  schema: object;
  apply(ctx: ApplyContext<T>): void | Promise<void>;
  describe?(modificationObject: T): string;
  /** the editor's own API routes (`params` typed from each path) */
  routes?: ServerRoutes<R>;
  /** one setting for the whole scenario: GET and POST `{url}` are generated */
  single?: SingleSetting;
  /** one setting per record of a list (fertilizers, urban types): the list's GET and the
   * record's GET and POST are generated */
  records?: RecordsSetting;
  jobs?: PluginServer['jobs'];
};

// ─── one-setting tables ─────────────────────────────────────────────────────────────────

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
const propertiesOf = (schema: object) => ((schema as { properties?: Record<string, unknown> }).properties ?? {}) as Record<string, unknown>;

/** The values of a saved change the schema knows (the store validated them on save). */
export function settingValues(schema: object, modificationObject: unknown): Record<string, unknown> {
  const props = propertiesOf(schema);
  const out: Record<string, unknown> = {};
  if (isObject(modificationObject)) for (const [k, v] of Object.entries(modificationObject)) if (k in props && v !== undefined && v !== null) out[k] = v;
  return out;
}

/** Two values of a setting are the same (numbers, text, and lists or objects of them). */
export function sameSetting(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a === 'number' && typeof b === 'number') return Number.isNaN(a) && Number.isNaN(b);
  if (!a || !b || typeof a !== 'object' || typeof b !== 'object' || Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k) => sameSetting((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

/** Checks a one-setting POST body (property → value) against the schema in the spec's words — an
 * empty value is 'Required', the rest as the change store checks a change — and answers the
 * values that differ from `defaults`: what the table's one change holds. Throws an InputError. */
export function changedSettings(schema: object, body: unknown, defaults: Record<string, unknown>): Record<string, unknown> {
  if (!isObject(body)) throw new InputError({ [CHANGE_ROOT]: [EDITOR_MESSAGES.settingsObject] });
  const props = propertiesOf(schema);
  const empty = Object.keys(body).filter((k) => k in props && (body[k] === undefined || body[k] === null || body[k] === ''));
  const values = Object.fromEntries(Object.entries(body).filter(([k]) => !empty.includes(k)));
  const errors: ChangeErrors = { ...validateChange(schema, values, { partial: true }) };
  for (const k of empty) errors[k] = [EDITOR_MESSAGES.required];
  if (Object.keys(errors).length) throw new InputError(errors);
  return Object.fromEntries(Object.entries(values).filter(([k, v]) => !sameSetting(v, defaults[k])));
}

// ─── a scenario's state ─────────────────────────────────────────────────────────────────

/** A scenario as the editors' GET routes answer it. */
export type ScenarioSummary = { id: number; projectID: number; name: string; isRunning: boolean; hasRun: boolean };

/** The scenario's summary of a scenario from `platform.scenarios.get`. */
export function scenarioSummary(s: { id: number; projectId: number; name: string; isRunning: boolean; hasRun: boolean }): ScenarioSummary {
  return { id: s.id, projectID: s.projectId, name: s.name, isRunning: s.isRunning, hasRun: s.hasRun };
}

/** The state an editor's GET route answers: the scenario's summary and its saved changes of
 * `modTable` (oldest first). The scenario is read first, so an unknown or foreign one is refused
 * before its changes are read. */
export async function scenarioState(platform: PlatformServices, id: number, modTable: string): Promise<{ scenario: ScenarioSummary; mods: ListedChange[] }> {
  const scenario = await platform.scenarios.get(id);
  const mods = await platform.scenarios.getMods(id, modTable);
  return { scenario: scenarioSummary(scenario), mods };
}

function singleRoutes(modTable: string, schema: object, single: SingleSetting): ServerRoute<any>[] {
  const path = `/${single.url.replace(/^\//, '').replace(/\{(\w+)\}/g, ':$1')}`;
  if (!path.includes(':scenarioID')) throw new Error(`single.url '${single.url}' must hold {scenarioID}`);
  const access = single.access ?? 'user';
  const get = async ({ params, platform }: ServerRequest) => {
    const id = idParam(params.scenarioID);
    const inputs = await platform.scenarios.datasetInputs(id);
    const mods = await platform.scenarios.getMods(id, modTable);
    const defaults = single.defaults(inputs, params);
    // the same overlay a run makes: oldest first, the last change wins
    const item = mods.reduce<Record<string, unknown>>((acc, m) => ({ ...acc, ...settingValues(schema, m.modificationObject) }), { ...defaults });
    return { item, default: defaults, ...single.extra?.(params, { item, default: defaults, hasChanges: mods.length > 0 }), changes: { hasChanges: mods.length > 0, modID: mods.at(-1)?.id ?? null } };
  };
  const post = async ({ params, body, platform }: ServerRequest) => {
    const id = idParam(params.scenarioID);
    const values = changedSettings(schema, body, single.defaults(await platform.scenarios.datasetInputs(id), params));
    // everything back at the defaults: no change is kept (the scenario's check goes)
    if (Object.keys(values).length === 0) await platform.scenarios.deleteModType(id, modTable);
    else await platform.scenarios.replaceMods(id, modTable, { applyToAll: true, modificationObject: values });
    return { value: true };
  };
  return [
    { method: 'GET', path, access, handler: get },
    { method: 'POST', path, access, handler: post },
  ];
}

// ─── records tables ─────────────────────────────────────────────────────────────────────

const routePath = (url: string) => `/${url.replace(/^\//, '').replace(/\{(\w+)\}/g, ':$1')}`;

/** The changes of a records table by record id, oldest first (the key property names the record). */
export function recordChanges<T extends { modificationObject: unknown }>(changes: readonly T[], key: string): Map<number, T[]> {
  const out = new Map<number, T[]>();
  for (const c of changes) {
    const id = Number((c.modificationObject as Record<string, unknown> | null)?.[key]);
    if (!Number.isInteger(id)) continue;
    out.set(id, [...(out.get(id) ?? []), c]);
  }
  return out;
}

function recordRoutes(modTable: string, schema: object, r: RecordsSetting): ServerRoute<any>[] {
  const listPath = routePath(r.listUrl);
  const path = routePath(r.url);
  if (!listPath.includes(':scenarioID') || !path.includes(':scenarioID')) throw new Error(`records urls must hold {scenarioID}`);
  if (!path.includes(`:${r.param}`)) throw new Error(`records.url '${r.url}' must hold {${r.param}}`);
  const access = r.access ?? 'user';
  /** the values of a record in effect: its own overlaid with its saved changes (oldest first) */
  const inEffect = (record: EditorRecord, changes: { modificationObject: unknown }[] = []) =>
    changes.reduce<Record<string, unknown>>((acc, m) => ({ ...acc, ...withoutKey(settingValues(schema, m.modificationObject)) }), { ...record.values });
  const withoutKey = (values: Record<string, unknown>) => Object.fromEntries(Object.entries(values).filter(([k]) => k !== r.key));
  const recordOf = (records: EditorRecord[], param: string | undefined) => {
    const id = idParam(param);
    const record = records.find((x) => x.id === id);
    if (!record) throw new NotFoundError();
    return record;
  };
  const list = async ({ params, platform }: ServerRequest) => {
    const id = idParam(params.scenarioID);
    const records = r.records(await platform.scenarios.datasetInputs(id));
    const byRecord = recordChanges(await platform.scenarios.getMods(id, modTable), r.key);
    const items = records.map((x) => ({ id: x.id, name: x.name, description: x.description ?? '', ...x.info, ...inEffect(x, byRecord.get(x.id)), isModified: byRecord.has(x.id) }));
    return { items, hasChanges: byRecord.size > 0 };
  };
  const get = async ({ params, platform }: ServerRequest) => {
    const id = idParam(params.scenarioID);
    const record = recordOf(r.records(await platform.scenarios.datasetInputs(id)), params[r.param]);
    const mine = recordChanges(await platform.scenarios.getMods(id, modTable), r.key).get(record.id) ?? [];
    return {
      item: inEffect(record, mine),
      default: { ...record.values },
      record: { id: record.id, name: record.name, description: record.description ?? '', ...record.info },
      changes: { hasChanges: mine.length > 0, modID: mine.at(-1)?.id ?? null },
    };
  };
  const post = async ({ params, body, platform }: ServerRequest) => {
    const id = idParam(params.scenarioID);
    const record = recordOf(r.records(await platform.scenarios.datasetInputs(id)), params[r.param]);
    // the record is the url's: a key in the body is not the client's to choose
    const sent = body && typeof body === 'object' && !Array.isArray(body) ? withoutKey(body as Record<string, unknown>) : body;
    const values = changedSettings(schema, sent, record.values);
    const mine = (recordChanges(await platform.scenarios.getMods(id, modTable), r.key).get(record.id) ?? []).map((m) => m.id);
    if (Object.keys(values).length === 0) {
      // every value back at the record's own: no change is kept for it
      for (const modId of mine) await platform.scenarios.deleteMod(id, modId);
      return { value: true };
    }
    await platform.scenarios.replaceSomeMods(id, modTable, mine, { applyToAll: true, modificationObject: { [r.key]: record.id, ...values } });
    return { value: true };
  };
  return [
    { method: 'GET', path: listPath, access, handler: list },
    { method: 'GET', path, access, handler: get },
    { method: 'POST', path, access, handler: post },
  ];
}

// ─── the definition ─────────────────────────────────────────────────────────────────────

/** The default export of an editor's `server/index.ts`; `pkg` is its package.json (id and
 * modTable are read from its `headwater` block). */
export function defineEditorServer<T = Record<string, unknown>, const R extends readonly string[] = []>(pkg: PackageJson, def: EditorServerOptions<T, R>): EditorPluginServer {
  const m = (pkg.headwater ?? {}) as { id?: unknown; kind?: unknown; modTable?: unknown };
  const problems: string[] = [];
  if (typeof m.id !== 'string' || !m.id) problems.push('package.json has no headwater.id');
  if (m.kind !== 'editor') problems.push(`headwater.kind must be 'editor'`);
  if (typeof m.modTable !== 'string' || !m.modTable) problems.push('package.json has no headwater.modTable');
  if (!def.schema || typeof def.schema !== 'object') problems.push('schema is required');
  if (typeof def.apply !== 'function') problems.push('apply is required');
  if (problems.length) throw new Error(`defineEditorServer(${String(m.id ?? '?')}): ${problems.join('; ')}`);
  const modTable = m.modTable as string;
  if (def.records && !(propertiesOf(def.schema)[def.records.key])) problems.push(`records.key '${def.records.key}' is not a property of the schema`);
  if (problems.length) throw new Error(`defineEditorServer(${String(m.id ?? '?')}): ${problems.join('; ')}`);
  const routes = [
    ...((def.routes ?? []) as ServerRoute<any>[]),
    ...(def.single ? singleRoutes(modTable, def.schema, def.single) : []),
    ...(def.records ? recordRoutes(modTable, def.schema, def.records) : []),
  ];
  const editor: EditorServer<T> = { modTable, schema: def.schema, apply: def.apply, ...(def.describe ? { describe: def.describe } : {}) };
  return { id: m.id as string, routes, ...(def.jobs ? { jobs: def.jobs } : {}), editor: editor as EditorServer<any> };
}
