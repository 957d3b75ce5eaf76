// The scenario tables of a project's metadata page (spec 1 §5 Metadata: scenario rows name,
// weatherDataset, start, end, skipYears, printSetting, swatVersion; modification rows scenario,
// table, subbasins, landuses, soils, slopes, values). The projects module calls this for a
// project the caller may open; it reads a few joined queries, not a scenario at a time.
import type { AppDeps } from '../../deps.ts';
import { ProjectSubbasin } from '../projects/models.ts';
import { ClimateChangeScenario, ClimateChangeTimePeriod, Scenario, ScenarioModification, SwatVersion } from './models.ts';
import { WeatherDataset } from '../datasets/models.ts';
import { describe, editorServers } from './mods.ts';
import { PRINT_SETTINGS, isoDate } from './service.ts';

export type ScenarioMetadataRow = {
  name: string;
  weatherDataset: string | null;
  climateChange: string | null;
  start: string | null;
  end: string | null;
  skipYears: number;
  printSetting: string;
  swatVersion: string | null;
};
export type ModificationMetadataRow = { scenario: string; table: string; subbasins: string; landuses: string; soils: string; slopes: string; months: string; values: string };

const ALL = 'All';
const list = (all: boolean, v: (string | number)[]) => (all || v.length === 0 ? ALL : v.join(', '));

export async function scenarioMetadata(deps: AppDeps, projectId: number): Promise<{ scenarios: ScenarioMetadataRow[]; modifications: ModificationMetadataRow[] }> {
  const scenarios = await Scenario.query().where('projectId', projectId).orderBy('id');
  const ids = scenarios.map((s) => s.id);
  const byId = <T extends { id: number }>(rows: T[]) => new Map(rows.map((r) => [r.id, r]));
  const idsOf = (f: (s: Scenario) => number | null) => [...new Set(scenarios.map(f).filter((x): x is number => x != null))];
  const [weather, versions, climate, periods, mods, subbasins] = await Promise.all([
    WeatherDataset.query().whereIn('id', idsOf((s) => s.weatherDatasetId)).select('id', 'name').then(byId),
    SwatVersion.query().whereIn('id', idsOf((s) => s.swatVersionId)).select('id', 'name').then(byId),
    ClimateChangeScenario.query().whereIn('id', idsOf((s) => s.climateChangeScenarioId)).then(byId),
    ClimateChangeTimePeriod.query().whereIn('id', idsOf((s) => s.climateChangeTimePeriodId)).then(byId),
    ids.length ? ScenarioModification.query().whereIn('scenarioId', ids).orderBy(['scenarioId', 'modType', 'id']) : Promise.resolve([] as ScenarioModification[]),
    ProjectSubbasin.query().where('projectId', projectId).select('subbasinId', 'name'),
  ]);
  const subbasinName = new Map(subbasins.map((r) => [r.subbasinId, r.name]));
  const scenarioName = new Map(scenarios.map((s) => [s.id, s.name]));
  const editors = editorServers(deps);
  return {
    scenarios: scenarios.map((s) => {
      const c = s.climateChangeScenarioId ? climate.get(s.climateChangeScenarioId) : undefined;
      const p = s.climateChangeTimePeriodId ? periods.get(s.climateChangeTimePeriodId) : undefined;
      return {
        name: s.name,
        weatherDataset: (s.weatherDatasetId && weather.get(s.weatherDatasetId)?.name) || null,
        climateChange: c ? (p ? `${c.name}, ${p.name}` : c.name) : null,
        start: isoDate(s.startingSimulationDate),
        end: isoDate(s.endingSimulationDate),
        skipYears: s.skipYears,
        printSetting: PRINT_SETTINGS.find((x) => x.id === s.printSetting)?.name ?? String(s.printSetting),
        swatVersion: (s.swatVersionId && versions.get(s.swatVersionId)?.name) || null,
      };
    }),
    modifications: mods.map((m) => ({
      scenario: scenarioName.get(m.scenarioId) ?? String(m.scenarioId),
      table: m.modType,
      subbasins: list(m.applyToAll, m.subbasins.map((id) => subbasinName.get(id) ?? String(id))),
      landuses: list(m.applyToAll, m.landuses),
      soils: list(m.applyToAll, m.soils),
      slopes: list(m.applyToAll, m.slopes),
      months: m.months.length ? m.months.join(', ') : ALL,
      values: describe(editors.get(m.modType), m.modificationObject),
    })),
  };
}
