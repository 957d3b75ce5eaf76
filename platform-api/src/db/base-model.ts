// Objection base model: snake_case columns map to camelCase properties (knexSnakeCaseMappers
// on the knex instance), and created/updated timestamps are kept here, not by callers.
//
// Models describe their tables (modules/README.md): `jsonSchema` gives the type of every JSON
// column (objection treats the object/array ones as JSON attributes and validates what is
// written), `relationMappings` the links between tables, and `modifiers` the shared filters —
// `accessibleBy(user)` above all, the one definition of who sees which rows.
import { AjvValidator, Model, type JSONSchema } from 'objection';

export class BaseModel extends Model {
  declare createdAt?: Date;
  declare updatedAt?: Date;

  /** Tables without timestamp columns set this to false. */
  static timestamps = true;

  /** Objection's validator, allowing `type: ['object', 'null']` (a nullable JSON column). */
  static override createValidator() {
    return new AjvValidator({ onCreateAjv: () => {}, options: { allErrors: true, validateSchema: false, ownProperties: true, allowUnionTypes: true } });
  }

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

type JsonType = 'object' | 'array' | 'string' | 'number' | 'integer' | 'boolean' | 'null';

/** Any JSON value (a column whose content the module does not constrain). */
export const ANY_JSON: JsonType[] = ['object', 'array', 'string', 'number', 'boolean', 'null'];

/**
 * The jsonSchema of a model's JSON columns, by property: `{ runSettings: 'object', runSummary:
 * ['object', 'null'] }`. Only these properties are described (the other columns are the
 * database's business); objection stores the object/array ones as JSON and refuses a write of
 * the wrong type (answered 400 by the error middleware).
 */
export function jsonColumns(columns: Record<string, JsonType | JsonType[] | JSONSchema>): JSONSchema {
  const properties: Record<string, JSONSchema> = {};
  for (const [name, t] of Object.entries(columns)) properties[name] = typeof t === 'string' || Array.isArray(t) ? { type: t } : t;
  return { type: 'object', properties };
}
