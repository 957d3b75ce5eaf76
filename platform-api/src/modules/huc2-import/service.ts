// Regional (HUC2) imports (spec 3 §2.3, §3 HUC2 import, §4, §7 'Regional imports'): full
// administrators load regional source data placed on the server (DATA_DIR/huc2, README.md) as
// system datasets, one per region and resolution, on the `huc2-import` queue, with live
// progress on room 'importhuc2' (event 'import-huc-version2-status-changed': importID,
// progress, statusMessage; importID 0 is the soils import). Behind the app setting
// 'huc2ImportsEnabled' (off by default).
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import type { Knex } from 'knex';
import { FeatureDisabledError, InputError, NotFoundError } from '@headwater/plugin-sdk/server';
import type { AppDeps } from '../../deps.ts';
import type { User } from '../users/models.ts';
import { record } from '../admin-users/audit.ts';
import type { AuditEntity } from '../admin-users/models.ts';
import { getSetting, setSetting } from '../settings/service.ts';

export const HUC2_QUEUE = 'huc2-import';
export const HUC2_ROOM = 'importhuc2';
export const HUC2_EVENT = 'import-huc-version2-status-changed';
export const ENABLED_SETTING = 'huc2ImportsEnabled';
export const SOILS_SETTING = 'huc2Soils';
export const STARTING_MESSAGE = 'Starting import...';
export const ABORTING_MESSAGE = 'Aborting please wait...';
const ENTITY: AuditEntity = 'site';

export type Huc2Job = { importId: number } | { soils: true };
export type SoilsState = { count: number; progress: number; isRunning: boolean; hasError: boolean; statusMessage: string };
type ImportRow = {
  id: number;
  region: string;
  digits: number;
  datasetId: number | null;
  isRunning: boolean;
  abortRequested: boolean;
  hasError: boolean;
  exceptionMessage: string;
  isComplete: boolean;
  progress: number;
  statusMessage: string;
  importedDate: Date | null;
  importTime: number | null;
};

/** DATA_DIR/huc2: where administrators place the regional source data. */
export const huc2Root = (deps: Pick<AppDeps, 'config'>) => resolve(deps.config.dataDir, 'huc2');

/** A folder inside the HUC2 root (path-checked: no name may lead out of it). */
export function sourceDir(deps: Pick<AppDeps, 'config'>, ...parts: string[]): string {
  const root = huc2Root(deps);
  const dir = resolve(root, ...parts);
  if (!dir.startsWith(root + sep)) throw new InputError('That folder is outside the regional data folder.');
  return dir;
}

export const datasetKey = (region: string, digits: number) => `huc2-${region}-huc${digits}`;

export async function isEnabled(): Promise<boolean> {
  return (await getSetting<boolean>(ENABLED_SETTING)) === true;
}

async function requireEnabled(): Promise<void> {
  if (!(await isEnabled())) throw new FeatureDisabledError();
}

/** The regions and resolutions on disk: DATA_DIR/huc2/<HUC2 code>/huc<digits>/dataset.json. */
function scan(deps: Pick<AppDeps, 'config'>): { region: string; digits: number }[] {
  const root = huc2Root(deps);
  if (!existsSync(root)) return [];
  const out: { region: string; digits: number }[] = [];
  for (const region of readdirSync(root).sort()) {
    if (!/^\d{2}$/.test(region) || !statSync(join(root, region)).isDirectory()) continue;
    for (const res of readdirSync(join(root, region)).sort()) {
      const m = /^huc(8|10|12)$/.exec(res);
      if (m && existsSync(join(root, region, res, 'dataset.json'))) out.push({ region, digits: Number(m[1]) });
    }
  }
  return out;
}

const importView = (r: ImportRow) => ({
  id: r.id,
  region: r.region,
  digits: r.digits,
  datasetID: r.datasetId,
  importedDate: r.importedDate,
  importTime: r.importTime,
  status: { isRunning: r.isRunning, hasError: r.hasError, exceptionMessage: r.exceptionMessage, isComplete: r.isComplete, isAborting: r.isRunning && r.abortRequested },
  progress: { percent: r.progress, message: r.statusMessage },
});

export async function soilsState(): Promise<SoilsState> {
  return { count: 0, progress: 0, isRunning: false, hasError: false, statusMessage: '', ...((await getSetting<SoilsState>(SOILS_SETTING)) ?? {}) };
}

/** GET admin/importHuc2: the regions found on disk (each resolution an import row, made on
 * first sight), the imports by id, the soils import. */
export async function overview(deps: Pick<AppDeps, 'db' | 'config'>) {
  const enabled = await isEnabled();
  if (!enabled) return { enabled, regions: [], imports: {}, soils: await soilsState() };
  for (const { region, digits } of scan(deps)) {
    await deps.db('huc2_imports').insert({ region, digits }).onConflict(['region', 'digits']).ignore();
  }
  const rows = (await deps.db('huc2_imports').orderBy(['region', 'digits'])) as ImportRow[];
  const regions = new Map<string, { value: number; text: string; id: number }[]>();
  for (const r of rows) {
    if (!regions.has(r.region)) regions.set(r.region, []);
    regions.get(r.region)!.push({ value: r.digits, text: `HUC${r.digits}`, id: r.id });
  }
  return {
    enabled,
    regions: [...regions].map(([name, resolutions]) => ({ name, resolutions })),
    imports: Object.fromEntries(rows.map((r) => [r.id, importView(r)])),
    soils: await soilsState(),
  };
}

/** POST admin/importHuc2/enabled { value }: the flag (full administrators). */
export async function setEnabled(admin: User, value: boolean) {
  await setSetting(ENABLED_SETTING, value);
  await record(undefined, admin, ENTITY, { id: 0, name: ENABLED_SETTING }, value ? 'enable' : 'disable');
  return { enabled: value };
}

async function publish(deps: Pick<AppDeps, 'bus'>, importID: number, progress: number, statusMessage: string) {
  await deps.bus.publish(HUC2_ROOM, HUC2_EVENT, { importID, progress, statusMessage });
}

/** POST admin/importHuc2/{id}: import (or re-import, or restart after an error) one region. */
export async function startImport(deps: AppDeps, admin: User, id: number) {
  await requireEnabled();
  const started = await deps.db.transaction(async (trx: Knex.Transaction) => {
    const row = (await trx('huc2_imports').where('id', id).forUpdate().first()) as ImportRow | undefined;
    if (!row) throw new NotFoundError();
    if (row.isRunning) throw new InputError('This import is running already.');
    if (!existsSync(join(sourceDir(deps, row.region, `huc${row.digits}`), 'dataset.json'))) throw new InputError('The source data of this region is no longer on the server.');
    await trx('huc2_imports').where('id', id).update({ isRunning: true, abortRequested: false, hasError: false, exceptionMessage: '', isComplete: false, progress: 1, statusMessage: STARTING_MESSAGE });
    await record(trx, admin, ENTITY, { id, name: `HUC2 ${row.region} HUC${row.digits}` }, 'huc2-import');
    return row;
  });
  await publish(deps, id, 1, STARTING_MESSAGE);
  await deps.queue.queue<Huc2Job>(HUC2_QUEUE).add({ importId: started.id });
  return { id, progress: 1, statusMessage: STARTING_MESSAGE };
}

/** POST admin/importHuc2/all: every region not complete and not running. */
export async function startAll(deps: AppDeps, admin: User) {
  await requireEnabled();
  await overview(deps);
  const rows = (await deps.db('huc2_imports').where({ isRunning: false, isComplete: false }).orderBy('id')) as ImportRow[];
  for (const r of rows) await startImport(deps, admin, r.id);
  return { started: rows.map((r) => r.id) };
}

/** POST admin/importHuc2/abort/{id}: the job stops at its next progress step; the dataset
 * transaction rolls back, so nothing half-loaded stays. */
export async function abortImport(deps: AppDeps, admin: User, id: number) {
  await requireEnabled();
  const row = (await deps.db('huc2_imports').where('id', id).first()) as ImportRow | undefined;
  if (!row) throw new NotFoundError();
  if (!row.isRunning) throw new InputError('This import is not running.');
  await deps.db('huc2_imports').where('id', id).update({ abortRequested: true, statusMessage: ABORTING_MESSAGE });
  await record(undefined, admin, ENTITY, { id, name: `HUC2 ${row.region} HUC${row.digits}` }, 'huc2-abort');
  await publish(deps, id, row.progress, ABORTING_MESSAGE);
  return { id, statusMessage: ABORTING_MESSAGE };
}

/** POST admin/importHuc2/soils: the regional soils file into every imported region's dataset. */
export async function startSoils(deps: AppDeps, admin: User) {
  await requireEnabled();
  const state = await soilsState();
  if (state.isRunning) throw new InputError('The soils import is running already.');
  if (!existsSync(join(huc2Root(deps), 'soils', 'soils.json'))) throw new InputError('There is no soils file (huc2/soils/soils.json) on the server.');
  await setSetting(SOILS_SETTING, { ...state, isRunning: true, hasError: false, progress: 1, statusMessage: STARTING_MESSAGE });
  await record(undefined, admin, ENTITY, { id: 0, name: 'HUC2 soils' }, 'huc2-soils');
  await publish(deps, 0, 1, STARTING_MESSAGE);
  await deps.queue.queue<Huc2Job>(HUC2_QUEUE).add({ soils: true });
  return { progress: 1, statusMessage: STARTING_MESSAGE };
}

export { publish as publishHuc2 };
