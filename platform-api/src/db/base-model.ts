// Objection base model: snake_case columns map to camelCase properties (knexSnakeCaseMappers
// on the knex instance), and created/updated timestamps are kept here, not by callers.
import { Model } from 'objection';

export class BaseModel extends Model {
  declare createdAt?: Date;
  declare updatedAt?: Date;

  /** Tables without timestamp columns set this to false. */
  static timestamps = true;

  override $beforeInsert(): void {
    if ((this.constructor as typeof BaseModel).timestamps) {
      const now = new Date();
      this.createdAt ??= now;
      this.updatedAt = now;
    }
  }

  override $beforeUpdate(): void {
    if ((this.constructor as typeof BaseModel).timestamps) this.updatedAt = new Date();
  }
}
