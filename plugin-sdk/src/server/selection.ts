// How a saved change selects HRUs (spec 2 'Shared HRU selector'): applyToAll, or the subbasin
// numbers, then land uses, soils and slope classes; an empty list means all. One definition for
// the platform's runs and for editors' tests.
import type { HruInputs, SubbasinInputs, SwatProject } from '@headwater/swat/txtinout/types.ts';
import type { ApplyContext, HruMatch, SavedChange } from './editor.ts';

export type HruKeys = { landuse: string; soil: string; slopeClass: string };

/** `hrusOf`/`subbasinsOf` over a project; `keysOf` tells an HRU's land use, soil and slope class. */
export function selectionOf<T>(project: SwatProject, keysOf: (subbasin: SubbasinInputs, hru: HruInputs, index: number) => HruKeys): Pick<ApplyContext<T>, 'hrusOf' | 'subbasinsOf'> {
  const subbasinsOf = (c: SavedChange<T>) => {
    const want = new Set(c.subbasins);
    return project.subbasins.filter((s) => c.applyToAll || want.size === 0 || want.has(s.number));
  };
  const hrusOf = (c: SavedChange<T>): HruMatch[] => {
    const lu = new Set(c.landuses);
    const so = new Set(c.soils);
    const sl = new Set(c.slopes);
    const out: HruMatch[] = [];
    for (const subbasin of subbasinsOf(c)) {
      subbasin.hrus.forEach((hru, i) => {
        const k = keysOf(subbasin, hru, i);
        if (!c.applyToAll && ((lu.size && !lu.has(k.landuse)) || (so.size && !so.has(k.soil)) || (sl.size && !sl.has(k.slopeClass)))) return;
        out.push({ subbasin, hru, ...k });
      });
    }
    return out;
  };
  return { hrusOf, subbasinsOf };
}
