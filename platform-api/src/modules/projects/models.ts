// Project tables (migration 004_projects.ts): a project belongs to its owner and was made from a
// dataset; it has scenarios (scenarios module), error reports (error-reports module), and its
// copy of the watershed (project_subbasins, project_hrus).
import type { Modifiers, QueryBuilder } from 'objection';
import type { HruGroups, HruMethod, HruUnits } from '@headwater/swat/hru/index.ts';
import { BaseModel, jsonColumns } from '../../db/base-model.ts';
import { Dataset, Subbasin } from '../datasets/models.ts';
import { ErrorReport } from '../error-reports/models.ts';
import { sharedProjectIds } from '../groups/models.ts';
import { Scenario } from '../scenarios/models.ts';
import { User } from '../users/models.ts';

/** Who asks: the signed-in user (`isAdmin`: Admin or PartialAdmin), or nobody. */
export type Viewer = (Pick<User, 'id'> & { readonly isAdmin?: boolean }) | undefined;

export class Project extends BaseModel {
  static override tableName = 'projects';
  static override jsonSchema = jsonColumns({
    startingSubbasinIds: 'array',
    exemptLanduse: 'array',
    noAreaRedistribution: 'array',
    originalGroups: ['object', 'null'],
    trimmedGroups: ['object', 'null'],
  });

  static override modifiers: Modifiers<QueryBuilder<Project>> = {
    /**
     * The projects a user may open: their own, those shared with a group they are a member of
     * (group membership joins here), and every project for administrators (Admin, PartialAdmin:
     * support). What each of them may DO with it is `canAccessProject` (access.ts), which reads
     * the same three facts; one project is looked up through `projectFor` (access.ts), lists of
     * what a user may open through this; lists of "my projects" use `ownedBy`.
     */
    accessibleBy(query: QueryBuilder<Project>, user: Viewer) {
      const t = query.tableRefFor(Project);
      if (!user) query.whereRaw('false');
      else if (!user.isAdmin) query.where((w) => w.where(`${t}.userId`, user.id).orWhereIn(`${t}.id`, sharedProjectIds(user.id)));
    },
    /** The projects a user owns (their projects grid and recent activity). */
    ownedBy(query: QueryBuilder<Project>, user: Pick<User, 'id'>) {
      query.where(`${query.tableRefFor(Project)}.userId`, user.id);
    },
  };

  static override get relationMappings() {
    return {
      owner: { relation: BaseModel.BelongsToOneRelation, modelClass: User, join: { from: 'projects.userId', to: 'users.id' } },
      dataset: { relation: BaseModel.BelongsToOneRelation, modelClass: Dataset, join: { from: 'projects.datasetId', to: 'datasets.id' } },
      scenarios: { relation: BaseModel.HasManyRelation, modelClass: Scenario, join: { from: 'projects.id', to: 'scenarios.projectId' } },
      subbasins: { relation: BaseModel.HasManyRelation, modelClass: ProjectSubbasin, join: { from: 'projects.id', to: 'project_subbasins.projectId' } },
      hrus: { relation: BaseModel.HasManyRelation, modelClass: ProjectHru, join: { from: 'projects.id', to: 'project_hrus.projectId' } },
      errorReports: { relation: BaseModel.HasManyRelation, modelClass: ErrorReport, join: { from: 'projects.id', to: 'error_reports.projectId' } },
    };
  }

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
  declare owner?: User;
  declare dataset?: Dataset | null;
  declare scenarios?: Scenario[];
  declare subbasins?: ProjectSubbasin[];
  declare hrus?: ProjectHru[];
  declare errorReports?: ErrorReport[];
}

export class ProjectSubbasin extends BaseModel {
  static override tableName = 'project_subbasins';
  static override timestamps = false;
  static override get relationMappings() {
    return {
      project: { relation: BaseModel.BelongsToOneRelation, modelClass: Project, join: { from: 'project_subbasins.projectId', to: 'projects.id' } },
      /** the dataset subbasin it was copied from */
      subbasin: { relation: BaseModel.BelongsToOneRelation, modelClass: Subbasin, join: { from: 'project_subbasins.subbasinId', to: 'subbasins.id' } },
    };
  }
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
  static override get relationMappings() {
    return {
      project: { relation: BaseModel.BelongsToOneRelation, modelClass: Project, join: { from: 'project_hrus.projectId', to: 'projects.id' } },
    };
  }
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
