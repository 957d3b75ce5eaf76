import { BaseModel, jsonColumns } from '../../db/base-model.ts';
import { Tier } from '../tiers/models.ts';

export const ROLES = ['Pending', 'Registered', 'Admin', 'PartialAdmin', 'ApiUser'] as const;
export type Role = (typeof ROLES)[number];

export class User extends BaseModel {
  static override tableName = 'users';
  static override jsonSchema = jsonColumns({ roles: 'array', featureAccess: 'array' });
  declare id: number;
  declare userName: string;
  declare email: string;
  declare passwordHash: string;
  declare firstName: string;
  declare lastName: string;
  declare affiliation: string;
  declare organizationCategory: string;
  declare reasonForUse: string;
  declare country: string;
  declare state: string | null;
  declare units: number;
  declare emailConfirmed: boolean;
  declare roles: Role[];
  declare featureAccess: string[];
  declare tierId: number | null;
  declare tierExpiration: Date | null;
  declare isLockedOut: boolean;
  declare lockoutEndDate: Date | null;
  declare lastLoginDate: Date | null;
  declare tokenVersion: number;
  /** Signs in without the mailed code (the bootstrap administrator until its e-mail changes). */
  declare mfaExempt: boolean;
  declare tier?: Tier;

  static override get relationMappings() {
    return {
      tier: { relation: BaseModel.BelongsToOneRelation, modelClass: Tier, join: { from: 'users.tierId', to: 'tiers.id' } },
    };
  }

  /** A role counts only when the e-mail is confirmed (spec 1 §6). */
  hasRole(role: Role): boolean {
    return this.emailConfirmed && this.roles.includes(role);
  }

  get isAdmin(): boolean {
    return this.hasRole('Admin') || this.hasRole('PartialAdmin');
  }

  /** The session user of spec 1 §3 (never the password hash). */
  toSessionUser() {
    return {
      id: this.id,
      userName: this.userName,
      email: this.email,
      firstName: this.firstName,
      lastName: this.lastName,
      emailConfirmed: this.emailConfirmed,
      roles: this.emailConfirmed ? this.roles : [],
      featureAccess: this.featureAccess,
      units: this.units,
    };
  }
}
