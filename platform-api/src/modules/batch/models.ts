// API requests (spec 3 §3 API request, batch view): a batch run or a regional project, and the
// projects a batch made (one per CSV row, each with one scenario).
import type { Modifiers, QueryBuilder } from 'objection';
import { BaseModel, jsonColumns } from '../../db/base-model.ts';
import type { User } from '../users/models.ts';

export type RequestType = 'Batch' | 'Regional';

export type BatchSettings = {
  datasetID: number;
  projectSubbasins: { endingSubbasin: string; startingSubbasins: string[] }[];
  setAsSingleSubbasinProjects: boolean;
  useSubbasinAsNames: boolean;
  startingSimulationDate: string;
  endingSimulationDate: string;
  skipYears: number;
  printSetting: number;
  setHruMethod: 'area' | 'target';
  setHruUnits: 'area' | 'percent';
  exemptLanduse: string[];
  noAreaRedistribution: string[];
  targetThreshold: number;
  weatherDatasetID: number;
  climateChangeScenarioID: number | null;
  climateChangeTimePeriodID: number | null;
  swatVersionID: number;
  noOutputProcessing: boolean;
  noModelRun: boolean;
  writeSwatEditor: boolean;
  deleteProjectsWhenDone: boolean;
};

export class ApiRequest extends BaseModel {
  static override tableName = 'api_requests';
  static override jsonSchema = jsonColumns({ settings: 'object' });
  declare id: number;
  declare userId: number;
  declare requestType: RequestType;
  declare name: string;
  declare status: string;
  declare statusMessage: string;
  declare exceptionMessage: string;
  declare isRunning: boolean;
  declare hasRun: boolean;
  declare hasError: boolean;
  declare isAborting: boolean;
  declare isAborted: boolean;
  declare currentProgress: number;
  declare settings: BatchSettings | Record<string, unknown>;
  declare numProjects: number;
  declare numDone: number;
  declare projectId: number | null;
  declare startRunDate: Date | null;
  declare runtime: number | null;
  declare lastModifiedDate: Date;

  static override modifiers: Modifiers<QueryBuilder<ApiRequest>> = {
    /** A user's requests: only their own (administrators read them through admin/users/apirequests). */
    ownedBy(query: QueryBuilder<ApiRequest>, user: Pick<User, 'id'>) {
      query.where(`${query.tableRefFor(ApiRequest)}.userId`, user.id);
    },
  };
}

export class ApiRequestProject extends BaseModel {
  static override tableName = 'api_request_projects';
  static override timestamps = false;
  static override jsonSchema = jsonColumns({ startingSubbasins: 'array' });
  declare id: number;
  declare requestId: number;
  declare rowNumber: number;
  declare endingSubbasin: string;
  declare startingSubbasins: string[];
  declare projectId: number | null;
  declare scenarioId: number | null;
  declare status: string;
  declare statusMessage: string;
  declare progress: number;
  declare isDone: boolean;
  declare attempts: number;
}
