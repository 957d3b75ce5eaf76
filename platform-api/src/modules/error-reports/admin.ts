// The admin side of feedback and error reports (spec 3 §2.3 AdminErrors, §3 Admin error report,
// §4 'Submitted, Working, Resolved; an administrator may set any status; the resolution date is
// shown when present', §5 'no validation' of the edit, §7 calls). Administrators and partial
// administrators (the routes check the role): every report, 50 a page; one report with its
// author; the update — status, developer comments, resolved by/date — which notifies the author
// (a notification linking to /feedback/{id}) when the status or reply changed, and e-mails the
// reply to the author (and a copy to `ccEmail`) when asked.
import type { Knex } from 'knex';
import { raw } from 'objection';
import { InputError, NotFoundError, type FieldErrors } from '@headwater/plugin-sdk/server';
import type { AppDeps } from '../../deps.ts';
import type { GridSpec } from '../../db/grid.ts';
import { queueMail } from '../../mail/job.ts';
import type { Mail } from '../../mail/outbox.ts';
import { notify } from '../accounts/service.ts';
import { SiteText } from '../site/models.ts';
import type { User } from '../users/models.ts';
import { ErrorReport } from './models.ts';

type Status = ErrorReport['status'];
/** spec 3 §3 Admin error report status (the SDK's ERROR_REPORT_STATUSES on the client) */
const STATUSES: readonly string[] = ['Submitted', 'Working', 'Resolved'];
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const ADMIN_ERROR_GRID: GridSpec = {
  columns: [
    { field: 'id', header: 'ID', filter: false },
    { field: 'title', header: 'Title' },
    { field: 'userName', header: 'User' },
    { field: 'project', header: 'Project' },
    { field: 'projectId', header: 'Project ID', filter: false, csv: false },
    { field: 'scenario', header: 'Scenario' },
    { field: 'scenarioId', header: 'Scenario ID', filter: false, csv: false },
    { field: 'status', header: 'Status' },
    { field: 'dateSubmitted', header: 'Submitted', filter: false },
    { field: 'resolvedBy', header: 'Resolved by' },
    { field: 'resolvedDate', header: 'Resolved', filter: false },
  ],
  defaultSort: 'dateSubmitted_desc',
  defaultPerPage: 50,
};

/** GET admin/errorreports: every report and feedback of the site; `status` narrows to one status. */
export function adminErrorRowsQuery(deps: Pick<AppDeps, 'db'>, status?: string): { query: Knex.QueryBuilder } {
  const q = ErrorReport.query(deps.db)
    .alias('r')
    .select(
      'r.id',
      'r.title',
      raw(`coalesce(u.user_name, '') as user_name`),
      raw(`coalesce(p.name, '') as project`),
      'r.projectId',
      raw(`coalesce(s.name, '') as scenario`),
      'r.scenarioId',
      'r.status',
      'r.dateSubmitted',
      'r.resolvedBy',
      'r.resolvedDate',
    )
    .leftJoin('users as u', 'u.id', 'r.userId')
    .leftJoin('projects as p', 'p.id', 'r.projectId')
    .leftJoin('scenarios as s', 's.id', 'r.scenarioId');
  if (status && STATUSES.includes(status)) q.where('r.status', status);
  return { query: q.toKnexQuery() };
}

export async function adminErrorReport(id: number) {
  const r = await ErrorReport.query()
    .findById(id)
    .withGraphFetched('[user(who), project(name), scenario(name)]')
    .modifiers({ name: (q) => q.select('id', 'name'), who: (q) => q.select('id', 'userName', 'email') });
  if (!r) throw new NotFoundError();
  return {
    id: r.id,
    title: r.title,
    message: r.message,
    exception: r.exception,
    userComments: r.userComments,
    status: r.status,
    developerComments: r.developerComments ?? '',
    resolvedBy: r.resolvedBy ?? null,
    resolvedDate: r.resolvedDate ?? null,
    dateSubmitted: r.dateSubmitted,
    userID: r.userId,
    userName: r.user?.userName ?? null,
    userEmail: r.user?.email ?? null,
    project: r.project?.name ?? null,
    projectID: r.projectId,
    scenario: r.scenario?.name ?? null,
    scenarioID: r.scenarioId,
    emailedUserAt: r.emailedUserAt ?? null,
    ccEmail: r.ccEmail ?? '',
  };
}

export type AdminErrorForm = { title?: unknown; message?: unknown; status?: unknown; developerComments?: unknown; resolvedBy?: unknown; emailUser?: unknown; ccEmail?: unknown };

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function replyMail(deps: Pick<AppDeps, 'config'>, site: string, to: string, r: Pick<ErrorReport, 'id' | 'title' | 'status' | 'developerComments'>): Mail {
  const url = `${deps.config.publicUrl.replace(/\/$/, '')}/feedback/${r.id}`;
  const lines = [`Your report "${r.title}" on ${site} is now ${r.status}.`, ...(r.developerComments ? [`Reply from an administrator:\n${r.developerComments}`] : []), `View the report: ${url}`];
  return {
    to,
    subject: `${site}: your report "${r.title}" is ${r.status}`,
    text: lines.join('\n\n'),
    html: lines.map((l) => `<p>${esc(l).replace(/\n/g, '<br>')}</p>`).join('\n'),
  };
}

/** PUT admin/errorreports/{id}. */
export async function updateErrorReport(deps: Pick<AppDeps, 'db' | 'config' | 'queue' | 'bus' | 'tokens' | 'log'>, admin: User, id: number, form: AdminErrorForm) {
  const text = (v: unknown) => (typeof v === 'string' ? v.trim() : v === null || v === undefined ? undefined : String(v));
  const existing = await ErrorReport.query().findById(id).withGraphFetched('user');
  if (!existing) throw new NotFoundError();
  const errors: FieldErrors = {};
  const status = (text(form.status) ?? existing.status) as Status;
  if (!STATUSES.includes(status)) errors.status = [`Must be one of ${STATUSES.join(', ')}`];
  const ccEmail = text(form.ccEmail) ?? '';
  if (ccEmail && !EMAIL.test(ccEmail)) errors.ccEmail = ['Please enter a valid email address'];
  const emailUser = form.emailUser === true || form.emailUser === 'true';
  if (Object.keys(errors).length) throw new InputError(errors);

  const developerComments = text(form.developerComments) ?? existing.developerComments ?? '';
  const resolved = status === 'Resolved';
  const patch: Partial<ErrorReport> = {
    title: text(form.title) || existing.title,
    message: text(form.message) ?? existing.message,
    status,
    developerComments,
    // who resolved it: as typed, else the administrator saving it; kept while it stays resolved
    resolvedBy: resolved ? text(form.resolvedBy) || existing.resolvedBy || admin.userName : text(form.resolvedBy) || null,
    resolvedDate: resolved ? (existing.status === 'Resolved' && existing.resolvedDate ? existing.resolvedDate : new Date()) : null,
  };
  const mailTo = emailUser ? existing.user?.email : undefined;
  if (mailTo || ccEmail) {
    patch.emailedUserAt = mailTo ? new Date() : existing.emailedUserAt;
    patch.ccEmail = ccEmail;
  }
  const updated = await ErrorReport.query().patchAndFetchById(id, patch);

  const changed = existing.status !== updated.status || (existing.developerComments ?? '') !== updated.developerComments;
  if (changed && existing.user) {
    await notify(deps, existing.user, {
      title: `Your report "${updated.title}" is ${updated.status}`,
      details: updated.developerComments ? `Reply from an administrator: ${updated.developerComments.slice(0, 500)}` : '',
      url: `/feedback/${updated.id}`,
      urlText: 'View the report',
    });
  }
  if (mailTo || ccEmail) {
    const site = (await SiteText.query().findById('siteName'))?.value || 'Headwater';
    if (mailTo) await queueMail(deps, replyMail(deps, site, mailTo, updated));
    // the mail transport has no cc: the copy is a message of its own
    if (ccEmail) await queueMail(deps, replyMail(deps, site, ccEmail, updated));
  }
  return adminErrorReport(id);
}

export async function deleteErrorReport(id: number) {
  const n = await ErrorReport.query().deleteById(id);
  if (!n) throw new NotFoundError();
  return { id };
}
