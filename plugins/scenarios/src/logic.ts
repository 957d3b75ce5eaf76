// Pure rules of spec 2 §4, §5, §9 for the scenario pages (unit-tested in test/logic.test.ts).
import { MESSAGES, SCENARIO_MESSAGES, formatDateTime, formatElapsed, validateName } from '@headwater/plugin-sdk';
import type {
  ClimateChangeScenario,
  ClimateChangeTimePeriod,
  RunRequest,
  Scenario,
  ScenarioFormBody,
  ScenarioOptions,
  ScenarioRow,
  WeatherDatasetOption,
} from './types.ts';

export { SCENARIO_MESSAGES };

/** SWAT's IPRINT code for daily output: the default print setting (spec 2 §9). */
export const DAILY_PRINT_SETTING = 1;
export const DEFAULT_SKIP_YEARS = 2;
export const GRID_PER_PAGE = 10;
export const GRID_SORT = 'lastModifiedDate_desc';

/** The form as the inputs hold it: ids as strings ('' = none), dates as YYYY-MM-DD. */
export type ScenarioFormValues = {
  name: string;
  weatherDatasetID: string;
  climateChangeScenarioID: string;
  climateChangeTimePeriodID: string;
  startingSimulationDate: string;
  endingSimulationDate: string;
  skipYears: number | '';
  printSetting: string;
  swatVersionID: string;
};

export type ScenarioFormErrors = Partial<Record<keyof ScenarioFormValues, string>>;

export type DateBounds = { min: string; max: string };

/** The date part of an ISO date or date-time ('2003-01-01T00:00:00Z' → '2003-01-01'). */
export function isoDate(value: string | null | undefined): string {
  return value ? String(value).slice(0, 10) : '';
}

function utc(date: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d));
}

/** Five years minus a day after `start` (2003-01-01 → 2007-12-31). */
export function fiveYearsLater(start: string): string {
  const s = utc(start);
  const end = new Date(Date.UTC(s.getUTCFullYear() + 5, s.getUTCMonth(), s.getUTCDate()) - 86_400_000);
  return end.toISOString().slice(0, 10);
}

/** Spec 2 §9: start at the minimum date, end five years minus a day later, capped at the maximum. */
export function defaultDates(bounds: DateBounds): { start: string; end: string } {
  const end = fiveYearsLater(bounds.min);
  return { start: bounds.min, end: bounds.max && end > bounds.max ? bounds.max : end };
}

export function weatherDatasets(options: ScenarioOptions | undefined): WeatherDatasetOption[] {
  return options?.weatherDatasets.flatMap((g) => g.options) ?? [];
}

export function findWeatherDataset(options: ScenarioOptions | undefined, id: string | number | null | undefined): WeatherDatasetOption | undefined {
  return weatherDatasets(options).find((w) => String(w.id) === String(id ?? ''));
}

const sameCmip = (a: unknown, b: unknown) => String(a ?? '') === String(b ?? '');

/** Climate change scenarios and time periods of the weather dataset's CMIP version. */
export function climateOptions(options: ScenarioOptions | undefined, weatherDataset: WeatherDatasetOption | undefined): { scenarios: ClimateChangeScenario[]; periods: ClimateChangeTimePeriod[] } {
  if (!options || !weatherDataset) return { scenarios: [], periods: [] };
  return {
    scenarios: options.climateChangeScenarios.filter((c) => sameCmip(c.cmipVersion, weatherDataset.cmipVersion)),
    periods: options.climateChangeTimePeriods.filter((p) => sameCmip(p.cmipVersion, weatherDataset.cmipVersion)),
  };
}

/** The simulation dates are bounded by the climate period when one is chosen, else by the weather dataset. */
export function dateBounds(options: ScenarioOptions | undefined, values: Pick<ScenarioFormValues, 'weatherDatasetID' | 'climateChangeTimePeriodID'>): DateBounds | null {
  const period = values.climateChangeTimePeriodID ? options?.climateChangeTimePeriods.find((p) => String(p.id) === values.climateChangeTimePeriodID) : undefined;
  if (period) return { min: isoDate(period.startDate), max: isoDate(period.endDate) };
  const wd = findWeatherDataset(options, values.weatherDatasetID);
  return wd ? { min: isoDate(wd.startDate), max: isoDate(wd.endDate) } : null;
}

const idText = (v: number | null | undefined) => (v === null || v === undefined ? '' : String(v));

/** A new scenario's form: the options' defaults (spec 2 §9). */
export function initialValues(options: ScenarioOptions): ScenarioFormValues {
  const wd = findWeatherDataset(options, options.defaultWeatherDataset) ?? weatherDatasets(options)[0];
  const bounds = wd ? { min: isoDate(wd.startDate), max: isoDate(wd.endDate) } : null;
  const derived = bounds ? defaultDates(bounds) : { start: '', end: '' };
  return {
    name: options.defaultName ?? '',
    weatherDatasetID: idText(wd?.id),
    climateChangeScenarioID: '',
    climateChangeTimePeriodID: '',
    startingSimulationDate: isoDate(options.defaultStartDate) || derived.start,
    endingSimulationDate: isoDate(options.defaultEndDate) || derived.end,
    skipYears: options.defaultSkipYears ?? DEFAULT_SKIP_YEARS,
    printSetting: String(options.defaultPrintSetting ?? DAILY_PRINT_SETTING),
    swatVersionID: idText(options.defaultSWATVersion ?? options.swatVersions[0]?.id),
  };
}

/** An existing scenario's form (edit settings). */
export function valuesFromScenario(s: Scenario): ScenarioFormValues {
  return {
    name: s.name,
    weatherDatasetID: idText(s.weatherDatasetID),
    climateChangeScenarioID: idText(s.climateChangeScenarioID),
    climateChangeTimePeriodID: idText(s.climateChangeTimePeriodID),
    startingSimulationDate: isoDate(s.startingSimulationDate),
    endingSimulationDate: isoDate(s.endingSimulationDate),
    skipYears: s.skipYears,
    printSetting: idText(s.printSettingID),
    swatVersionID: idText(s.swatVersionID),
  };
}

/**
 * A change of one field, with what follows from it: a new weather dataset drops climate
 * choices of another CMIP version; a new weather dataset or climate period re-derives the
 * dates from the new bounds (spec 2 §9).
 */
export function changeField<K extends keyof ScenarioFormValues>(options: ScenarioOptions | undefined, values: ScenarioFormValues, field: K, value: ScenarioFormValues[K]): ScenarioFormValues {
  const next = { ...values, [field]: value };
  if (field === 'weatherDatasetID') {
    const climate = climateOptions(options, findWeatherDataset(options, next.weatherDatasetID));
    if (!climate.scenarios.some((c) => String(c.id) === next.climateChangeScenarioID)) next.climateChangeScenarioID = '';
    if (!climate.periods.some((p) => String(p.id) === next.climateChangeTimePeriodID)) next.climateChangeTimePeriodID = '';
  }
  if (field === 'weatherDatasetID' || field === 'climateChangeTimePeriodID') {
    const bounds = dateBounds(options, next);
    if (bounds) {
      const d = defaultDates(bounds);
      next.startingSimulationDate = d.start;
      next.endingSimulationDate = d.end;
    }
  }
  return next;
}

/** SWAT's NBYR: the calendar years the simulation touches. */
export function simulatedYears(start: string, end: string): number {
  return Number(end.slice(0, 4)) - Number(start.slice(0, 4)) + 1;
}

/** Spec 2 §5, the scenario form. Empty when valid. */
export function validateScenarioForm(values: ScenarioFormValues, options: ScenarioOptions | undefined): ScenarioFormErrors {
  const errors: ScenarioFormErrors = {};
  // Scenario names follow the project name rule (spec 2 §5; as the server, under 100 characters).
  const name = validateName(values.name);
  if (name) errors.name = name;
  for (const f of ['weatherDatasetID', 'startingSimulationDate', 'endingSimulationDate', 'swatVersionID', 'printSetting'] as const) {
    if (!values[f]) errors[f] = MESSAGES.required;
  }
  if (values.skipYears === '') errors.skipYears = MESSAGES.required;
  else if (!Number.isInteger(values.skipYears) || values.skipYears < 0) errors.skipYears = SCENARIO_MESSAGES.wholeNumber;
  // A climate change scenario needs its time period, and the other way round.
  if (values.climateChangeScenarioID && !values.climateChangeTimePeriodID) errors.climateChangeTimePeriodID = MESSAGES.required;
  if (values.climateChangeTimePeriodID && !values.climateChangeScenarioID) errors.climateChangeScenarioID = MESSAGES.required;
  const { startingSimulationDate: start, endingSimulationDate: end } = values;
  const bounds = dateBounds(options, values);
  if (bounds) {
    const outside = (d: string) => (bounds.min && d < bounds.min) || (bounds.max && d > bounds.max);
    const between = `Must be between ${bounds.min} and ${bounds.max}`;
    if (start && outside(start)) errors.startingSimulationDate = between;
    if (end && outside(end)) errors.endingSimulationDate = between;
  }
  if (start && end && end <= start) errors.endingSimulationDate = SCENARIO_MESSAGES.endAfterStart;
  if (start && end && end > start && !errors.skipYears && typeof values.skipYears === 'number' && values.skipYears >= simulatedYears(start, end)) {
    errors.skipYears = SCENARIO_MESSAGES.skipYearsTooMany;
  }
  return errors;
}

export function toFormBody(values: ScenarioFormValues, projectID: number): ScenarioFormBody {
  const id = (v: string) => (v ? Number(v) : null);
  return {
    projectID,
    name: values.name.trim(),
    weatherDatasetID: Number(values.weatherDatasetID),
    climateChangeScenarioID: id(values.climateChangeScenarioID),
    climateChangeTimePeriodID: id(values.climateChangeTimePeriodID),
    startingSimulationDate: values.startingSimulationDate,
    endingSimulationDate: values.endingSimulationDate,
    skipYears: Number(values.skipYears),
    printSetting: Number(values.printSetting),
    swatVersionID: Number(values.swatVersionID),
  };
}

/** The run modal starts from the scenario's last run settings. */
export function initialRunRequest(s: Scenario): RunRequest {
  const r = s.runSettings ?? {};
  const skipModelRun = !!r.noModelRun;
  return {
    createEditorTables: !!r.writeSwatEditor,
    writeEditorTablesAsSqlite: !!r.writeSwatEditor && !!r.writeSwatEditorAsSqlite,
    sendEmailNotification: false,
    skipModelRun,
    skipOutputProcessing: skipModelRun || !!r.noOutputProcessing,
    includeModflow: false,
  };
}

/** One checkbox of the run modal: skipping the model run forces skipping output processing (spec 2 §4). */
export function setRunOption(req: RunRequest, key: keyof RunRequest, checked: boolean): RunRequest {
  const next = { ...req, [key]: checked };
  if (next.skipModelRun) next.skipOutputProcessing = true;
  if (!next.createEditorTables) next.writeEditorTablesAsSqlite = false;
  // the tables are written as SQLite: choosing them picks SQLite (Access is not available)
  else if (key === 'createEditorTables' && checked) next.writeEditorTablesAsSqlite = true;
  return next;
}

/** Seconds as the run-time guide writes them (`8m 12s`). */
export function fmtSeconds(seconds: number | null | undefined): string {
  return seconds === null || seconds === undefined ? '' : formatElapsed(seconds * 1000);
}

/** The grid's date column: the last run date, else the last modified date (spec 2 §2). */
export function lastActivity(row: Pick<ScenarioRow, 'lastRunDate' | 'lastModifiedDate'>): string {
  return row.lastRunDate ? `Last run ${formatDateTime(row.lastRunDate)}` : `Modified ${formatDateTime(row.lastModifiedDate)}`;
}
