import { describe, expect, it } from 'vitest';
import { expandManifest, type ManifestSource } from '@headwater/plugin-sdk/schema';
import { toolLinks } from '../src/hooks.ts';
import { changeField, climateOptions, defaultDates, fiveYearsLater, initialRunRequest, initialValues, setRunOption, validateScenarioForm, valuesFromScenario } from '../src/logic.ts';
import type { Scenario } from '../src/types.ts';
import { OPTIONS } from './fixtures.ts';

describe('simulation dates', () => {
  it('end five years minus a day after the start, capped at the maximum', () => {
    expect(fiveYearsLater('2003-01-01')).toBe('2007-12-31');
    expect(fiveYearsLater('2004-02-29')).toBe('2009-02-28');
    expect(defaultDates({ min: '1997-01-01', max: '2020-12-31' })).toEqual({ start: '1997-01-01', end: '2001-12-31' });
    expect(defaultDates({ min: '2018-01-01', max: '2020-06-30' })).toEqual({ start: '2018-01-01', end: '2020-06-30' });
  });

  it('are re-derived when the weather dataset or the climate period changes', () => {
    const v = initialValues(OPTIONS);
    const short = changeField(OPTIONS, v, 'weatherDatasetID', '2');
    expect([short.startingSimulationDate, short.endingSimulationDate]).toEqual(['2018-01-01', '2020-06-30']);
    const cmip = changeField(OPTIONS, v, 'weatherDatasetID', '3');
    const future = changeField(OPTIONS, cmip, 'climateChangeTimePeriodID', '20');
    expect([future.startingSimulationDate, future.endingSimulationDate]).toEqual(['2040-01-01', '2044-12-31']);
    // Back to a dataset of another CMIP version: the climate choices go.
    const back = changeField(OPTIONS, { ...future, climateChangeScenarioID: '10' }, 'weatherDatasetID', '1');
    expect([back.climateChangeScenarioID, back.climateChangeTimePeriodID]).toEqual(['', '']);
    expect(back.startingSimulationDate).toBe('1997-01-01');
  });
});

describe('scenario form', () => {
  it('starts from the options’ defaults', () => {
    expect(initialValues(OPTIONS)).toEqual({
      name: 'Default',
      weatherDatasetID: '1',
      climateChangeScenarioID: '',
      climateChangeTimePeriodID: '',
      startingSimulationDate: '2003-01-01',
      endingSimulationDate: '2007-12-31',
      skipYears: 2,
      printSetting: '1',
      swatVersionID: '1',
    });
  });

  it('checks names, required fields, the date order and bounds, warm-up years and climate pairs', () => {
    const v = initialValues(OPTIONS);
    expect(validateScenarioForm(v, OPTIONS)).toEqual({});
    expect(validateScenarioForm({ ...v, name: ' ' }, OPTIONS).name).toBe('Required');
    expect(validateScenarioForm({ ...v, name: '--' }, OPTIONS).name).toBe('Must contain at least one letter or number');
    expect(validateScenarioForm({ ...v, endingSimulationDate: '2003-01-01' }, OPTIONS).endingSimulationDate).toBe('Simulation end date must be greater than starting date.');
    expect(validateScenarioForm({ ...v, startingSimulationDate: '1990-01-01' }, OPTIONS).startingSimulationDate).toBe('Must be between 1997-01-01 and 2020-12-31');
    expect(validateScenarioForm({ ...v, skipYears: '' }, OPTIONS).skipYears).toBe('Required');
    expect(validateScenarioForm({ ...v, skipYears: 5 }, OPTIONS).skipYears).toBe('Warm-up years must be fewer than the simulated years.');
    expect(validateScenarioForm({ ...v, swatVersionID: '', printSetting: '' }, OPTIONS)).toEqual({ swatVersionID: 'Required', printSetting: 'Required' });
    expect(validateScenarioForm({ ...v, weatherDatasetID: '3', climateChangeScenarioID: '10', startingSimulationDate: '2000-01-01', endingSimulationDate: '2004-12-31' }, OPTIONS)).toEqual({ climateChangeTimePeriodID: 'Required' });
  });

  it('offers only climate choices of the weather dataset’s CMIP version', () => {
    const wd = OPTIONS.weatherDatasets[1]!.options[0]!;
    expect(climateOptions(OPTIONS, wd).scenarios.map((s) => s.name)).toEqual(['RCP 4.5']);
    expect(climateOptions(OPTIONS, OPTIONS.weatherDatasets[0]!.options[0]!)).toEqual({ scenarios: [], periods: [] });
  });

  it('reads an existing scenario', () => {
    const s = { id: 4, projectID: 7, name: 'Base', startingSimulationDate: '2003-01-01T00:00:00Z', endingSimulationDate: '2007-12-31', weatherDatasetID: 1, swatVersionID: 1, printSettingID: 0, skipYears: 1 } as Scenario;
    expect(valuesFromScenario(s)).toMatchObject({ startingSimulationDate: '2003-01-01', printSetting: '0', climateChangeScenarioID: '', skipYears: 1 });
  });
});

describe('run request', () => {
  it('skipping the model run forces skipping output processing; SQLite only with editor tables', () => {
    const r = initialRunRequest({ runSettings: { writeSwatEditor: true, writeSwatEditorAsSqlite: true } } as Scenario);
    expect(r).toMatchObject({ createEditorTables: true, writeEditorTablesAsSqlite: true, skipModelRun: false, skipOutputProcessing: false });
    const skip = setRunOption(r, 'skipModelRun', true);
    expect(skip.skipOutputProcessing).toBe(true);
    expect(setRunOption(skip, 'skipOutputProcessing', false).skipOutputProcessing).toBe(true);
    expect(setRunOption(r, 'createEditorTables', false).writeEditorTablesAsSqlite).toBe(false);
  });
});

describe('tool links', () => {
  it('fills the scenario route of each enabled plugin of a kind, nav entries first', () => {
    // As GET plugins lists them: manifests spelled out (an editor's main page and its menu entry).
    const plugin = (source: ManifestSource) => ({ ...expandManifest(source, '1'), entry: '', remote: '', settings: {} });
    const plugins = [
      plugin({ id: 'bsn', kind: 'editor', title: 'BSN', sdk: '^1', modTable: 'Bsn', order: 2 }),
      plugin({ id: 'fert', kind: 'editor', title: 'Fertilizer', sdk: '^1', modTable: 'Fert', order: 1, routes: [{ name: 'FertEdit', path: '/projects/:id/scenarios/:scenarioID/fert/:fertID', title: 'Fertilizer' }] }),
      plugin({ id: 'charts', kind: 'output', title: 'Charts', sdk: '^1' }),
      plugin({ id: 'projects', kind: 'page', title: 'Projects', sdk: '^1', routes: [{ name: 'ProjectList', path: '/projects', title: 'Projects' }] }),
    ];
    expect(toolLinks(plugins, 'editor', { id: 7, scenarioID: 4 })).toEqual([
      { key: 'fert:0', label: 'Fertilizer', to: '/projects/7/scenarios/4/fert', modTable: 'Fert' },
      { key: 'bsn:0', label: 'BSN', to: '/projects/7/scenarios/4/bsn', modTable: 'Bsn' },
    ]);
    expect(toolLinks(plugins, 'output', { id: 7, scenarioID: 4 }).map((l) => l.to)).toEqual(['/projects/7/scenarios/4/output/charts']);
  });
});
