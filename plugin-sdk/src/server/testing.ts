/// <reference types="node" />
// Test helpers for editor server halves: a tiny assembled project and an ApplyContext that
// selects HRUs the way platform-api's run does (both use selection.ts), so an editor's `apply` is tested without the platform, its database or a run.
// For tests only (`import { tinyProject, applyContext } from '@headwater/plugin-sdk/server/testing'`):
// it reads the demo dataset shipped in the repository (datasets/lrew), never ../shared.
import { demoDatasetDir, readDatasetDir } from '@headwater/datasets';
import { assembleProject, type AssemblyInput, type AssemblySubbasin } from '@headwater/swat/txtinout/index.ts';
import type { SwatProject } from '@headwater/swat/txtinout/types.ts';
import type { ApplyContext, HruMatch, SavedChange } from './editor.ts';
import { selectionOf } from './selection.ts';

type Parts = Record<string, any>;

/** One subbasin of the demo dataset (Little River, subbasin 1 by default: 41 HRUs), assembled as
 * platform-api assembles a scenario (dataset parts completed by soil, land-use and default
 * parts) for one simulated year. The weather stations carry no values (every day -99): enough
 * for `apply`, not for a run. */
export function tinyProject(opts: { subbasin?: string; year?: number } = {}): SwatProject {
  const name = opts.subbasin ?? '1';
  const year = opts.year ?? 2005;
  const { swat, hrus } = readDatasetDir(demoDatasetDir());
  const ds = swat.dataset as Parts;
  const rows = hrus.filter((h) => h.subbasin === name);
  if (!rows.length) throw new Error(`the demo dataset has no subbasin ${name}`);
  const subbasin: AssemblySubbasin = {
    number: 1,
    name,
    downstream: null,
    area: rows.reduce((a, h) => a + h.area, 0),
    parts: (swat.subbasins[name] ?? {}) as AssemblySubbasin['parts'],
    hrus: rows.map((h) => {
      const soil = (swat.soils[h.soil] ?? {}) as Parts;
      const parts = { ...((swat.hrus[h.gisId] ?? {}) as Parts) };
      parts.sol ??= soil.sol;
      parts.chm ??= soil.chm;
      return { landuse: h.landuse, soil: h.soil, slopeClass: h.slopeClass, fraction: h.fraction, slope: h.slope, slopeLength: h.slopeLength, cn2: h.cn2, ovN: h.ovN, parts };
    }),
  };
  const station = (gage: number) => ({ gage, name: `station ${gage}`, lat: 0, lon: 0, elevation: 0 });
  const input: AssemblyInput = {
    title: `demo subbasin ${name}`,
    cio: (ds.cio ?? {}) as AssemblyInput['cio'],
    bsn: ds.bsn,
    databases: ds.databases,
    otherFiles: (ds.otherFiles ?? {}) as Record<string, string>,
    defaults: (ds.defaults ?? {}) as AssemblyInput['defaults'],
    soils: Object.fromEntries(Object.entries(swat.soils).map(([k, v]) => [k, (v as Parts).sol])),
    landUseMgt: Object.fromEntries(Object.entries(swat.landUses).map(([k, v]) => [k, (v as Parts).mgt])),
    subbasins: [subbasin],
    weather: { pcp: [station(1)], tmp: [station(1)], slr: [], hmd: [], wnd: [] },
    period: { start: `${year}-01-01`, end: `${year}-12-31`, skipYears: 0, printSetting: 1 },
  };
  return assembleProject(input);
}

/** A saved change as a test writes it: the selection lists default to empty (all), `id` to its
 * position, `applyToAll` to true when no list is given. */
export type TestChange<T> = Partial<Omit<SavedChange<T>, 'modificationObject'>> & { modificationObject: T };

const TITLE = /Luse:\s*(\S+)\s+Soil:\s*(\S+)\s+Slope:\s*(\S+)/;

/** Land use, soil and slope class of an HRU, from its .hru (or .mgt) title, which ArcSWAT and
 * `assembleProject` both write as `... Luse:AGRL Soil: LREW03 Slope: 0-9999 ...`. platform-api
 * knows them from its tables instead. */
export function hruKeys(hru: HruMatch['hru']): { landuse: string; soil: string; slopeClass: string } {
  const m = TITLE.exec(hru.hru?.title ?? '') ?? TITLE.exec(hru.mgt?.title ?? '');
  return { landuse: m?.[1] ?? '', soil: m?.[2] ?? '', slopeClass: m?.[3] ?? '' };
}

/** The ApplyContext platform-api gives `apply`: the changes oldest first, and the HRUs and
 * subbasins each selects (applyToAll, or the subbasin numbers, then land uses, soils and slope
 * classes; an empty list means all). `hruId` stands for the platform's project HRU ids: by
 * default an HRU's id is its number in the project (1.., subbasin by subbasin). */
export function applyContext<T = Record<string, unknown>>(
  project: SwatProject,
  changes: TestChange<T>[],
  opts: { hruId?: ApplyContext<T>['hruId'] } = {},
): ApplyContext<T> {
  const saved: SavedChange<T>[] = changes.map((c, i) => {
    const lists = { subbasins: c.subbasins ?? [], landuses: c.landuses ?? [], soils: c.soils ?? [], slopes: c.slopes ?? [] };
    const anyList = Object.values(lists).some((l) => l.length > 0);
    return { id: c.id ?? i + 1, modType: c.modType ?? '', applyToAll: c.applyToAll ?? !anyList, months: c.months ?? [], ...lists, modificationObject: c.modificationObject };
  });
  const { hrusOf, subbasinsOf } = selectionOf<T>(project, (_s, hru) => hruKeys(hru));
  const firstNumber = new Map<SwatProject['subbasins'][number], number>();
  let n = 0;
  for (const s of project.subbasins) {
    firstNumber.set(s, n + 1);
    n += s.hrus.length;
  }
  const hruId = opts.hruId ?? ((s, i) => (firstNumber.has(s) ? firstNumber.get(s)! + i : undefined));
  return { project, changes: [...saved].sort((a, b) => a.id - b.id), hrusOf, subbasinsOf, hruId };
}
