// A deterministic synthetic watershed's HRUs (for tests and benchmarks): land uses, soils and
// slope classes in plausible proportions with a long-tailed area distribution.
import type { HruInput } from './set-hrus.ts';
import { mulberry32 } from '../calibration/random.ts';

const LANDUSES: [string, number][] = [['AGRL', 30], ['FRSD', 20], ['FRSE', 12], ['PAST', 15], ['RNGE', 8], ['URLD', 6], ['URMD', 2], ['WATR', 3], ['WETF', 2], ['WETN', 2]];
const SOILS = ['GA001', 'GA002', 'GA003', 'GA004', 'GA005', 'GA006', 'GA007', 'GA008'];
const SLOPES = ['0-2', '2-8', '8-9999'];

/** A small seeded PRNG (mulberry32, the calibration samplers' generator). */
export const seededRandom = mulberry32;

/** `numHrus` HRUs spread over `numSubbasins` subbasins (each gets at least one). */
export function syntheticHrus(numSubbasins: number, numHrus: number, seed = 1): HruInput[] {
  const rnd = seededRandom(seed);
  const totalWeight = LANDUSES.reduce((s, [, w]) => s + w, 0);
  const pickLanduse = () => {
    let r = rnd() * totalWeight;
    for (const [code, w] of LANDUSES) if ((r -= w) < 0) return code;
    return LANDUSES[0]![0];
  };
  const hrus: HruInput[] = [];
  for (let i = 0; i < numHrus; i++) {
    const subbasin = i < numSubbasins ? i + 1 : 1 + Math.floor(rnd() * numSubbasins);
    // Long tail: many small HRUs, few large ones (km²).
    const area = 0.001 + Math.pow(rnd(), 3) * 5;
    hrus.push({ id: i + 1, subbasin, landuse: pickLanduse(), soil: SOILS[Math.floor(rnd() * SOILS.length)]!, slopeClass: SLOPES[Math.floor(rnd() * SLOPES.length)]!, area });
  }
  return hrus;
}
