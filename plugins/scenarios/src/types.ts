// The shapes of spec 2 §3 as platform-api's scenarios module returns them
// (platform-api/src/modules/scenarios/README.md). Fields the API may leave out are optional.

export type WeatherDatasetOption = { id: number; name: string; startDate: string; endDate: string; cmipVersion?: string | number | null };
export type WeatherDatasetGroup = { label: string; options: WeatherDatasetOption[] };
export type ClimateChangeScenario = { id: number; name: string; cmipVersion?: string | number | null };
export type ClimateChangeTimePeriod = { id: number; name: string; cmipVersion?: string | number | null; startDate: string; endDate: string };
export type NamedOption = { id: number; name: string };

export type TierLimitsCheck = { withinLimits: boolean; message?: string | null };

/** GET scenarios/options/{projectID}. */
export type ScenarioOptions = {
  weatherDatasets: WeatherDatasetGroup[];
  climateChangeScenarios: ClimateChangeScenario[];
  climateChangeTimePeriods: ClimateChangeTimePeriod[];
  printSettings: NamedOption[];
  swatVersions: NamedOption[];
  defaultWeatherDataset?: number | null;
  defaultSWATVersion?: number | null;
  defaultPrintSetting?: number;
  defaultSkipYears?: number;
  defaultName?: string;
  defaultStartDate?: string | null;
  defaultEndDate?: string | null;
  tierLimits?: TierLimitsCheck;
  /** Scenarios need the project's HRUs set. */
  hasSetHrus?: boolean;
};

export type RunSettings = { writeSwatEditor?: boolean; writeSwatEditorAsSqlite?: boolean; noModelRun?: boolean; noOutputProcessing?: boolean };

export type Scenario = {
  id: number;
  projectID: number;
  name: string;
  startingSimulationDate: string;
  endingSimulationDate: string;
  weatherDatasetID: number;
  weatherDataset?: string | null;
  climateChangeScenarioID?: number | null;
  climateChangeScenario?: string | null;
  climateChangeTimePeriodID?: number | null;
  climateChangeTimePeriod?: string | null;
  swatVersionID: number;
  swatVersion?: string | null;
  printSettingID: number;
  printSetting?: string | null;
  skipYears: number;
  pathName?: string | null;
  hasRun?: boolean;
  lastModifiedDate?: string | null;
  modTables?: string[];
  runSettings?: RunSettings | null;
  runtimeEstimate?: number | null;
  runtimeEstimateWithEditor?: number | null;
  canDownloadSqlite?: boolean;
  canIncludeModflow?: boolean;
};

export type ScenarioStatus = {
  isRunning: boolean;
  hasError: boolean;
  hasRun: boolean;
  canRun: boolean;
  runLimit?: string | null;
  statusMessage?: string | null;
  exceptionMessage?: string | null;
  currentProgress?: number | null;
  startRunDate?: string | null;
  lastRunDate?: string | null;
  runtime?: number | null;
  zipFile?: string | null;
  debugFile?: string | null;
  /** the SWAT Editor input tables (SQLite) of the last run, when it wrote them */
  editorTablesFile?: string | null;
  keepMonths?: number | null;
  outputsExpire?: string | null;
  createdDate?: string | null;
  lastModifiedDate?: string | null;
};

export type ScenarioProject = { id: number; name: string; datasetID?: number; dataset?: string; numSubbasins?: number; numHrus?: number; hasSetHrus?: boolean };

/** GET scenarios/{id}. */
export type ScenarioResponse = { scenario: Scenario; status: ScenarioStatus; project?: ScenarioProject };

/** A row of the grid GET projects/scenarios/{projectID}. */
export type ScenarioRow = {
  id: number;
  name: string;
  hasRun?: boolean;
  isRunning?: boolean;
  hasError?: boolean;
  lastRunDate?: string | null;
  lastModifiedDate?: string | null;
  weatherDataset?: string | null;
  startingSimulationDate?: string;
  endingSimulationDate?: string;
};

/** The body of POST scenarios and PUT scenarios/{id}. */
export type ScenarioFormBody = {
  projectID: number;
  name: string;
  weatherDatasetID: number;
  climateChangeScenarioID: number | null;
  climateChangeTimePeriodID: number | null;
  startingSimulationDate: string;
  endingSimulationDate: string;
  skipYears: number;
  printSetting: number;
  swatVersionID: number;
};

/** The body of POST scenarios/run/{id}. */
export type RunRequest = {
  createEditorTables: boolean;
  sendEmailNotification: boolean;
  skipOutputProcessing: boolean;
  includeModflow: boolean;
  skipModelRun: boolean;
  writeEditorTablesAsSqlite: boolean;
};

/** Live status on room `scenario:{id}`, event `scenario-status`. */
export type ScenarioStatusEvent = { scenarioID: number; projectID: number; progress: number; message?: string | null; isRunning?: boolean; hasRun?: boolean; hasError?: boolean };

/** The project as GET projects/{id} answers it (only what the scenario pages read). */
export type ProjectResponse = { project: { id: number; name: string } };
