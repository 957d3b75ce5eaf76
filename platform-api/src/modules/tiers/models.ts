import { BaseModel, jsonColumns } from '../../db/base-model.ts';

export class Tier extends BaseModel {
  static override tableName = 'tiers';
  static override jsonSchema = jsonColumns({ featureList: 'array', datasets: 'array' });
  declare id: number;
  declare name: string;
  declare description: string;
  declare isDefault: boolean;
  declare hideFromDisplay: boolean;
  declare subbasinLimit: number;
  declare hruLimit: number;
  declare taskLimit: number;
  declare taskLimitInterval: number;
  declare concurrencyLimit: number;
  declare queuePriority: 'default' | 'middle' | 'highest';
  declare datasetUploadLimit: number;
  declare featureList: string[];
  declare datasets: number[];
  declare sortOrder: number;
}
