import { BaseModel } from '../../db/base-model.ts';

export class Dataset extends BaseModel {
  static override tableName = 'datasets';
  declare id: number;
  declare name: string;
  declare description: string;
  declare attribution: string;
  declare version: string;
  declare isActive: boolean;
  declare loadByDefault: boolean;
  declare isUserSubmitted: boolean;
  declare hideFromHelpTable: boolean;
  declare optionOrder: number;
  declare optionGroup: string;
  declare accessibility: 'User' | 'Group' | 'Public';
  declare userId: number | null;
  declare minLat: number | null;
  declare maxLat: number | null;
  declare minLon: number | null;
  declare maxLon: number | null;
}

export class LandUseCode extends BaseModel {
  static override tableName = 'land_use_codes';
  static override idColumn = ['datasetId', 'code'];
  static override timestamps = false;
  declare datasetId: number;
  declare code: string;
  declare name: string;
}
