// The administrators' audit log (migration 011_admin_users.ts): one row per change an
// administrator makes to a user account or a tier — who (actor), what (action, details), when.
import { BaseModel } from '../../db/base-model.ts';

export type AuditEntity = 'user' | 'tier' | 'project' | 'dataset' | 'weather' | 'swatversion' | 'site' | 'job';

export class AuditEntry extends BaseModel {
  static override tableName = 'admin_audit_log';
  static override timestamps = false;
  declare id: number;
  declare entity: AuditEntity;
  declare entityId: number;
  declare entityName: string;
  declare actorId: number | null;
  declare actorName: string;
  declare action: string;
  declare details: string;
  declare createdAt: Date;

  toJSONForClient() {
    return { id: this.id, date: this.createdAt, actor: this.actorName, action: this.action, details: this.details, target: this.entityName };
  }
}

/** Locked out now (spec 3 §4, §9): the flag, with no end date or one still to come — a lock whose
 * end date has passed is over. The token check (http/auth.ts) and sign-in use this one rule. */
export function lockedNow(u: { isLockedOut: boolean; lockoutEndDate: Date | string | null }, now = Date.now()): boolean {
  return !!u.isLockedOut && (!u.lockoutEndDate || new Date(u.lockoutEndDate).getTime() > now);
}
