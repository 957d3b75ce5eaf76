// Answers of platform-api's scenarios module as its README describes them.
import type { ScenarioOptions, ScenarioResponse } from '../src/types.ts';

export const OPTIONS: ScenarioOptions = {
  weatherDatasets: [
    {
      label: 'Observed',
      options: [
        { id: 1, name: 'Little River gauges', startDate: '1997-01-01', endDate: '2020-12-31', cmipVersion: null },
        { id: 2, name: 'Short record', startDate: '2018-01-01T00:00:00Z', endDate: '2020-06-30T00:00:00Z', cmipVersion: null },
      ],
    },
    { label: 'Climate model baselines', options: [{ id: 3, name: 'CMIP5 baseline', startDate: '1980-01-01', endDate: '2005-12-31', cmipVersion: 5 }] },
  ],
  climateChangeScenarios: [
    { id: 10, name: 'RCP 4.5', cmipVersion: 5 },
    { id: 11, name: 'SSP2-4.5', cmipVersion: 6 },
  ],
  climateChangeTimePeriods: [
    { id: 20, name: '2040–2069', cmipVersion: 5, startDate: '2040-01-01', endDate: '2069-12-31' },
    { id: 21, name: '2070–2099', cmipVersion: 6, startDate: '2070-01-01', endDate: '2099-12-31' },
  ],
  printSettings: [
    { id: 1, name: 'Daily' },
    { id: 0, name: 'Monthly' },
    { id: 2, name: 'Yearly' },
  ],
  swatVersions: [
    { id: 1, name: 'Built-in engine (SWAT2012 rev. 681)' },
    { id: 2, name: 'SWAT2012 rev. 664' },
  ],
  defaultWeatherDataset: 1,
  defaultSWATVersion: 1,
  defaultPrintSetting: 1,
  defaultSkipYears: 2,
  defaultName: 'Default',
  defaultStartDate: '2003-01-01',
  defaultEndDate: '2007-12-31',
  tierLimits: { withinLimits: true, message: '' },
  hasSetHrus: true,
};

export function scenarioResponse(overrides: { scenario?: Partial<ScenarioResponse['scenario']>; status?: Partial<ScenarioResponse['status']> } = {}): ScenarioResponse {
  return {
    scenario: {
      id: 4,
      projectID: 7,
      name: 'Baseline',
      startingSimulationDate: '2003-01-01',
      endingSimulationDate: '2007-12-31',
      weatherDatasetID: 1,
      weatherDataset: 'Little River gauges',
      climateChangeScenarioID: null,
      climateChangeScenario: null,
      climateChangeTimePeriodID: null,
      climateChangeTimePeriod: null,
      swatVersionID: 1,
      swatVersion: 'Built-in engine (SWAT2012 rev. 681)',
      printSettingID: 1,
      printSetting: 'Daily',
      skipYears: 2,
      hasRun: false,
      lastModifiedDate: '2026-11-20T10:00:00Z',
      modTables: [],
      runSettings: { writeSwatEditor: false, writeSwatEditorAsSqlite: false, noModelRun: false, noOutputProcessing: false },
      runtimeEstimate: 42,
      runtimeEstimateWithEditor: 75,
      canDownloadSqlite: true,
      canIncludeModflow: false,
      ...overrides.scenario,
    },
    status: {
      isRunning: false,
      hasError: false,
      hasRun: false,
      canRun: true,
      runLimit: '',
      statusMessage: null,
      exceptionMessage: null,
      currentProgress: 0,
      startRunDate: null,
      lastRunDate: null,
      runtime: null,
      zipFile: null,
      debugFile: null,
      keepMonths: 6,
      ...overrides.status,
    },
    project: { id: 7, name: 'LREW', numSubbasins: 3, numHrus: 60, hasSetHrus: true },
  };
}

export const PROJECT = { project: { id: 7, name: 'LREW' }, status: { hasSetHrus: true } };
