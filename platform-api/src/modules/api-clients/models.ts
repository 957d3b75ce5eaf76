// API clients (spec 3 §3 API client): the keys of the programmatic API. One active client per
// user at a time; revoked ones stay for audit (who held which shared key, when).
import type { Modifiers, QueryBuilder } from 'objection';
import { BaseModel } from '../../db/base-model.ts';

export class ApiClient extends BaseModel {
  static override tableName = 'api_clients';
  declare id: number;
  declare userId: number;
  declare sharedKey: string;
  /** SHA-256 (hex) of the secret key: the secret itself is derived again when needed, never stored. */
  declare secretSha256: string;
  declare keyVersion: number;
  declare revokedAt: Date | null;
  declare lastUsedAt: Date | null;

  static override modifiers: Modifiers<QueryBuilder<ApiClient>> = {
    active(query: QueryBuilder<ApiClient>) {
      query.whereNull(`${query.tableRefFor(ApiClient)}.revokedAt`);
    },
  };
}
