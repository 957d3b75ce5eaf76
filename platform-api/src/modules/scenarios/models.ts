// Scenario tables (migration 005_scenarios.ts): a scenario belongs to a project (whoever may
// open the project may open its scenarios), holds saved modifications, and names its weather,
// climate change and SWAT version choices.
import type { Modifiers, QueryBuilder } from 'objection';
import { ANY_JSON, BaseModel, jsonColumns } from '../../db/base-model.ts';
import { WeatherDataset } from '../datasets/models.ts';
import { ErrorReport } from '../error-reports/models.ts';
import { Project, type Viewer } from '../projects/models.ts';
import { User } from '../users/models.ts';

export type RunSettings = {
  writeSwatEditor: boolean;
  writeSwatEditorAsSqlite: boolean;
  noModelRun: boolean;
  noOutputProcessing: boolean;
  sendEmailNotification?: boolean;
};

export type RunSummary = {
  hrus: number;
  subbasins: number;
  days: number;
  engineSeconds: number;
  hruDaysPerSecond: number;
  outputRows: number;
  loadSeconds: number;
  /** read, assembled, changes applied, formatted: the engine can start */
  writeSeconds: number;
  /** from then until every input file was on disk (written alongside the built-in engine) */
  filesSeconds?: number;
  parseSeconds: number;
};

export class Scenario extends BaseModel {
  static override tableName = 'scenarios';
  static override jsonSchema = jsonColumns({ runSettings: 'object', runSummary: ['object', 'null'] });

  static override modifiers: Modifiers<QueryBuilder<Scenario>> = {
    /** The scenarios a user may open: those of the projects they may open (Project's accessibleBy). */
    accessibleBy(query: QueryBuilder<Scenario>, user: Viewer) {
      query.whereIn(`${query.tableRefFor(Scenario)}.projectId`, Project.query().select('projects.id').modify('accessibleBy', user));
    },
    /** The scenarios whose last run the user started (tier usage: runs count against the runner's
     * tier); a run from before runners were kept counts for the project's owner. */
    runBy(query: QueryBuilder<Scenario>, user: Pick<User, 'id'>) {
      const t = query.tableRefFor(Scenario);
      query.where((w) =>
        w.where(`${t}.runUserId`, user.id).orWhere((o) => o.whereNull(`${t}.runUserId`).whereIn(`${t}.projectId`, Project.query().select('projects.id').modify('ownedBy', user))),
      );
    },
  };

  static override get relationMappings() {
    return {
      project: { relation: BaseModel.BelongsToOneRelation, modelClass: Project, join: { from: 'scenarios.projectId', to: 'projects.id' } },
      /** who created it */
      creator: { relation: BaseModel.BelongsToOneRelation, modelClass: User, join: { from: 'scenarios.userId', to: 'users.id' } },
      modifications: { relation: BaseModel.HasManyRelation, modelClass: ScenarioModification, join: { from: 'scenarios.id', to: 'scenario_modifications.scenarioId' } },
      weatherDataset: { relation: BaseModel.BelongsToOneRelation, modelClass: WeatherDataset, join: { from: 'scenarios.weatherDatasetId', to: 'weather_datasets.id' } },
      climateChangeScenario: { relation: BaseModel.BelongsToOneRelation, modelClass: ClimateChangeScenario, join: { from: 'scenarios.climateChangeScenarioId', to: 'climate_change_scenarios.id' } },
      climateChangeTimePeriod: { relation: BaseModel.BelongsToOneRelation, modelClass: ClimateChangeTimePeriod, join: { from: 'scenarios.climateChangeTimePeriodId', to: 'climate_change_time_periods.id' } },
      swatVersion: { relation: BaseModel.BelongsToOneRelation, modelClass: SwatVersion, join: { from: 'scenarios.swatVersionId', to: 'swat_versions.id' } },
      errorReports: { relation: BaseModel.HasManyRelation, modelClass: ErrorReport, join: { from: 'scenarios.id', to: 'error_reports.scenarioId' } },
    };
  }

  declare id: number;
  declare projectId: number;
  declare userId: number | null;
  /** who started the last run (migration 009) */
  declare runUserId: number | null;
  declare name: string;
  declare weatherDatasetId: number | null;
  declare climateChangeScenarioId: number | null;
  declare climateChangeTimePeriodId: number | null;
  declare swatVersionId: number | null;
  declare printSetting: number;
  declare skipYears: number;
  declare startingSimulationDate: string;
  declare endingSimulationDate: string;
  declare pathName: string;
  declare isRunning: boolean;
  declare hasRun: boolean;
  declare hasError: boolean;
  declare abortRequested: boolean;
  declare statusMessage: string;
  declare exceptionMessage: string;
  declare currentProgress: number;
  declare startRunDate: Date | null;
  declare lastRunDate: Date | null;
  declare runtime: number | null;
  declare runSettings: Partial<RunSettings>;
  declare runSummary: RunSummary | null;
  declare jobId: string | null;
  declare hasFiles: boolean;
  declare hasDebugFiles: boolean;
  declare lastModifiedDate: Date;
  declare project?: Project;
  declare modifications?: ScenarioModification[];
}

export class ScenarioModification extends BaseModel {
  static override tableName = 'scenario_modifications';
  // modificationObject: the editor's JSON schema constrains it (mods.ts), not the table
  static override jsonSchema = jsonColumns({ subbasins: 'array', landuses: 'array', soils: 'array', slopes: 'array', months: 'array', modificationObject: ANY_JSON });

  static override modifiers: Modifiers<QueryBuilder<ScenarioModification>> = {
    /** The saved changes of the scenarios a user may open. */
    accessibleBy(query: QueryBuilder<ScenarioModification>, user: Viewer) {
      query.whereIn(`${query.tableRefFor(ScenarioModification)}.scenarioId`, Scenario.query().select('scenarios.id').modify('accessibleBy', user));
    },
  };

  static override get relationMappings() {
    return {
      scenario: { relation: BaseModel.BelongsToOneRelation, modelClass: Scenario, join: { from: 'scenario_modifications.scenarioId', to: 'scenarios.id' } },
    };
  }

  declare id: number;
  declare scenarioId: number;
  declare modType: string;
  declare applyToAll: boolean;
  declare subbasins: number[];
  declare landuses: string[];
  declare soils: string[];
  declare slopes: string[];
  declare months: number[];
  declare modificationObject: unknown;
  declare lastModifiedDate: Date;
}

export class SwatVersion extends BaseModel {
  static override tableName = 'swat_versions';
  declare id: number;
  declare name: string;
  declare releaseFileName: string;
  declare debugFileName: string;
  declare isDefault: boolean;
  declare isDisabled: boolean;
  declare sortOrder: number;
}

/** Monthly delta change factors of a climate-change scenario (migration 015), January first. */
export type ClimateChangeFactors = { precipitationPercent: number[]; temperatureChange: number[] };

export class ClimateChangeScenario extends BaseModel {
  static override tableName = 'climate_change_scenarios';
  static override timestamps = false;
  static override jsonSchema = jsonColumns({ changeFactors: ['object', 'null'] });
  declare id: number;
  declare name: string;
  declare cmipVersion: number | null;
  declare sortOrder: number;
  /** null: no climate data on this server (a run refuses the scenario) */
  declare changeFactors: ClimateChangeFactors | null;
}

export class ClimateChangeTimePeriod extends BaseModel {
  static override tableName = 'climate_change_time_periods';
  static override timestamps = false;
  declare id: number;
  declare name: string;
  declare cmipVersion: number | null;
  declare startDate: string;
  declare endDate: string;
  declare sortOrder: number;
}
