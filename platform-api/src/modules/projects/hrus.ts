// HRUs of a project (spec 1 §4–§5, §7): the HRU page, setting them (the `project-set-hrus` job)
// and resetting them, the HRU table (current or original HRUs) and the subbasin table. A
// project's HRUs are its rows in project_hrus (README: original and current values in one row).
import type { Knex } from 'knex';
import { ref } from 'objection';
import { defaultTargetHrus, isWaterOrWetland, THRESHOLD_MESSAGE, type HruMethod, type HruUnits } from '@headwater/swat/hru/index.ts';
import { InputError } from '@headwater/plugin-sdk/server';
import type { AppDeps } from '../../deps.ts';
import type { GridColumn, GridSpec } from '../../db/grid.ts';
import { Dataset, LandUseCode } from '../datasets/models.ts';
import type { User } from '../users/models.ts';
import { projectFor, tierOf } from './access.ts';
import { Project, ProjectHru } from './models.ts';
import { scenarioState } from './scenarios-link.ts';
import { BUSY_MESSAGE, HAS_SCENARIOS_MESSAGE, QUEUES, projectJson, type ProjectJob } from './service.ts';
import { isBusy, progressOf, statusOf } from './status.ts';

export async function hruPage(deps: AppDeps, user: User, id: number) {
  const p = await projectFor(user, id);
  const dataset = p.datasetId ? await Dataset.query().findById(p.datasetId) : undefined;
  const present = await ProjectHru.query().distinct('landuse').where('projectId', p.id).orderBy('landuse');
  const names = new Map((p.datasetId ? await LandUseCode.query().where('datasetId', p.datasetId) : []).map((c) => [c.code.toUpperCase(), c]));
  const cropCodes = present.map(({ landuse }) => ({ code: landuse, name: names.get(landuse.toUpperCase())?.name ?? landuse }));
  const defaultWetlands = present.map((r) => r.landuse).filter((code) => names.get(code.toUpperCase())?.isWater || isWaterOrWetland(code));
  return {
    project: await projectJson(deps, p),
    status: statusOf(p),
    progress: progressOf(p),
    cropCodes,
    defaultWetlands,
    iclusHruThreshold: dataset?.iclusHruThreshold ?? null,
    defaultHruThreshold: dataset?.defaultHruThreshold ?? 1,
    defaultTargetThreshold: defaultTargetHrus(p.numOriginalHrus, p.numSubbasins),
  };
}

export type HruForm = {
  projectID: number;
  method: HruMethod;
  targetThreshold?: number | null;
  areaThreshold?: number | null;
  landuseThreshold?: number | null;
  soilThreshold?: number | null;
  slopeThreshold?: number | null;
  exemptLanduse?: string[] | null;
  noAreaRedistribution?: string[] | null;
  units?: string | null;
};

/** 'percent' (or '%'); anything else is km². */
export function unitsOf(units: string | null | undefined): HruUnits {
  return units && /^(percent|%|pct|1)$/i.test(String(units)) ? 'percent' : 'km2';
}

function checkHruForm(p: Project, form: HruForm) {
  const errors: Record<string, string[]> = {};
  const positive = (field: keyof HruForm, v: number | null | undefined) => {
    if (typeof v !== 'number' || !Number.isFinite(v) || v <= 0) (errors[field] ??= []).push(THRESHOLD_MESSAGE);
    return v ?? 0;
  };
  const units = unitsOf(form.units);
  const threshold = form.method === 'area' ? (form.areaThreshold ?? form.targetThreshold) : form.targetThreshold;
  if (form.method === 'target') {
    const t = positive('targetThreshold', threshold);
    const min = Math.min(p.numSubbasins, p.numOriginalHrus);
    if (!errors.targetThreshold && (!Number.isInteger(t) || t < min || t > p.numOriginalHrus)) {
      errors.targetThreshold = [`The target number of HRUs must be a whole number from ${min} to ${p.numOriginalHrus}.`];
    }
  } else if (form.method === 'area') {
    const t = positive('targetThreshold', threshold);
    const max = units === 'percent' ? 100 : p.totalLandArea || p.totalArea;
    if (!errors.targetThreshold && t > max) errors.targetThreshold = [units === 'percent' ? 'The threshold must be from 0 to 100 percent.' : `The threshold must be from 0 to the total land area (${max.toFixed(2)} km²).`];
  } else {
    for (const f of ['landuseThreshold', 'soilThreshold', 'slopeThreshold'] as const) {
      const t = positive(f, form[f]);
      if (!errors[f] && t > 100) errors[f] = ['The threshold must be from 0 to 100 percent.'];
    }
  }
  if (Object.keys(errors).length) throw new InputError(errors);
  return { units, threshold: threshold ?? null };
}

export async function submitHrus(deps: AppDeps, user: User, form: HruForm) {
  const p = await projectFor(user, form.projectID, 'edit');
  if (isBusy(p) || !p.isCreated) throw new InputError(BUSY_MESSAGE);
  if ((await scenarioState(deps.db, p.id)).numScenarios > 0) throw new InputError(HAS_SCENARIOS_MESSAGE);
  const { units, threshold } = checkHruForm(p, form);
  const dataset = p.datasetId ? await Dataset.query().findById(p.datasetId) : undefined;
  const iclus = dataset?.iclusHruThreshold != null;
  let exempt = (form.exemptLanduse ?? []).map(String);
  if (iclus || form.exemptLanduse == null) {
    // Water and wetlands by default; ICLUS datasets lock the exemptions to them (spec 1 §5).
    const present = await ProjectHru.query().distinct('landuse').where('projectId', p.id);
    exempt = present.map((r) => r.landuse).filter(isWaterOrWetland);
  }
  const tier = await tierOf(user);
  await Project.query()
    .patch({
      method: form.method,
      units,
      targetThreshold: form.method === 'percent' ? null : threshold,
      landuseThreshold: form.method === 'percent' ? (form.landuseThreshold ?? null) : null,
      soilThreshold: form.method === 'percent' ? (form.soilThreshold ?? null) : null,
      slopeThreshold: form.method === 'percent' ? (form.slopeThreshold ?? null) : null,
      exemptLanduse: exempt,
      noAreaRedistribution: (form.noAreaRedistribution ?? []).map(String),
      isSettingHrus: true,
      hasError: false,
      exceptionMessage: '',
      progressPercent: 0,
      statusMessage: 'Waiting in the queue to set HRUs...',
      progressMessage: 'Waiting in the queue to set HRUs...',
      lastModifiedDate: new Date(),
    })
    .where('id', p.id);
  await deps.queue.queue<ProjectJob>(QUEUES.setHrus).add({ projectId: p.id }, { priority: tier?.queuePriority ?? 'default' });
  return { value: true };
}

export async function resetHrus(deps: AppDeps, user: User, id: number) {
  const p = await projectFor(user, id, 'edit');
  if (isBusy(p)) throw new InputError(BUSY_MESSAGE);
  if ((await scenarioState(deps.db, p.id)).numScenarios > 0) throw new InputError(HAS_SCENARIOS_MESSAGE);
  await deps.db.transaction(async (trx) => {
    await ProjectHru.query(trx).patch({ area: ref('originalArea'), fraction: ref('originalFraction'), removed: false }).where('projectId', p.id);
    await Project.query(trx)
      .patch({
        method: null,
        units: null,
        targetThreshold: null,
        landuseThreshold: null,
        soilThreshold: null,
        slopeThreshold: null,
        exemptLanduse: [],
        noAreaRedistribution: [],
        trimmedLanduseArea: null,
        trimmedGroups: null,
        hasSetHrus: false,
        numHrus: p.numOriginalHrus,
        lastModifiedDate: new Date(),
      })
      .where('id', p.id);
  });
  return { value: true };
}

export const HRU_GRID: GridSpec = {
  columns: [
    { field: 'id', filter: false, csv: false },
    { field: 'sortOrder', filter: false, csv: false },
    { field: 'subbasin', header: 'Subbasin' },
    { field: 'landuse', header: 'Land Use' },
    { field: 'soil', header: 'Soil' },
    { field: 'slopeClass', header: 'Slope Class' },
    { field: 'slope', header: 'Slope', filter: false },
    { field: 'slopeLength', header: 'Slope Length', filter: false },
    { field: 'area', header: 'Area', filter: false },
    { field: 'fraction', header: 'Fraction', filter: false },
    { field: 'cn2', header: 'CN2', filter: false },
    { field: 'ov_n', header: 'OV_N', filter: false },
  ],
  defaultSort: 'sortOrder',
  tieBreaker: 'sortOrder', // unique within a project
  defaultPerPage: 100,
  maxPerPage: 5000,
};

/** The HRU table rows of a project (current HRUs; the original ones with `original`). */
export async function hruRowsQuery(deps: AppDeps, user: User, id: number, original: boolean): Promise<{ query: Knex.QueryBuilder; total: number }> {
  const p = await projectFor(user, id);
  // The project row keeps both counts (the jobs set them), so an unfiltered page needs no count.
  return { query: hruRowsOf(deps.db, p.id, original), total: original ? p.numOriginalHrus : p.numHrus };
}

export function hruRowsOf(db: Knex, projectId: number, original: boolean): Knex.QueryBuilder {
  const q = db
    .select('id', 'sortOrder', 'subbasin', 'subbasinName', 'landuse', 'soil', 'slopeClass', 'slope', 'slopeLength', 'cn2', db.raw('ov_n as ov_n'), 'hruId')
    .select(original ? db.raw('original_area as area, original_fraction as fraction') : db.raw('area, fraction'))
    .from('project_hrus')
    .where('projectId', projectId);
  if (!original) q.where('removed', false);
  return q;
}

/** Rows of the grid arrive camelCased; the spec's HRU row names OV_N `ov_n`. */
export function hruRow(r: Record<string, unknown>): Record<string, unknown> {
  const { ovN, ...rest } = r as { ovN?: unknown };
  return { ...rest, ov_n: ovN ?? (r as { ov_n?: unknown }).ov_n };
}

export const HRU_CSV_COLUMNS: GridColumn[] = [{ field: 'sortOrder', header: 'HRU' }, { field: 'subbasinName', header: 'Subbasin Name' }, ...HRU_GRID.columns.filter((c) => c.csv !== false)];

export const SUBBASIN_COLUMNS: GridColumn[] = [
  { field: 'number', header: 'Subbasin' },
  { field: 'name', header: 'Name' },
  { field: 'downstreamName', header: 'Downstream' },
  { field: 'area', header: 'Area (sq km)' },
  { field: 'landArea', header: 'Land Area (sq km)' },
  { field: 'elevation', header: 'Elevation (m)' },
  { field: 'numHrus', header: 'HRUs' },
];

export async function subbasinRowsOf(db: Knex, projectId: number) {
  const kept = db('project_hrus').count('*').where('projectId', projectId).where('removed', false).whereRaw('project_hrus.subbasin = project_subbasins.number');
  const rows = (await db('project_subbasins')
    .select('number', 'name', 'downstreamName', 'area', 'landArea', 'elevation', kept.as('numHrus'))
    .where('projectId', projectId)
    .orderBy('number')) as Record<string, unknown>[];
  return rows.map((r) => ({ ...r, numHrus: Number(r.numHrus) }));
}
