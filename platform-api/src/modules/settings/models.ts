import { ANY_JSON, BaseModel, jsonColumns } from '../../db/base-model.ts';

/** Key/value settings shared by every API instance and worker (auth secret, site settings). */
export class AppSetting extends BaseModel {
  static override tableName = 'app_settings';
  static override idColumn = 'key';
  declare key: string;
  declare value: unknown;
  static override jsonSchema = jsonColumns({ value: ANY_JSON });
}
