// Project tables (migration 004_projects.ts).
import { BaseModel } from '../../db/base-model.ts';
import type { HruGroups, HruMethod, HruUnits } from '@headwater/swat/hru/index.ts';

export class Project extends BaseModel {
  static override tableName = 'projects';
  static override jsonAttributes = ['startingSubbasinIds', 'exemptLanduse', 'noAreaRedistribution', 'originalGroups', 'trimmedGroups'];
  declare id: number;
  declare userId: number;
  declare datasetId: number | null;
  declare name: string;
  declare endingSubbasinId: number | null;
  declare endingSubbasin: string;
  declare startingSubbasinIds: number[];
  declare numSubbasins: number;
  declare numHrus: number;
  declare numOriginalHrus: number;
  declare totalArea: number;
  declare totalLandArea: number;
  declare isRegional: boolean;
  declare minLon: number | null;
  declare minLat: number | null;
  declare maxLon: number | null;
  declare maxLat: number | null;
  declare method: HruMethod | null;
  declare units: HruUnits | null;
  declare targetThreshold: number | null;
  declare landuseThreshold: number | null;
  declare soilThreshold: number | null;
  declare slopeThreshold: number | null;
  declare exemptLanduse: string[];
  declare noAreaRedistribution: string[];
  declare trimmedLanduseArea: number | null;
  declare originalGroups: HruGroups | null;
  declare trimmedGroups: HruGroups | null;
  declare hasError: boolean;
  declare isCreating: boolean;
  declare isCreated: boolean;
  declare isCopying: boolean;
  declare isSettingHrus: boolean;
  declare hasSetHrus: boolean;
  declare isZipping: boolean;
  declare statusMessage: string;
  declare exceptionMessage: string;
  declare progressPercent: number;
  declare progressMessage: string;
  declare zipFile: string | null;
  declare zipCreatedOn: Date | null;
  declare zipIncludeGis: boolean;
  declare zipAbort: boolean;
  declare copiedFromId: number | null;
  declare lastModifiedDate: Date;
}

export class ProjectSubbasin extends BaseModel {
  static override tableName = 'project_subbasins';
  static override timestamps = false;
  declare id: number;
  declare projectId: number;
  declare subbasinId: number;
  declare number: number;
  declare datasetNumber: number;
  declare name: string;
  declare downstreamSubbasinId: number | null;
  declare downstreamName: string | null;
  declare area: number;
  declare landArea: number;
  declare cumulativeArea: number;
  declare elevation: number | null;
  declare numHrus: number;
  declare isDownstream: boolean;
  declare isStarting: boolean;
}

export class ProjectHru extends BaseModel {
  static override tableName = 'project_hrus';
  static override timestamps = false;
  declare id: number;
  declare projectId: number;
  declare hruId: number;
  declare subbasinId: number;
  declare subbasin: number;
  declare subbasinName: string;
  declare number: number;
  declare landuse: string;
  declare soil: string;
  declare slopeClass: string;
  declare slope: number;
  declare slopeLength: number;
  declare originalArea: number;
  declare originalFraction: number;
  declare area: number;
  declare fraction: number;
  declare cn2: number;
  declare ovN: number;
  declare sortOrder: number;
  declare removed: boolean;
}
