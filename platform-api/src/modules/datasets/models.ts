// Dataset tables (migration 003_datasets.ts). Geometry columns hold GeoJSON (WGS84 lon/lat);
// `swat` columns hold parsed TxtInOut objects (see @headwater/swat types) without `layout`.
import type { Modifiers, QueryBuilder } from 'objection';
import { BaseModel, jsonColumns } from '../../db/base-model.ts';
import { User } from '../users/models.ts';

const OBJECT_OR_NULL = ['object', 'null'] as ('object' | 'null')[];

export type GeoJsonGeometry = { type: string; coordinates: unknown };
export type GeoJsonFeature = { type: 'Feature'; id?: string | number; properties: Record<string, unknown> | null; geometry: GeoJsonGeometry | null };
export type GeoJsonFeatureCollection = { type: 'FeatureCollection'; features: GeoJsonFeature[] };

export type Accessibility = 'User' | 'Group' | 'Public';

export class Dataset extends BaseModel {
  static override tableName = 'datasets';
  static override jsonSchema = jsonColumns({ outline: OBJECT_OR_NULL, publicRequest: OBJECT_OR_NULL, swat: OBJECT_OR_NULL });

  static override modifiers: Modifiers<QueryBuilder<Dataset>> = {
    /**
     * The datasets whose data a user may read (spec 3 §4 Dataset sharing): system datasets shared
     * with everyone, the user's own uploads, uploads shared with a group the user is a member of,
     * uploads made public by an administrator (for the tiers chosen then; none chosen: every
     * tier, judged by the user's current tier — the default one once theirs expired), and every
     * one for administrators (and partial administrators). Inactive datasets are the caller's
     * business (`isActive`).
     */
    accessibleBy(query: QueryBuilder<Dataset>, user: (Pick<User, 'id'> & { isAdmin?: boolean; tierId?: number | null; tierExpiration?: Date | null }) | undefined) {
      if (user?.isAdmin) return;
      const t = query.tableRefFor(Dataset);
      const expired = !!user?.tierExpiration && new Date(user.tierExpiration).getTime() < Date.now();
      const tierId = user?.tierId && !expired ? user.tierId : null;
      query.where((w) => {
        w.where((p) => {
          p.where(`${t}.accessibility`, 'Public').andWhere((x) => {
            x.where(`${t}.isUserSubmitted`, false)
              .orWhereNotExists((q) => q.select(1).from('dataset_tiers as dt').whereRaw('dt.dataset_id = ??', [`${t}.id`]))
              .orWhereExists((q) =>
                q
                  .select(1)
                  .from('dataset_tiers as dt')
                  .whereRaw('dt.dataset_id = ??', [`${t}.id`])
                  .whereRaw('dt.tier_id = coalesce(?::int, (select id from tiers where is_default order by id limit 1))', [tierId]),
              );
          });
        });
        if (user) {
          w.orWhere(`${t}.userId`, user.id);
          w.orWhereExists((q) =>
            q
              .select(1)
              .from('dataset_groups as dg')
              .join('group_members as gm', 'gm.group_id', 'dg.group_id')
              .whereRaw('dg.dataset_id = ??', [`${t}.id`])
              .where('gm.user_id', user.id),
          );
        }
      });
    },
    /** The datasets a user uploaded. */
    ownedBy(query: QueryBuilder<Dataset>, user: Pick<User, 'id'>) {
      query.where(`${query.tableRefFor(Dataset)}.userId`, user.id);
    },
  };

  static override get relationMappings() {
    return {
      owner: { relation: BaseModel.BelongsToOneRelation, modelClass: User, join: { from: 'datasets.userId', to: 'users.id' } },
      landUseCodes: { relation: BaseModel.HasManyRelation, modelClass: LandUseCode, join: { from: 'datasets.id', to: 'land_use_codes.datasetId' } },
      soils: { relation: BaseModel.HasManyRelation, modelClass: Soil, join: { from: 'datasets.id', to: 'soils.datasetId' } },
      subbasins: { relation: BaseModel.HasManyRelation, modelClass: Subbasin, join: { from: 'datasets.id', to: 'subbasins.datasetId' } },
      hrus: { relation: BaseModel.HasManyRelation, modelClass: Hru, join: { from: 'datasets.id', to: 'hrus.datasetId' } },
      regions: { relation: BaseModel.HasManyRelation, modelClass: DatasetRegion, join: { from: 'datasets.id', to: 'dataset_regions.datasetId' } },
      calibrations: { relation: BaseModel.HasManyRelation, modelClass: Calibration, join: { from: 'datasets.id', to: 'calibrations.datasetId' } },
      weatherDatasets: {
        relation: BaseModel.ManyToManyRelation,
        modelClass: WeatherDataset,
        join: { from: 'datasets.id', through: { from: 'dataset_weather_datasets.datasetId', to: 'dataset_weather_datasets.weatherDatasetId', extra: ['isDefault'] }, to: 'weather_datasets.id' },
      },
    };
  }

  declare id: number;
  declare key: string | null;
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
  declare accessibility: Accessibility;
  declare userId: number | null;
  declare minLat: number | null;
  declare maxLat: number | null;
  declare minLon: number | null;
  declare maxLon: number | null;
  declare minCn2: number | null;
  declare maxCn2: number | null;
  declare restrictSelection: boolean;
  declare restrictionMessage: string;
  declare defaultSwatVersionId: number | null;
  declare allowOnlyDefaultSwatVersion: boolean;
  declare allowGisApiAccess: boolean;
  declare allowApiAccess: boolean;
  declare includeModflow: boolean;
  declare outline: GeoJsonFeatureCollection | null;
  declare iclusHruThreshold: number | null;
  declare useSharedWeatherDirectoryForIclus: boolean;
  declare defaultHruThreshold: number | null;
  declare allowSqliteEditorTables: boolean;
  declare configPath: string;
  declare weatherPath: string;
  declare calibrationPageText: string;
  declare useNonAgLanduseSetting: boolean;
  /** Name of the ending subbasin the create page selects by default. */
  declare endingSubbasin: string | null;
  declare importId: number | null;
  declare publicRequest: Record<string, unknown> | null;
  /** Dataset-level SWAT inputs: { cio, bsn, databases, otherFiles, defaults: { hru, gw, chm, sep, mgt } }. */
  declare swat: DatasetSwat | null;
  declare numSubbasins: number;
  declare numHrus: number;
  declare contentHash: string | null;
}

export type DatasetSwat = {
  cio?: Record<string, unknown>;
  bsn?: Record<string, unknown>;
  databases?: Record<string, unknown>;
  otherFiles?: Record<string, string>;
  /** Values for HRUs/subbasins whose own `swat` lacks a part (synthetic datasets). */
  defaults?: { hru?: Record<string, unknown>; gw?: Record<string, unknown>; chm?: Record<string, unknown>; sep?: Record<string, unknown>; mgt?: Record<string, unknown>; sub?: Record<string, unknown>; rte?: Record<string, unknown>; swq?: Record<string, unknown>; wgn?: Record<string, unknown>; pnd?: Record<string, unknown>; wus?: Record<string, unknown> };
};

export class LandUseCode extends BaseModel {
  static override tableName = 'land_use_codes';
  static override idColumn = ['datasetId', 'code'];
  static override timestamps = false;
  static override jsonSchema = jsonColumns({ swat: OBJECT_OR_NULL });
  static override get relationMappings() {
    return { dataset: { relation: BaseModel.BelongsToOneRelation, modelClass: Dataset, join: { from: 'land_use_codes.datasetId', to: 'datasets.id' } } };
  }
  declare datasetId: number;
  declare code: string;
  declare name: string;
  declare plantName: string;
  declare isWater: boolean;
  declare sortOrder: number;
  /** { mgt }: the management template of HRUs of this land use. */
  declare swat: Record<string, unknown> | null;
}

export class Soil extends BaseModel {
  static override tableName = 'soils';
  static override idColumn = ['datasetId', 'name'];
  static override timestamps = false;
  static override jsonSchema = jsonColumns({ swat: OBJECT_OR_NULL });
  static override get relationMappings() {
    return { dataset: { relation: BaseModel.BelongsToOneRelation, modelClass: Dataset, join: { from: 'soils.datasetId', to: 'datasets.id' } } };
  }
  declare datasetId: number;
  declare name: string;
  declare hydGroup: string;
  declare texture: string;
  /** { sol, chm } */
  declare swat: Record<string, unknown> | null;
}

export class Subbasin extends BaseModel {
  static override tableName = 'subbasins';
  static override timestamps = false;
  static override jsonSchema = jsonColumns({ geometry: 'object', streams: OBJECT_OR_NULL, swat: OBJECT_OR_NULL });
  static override get relationMappings() {
    return {
      dataset: { relation: BaseModel.BelongsToOneRelation, modelClass: Dataset, join: { from: 'subbasins.datasetId', to: 'datasets.id' } },
      /** the subbasin this one drains to (none: the outlet) */
      downstream: { relation: BaseModel.BelongsToOneRelation, modelClass: Subbasin, join: { from: 'subbasins.downstreamId', to: 'subbasins.id' } },
      hrus: { relation: BaseModel.HasManyRelation, modelClass: Hru, join: { from: 'subbasins.id', to: 'hrus.subbasinId' } },
    };
  }
  declare id: number;
  declare datasetId: number;
  declare number: number;
  declare name: string;
  declare downstreamId: number | null;
  /** km² */
  declare area: number;
  declare landArea: number;
  declare cumulativeArea: number;
  declare elevation: number | null;
  declare numHrus: number;
  declare sortOrder: number;
  declare minLon: number;
  declare minLat: number;
  declare maxLon: number;
  declare maxLat: number;
  declare labelLon: number;
  declare labelLat: number;
  declare geometry: GeoJsonGeometry;
  declare streams: GeoJsonGeometry | null;
  declare streamLength: number | null;
  /** { sub, wgn, pnd, wus, rte, swq } */
  declare swat: Record<string, unknown> | null;
}

export class Hru extends BaseModel {
  static override tableName = 'hrus';
  static override timestamps = false;
  static override jsonSchema = jsonColumns({ swat: OBJECT_OR_NULL });
  static override get relationMappings() {
    return {
      dataset: { relation: BaseModel.BelongsToOneRelation, modelClass: Dataset, join: { from: 'hrus.datasetId', to: 'datasets.id' } },
      subbasin: { relation: BaseModel.BelongsToOneRelation, modelClass: Subbasin, join: { from: 'hrus.subbasinId', to: 'subbasins.id' } },
    };
  }
  declare id: number;
  declare datasetId: number;
  declare subbasinId: number;
  declare number: number;
  declare gisId: string;
  declare landuse: string;
  declare soil: string;
  declare slopeClass: string;
  declare slope: number;
  declare slopeLength: number;
  /** km² */
  declare area: number;
  declare fraction: number;
  declare cn2: number;
  declare ovN: number;
  declare sortOrder: number;
  /** { hru, mgt, sol?, chm?, gw, sep? } */
  declare swat: Record<string, unknown> | null;
}

export class WeatherDataset extends BaseModel {
  static override tableName = 'weather_datasets';
  static override get relationMappings() {
    return { stations: { relation: BaseModel.HasManyRelation, modelClass: WeatherStation, join: { from: 'weather_datasets.id', to: 'weather_stations.weatherDatasetId' } } };
  }
  declare id: number;
  declare key: string | null;
  declare name: string;
  declare pathToFiles: string;
  declare overrideDatasetPath: boolean;
  declare startDate: string; // YYYY-MM-DD
  declare endDate: string;
  declare fileFormat: number;
  declare cmipVersion: number | null;
  declare sortOrder: number;
  declare isActive: boolean;
  declare canUseLowerResolution: boolean;
  declare isInSharedLocation: boolean;
  declare hasIclusFolder: boolean;
  declare hasPcp: boolean;
  declare hasTmp: boolean;
  declare hasHmd: boolean;
  declare hasSlr: boolean;
  declare hasWnd: boolean;
  declare nrgage: number | null;
  declare nrtot: number | null;
  declare nrgfil: number | null;
  declare ntgage: number | null;
  declare nttot: number | null;
  declare ntgfil: number | null;
  declare nstot: number | null;
  declare nhtot: number | null;
  declare nwtot: number | null;
  declare datasetId: number | null;
}

export class DatasetWeatherDataset extends BaseModel {
  static override tableName = 'dataset_weather_datasets';
  static override idColumn = ['datasetId', 'weatherDatasetId'];
  static override timestamps = false;
  declare datasetId: number;
  declare weatherDatasetId: number;
  declare isDefault: boolean;
}

export type WeatherVariable = 'pcp' | 'tmp' | 'slr' | 'hmd' | 'wnd';

export class WeatherStation extends BaseModel {
  static override tableName = 'weather_stations';
  static override timestamps = false;
  static override get relationMappings() {
    return { weatherDataset: { relation: BaseModel.BelongsToOneRelation, modelClass: WeatherDataset, join: { from: 'weather_stations.weatherDatasetId', to: 'weather_datasets.id' } } };
  }
  declare id: number;
  declare weatherDatasetId: number;
  declare variable: WeatherVariable;
  declare file: string;
  declare gage: number;
  declare name: string;
  declare lat: number | null;
  declare lon: number | null;
  declare elevation: number | null;
  declare startDate: string;
  declare numDays: number;
  /** Float32 little-endian (see `decodeSeries` in service.ts). */
  declare series: Buffer;
}

export class CalibrationGroup extends BaseModel {
  static override tableName = 'calibration_groups';
  static override timestamps = false;
  static override get relationMappings() {
    return { calibrations: { relation: BaseModel.HasManyRelation, modelClass: Calibration, join: { from: 'calibration_groups.id', to: 'calibrations.groupId' } } };
  }
  declare id: number;
  declare key: string | null;
  declare name: string;
  declare sortOrder: number;
}

export class Calibration extends BaseModel {
  static override tableName = 'calibrations';
  static override timestamps = false;
  static override jsonSchema = jsonColumns({ startingSubbasinIds: 'array', parameters: OBJECT_OR_NULL });
  static override get relationMappings() {
    return {
      group: { relation: BaseModel.BelongsToOneRelation, modelClass: CalibrationGroup, join: { from: 'calibrations.groupId', to: 'calibration_groups.id' } },
      dataset: { relation: BaseModel.BelongsToOneRelation, modelClass: Dataset, join: { from: 'calibrations.datasetId', to: 'datasets.id' } },
      sites: { relation: BaseModel.HasManyRelation, modelClass: CalibrationSite, join: { from: 'calibrations.id', to: 'calibration_sites.calibrationId' } },
    };
  }
  declare id: number;
  declare groupId: number;
  declare datasetId: number;
  declare name: string;
  declare description: string;
  declare endingSubbasinId: number;
  declare startingSubbasinIds: number[];
  declare parameters: Record<string, unknown> | null;
  declare sortOrder: number;
  /** who saved it from a calibration request (migration 021): offered to that user only; null:
   * the dataset's own, or saved by an administrator, offered to everyone */
  declare userId: number | null;
}

export class CalibrationSite extends BaseModel {
  static override tableName = 'calibration_sites';
  static override timestamps = false;
  static override jsonSchema = jsonColumns({ data: 'array' });
  static override get relationMappings() {
    return { calibration: { relation: BaseModel.BelongsToOneRelation, modelClass: Calibration, join: { from: 'calibration_sites.calibrationId', to: 'calibrations.id' } } };
  }
  declare id: number;
  declare calibrationId: number;
  declare number: string;
  declare name: string;
  declare isUsgsSite: boolean;
  declare lat: number;
  declare lon: number;
  declare data: { name: string; value: string }[];
}

export class DatasetRegion extends BaseModel {
  static override tableName = 'dataset_regions';
  static override timestamps = false;
  static override jsonSchema = jsonColumns({ geometry: 'object', endingSubbasinNames: 'array' });
  static override get relationMappings() {
    return { dataset: { relation: BaseModel.BelongsToOneRelation, modelClass: Dataset, join: { from: 'dataset_regions.datasetId', to: 'datasets.id' } } };
  }
  declare id: number;
  declare datasetId: number;
  declare name: string;
  declare geometry: GeoJsonGeometry;
  declare endingSubbasinNames: string[];
  declare sortOrder: number;
}

/** An uploaded project on its way to becoming a dataset (migration 013_dataset_imports.ts). */
export class DatasetImport extends BaseModel {
  static override tableName = 'dataset_imports';
  static override jsonSchema = jsonColumns({ summary: OBJECT_OR_NULL });
  static override modifiers: Modifiers<QueryBuilder<DatasetImport>> = {
    /** A user's own imports (administrators see every one). */
    accessibleBy(query: QueryBuilder<DatasetImport>, user: Pick<User, 'id'> & { isAdmin?: boolean }) {
      if (!user.isAdmin) query.where(`${query.tableRefFor(DatasetImport)}.userId`, user.id);
    },
  };
  static override get relationMappings() {
    return {
      owner: { relation: BaseModel.BelongsToOneRelation, modelClass: User, join: { from: 'dataset_imports.userId', to: 'users.id' } },
      dataset: { relation: BaseModel.BelongsToOneRelation, modelClass: Dataset, join: { from: 'dataset_imports.datasetId', to: 'datasets.id' } },
    };
  }
  declare id: number;
  declare userId: number;
  declare status: 'uploaded' | 'running' | 'error' | 'ready';
  declare uploadDirectory: string;
  declare uploadedFileName: string;
  declare uploadedBytes: number;
  declare kind: string;
  declare txtinoutPath: string;
  declare shapesPath: string | null;
  declare hasEndingSubKey: boolean;
  declare endingSubbasinName: string | null;
  declare hasSwatMdb: boolean;
  declare isSqlite: boolean;
  declare projectMdbName: string | null;
  declare name: string;
  declare description: string;
  declare attribution: string;
  declare existingDatasetId: number | null;
  declare isHawqsBased: boolean;
  declare isRunning: boolean;
  declare hasError: boolean;
  declare exceptionMessage: string | null;
  declare progressPercent: number;
  declare progressMessage: string;
  declare datasetId: number | null;
  declare summary: Record<string, unknown> | null;
  declare createdAt: Date;
  declare updatedAt: Date;
}
