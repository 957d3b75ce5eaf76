// Editors that show ONE HRU's inputs before a change is applied to a selection (spec 2 §2 'General
// management', 'Operations management': pick exactly one HRU, Get data): the HRU a page's path
// names, and whether a saved change covers it (the run's rule: applyToAll, or the subbasin ids,
// land uses, soils and slopes, an empty list meaning all).
import { NotFoundError } from './errors.ts';
import type { ListedChange, PlatformServices, ProjectHru } from './index.ts';

/** The route parameters naming one HRU: `.../{subbasinName}/{landuse}/{soil}/{slope}`. */
export type HruKey = { subbasinName: string; landuse: string; soil: string; slope: string };

/** The project HRU of a subbasin name, land use, soil and slope class; a 404 when there is none. */
export async function hruOfKey(platform: PlatformServices, scenarioId: number, key: HruKey): Promise<ProjectHru> {
  const hrus = await platform.scenarios.hrus(scenarioId);
  const hru = hrus.find((h) => h.subbasin === key.subbasinName && h.landuse === key.landuse && h.soil === key.soil && h.slopeClass === key.slope);
  if (!hru) throw new NotFoundError();
  return hru;
}

/** True when a saved change (as `getMods` lists it) selects the HRU. */
export function changeSelectsHru(change: Pick<ListedChange, 'applyToAll' | 'subbasinIDs' | 'landuses' | 'soils' | 'slopes'>, hru: Pick<ProjectHru, 'subbasinId' | 'landuse' | 'soil' | 'slopeClass'>): boolean {
  if (change.applyToAll) return true;
  const within = (list: readonly (string | number)[] | undefined, v: string | number) => !list || list.length === 0 || list.map(String).includes(String(v));
  return within(change.subbasinIDs, hru.subbasinId) && within(change.landuses, hru.landuse) && within(change.soils, hru.soil) && within(change.slopes, hru.slopeClass);
}
