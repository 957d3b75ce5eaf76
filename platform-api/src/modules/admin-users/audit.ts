// Writing and reading the audit log. Every change a service of the admin area makes records one
// entry inside the same transaction as the change, so a change never goes unrecorded.
import type { Knex } from 'knex';
import type { User } from '../users/models.ts';
import { AuditEntry, type AuditEntity } from './models.ts';

export async function record(
  trx: Knex.Transaction | undefined,
  actor: Pick<User, 'id' | 'userName'>,
  entity: AuditEntity,
  target: { id: number; name: string },
  action: string,
  details = '',
): Promise<void> {
  await AuditEntry.query(trx).insert({ entity, entityId: target.id, entityName: target.name, actorId: actor.id, actorName: actor.userName, action, details, createdAt: new Date() });
}

/** The entries about one user or tier, newest first. */
export async function entriesFor(entity: AuditEntity, id: number, limit = 200) {
  const rows = await AuditEntry.query().where({ entity, entityId: id }).orderBy([{ column: 'createdAt', order: 'desc' }, { column: 'id', order: 'desc' }]).limit(limit);
  return rows.map((r) => r.toJSONForClient());
}
