// Error reports and feedback (spec 1 'errors' sub-page and /feedback, spec 2 §4 'Report this
// error'): a user reports a failed project job or scenario run — optionally clearing the error —
// or sends general feedback about no project; reads the reports of the projects they may open and
// their own list (/feedback: 50 a page, newest first) with the administrator's reply. Reports go
// through ErrorReport's `accessibleBy` modifier.
import type { Knex } from 'knex';
import { raw } from 'objection';
import { InputError, NotFoundError, type FieldErrors } from '@headwater/plugin-sdk/server';
import type { AppDeps } from '../../deps.ts';
import type { GridSpec } from '../../db/grid.ts';
import { projectFor } from '../projects/access.ts';
import { clearError as clearProjectError } from '../projects/service.ts';
import { asInt, clearScenarioError, scenarioFor } from '../scenarios/service.ts';
import type { User } from '../users/models.ts';
import { ErrorReport } from './models.ts';

export const INVALID_SCENARIO = 'Invalid scenario ID for this project. Please check the URL in your browser.';

export type ErrorReportForm = { projectID?: unknown; scenarioID?: unknown; title?: unknown; message?: unknown; exception?: unknown; userComments?: unknown; clearError?: unknown };

export async function submitErrorReport(deps: AppDeps, user: User, form: ErrorReportForm): Promise<{ id: number }> {
  const errors: FieldErrors = {};
  const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
  const title = text(form.title);
  const comments = text(form.userComments);
  if (!title) errors.title = ['Required'];
  else if (title.length > 200) errors.title = ['Must be fewer than 200 characters'];
  if (!comments) errors.userComments = ['Required'];
  if (Object.keys(errors).length) throw new InputError(errors);
  const projectId = asInt(form.projectID);
  const scenarioId = asInt(form.scenarioID);
  if (projectId !== null && !Number.isNaN(projectId)) await projectFor(user, projectId);
  if (scenarioId !== null && !Number.isNaN(scenarioId)) {
    const { project } = await scenarioFor(user, scenarioId);
    if (projectId !== null && project.id !== projectId) throw new InputError(INVALID_SCENARIO);
  }
  const report = await ErrorReport.query().insertAndFetch({
    userId: user.id,
    projectId: projectId !== null && !Number.isNaN(projectId) ? projectId : null,
    scenarioId: scenarioId !== null && !Number.isNaN(scenarioId) ? scenarioId : null,
    title,
    message: text(form.message).slice(0, 10_000),
    exception: text(form.exception).slice(0, 100_000),
    userComments: comments.slice(0, 10_000),
    status: 'Submitted',
    dateSubmitted: new Date(),
  });
  if (form.clearError === true || form.clearError === 'true') {
    if (report.scenarioId) await clearScenarioError(deps, user, report.scenarioId).catch(() => {});
    else if (report.projectId) await clearProjectError(user, report.projectId);
  }
  return { id: report.id };
}

export const ERROR_REPORT_GRID: GridSpec = {
  columns: [
    { field: 'id', header: 'ID', filter: false },
    { field: 'title', header: 'Title' },
    { field: 'scenario', header: 'Scenario' },
    { field: 'status', header: 'Status' },
    { field: 'dateSubmitted', header: 'Submitted', filter: false },
  ],
  defaultSort: 'dateSubmitted_desc',
  defaultPerPage: 50,
};

/** A project's error reports (spec 1 'errors' sub-page; 50 per page, newest first), as a knex query for the grid helpers. */
export async function errorReportRowsQuery(deps: AppDeps, user: User, projectId: number): Promise<{ query: Knex.QueryBuilder }> {
  await projectFor(user, projectId); // 404 before an empty list
  const query = ErrorReport.query(deps.db)
    .alias('r')
    .select('r.id', 'r.title', raw(`coalesce(s.name, '') as scenario`), 'r.scenarioId', 'r.status', 'r.dateSubmitted')
    .leftJoin('scenarios as s', 's.id', 'r.scenarioId')
    .where('r.projectId', projectId)
    .modify('accessibleBy', user)
    .toKnexQuery();
  return { query };
}

/** One report: its author, and whoever may open its project, reads it (404 for anyone else, as for none). */
export async function getErrorReport(user: User, id: number) {
  const r = await ErrorReport.query().findById(id).modify('accessibleBy', user).withGraphFetched('[project(name), scenario(name)]').modifiers({ name: (q) => q.select('id', 'name') });
  if (!r) throw new NotFoundError();
  return {
    id: r.id,
    projectID: r.projectId,
    project: r.project?.name ?? null,
    scenarioID: r.scenarioId,
    scenario: r.scenario?.name ?? null,
    title: r.title,
    message: r.message,
    exception: r.exception,
    userComments: r.userComments,
    status: r.status,
    dateSubmitted: r.dateSubmitted,
    /** the administrator's reply (the admin area sets it) */
    developerComments: r.developerComments ?? '',
    resolvedBy: r.resolvedBy ?? null,
    resolvedDate: r.resolvedDate ?? null,
  };
}

export const FEEDBACK_GRID: GridSpec = {
  columns: [
    { field: 'id', header: 'ID', filter: false },
    { field: 'title', header: 'Title' },
    { field: 'project', header: 'Project' },
    { field: 'projectId', header: 'Project ID', filter: false, csv: false },
    { field: 'scenario', header: 'Scenario' },
    { field: 'scenarioId', header: 'Scenario ID', filter: false, csv: false },
    { field: 'status', header: 'Status' },
    { field: 'hasReply', header: 'Replied', filter: false },
    { field: 'dateSubmitted', header: 'Submitted', filter: false },
  ],
  defaultSort: 'dateSubmitted_desc',
  defaultPerPage: 50,
};

/** GET errorreports: the user's own reports and feedback (spec 1 /feedback: 50 a page by date, newest first). */
export function feedbackRowsQuery(deps: Pick<AppDeps, 'db'>, user: User): { query: Knex.QueryBuilder } {
  const query = ErrorReport.query(deps.db)
    .alias('r')
    .select(
      'r.id',
      'r.title',
      raw(`coalesce(p.name, '') as project`),
      'r.projectId',
      raw(`coalesce(s.name, '') as scenario`),
      'r.scenarioId',
      'r.status',
      raw(`(r.developer_comments <> '') as has_reply`),
      'r.dateSubmitted',
    )
    .leftJoin('projects as p', 'p.id', 'r.projectId')
    .leftJoin('scenarios as s', 's.id', 'r.scenarioId')
    .where('r.userId', user.id)
    .toKnexQuery();
  return { query };
}
