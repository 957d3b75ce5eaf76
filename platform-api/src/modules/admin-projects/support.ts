// Support access (issue 20): an administrator reaching a project that is neither theirs nor
// shared with them is recorded in the audit log. Kept apart from service.ts so the access rule
// (projects/access.ts) can call it without an import cycle through the projects service.
import type { Knex } from 'knex';
import { record } from '../admin-users/audit.ts';
import { AuditEntry } from '../admin-users/models.ts';

/** One support-access entry per administrator and project per hour: every page of a project
 * makes dozens of calls, and the log should say who looked and when, not count requests. */
export const SUPPORT_ACCESS_WINDOW_MS = 3600_000;

export async function recordSupportAccess(admin: { id: number; userName?: string }, projectId: number, trx?: Knex.Transaction): Promise<void> {
  const since = new Date(Date.now() - SUPPORT_ACCESS_WINDOW_MS);
  const recent = await AuditEntry.query(trx).where({ entity: 'project', entityId: projectId, actorId: admin.id, action: 'support-access' }).where('createdAt', '>', since).first();
  if (recent) return;
  const p = (await AuditEntry.knex()('projects').modify((q) => (trx ? q.transacting(trx) : q)).where('id', projectId).first('name')) as { name: string } | undefined;
  await record(trx, { id: admin.id, userName: admin.userName ?? '' }, 'project', { id: projectId, name: p?.name ?? '' }, 'support-access', 'opened for support');
}
