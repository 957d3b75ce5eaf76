// Admin reports (spec 3 §2.3 Reports, §3 Report, §4 'running, then complete; live updates', §5
// 'type required; dataset required unless the type is User Statistics'). Creating one records
// it as running and queues the `admin-report` job (job.ts), which writes the CSV and marks it
// complete; every change is pushed to room `adminreports` (administrators) as
// `admin-report-status`. Administrators and partial administrators may create, list, download
// and delete reports (§6 reserves no report action to full administrators).
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Knex } from 'knex';
import { InputError, NotFoundError, type FieldErrors } from '@headwater/plugin-sdk/server';
import type { AppDeps } from '../../deps.ts';
import type { GridSpec } from '../../db/grid.ts';
import { Dataset } from '../datasets/models.ts';
import type { User } from '../users/models.ts';
import { AdminReport } from './models.ts';

export const REPORT_QUEUE = 'admin-report';
export const REPORT_ROOM = 'adminreports';
export const REPORT_EVENT = 'admin-report-status';

/** The report types: the spec's User Statistics (no dataset), and per dataset the figures an
 * operator asks for. `name` is what the create form sends (spec 3 §7 POST admin/reports). */
export const REPORT_TYPES = [
  { name: 'User Statistics', needsDataset: false, description: 'Users by organisation category and country.' },
  { name: 'Projects and Scenarios', needsDataset: true, description: "One row per project of the dataset: owner, size, scenarios and runs." },
  { name: 'Runs per Month', needsDataset: true, description: 'Scenario runs of the dataset and their run time, per month.' },
  { name: 'Tier Usage', needsDataset: true, description: 'Per tier: users, projects, scenarios and runs on the dataset.' },
] as const;
export type ReportType = (typeof REPORT_TYPES)[number]['name'];

export function reportsDir(deps: Pick<AppDeps, 'config'>): string {
  return join(deps.config.filesDir, 'admin-reports');
}

export function reportFile(deps: Pick<AppDeps, 'config'>, report: Pick<AdminReport, 'id'>): string {
  return join(reportsDir(deps), `${report.id}.csv`);
}

export function reportRow(r: AdminReport) {
  return { id: r.id, name: r.name, reportType: r.reportType, dataset: r.dataset, datasetID: r.datasetId, status: r.status, statusMessage: r.statusMessage, createdDate: r.createdDate, completedDate: r.completedDate, fileName: r.fileName, rowCount: r.rowCount, createdBy: r.createdBy };
}

export async function publishReport(deps: Pick<AppDeps, 'bus'>, r: AdminReport): Promise<void> {
  await deps.bus.publish(REPORT_ROOM, REPORT_EVENT, reportRow(r));
}

export async function reportOptions(user: User) {
  const datasets = await Dataset.query().modify('accessibleBy', user).select('id', 'name').orderBy('name');
  return { types: REPORT_TYPES.map((t) => ({ ...t })), datasets: datasets.map((d) => ({ value: d.id, text: d.name })) };
}

export async function createReport(deps: Pick<AppDeps, 'queue' | 'bus'>, user: User, form: { name?: unknown; datasetID?: unknown }) {
  const errors: FieldErrors = {};
  const type = REPORT_TYPES.find((t) => t.name === form.name);
  if (!type) errors.name = ['Required'];
  const datasetId = form.datasetID === null || form.datasetID === undefined || form.datasetID === '' ? null : Number(form.datasetID);
  let dataset: Dataset | undefined;
  if (type?.needsDataset) {
    if (datasetId === null) errors.datasetID = ['Required'];
    else if (!Number.isInteger(datasetId) || !(dataset = await Dataset.query().findById(datasetId))) errors.datasetID = ['Please select a dataset.'];
  }
  if (Object.keys(errors).length || !type) throw new InputError(errors);
  const report = await AdminReport.query().insertAndFetch({
    reportType: type.name,
    name: dataset ? `${type.name} - ${dataset.name}` : type.name,
    datasetId: dataset?.id ?? null,
    dataset: dataset?.name ?? '',
    status: 'running',
    statusMessage: 'Queued',
    createdById: user.id,
    createdBy: user.userName,
    createdDate: new Date(),
  });
  await publishReport(deps, report);
  await deps.queue.queue<{ id: number }>(REPORT_QUEUE).add({ id: report.id }, { retries: 1, backoffMs: 2000 });
  return reportRow(report);
}

export const REPORT_GRID: GridSpec = {
  columns: [
    { field: 'id', header: 'ID', filter: false },
    { field: 'name', header: 'Name' },
    { field: 'dataset', header: 'Dataset' },
    { field: 'status', header: 'Status' },
    { field: 'createdDate', header: 'Created', filter: false },
    { field: 'fileName', header: 'File' },
    { field: 'createdBy', header: 'Created by' },
  ],
  defaultSort: 'createdDate_desc',
  defaultPerPage: 50,
};

export function reportRowsQuery(deps: Pick<AppDeps, 'db'>): { query: Knex.QueryBuilder } {
  const query = AdminReport.query(deps.db)
    .select('id', 'name', 'reportType', 'dataset', 'datasetId', 'status', 'statusMessage', 'createdDate', 'completedDate', 'fileName', 'rowCount', 'createdBy')
    .toKnexQuery();
  return { query };
}

export async function reportDownload(deps: Pick<AppDeps, 'config'>, id: number): Promise<{ path: string; fileName: string }> {
  const r = await AdminReport.query().findById(id);
  if (!r || r.status !== 'complete' || !r.fileName) throw new NotFoundError();
  const path = reportFile(deps, r);
  if (!existsSync(path)) throw new NotFoundError();
  return { path, fileName: r.fileName };
}

export async function deleteReport(deps: Pick<AppDeps, 'config' | 'bus'>, id: number) {
  const r = await AdminReport.query().findById(id);
  if (!r) throw new NotFoundError();
  await AdminReport.query().deleteById(id);
  rmSync(reportFile(deps, r), { force: true });
  await deps.bus.publish(REPORT_ROOM, REPORT_EVENT, { id, deleted: true });
  return { id };
}
