import { BaseModel } from '../../db/base-model.ts';

export class SiteText extends BaseModel {
  static override tableName = 'site_text';
  static override idColumn = 'name';
  declare name: string;
  declare value: string;
  declare isPage: boolean;
}
