// Scenario tables (migration 005_scenarios.ts).
import { BaseModel } from '../../db/base-model.ts';

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
  writeSeconds: number;
  parseSeconds: number;
};

export class Scenario extends BaseModel {
  static override tableName = 'scenarios';
  static override jsonAttributes = ['runSettings', 'runSummary'];
  declare id: number;
  declare projectId: number;
  declare userId: number | null;
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
}

export class ScenarioModification extends BaseModel {
  static override tableName = 'scenario_modifications';
  static override jsonAttributes = ['subbasins', 'landuses', 'soils', 'slopes', 'months', 'modificationObject'];
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

export class ErrorReport extends BaseModel {
  static override tableName = 'error_reports';
  declare id: number;
  declare userId: number | null;
  declare projectId: number | null;
  declare scenarioId: number | null;
  declare title: string;
  declare message: string;
  declare exception: string;
  declare userComments: string;
  declare status: 'Submitted' | 'Working' | 'Resolved';
  declare dateSubmitted: Date;
}

export class ClimateChangeScenario extends BaseModel {
  static override tableName = 'climate_change_scenarios';
  static override timestamps = false;
  declare id: number;
  declare name: string;
  declare cmipVersion: number | null;
  declare sortOrder: number;
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
