// The generic change store (spec 2 §7 'Generic change handling'): saved modifications of a
// scenario by modification table — only for a table an enabled editor registers, validated
// against the editor's JSON schema by the SDK's one validation (validateChange) when its server
// half gives one; and the HRU selection calls (hruselection/...). Every write (a change and the
// scenario's last-modified date; a replace's delete and insert) is one transaction.
import type { Knex } from 'knex';
import { CHANGE_ROOT, EDITOR_MESSAGES, InputError, NotFoundError, validateChange, type EditorServer, type FieldErrors } from '@headwater/plugin-sdk/server';
import type { AppDeps } from '../../deps.ts';
import { listPluginsFor } from '../plugins/service.ts';
import { projectFor } from '../projects/access.ts';
import { ProjectSubbasin } from '../projects/models.ts';
import type { User } from '../users/models.ts';
import { Scenario, ScenarioModification } from './models.ts';
import { RUNNING_MESSAGE, scenarioFor } from './service.ts';

const MOD_TYPE = /^[A-Za-z][A-Za-z0-9]{0,39}$/;

export function editorServers(deps: Pick<AppDeps, 'pluginServers'>): Map<string, EditorServer> {
  const map = new Map<string, EditorServer>();
  for (const s of deps.pluginServers) if (s.editor) map.set(s.editor.modTable, s.editor);
  return map;
}

// ─── which tables take changes, and the check of a change ──────────────────────────────

/** A change is stored only for a table an enabled editor (visible to the user) registers
 * (its manifest's modTable): anything else would be stored and never applied by a run. */
async function checkRegistered(user: User, modType: string): Promise<void> {
  const plugins = await listPluginsFor(user);
  if (!plugins.some((p) => p.kind === 'editor' && p.modTable === modType)) throw new InputError(EDITOR_MESSAGES.unknownTable(modType));
}

/** The change's values against its editor's schema (the SDK's one validation, as a partial
 * change: only the changed fields are sent) and at least one value. */
function checkValues(editor: EditorServer | undefined, modificationObject: unknown): void {
  if (!editor?.schema) return;
  const errors = validateChange(editor.schema, modificationObject, { partial: true });
  if (Object.keys(errors).length) throw new InputError(errors);
  const values = modificationObject && typeof modificationObject === 'object' && !Array.isArray(modificationObject) ? Object.entries(modificationObject).filter(([k, v]) => k !== 'Months' && v !== undefined && v !== null) : [null];
  if (!values.length) throw new InputError({ [CHANGE_ROOT]: [EDITOR_MESSAGES.noChange] });
}

// ─── saved changes ──────────────────────────────────────────────────────────────────────

export type ChangeBody = {
  applyToAll?: boolean;
  subbasins?: unknown[];
  landuses?: unknown[];
  soils?: unknown[];
  slopes?: unknown[];
  months?: unknown[];
  modificationObject?: unknown;
};

function checkModType(modType: string): string {
  if (!MOD_TYPE.test(modType)) throw new NotFoundError();
  return modType;
}

async function writableScenario(user: User, scenarioId: number): Promise<Scenario> {
  const { scenario } = await scenarioFor(user, scenarioId, 'edit');
  if (scenario.isRunning) throw new InputError(RUNNING_MESSAGE);
  return scenario;
}

/** The short text of a saved change (the editor's own, else generic): saved-changes tables, metadata. */
export function describe(editor: EditorServer | undefined, m: unknown): string {
  if (editor?.describe) {
    try {
      return editor.describe(m as Record<string, unknown>);
    } catch {
      /* fall through to the generic text */
    }
  }
  if (m === null || typeof m !== 'object') return String(m ?? '');
  if (Array.isArray(m)) return m.length > 5 ? `${m.slice(0, 5).join(', ')} (...)` : m.join(', ');
  return Object.entries(m as Record<string, unknown>)
    .filter(([k]) => k !== 'Months')
    .map(([k, v]) => (k === 'value' ? String(v) : `${k}: ${Array.isArray(v) ? v.join(', ') : String(v)}`))
    .join('; ');
}

export async function getMods(deps: AppDeps, user: User, scenarioId: number, modType: string) {
  const { scenario } = await scenarioFor(user, scenarioId);
  const editor = editorServers(deps).get(checkModType(modType));
  const rows = await ScenarioModification.query().where({ scenarioId: scenario.id, modType }).orderBy('id');
  const names = new Map((await ProjectSubbasin.query().where('projectId', scenario.projectId).select('subbasinId', 'name')).map((r) => [r.subbasinId, r.name]));
  return rows.map((r) => ({
    id: r.id,
    modType: r.modType,
    applyToAll: r.applyToAll,
    value: describe(editor, r.modificationObject),
    subbasins: r.applyToAll ? [] : r.subbasins.map((id) => names.get(id) ?? String(id)),
    subbasinIDs: r.applyToAll ? [] : r.subbasins,
    landuses: r.applyToAll ? [] : r.landuses,
    soils: r.applyToAll ? [] : r.soils,
    slopes: r.applyToAll ? [] : r.slopes,
    months: r.months,
    modificationObject: r.modificationObject,
    lastModifiedDate: r.lastModifiedDate,
  }));
}

const strings = (v: unknown[] | undefined, field: string, errors: FieldErrors): string[] => {
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v) || v.some((x) => typeof x !== 'string' && typeof x !== 'number')) {
    errors[field] = ['Must be a list'];
    return [];
  }
  return [...new Set(v.map(String))];
};

type CheckedChange = Pick<ScenarioModification, 'scenarioId' | 'modType' | 'applyToAll' | 'subbasins' | 'landuses' | 'soils' | 'slopes' | 'months' | 'modificationObject' | 'lastModifiedDate'>;

/** The change a request asks to save, checked (the scenario writable, the selection in the project, the values by the editor's schema). */
async function checkedChange(deps: AppDeps, user: User, scenarioId: number, modType: string, body: ChangeBody): Promise<CheckedChange> {
  const scenario = await writableScenario(user, scenarioId);
  checkModType(modType);
  await checkRegistered(user, modType);
  const editor = editorServers(deps).get(modType);
  const errors: FieldErrors = {};
  const applyToAll = body.applyToAll === true;
  const subbasinIds = strings(body.subbasins, 'subbasins', errors).map(Number);
  const landuses = strings(body.landuses, 'landuses', errors);
  const soils = strings(body.soils, 'soils', errors);
  const slopes = strings(body.slopes, 'slopes', errors);
  const months = strings(body.months, 'months', errors).map(Number);
  if (months.some((m) => !Number.isInteger(m) || m < 1 || m > 12)) errors.months = ['Months are numbered 1 to 12'];
  if (subbasinIds.some((n) => !Number.isInteger(n))) errors.subbasins = ['Unknown subbasin'];
  if (body.modificationObject === undefined) errors.modificationObject = ['Required'];
  if (Object.keys(errors).length) throw new InputError(errors);
  if (!applyToAll && subbasinIds.length) {
    const known = new Set((await ProjectSubbasin.query().where('projectId', scenario.projectId).whereIn('subbasinId', subbasinIds).select('subbasinId')).map((r) => r.subbasinId));
    const unknown = subbasinIds.filter((id) => !known.has(id));
    if (unknown.length) throw new InputError({ subbasins: [`Not in this project: ${unknown.join(', ')}`] });
  }
  checkValues(editor, body.modificationObject);
  return {
    scenarioId,
    modType,
    applyToAll,
    subbasins: applyToAll ? [] : subbasinIds,
    landuses: applyToAll ? [] : landuses,
    soils: applyToAll ? [] : soils,
    slopes: applyToAll ? [] : slopes,
    months,
    modificationObject: body.modificationObject as object,
    lastModifiedDate: new Date(),
  };
}

/** Stores a checked change and touches its scenario (inside the caller's transaction). */
async function storeChange(trx: Knex.Transaction, change: CheckedChange): Promise<{ value: true; id: number }> {
  const row = await ScenarioModification.query(trx).insertAndFetch(change);
  await Scenario.query(trx).patch({ lastModifiedDate: change.lastModifiedDate }).where('id', change.scenarioId);
  return { value: true, id: row.id };
}

/** Saves one change (spec 2 §4 Editors: saving adds a change; the list is reloaded). */
export async function saveMod(deps: AppDeps, user: User, scenarioId: number, modType: string, body: ChangeBody): Promise<{ value: true; id: number }> {
  const change = await checkedChange(deps, user, scenarioId, modType, body);
  return deps.db.transaction((trx) => storeChange(trx, change));
}

/** Replaces every change of a table with one (editors whose table holds one setting: Bsn, HruVars, HruPrint...), in one transaction. */
export async function replaceMods(deps: AppDeps, user: User, scenarioId: number, modType: string, body: ChangeBody): Promise<{ value: true; id: number }> {
  const change = await checkedChange(deps, user, scenarioId, modType, body);
  return deps.db.transaction(async (trx) => {
    await ScenarioModification.query(trx).where({ scenarioId, modType }).delete();
    return storeChange(trx, change);
  });
}

export async function deleteMod(deps: AppDeps, user: User, modId: number): Promise<{ value: true }> {
  const mod = await ScenarioModification.query().findById(modId);
  if (!mod) throw new NotFoundError();
  await writableScenario(user, mod.scenarioId);
  await deps.db.transaction(async (trx) => {
    await ScenarioModification.query(trx).deleteById(modId);
    await Scenario.query(trx).patch({ lastModifiedDate: new Date() }).where('id', mod.scenarioId);
  });
  return { value: true };
}

export async function deleteModType(deps: AppDeps, user: User, scenarioId: number, modType: string): Promise<{ value: true; deleted: number }> {
  await writableScenario(user, scenarioId);
  checkModType(modType);
  const deleted = await deps.db.transaction(async (trx) => {
    const n = await ScenarioModification.query(trx).where({ scenarioId, modType }).delete();
    await Scenario.query(trx).patch({ lastModifiedDate: new Date() }).where('id', scenarioId);
    return n;
  });
  return { value: true, deleted };
}

// ─── HRU selection (spec 2 §7 'HRU selection and map') ──────────────────────────────────

export type HruSelection = { applyToAll?: boolean; subbasins?: unknown[]; landuse?: unknown[]; landuses?: unknown[]; soils?: unknown[]; slopes?: unknown[] };

const list = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : typeof v === 'string' && v ? [v] : []);

/** The project's current HRUs narrowed by a selection (empty lists: all). */
function selectedHrus(db: Knex, projectId: number, sel: { subbasins?: string[]; landuses?: string[]; soils?: string[] }): Knex.QueryBuilder {
  const q = db('project_hrus').where({ projectId, removed: false });
  if (sel.subbasins?.length) q.whereIn('subbasinId', sel.subbasins.map(Number).filter(Number.isInteger));
  if (sel.landuses?.length) q.whereIn('landuse', sel.landuses);
  if (sel.soils?.length) q.whereIn('soil', sel.soils);
  return q;
}

export async function selectionSubbasins(deps: AppDeps, user: User, projectId: number) {
  await projectFor(user, projectId);
  const rows = (await deps.db('project_subbasins').where('projectId', projectId).orderBy('number').select('subbasinId', 'name', 'number')) as { subbasinId: number; name: string; number: number }[];
  return rows.map((r) => ({ id: r.subbasinId, name: r.name, number: r.number }));
}

export async function selectionLanduses(deps: AppDeps, user: User, projectId: number, body: unknown) {
  const p = await projectFor(user, projectId);
  const subbasins = Array.isArray(body) ? list(body) : list((body as HruSelection)?.subbasins);
  const codes = ((await selectedHrus(deps.db, projectId, { subbasins }).distinct('landuse').orderBy('landuse')) as { landuse: string }[]).map((r) => r.landuse);
  const names = new Map(
    p.datasetId
      ? ((await deps.db('land_use_codes').where('datasetId', p.datasetId).whereIn('code', codes).select('code', 'name')) as { code: string; name: string }[]).map((r) => [r.code, r.name])
      : [],
  );
  return codes.map((c) => ({ name: c, description: names.get(c) ?? c }));
}

export async function selectionSoils(deps: AppDeps, user: User, projectId: number, body: HruSelection) {
  await projectFor(user, projectId);
  const rows = (await selectedHrus(deps.db, projectId, { subbasins: list(body?.subbasins), landuses: list(body?.landuse ?? body?.landuses) }).distinct('soil').orderBy('soil')) as { soil: string }[];
  return rows.map((r) => ({ name: r.soil }));
}

export async function selectionSlopes(deps: AppDeps, user: User, projectId: number, body: HruSelection) {
  await projectFor(user, projectId);
  const rows = (await selectedHrus(deps.db, projectId, { subbasins: list(body?.subbasins), landuses: list(body?.landuse ?? body?.landuses), soils: list(body?.soils) })
    .distinct('slopeClass')
    .orderBy('slopeClass')) as { slopeClass: string }[];
  return rows.map((r) => ({ name: r.slopeClass }));
}

export async function selectionMatching(deps: AppDeps, user: User, projectId: number, body: HruSelection) {
  await projectFor(user, projectId);
  const all = body?.applyToAll === true;
  const q = selectedHrus(deps.db, projectId, all ? {} : { subbasins: list(body?.subbasins), landuses: list(body?.landuses ?? body?.landuse), soils: list(body?.soils) });
  const slopes = all ? [] : list(body?.slopes);
  if (slopes.length) q.whereIn('slopeClass', slopes);
  const rows = (await q.orderBy('sortOrder').limit(10_000).select('id', 'subbasin', 'subbasinId', 'subbasinName', 'landuse', 'soil', 'slopeClass', 'slope', 'slopeLength', 'area', 'fraction')) as Record<string, unknown>[];
  return rows.map((r) => ({ ...r, id: Number(r.id), subbasin: r.subbasinName, subbasinNumber: r.subbasin }));
}

// ─── what editors' server halves read and write besides the generic calls ──────────────
// (plugin-sdk PlatformServices: deleteMod, replaceSomeMods, hrus, landUses)

/** Removes one change of a scenario (a record's change of a records table). */
export async function deleteScenarioMod(deps: AppDeps, user: User, scenarioId: number, modId: number): Promise<{ value: true }> {
  const mod = await ScenarioModification.query().findById(modId);
  if (!mod || mod.scenarioId !== scenarioId) throw new NotFoundError();
  return deleteMod(deps, user, modId);
}

/** Replaces the changes `only` of a table (none: nothing is replaced) with one, in one transaction. */
export async function replaceSomeMods(deps: AppDeps, user: User, scenarioId: number, modType: string, only: number[], body: ChangeBody): Promise<{ value: true; id: number }> {
  const change = await checkedChange(deps, user, scenarioId, modType, body);
  return deps.db.transaction(async (trx) => {
    if (only.length) await ScenarioModification.query(trx).where({ scenarioId, modType }).whereIn('id', only).delete();
    return storeChange(trx, change);
  });
}

/** The project's current HRUs in the order a run writes them (run/build.ts: by subbasin number,
 * then sortOrder), `number` 1.. being the HRU's number in the TxtInOut. */
export async function scenarioHrus(deps: AppDeps, user: User, scenarioId: number) {
  const { scenario } = await scenarioFor(user, scenarioId);
  const rows = (await deps.db('project_hrus')
    .where({ projectId: scenario.projectId, removed: false })
    .orderBy([{ column: 'subbasin' }, { column: 'sortOrder' }])
    .select('id', 'subbasin', 'subbasinId', 'subbasinName', 'landuse', 'soil', 'slopeClass', 'slope', 'slopeLength', 'area', 'fraction')) as Record<string, any>[];
  return rows.map((r, i) => ({
    id: Number(r.id),
    number: i + 1,
    subbasin: String(r.subbasinName),
    subbasinNumber: Number(r.subbasin),
    subbasinId: Number(r.subbasinId),
    landuse: r.landuse as string,
    soil: r.soil as string,
    slopeClass: r.slopeClass as string,
    slope: Number(r.slope),
    slopeLength: Number(r.slopeLength),
    area: Number(r.area),
    fraction: Number(r.fraction),
  }));
}

/** The land uses of the project's current HRUs: the dataset's name, the number of HRUs, and the
 * .mgt their first HRU is written with (its own, else the land use's template, as build.ts). */
export async function scenarioLandUses(deps: AppDeps, user: User, scenarioId: number) {
  const { scenario, project } = await scenarioFor(user, scenarioId);
  const rows = (await deps.db.raw(
    `select l.landuse, l.hrus, c.name,
            coalesce((select h.swat->'mgt' from project_hrus ph join hrus h on h.id = ph.hru_id
                       where ph.project_id = ? and not ph.removed and ph.landuse = l.landuse
                       order by ph.subbasin, ph.sort_order limit 1), c.swat->'mgt') as mgt
       from (select landuse, count(*)::int as hrus from project_hrus where project_id = ? and not removed group by landuse) l
       left join land_use_codes c on c.dataset_id = ? and c.code = l.landuse
      order by l.landuse`,
    [scenario.projectId, scenario.projectId, project.datasetId ?? -1],
  )).rows as { landuse: string; hrus: number; name: string | null; mgt: unknown }[];
  return rows.map((r) => ({ code: r.landuse, name: r.name ?? r.landuse, hrus: Number(r.hrus), ...(r.mgt ? { mgt: r.mgt } : {}) }));
}
