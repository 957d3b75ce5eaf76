// Writes a scenario's TxtInOut folder: the project's watershed (its own copy of the subbasins and
// the HRUs left after HRU setting) with the dataset's SWAT parts, the chosen weather cut to the
// simulation period, the scenario's settings, and every saved change applied by the editor that
// owns its table. Reading is done in a few large queries; `@headwater/swat` assembles and writes.
import type { Knex } from 'knex';
import { assembleProject, formatTxtInOut, writeTxtInOut, type AssemblyInput, type AssemblyStation, type AssemblySubbasin, type SwatProject } from '@headwater/swat/txtinout/index.ts';
import type { EditorServer, SavedChange } from '@headwater/plugin-sdk/server';
import { selectionOf } from '@headwater/plugin-sdk/server';
import { decodeSeries } from '../../datasets/service.ts';
import { isoDate } from '../service.ts';
import type { Scenario, ScenarioModification } from '../models.ts';

type Row = Record<string, any>;

export type BuiltProject = {
  project: SwatProject;
  /** per written subbasin: the dataset subbasin id and each HRU's land use, soil and slope class */
  index: { subbasinId: number; number: number; hrus: { landuse: string; soil: string; slopeClass: string; projectHruId: number }[] }[];
  /** changes nothing could apply (no editor registered for their table) */
  unapplied: string[];
};

const isoDateOf = (v: Date | string) => isoDate(v)!;
const daysFrom = (a: string, b: string) => Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);

/** The gage number of each station of a variable, in file order (pcp1 before pcp2 before pcp10). */
function numberStations<T extends { file: string; gage: number }>(stations: T[]): (T & { number: number })[] {
  const sorted = [...stations].sort((a, b) => a.file.localeCompare(b.file, 'en', { numeric: true, sensitivity: 'base' }) || a.gage - b.gage);
  return sorted.map((s, i) => ({ ...s, number: i + 1 }));
}

async function weatherFor(db: Knex, weatherDatasetId: number, start: string, end: string): Promise<AssemblyInput['weather']> {
  const rows = (await db('weather_stations').where('weatherDatasetId', weatherDatasetId).select('*')) as Row[];
  const days = daysFrom(start, end) + 1;
  const out: AssemblyInput['weather'] = { pcp: [], tmp: [], slr: [], hmd: [], wnd: [] };
  for (const variable of ['pcp', 'tmp', 'slr', 'hmd', 'wnd'] as const) {
    for (const s of numberStations(rows.filter((r) => r.variable === variable) as (Row & { file: string; gage: number })[])) {
      const offset = daysFrom(isoDateOf(s.startDate), start);
      const cut = (a: Float32Array): Float32Array => {
        const o = new Float32Array(days).fill(-99);
        for (let i = 0; i < days; i++) {
          const k = offset + i;
          if (k >= 0 && k < a.length) o[i] = a[k]!;
        }
        return o;
      };
      const series = decodeSeries(s as never);
      const station: AssemblyStation = { gage: s.number, name: s.name, lat: s.lat ?? 0, lon: s.lon ?? 0, elevation: s.elevation ?? 0 };
      if (variable === 'tmp') {
        station.tmax = cut(series[0]!);
        station.tmin = cut(series[1]!);
      } else station.values = cut(series[0]!);
      out[variable].push(station);
    }
  }
  return out;
}

/** Reads everything the scenario's TxtInOut needs and assembles it. */
export async function assembleScenario(db: Knex, scenario: Scenario, opts: { hruPrint?: number[]; hruVars?: number[] } = {}): Promise<BuiltProject> {
  const project = (await db('projects').where('id', scenario.projectId).first()) as Row | undefined;
  if (!project) throw new Error('The project of this scenario no longer exists.');
  const dataset = (await db('datasets').where('id', project.datasetId).first('id', 'name', 'swat')) as Row | undefined;
  if (!dataset?.swat) throw new Error('The dataset of this project has no SWAT inputs.');
  const ds = dataset.swat as Row;
  if (!scenario.weatherDatasetId) throw new Error('The weather dataset of this scenario no longer exists.');

  const subRows = (await db.raw(
    `select ps.subbasin_id, ps.number, ps.name, ps.downstream_subbasin_id, ps.area, ps.elevation, s.swat
       from project_subbasins ps left join subbasins s on s.id = ps.subbasin_id
      where ps.project_id = ? order by ps.number`,
    [project.id],
  )).rows as Row[];
  const hruRows = (await db.raw(
    `select ph.id, ph.subbasin, ph.landuse, ph.soil, ph.slope_class, ph.slope, ph.slope_length, ph.fraction, ph.cn2, ph.ov_n, h.swat
       from project_hrus ph left join hrus h on h.id = ph.hru_id
      where ph.project_id = ? and not ph.removed order by ph.subbasin, ph.sort_order`,
    [project.id],
  )).rows as Row[];
  const soils = (await db('soils').where('datasetId', project.datasetId).select('name', 'swat')) as Row[];
  const landUses = (await db('land_use_codes').where('datasetId', project.datasetId).select('code', 'swat')) as Row[];
  const soilParts = new Map(soils.map((s) => [s.name as string, (s.swat ?? {}) as Row]));

  // raw rows keep their snake_case column names
  const numberOf = new Map(subRows.map((s) => [s.subbasin_id as number, s.number as number]));
  const subbasins: AssemblySubbasin[] = subRows.map((s) => ({
    number: s.number,
    name: s.name,
    downstream: s.downstream_subbasin_id !== null ? (numberOf.get(s.downstream_subbasin_id) ?? null) : null,
    area: s.area,
    elevation: s.elevation,
    parts: (s.swat ?? {}) as AssemblySubbasin['parts'],
    hrus: [],
  }));
  const byNumber = new Map(subbasins.map((s) => [s.number, s]));
  const index: BuiltProject['index'] = subRows.map((s) => ({ subbasinId: s.subbasin_id, number: s.number, hrus: [] }));
  const indexByNumber = new Map(index.map((x) => [x.number, x]));
  for (const h of hruRows) {
    const sb = byNumber.get(h.subbasin);
    if (!sb) continue;
    const soil = soilParts.get(h.soil) ?? {};
    const parts = { ...((h.swat ?? {}) as Row) };
    parts.sol ??= soil.sol;
    parts.chm ??= soil.chm;
    sb.hrus.push({ landuse: h.landuse, soil: h.soil, slopeClass: h.slope_class, fraction: h.fraction, slope: h.slope, slopeLength: h.slope_length, cn2: h.cn2, ovN: h.ov_n, parts });
    indexByNumber.get(h.subbasin)!.hrus.push({ landuse: h.landuse, soil: h.soil, slopeClass: h.slope_class, projectHruId: Number(h.id) });
  }
  const empty = subbasins.find((s) => s.hrus.length === 0);
  if (empty) throw new Error(`Subbasin ${empty.name} has no HRU.`);

  const start = isoDateOf(scenario.startingSimulationDate);
  const end = isoDateOf(scenario.endingSimulationDate);
  const input: AssemblyInput = {
    title: `${project.name} - ${scenario.name}`,
    cio: (ds.cio ?? {}) as AssemblyInput['cio'],
    bsn: ds.bsn,
    databases: ds.databases,
    otherFiles: (ds.otherFiles ?? {}) as Record<string, string>,
    defaults: (ds.defaults ?? {}) as AssemblyInput['defaults'],
    soils: Object.fromEntries(soils.map((s) => [s.name, (s.swat as Row | null)?.sol])),
    landUseMgt: Object.fromEntries(landUses.map((l) => [l.code, (l.swat as Row | null)?.mgt])),
    subbasins,
    weather: await weatherFor(db, scenario.weatherDatasetId, start, end),
    period: { start, end, skipYears: scenario.skipYears, printSetting: (scenario.printSetting === 0 || scenario.printSetting === 2 ? scenario.printSetting : 1) as 0 | 1 | 2 },
    hruPrint: opts.hruPrint,
    hruVars: opts.hruVars,
  };
  return { project: assembleProject(input), index, unapplied: [] };
}

/** Applies the scenario's saved changes, table by table, through the editors' server halves. */
export async function applyChanges(built: BuiltProject, mods: ScenarioModification[], editors: Map<string, EditorServer>): Promise<{ applied: string[]; unapplied: string[] }> {
  const numberOfSubbasin = new Map(built.index.map((x) => [x.subbasinId, x.number]));
  const toChange = (m: ScenarioModification): SavedChange => ({
    id: m.id,
    modType: m.modType,
    applyToAll: m.applyToAll,
    subbasins: m.subbasins.map((id) => numberOfSubbasin.get(id)).filter((n): n is number => n !== undefined),
    landuses: m.landuses,
    soils: m.soils,
    slopes: m.slopes,
    months: m.months,
    modificationObject: (m.modificationObject ?? {}) as Record<string, unknown>,
  });
  const meta = new Map(built.index.map((x) => [x.number, x.hrus]));
  const { hrusOf, subbasinsOf } = selectionOf(built.project, (s, _hru, i) => meta.get(s.number)![i]!);
  const byTable = new Map<string, ScenarioModification[]>();
  for (const m of mods) byTable.set(m.modType, [...(byTable.get(m.modType) ?? []), m]);
  const applied: string[] = [];
  const unapplied: string[] = [];
  for (const [table, list] of byTable) {
    const editor = editors.get(table);
    if (!editor) {
      unapplied.push(table);
      continue;
    }
    await editor.apply({ project: built.project, changes: list.sort((a, b) => a.id - b.id).map(toChange), hrusOf, subbasinsOf, hruId: (s, i) => meta.get(s.number)?.[i]?.projectHruId });
    applied.push(table);
  }
  return { applied, unapplied };
}

export async function writeScenarioInputs(built: BuiltProject, dir: string): Promise<void> {
  await writeTxtInOut(built.project, dir);
}

/** The scenario's TxtInOut files in memory, name → text: what writeScenarioInputs writes. */
export function formatScenarioInputs(built: BuiltProject): Map<string, string> {
  return formatTxtInOut(built.project);
}
