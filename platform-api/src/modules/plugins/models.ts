import { BaseModel } from '../../db/base-model.ts';
import type { PluginManifest } from './manifest.ts';

export class PluginRecord extends BaseModel {
  static override tableName = 'plugins';
  static override jsonAttributes = ['manifest', 'settings', 'secretSettings'];
  declare id: string;
  declare kind: PluginManifest['kind'];
  declare title: string;
  declare version: string;
  declare entry: string;
  declare source: 'workspace' | 'external';
  declare enabled: boolean;
  declare adminSet: boolean;
  declare manifest: PluginManifest;
  declare settings: Record<string, unknown>;
  declare secretSettings: Record<string, unknown>;
  declare sortOrder: number;
}
